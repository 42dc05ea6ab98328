// What the prescription form uses of favourites: the menu that adds them, the dialog that saves one.
export { FavouritesMenu } from './favourites-menu.tsx';
export { SaveFavouriteDialog, type UnnamedFavourite } from './save-favourite-dialog.tsx';

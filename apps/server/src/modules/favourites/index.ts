export { favouritesRoutes } from './favourites.routes.ts';

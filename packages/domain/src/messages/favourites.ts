export const favourites = {
  saved: '¡Favorito guardado!',
  removed: '¡Favorito eliminado!',
  notFound: '¡No existe tal favorito!',
  full: 'Ya tiene 100 favoritos guardados. Elimine alguno para guardar otro.',
  oneItem: 'Un favorito de una línea guarda un solo medicamento.',
} as const;

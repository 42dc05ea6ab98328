// The domain module that main.tsx imports for its effect alone, by the alias in vite.config.ts.
declare module '@receta/domain/spanish-errors';

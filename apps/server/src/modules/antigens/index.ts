export { antigensRoutes } from './antigens.routes.ts';

export { dispensingRoutes } from './dispensing.routes.ts';

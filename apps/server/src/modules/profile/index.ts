export { profileRoutes } from './profile.routes.ts';

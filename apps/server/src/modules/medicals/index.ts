export { medicalsRoutes } from './medicals.routes.ts';
export { showMedical } from './medicals.service.ts';

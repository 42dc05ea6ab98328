export { findDispensationsOf } from './dispensing.repository.ts';
export { dispensingRoutes } from './dispensing.routes.ts';

export { eventLogRoutes } from './event-log.routes.ts';

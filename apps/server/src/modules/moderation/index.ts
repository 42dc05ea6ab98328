export { countPendingUsers, type PendingScope, recordReview } from './moderation.repository.ts';
export { moderationRoutes } from './moderation.routes.ts';
export { authorizeDoctor, pendingScopeOf } from './moderation.service.ts';

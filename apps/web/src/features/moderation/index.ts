// The doctors waiting for approval, which the home page counts.
export { usePendingUsers } from './moderation-api.ts';

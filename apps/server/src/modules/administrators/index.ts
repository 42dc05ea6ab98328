export {
  closeAdministratorAccount, findAdministrators, holdsOnlyRolesWithin, insertAccount, isAdministeredAccount,
  isAdministrator, lockAccountByEmail, reopenAccount, replaceRolesOfUser,
} from './administrators.repository.ts';
export { administratorsRoutes } from './administrators.routes.ts';
export { authorizePendingAdministrator, isRemovedAdministrator } from './administrators.service.ts';
export { invitationRoutes } from './invitation.routes.ts';
export { hashUnknownPassword, invitationDays, mailInvitation } from './invitation.service.ts';
export { ensureSuperadmin, type SuperadminCredentials } from './superadmin.ts';

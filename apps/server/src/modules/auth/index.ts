export {
  findAccountById, findRolesOfUser, hasDoctorProfile, revokeSessionsOfUser, updatePasswordHash, updateProfile,
} from './auth.repository.ts';
export { authRoutes } from './auth.routes.ts';
export {
  authenticityTokenLifetimeSeconds, buildUserSession, checkPassword, passSecondFactor, type SecretCheckServices,
} from './auth.service.ts';
export { createTotpSecret } from './second-factor.ts';

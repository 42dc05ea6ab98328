/**
 * Every user-facing message the specification spells out, written once, by group: the domain
 * package exports this module as the namespace `messages` (`messages.pin.mismatch`).
 * The server answers with these texts and the web app shows them; the web app's other languages
 * translate them by key (`messages.<group>.<name>`). A group is its own export so that a page's
 * bundle carries the groups it uses rather than every message of the product.
 */
export { common } from './common.ts';
export { input } from './input.ts';
export { eventLog } from './event-log.ts';
export { session } from './session.ts';
export { registration } from './registration.ts';
export { auth } from './auth.ts';
export { moderation } from './moderation.ts';
export { upload } from './upload.ts';
export { pin } from './pin.ts';
export { login } from './login.ts';
export { recovery } from './recovery.ts';
export { password } from './password.ts';
export { oauth } from './oauth.ts';
export { oauthServer } from './oauth-server.ts';
export { demo } from './demo.ts';
export { favourites } from './favourites.ts';
export { prescriptions } from './prescriptions.ts';
export { patients } from './patients.ts';
export { signing } from './signing.ts';
export { patientLinks } from './patient-links.ts';
export { dispensing } from './dispensing.ts';
export { owners } from './owners.ts';
export { employees } from './employees.ts';
export { antigens } from './antigens.ts';
export { search } from './search.ts';
export { roles } from './roles.ts';
export { administrators } from './administrators.ts';
export { workspaces } from './workspaces.ts';
export { dashboard } from './dashboard.ts';
export { medicals } from './medicals.ts';
export { profile } from './profile.ts';
export { repositoryPointers } from './repository-pointers.ts';
export { oauthApis } from './oauth-apis.ts';

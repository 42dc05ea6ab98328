// What other features use of auth: the forms the OAuth sign-in shares and the account calls.
export { requestPinRecovery, updateUserData } from './auth-api.ts';
export { CredentialsForm } from './credentials-form.tsx';
export { SecondFactorCodeForm } from './second-factor-code-form.tsx';

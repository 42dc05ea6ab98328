export { signCadesAttached, signCadesDetached, type Signer } from './cades.ts';
export { licenceOf } from './doctor-certificate.ts';
export type { CryptoKey } from './keys.ts';
export { loadMasterKeyring } from './master-key.ts';
export { MasterKeyring, type SealedSecret } from './master-keyring.ts';
export type { PlatformCa } from './platform-ca.ts';
export { sandboxMarks } from './sandbox-marks.ts';
export { SigningAuthority, type DoctorSigner } from './signing-authority.ts';

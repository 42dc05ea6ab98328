import { randomUUID } from 'node:crypto';
import { messages, type Prescriber } from '@receta/domain';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../http/app-error.ts';
import { setKeepingAtMost } from '../keep-at-most.ts';
import type { Signer } from './cades.ts';
import { issueDoctorCertificate, issueSigningCertificate } from './doctor-certificate.ts';
import {
  findCredentialInUse, insertCredentialIfNone, revokeCredentialInUse, type NewDoctorCredential, type StoredCredential,
} from './doctor-credentials.repository.ts';
import { exportPrivateKey, generateSigningKeys, importPrivateKey } from './keys.ts';
import { loadMasterKeyring } from './master-key.ts';
import type { MasterKeyring } from './master-keyring.ts';
import { createSandboxCa, loadPlatformCa, type PlatformCa } from './platform-ca.ts';
import { x509 } from './x509.ts';

/** How many doctors' opened credentials a process keeps: more than sign at one time. */
const openedCredentialsKept = 1_000;

/** A doctor's credential ready to sign with: the decrypted key, the certificate and the CA's. */
export interface DoctorSigner extends Signer {
  credentialId: string;
}

/**
 * The doctor a credential names, as their certificate prints them, or undefined for an account
 * that is not an approved doctor. The prescriptions module answers it; the platform knows no module.
 */
export type PrescriberLookup = (db: Database, doctorUserId: string) => Promise<Prescriber | undefined>;

/**
 * The platform CA and the master keys: issues doctors' credentials and opens them to sign.
 * Holds no per-request state, so any number of server processes may share the database.
 */
export class SigningAuthority {
  #sandboxCa: Promise<PlatformCa> | undefined;
  #eventLogSigner: Promise<Signer> | undefined;
  /** Credentials opened, by id, oldest first; their keys cannot be exported (`importPrivateKey`). */
  readonly #opened = new Map<string, DoctorSigner>();

  constructor(readonly ca: PlatformCa, readonly keyring: MasterKeyring, readonly findPrescriber: PrescriberLookup) {}

  /** The CA and keyring the configuration names, or those kept under DATA_DIR (made at first start). */
  static async load(
    config: Pick<Config, 'dataDir' | 'signing'>, findPrescriber: PrescriberLookup,
  ): Promise<SigningAuthority> {
    const [ca, keyring] = await Promise.all([
      loadPlatformCa(config.signing.caFiles, config.dataDir),
      loadMasterKeyring(config.signing, config.dataDir),
    ]);
    return new SigningAuthority(ca, keyring, findPrescriber);
  }

  /** Issues the doctor a new key pair and certificate; the one in use before is revoked. */
  async issueDoctorCredential(db: Database, doctorUserId: string): Promise<DoctorSigner> {
    const credential = await this.#newCredential(db, doctorUserId);
    return db.transaction(async (tx) => {
      await revokeCredentialInUse(tx, doctorUserId);
      // Another issue for the same doctor committed first: theirs is the one in use.
      if (!await insertCredentialIfNone(tx, credential.row)) return this.credentialFor(tx, doctorUserId);
      return credential.signer;
    });
  }

  /**
   * After a change of what the doctor's certificate names (name, CUIT, licence), in the
   * transaction of the change: the credential in use is revoked and, for a doctor who may sign,
   * the next one is issued with the new subject. A doctor without one, or who may not sign now,
   * gets theirs at their next signature (`credentialFor`), with the data of that day.
   */
  async reissueDoctorCredential(db: Database, doctorUserId: string): Promise<void> {
    if (!await findCredentialInUse(db, doctorUserId)) return;
    if (await this.findPrescriber(db, doctorUserId)) await this.issueDoctorCredential(db, doctorUserId);
    else await revokeCredentialInUse(db, doctorUserId);
  }

  /**
   * The doctor's credential in use, issued now if the doctor has none (doctors who set their
   * PIN before credentials existed). Two requests racing here keep the first one stored.
   */
  async credentialFor(db: Database, userId: string): Promise<DoctorSigner> {
    const inUse = await this.credentialInUse(db, userId);
    if (inUse) return inUse;
    const credential = await this.#newCredential(db, userId);
    if (await insertCredentialIfNone(db, credential.row)) return credential.signer;
    return (await this.credentialInUse(db, userId))!;
  }

  /**
   * The doctor's credential in use, or undefined if they have none yet. A credential's row never
   * changes but to be revoked, which this read sees: the key and certificate opened once are
   * kept by its id, so that a signature neither decrypts the key nor parses the certificate again
   * (and the CMS encoding prepared for that certificate is found again, `cades.ts`).
   */
  async credentialInUse(db: Database, userId: string): Promise<DoctorSigner | undefined> {
    const stored = await findCredentialInUse(db, userId);
    if (!stored) return undefined;
    const opened = this.#opened.get(stored.id);
    if (opened) return opened;
    const signer = await this.#open(userId, stored);
    setKeepingAtMost(this.#opened, openedCredentialsKept, stored.id, signer);
    return signer;
  }

  /**
   * A throwaway credential for an app in the sandbox: the doctor's name and licence in a
   * certificate marked SANDBOX - SIN VALIDEZ, issued for this one signature by the sandbox CA,
   * which the verification of prescriptions does not trust. Nothing of it is stored.
   */
  async sandboxCredentialFor(db: Database, userId: string): Promise<Signer> {
    const prescriber = await this.findPrescriber(db, userId);
    if (!prescriber) throw AppError.forbidden(messages.prescriptions.notDoctor);
    this.#sandboxCa ??= createSandboxCa();
    const ca = await this.#sandboxCa;
    const keys = await generateSigningKeys();
    const certificate = await issueDoctorCertificate(ca, prescriber, keys.publicKey, { sandbox: true });
    return { privateKey: keys.privateKey, certificate, chain: [ca.certificate] };
  }

  /**
   * The platform's signer of the event log's exports: a key of this process, certified by the
   * platform CA, so that the authority checks an export against the same CA as a prescription.
   */
  eventLogSigner(): Promise<Signer> {
    this.#eventLogSigner ??= generateSigningKeys().then(async (keys) => ({
      privateKey: keys.privateKey,
      certificate: await issueSigningCertificate(this.ca, keys.publicKey, [
        { CN: ['Receta Digital - Registro de eventos'] }, { C: ['AR'] },
      ]),
      chain: [this.ca.certificate],
    }));
    return this.#eventLogSigner;
  }

  async #newCredential(db: Database, userId: string): Promise<{ row: NewDoctorCredential; signer: DoctorSigner }> {
    const prescriber = await this.findPrescriber(db, userId);
    if (!prescriber) throw AppError.forbidden(messages.prescriptions.notDoctor);
    const keys = await generateSigningKeys();
    const certificate = await issueDoctorCertificate(this.ca, prescriber, keys.publicKey);
    const id = randomUUID();
    const pkcs8 = await exportPrivateKey(keys.privateKey);
    const { keyId, sealed } = this.keyring.seal(pkcs8, privateKeyContext(userId));
    return {
      row: {
        id,
        userId,
        serialNumber: certificate.serialNumber,
        certificate: Buffer.from(certificate.rawData),
        encryptedPrivateKey: sealed,
        masterKeyId: keyId,
        notAfter: certificate.notAfter,
      },
      signer: {
        credentialId: id, privateKey: await importPrivateKey(pkcs8), certificate, chain: [this.ca.certificate],
      },
    };
  }

  async #open(userId: string, stored: StoredCredential): Promise<DoctorSigner> {
    const sealed = { keyId: stored.masterKeyId, sealed: stored.encryptedPrivateKey };
    const pkcs8 = this.keyring.open(sealed, privateKeyContext(userId));
    return {
      credentialId: stored.id,
      privateKey: await importPrivateKey(pkcs8),
      certificate: new x509.X509Certificate(stored.certificate),
      chain: [this.ca.certificate],
    };
  }
}

/** Binds a sealed key to its doctor, so that a key copied to another doctor's row does not open. */
function privateKeyContext(userId: string): string {
  return `doctor-private-key:${userId}`;
}

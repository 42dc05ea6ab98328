import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrescribingDoctor } from '../../../test/factories/prescriptions.ts';
import { createUser } from '../../../test/factories/users.ts';
import { useTestApp } from '../../../test/helper.ts';
import { loadConfig } from '../../config.ts';
import { doctorCredentials } from '../../db/schema/index.ts';
import { MasterKeyring } from './master-keyring.ts';
import { SigningAuthority } from './signing-authority.ts';
import { x509 } from './x509.ts';

const test = useTestApp();
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'receta-pki-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const configIn = (directory: string, environment: Record<string, string> = {}) =>
  loadConfig({ DATA_DIR: directory, ...environment });

// Loading the CA and the keys looks no doctor up.
const noPrescriber = async () => undefined;

describe('the platform CA', () => {
  it('is made at first start under DATA_DIR/pki and the same one is read at the next', async () => {
    const first = await SigningAuthority.load(configIn(dataDir), noPrescriber);
    const second = await SigningAuthority.load(configIn(dataDir), noPrescriber);
    expect(second.ca.certificate.equal(first.ca.certificate)).toBe(true);
    expect(second.keyring.currentKeyId).toBe(first.keyring.currentKeyId);
    expect(first.ca.certificate.getExtension(x509.BasicConstraintsExtension)?.ca).toBe(true);
    expect(await first.ca.certificate.verify({ signatureOnly: true })).toBe(true);
    for (const file of ['ca-key.pem', 'master.key']) {
      expect((await stat(join(dataDir, 'pki', file))).mode & 0o777).toBe(0o600);
    }
  });

  it('is read from the files the configuration names, with the master key it gives', async () => {
    const madeDir = await mkdtemp(join(dataDir, 'made-'));
    const made = await SigningAuthority.load(configIn(madeDir), noPrescriber);
    const masterKey = randomBytes(32);

    const configured = await SigningAuthority.load(configIn(await mkdtemp(join(dataDir, 'empty-')), {
      CA_CERT_FILE: join(madeDir, 'pki', 'ca.pem'),
      CA_KEY_FILE: join(madeDir, 'pki', 'ca-key.pem'),
      SIGNING_MASTER_KEY: masterKey.toString('base64'),
    }), noPrescriber);
    expect(configured.ca.certificate.equal(made.ca.certificate)).toBe(true);
    expect(configured.keyring.currentKeyId).toBe(new MasterKeyring(masterKey).currentKeyId);
  });

  it('refuses to start with one CA file of the two', async () => {
    const directory = await mkdtemp(join(dataDir, 'half-'));
    await SigningAuthority.load(configIn(directory), noPrescriber);
    await rm(join(directory, 'pki', 'ca-key.pem'));
    await expect(SigningAuthority.load(configIn(directory), noPrescriber)).rejects.toThrow(/needs both/);
  });
});

describe('doctor credentials', () => {
  it('certifies the doctor by name, CUIT and licence, for signatures only, under the platform CA', async () => {
    const doctor = await createPrescribingDoctor(test.app);
    const signer = await test.app.signing.credentialFor(test.app.db, doctor.id);
    const { certificate } = signer;

    expect(certificate.subjectName.getField('CN')).toEqual(['Ana Pérez']);
    expect(certificate.subjectName.getField('2.5.4.5')[0]).toMatch(/^CUIT \d{11}$/);
    expect(certificate.subjectName.getField('T')).toEqual(['MN 123456']);
    expect(certificate.issuer).toBe(test.app.signing.ca.certificate.subject);
    const usages = certificate.getExtension(x509.KeyUsagesExtension)?.usages ?? 0;
    expect(usages).toBe(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation);
    const caPublicKey = test.app.signing.ca.certificate.publicKey;
    expect(await certificate.verify({ publicKey: caPublicKey, signatureOnly: true })).toBe(true);
    const years = (certificate.notAfter.getTime() - certificate.notBefore.getTime()) / (365.25 * 86_400_000);
    expect(years).toBeCloseTo(2, 1);
    expect(signer.chain).toEqual([test.app.signing.ca.certificate]);
  });

  it('keeps the private key encrypted: the stored bytes are not the key, and only the master key opens them', async () => {
    const doctor = await createPrescribingDoctor(test.app);
    const signer = await test.app.signing.credentialFor(test.app.db, doctor.id);
    const [stored] = await test.app.db.select().from(doctorCredentials).where(eq(doctorCredentials.userId, doctor.id));

    const context = `doctor-private-key:${doctor.id}`;
    const sealed = { keyId: stored!.masterKeyId, sealed: stored!.encryptedPrivateKey };
    const pkcs8 = test.app.signing.keyring.open(sealed, context);
    expect(stored!.encryptedPrivateKey.includes(pkcs8)).toBe(false);
    const data = Buffer.from('receta');
    const key = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
    const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, data);
    const publicKey = await crypto.subtle.importKey(
      'spki', signer.certificate.publicKey.rawData, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify'],
    );
    expect(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, publicKey, signature, data)).toBe(true);
    expect(() => new MasterKeyring(randomBytes(32)).open(sealed, context)).toThrow();
  });

  it('issues once when missing and then reuses the stored credential, even for requests that race', async () => {
    const doctor = await createPrescribingDoctor(test.app);
    const [first, second] = await Promise.all([
      test.app.signing.credentialFor(test.app.db, doctor.id),
      test.app.signing.credentialFor(test.app.db, doctor.id),
    ]);
    const third = await test.app.signing.credentialFor(test.app.db, doctor.id);
    expect(new Set([first.credentialId, second.credentialId, third.credentialId]).size).toBe(1);
    expect(await test.app.db.$count(doctorCredentials, eq(doctorCredentials.userId, doctor.id))).toBe(1);
    // Opened once: the next signature neither decrypts the key nor parses the certificate again.
    expect(await test.app.signing.credentialFor(test.app.db, doctor.id)).toBe(third);
  });

  it('revokes the credential in use when a new one is issued', async () => {
    const doctor = await createPrescribingDoctor(test.app);
    const before = await test.app.signing.credentialFor(test.app.db, doctor.id);
    const issued = await test.app.signing.issueDoctorCredential(test.app.db, doctor.id);

    expect(issued.credentialId).not.toBe(before.credentialId);
    expect((await test.app.signing.credentialFor(test.app.db, doctor.id)).credentialId).toBe(issued.credentialId);
    const rows = await test.app.db.select({ id: doctorCredentials.id, revokedAt: doctorCredentials.revokedAt })
      .from(doctorCredentials).where(eq(doctorCredentials.userId, doctor.id));
    expect(rows.find((row) => row.id === before.credentialId)?.revokedAt).toBeInstanceOf(Date);
  });
});

describe('sandbox credentials', () => {
  it('certify the doctor under a test CA of their own, marked SANDBOX - SIN VALIDEZ, and store nothing', async () => {
    const doctor = await createPrescribingDoctor(test.app);
    const { certificate, chain } = await test.app.signing.sandboxCredentialFor(test.app.db, doctor.id);

    expect(certificate.subjectName.getField('CN')).toEqual(['Ana Pérez - SANDBOX - SIN VALIDEZ']);
    expect(certificate.subjectName.getField('O')).toEqual(['Entorno de pruebas']);
    const [sandboxCa] = chain;
    expect(sandboxCa!.subjectName.getField('O')).toEqual(['Entorno de pruebas']);
    expect(await certificate.verify({ publicKey: sandboxCa!.publicKey, signatureOnly: true })).toBe(true);
    const platformCaKey = test.app.signing.ca.certificate.publicKey;
    expect(await certificate.verify({ publicKey: platformCaKey, signatureOnly: true })).toBe(false);
    expect(certificate.issuer).not.toBe(test.app.signing.ca.certificate.subject);
    expect(await test.app.db.$count(doctorCredentials, eq(doctorCredentials.userId, doctor.id))).toBe(0);
  });

  it('are refused to a user who is not a doctor', async () => {
    const user = await createUser(test.app);

    const refusal = test.app.signing.sandboxCredentialFor(test.app.db, user.id);
    await expect(refusal).rejects.toMatchObject({ statusCode: 403 });
  });
});

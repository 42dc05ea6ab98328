import type { Prescriber } from '@receta/domain';
import { p256, type CryptoKey } from './keys.ts';
import type { PlatformCa } from './platform-ca.ts';
import { sandboxMarks } from './sandbox-marks.ts';
import { x509 } from './x509.ts';

const certificateValidityYears = 2;

/** The licence as a certificate and a signature name it: 'MN 123456', 'MP 1234 Córdoba'. */
export function licenceOf(prescriber: Pick<Prescriber, 'licenceType' | 'enrollment' | 'jurisdiction'>): string {
  const licence = `${prescriber.licenceType} ${prescriber.enrollment}`;
  return prescriber.licenceType === 'MN' ? licence : `${licence} ${prescriber.jurisdiction}`;
}

/**
 * The doctor's signing certificate, issued by the platform CA: who signs (name, CUIT) and
 * with which licence, usable for signatures alone (digitalSignature + nonRepudiation). A
 * sandbox certificate (issued by the sandbox CA) says in its name and organization that it
 * is a test one.
 */
export async function issueDoctorCertificate(
  ca: PlatformCa, prescriber: Prescriber, publicKey: CryptoKey, { sandbox = false } = {},
): Promise<x509.X509Certificate> {
  const name = `${prescriber.name} ${prescriber.lastName}`;
  return issueSigningCertificate(ca, publicKey, [
    { CN: [sandbox ? `${name} - ${sandboxMarks.commonName}` : name] },
    { '2.5.4.5': [`CUIT ${prescriber.cuit}`] },
    { T: [licenceOf(prescriber)] },
    ...(sandbox ? [{ O: [sandboxMarks.organization] }] : []),
    { C: ['AR'] },
  ]);
}

/** A certificate of the platform CA usable for signatures alone (digitalSignature + nonRepudiation). */
export async function issueSigningCertificate(
  ca: PlatformCa, publicKey: CryptoKey, subject: x509.JsonName,
): Promise<x509.X509Certificate> {
  const notBefore = new Date();
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + certificateValidityYears);
  return x509.X509CertificateGenerator.create({
    subject,
    issuer: ca.certificate.subjectName,
    publicKey,
    signingKey: ca.privateKey,
    signingAlgorithm: p256,
    notBefore,
    notAfter,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation, true),
      await x509.SubjectKeyIdentifierExtension.create(publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(ca.certificate),
    ],
  });
}

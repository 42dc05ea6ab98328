import { join } from 'node:path';
import { product } from '@receta/domain';
import { readOptionalFile, writeSecretFile } from './key-files.ts';
import { exportPrivateKeyPem, generateSigningKeys, importPrivateKey, p256, type CryptoKey } from './keys.ts';
import { sandboxMarks } from './sandbox-marks.ts';
import { x509 } from './x509.ts';

/** The platform's certification authority: it issues the doctors' certificates. */
export interface PlatformCa {
  certificate: x509.X509Certificate;
  privateKey: CryptoKey;
}

const caValidityYears = 20;

/**
 * The CA the configuration names (PEM certificate and PKCS#8 key), or the one kept under
 * `DATA_DIR/pki`, made at first start. Several server processes must share one CA, so in
 * production either give the files or share DATA_DIR.
 */
export async function loadPlatformCa(
  files: { certificate: string; privateKey: string } | undefined, dataDir: string,
): Promise<PlatformCa> {
  const paths = files ?? { certificate: join(dataDir, 'pki', 'ca.pem'), privateKey: join(dataDir, 'pki', 'ca-key.pem') };
  const [certificatePem, privateKeyPem] = await Promise.all([
    readOptionalFile(paths.certificate), readOptionalFile(paths.privateKey),
  ]);
  if (certificatePem && privateKeyPem) {
    return {
      certificate: new x509.X509Certificate(certificatePem.toString('utf8')),
      privateKey: await importPrivateKey(new Uint8Array(x509.PemConverter.decodeFirst(privateKeyPem.toString('utf8')))),
    };
  }
  if (files || certificatePem || privateKeyPem) {
    throw new Error(`The platform CA needs both ${paths.certificate} and ${paths.privateKey}`);
  }
  const ca = await createPlatformCa();
  await writeSecretFile(paths.privateKey, await exportPrivateKeyPem(ca.privateKey));
  await writeSecretFile(paths.certificate, ca.certificate.toString('pem'));
  return ca;
}

function createPlatformCa(): Promise<PlatformCa> {
  return createCa([{ CN: [`${product.name} - Autoridad Certificante`] }, { O: [product.provider] }, { C: ['AR'] }]);
}

/**
 * The sandbox's test CA (decision 018): a CA of its own, so that a certificate it issues never
 * chains to the platform CA, which is all that verification trusts. Each process makes one in
 * memory: nothing needs to verify a sandbox signature, so there is nothing to share or keep.
 */
export function createSandboxCa(): Promise<PlatformCa> {
  return createCa([
    { CN: [`${product.name} - Autoridad Certificante de pruebas - ${sandboxMarks.commonName}`] },
    { O: [sandboxMarks.organization] },
    { C: ['AR'] },
  ]);
}

async function createCa(name: x509.JsonName): Promise<PlatformCa> {
  const keys = await generateSigningKeys();
  const notBefore = new Date();
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + caValidityYears);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    name,
    keys,
    signingAlgorithm: p256,
    notBefore,
    notAfter,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certificate, privateKey: keys.privateKey };
}

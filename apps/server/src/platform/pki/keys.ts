import { webcrypto } from 'node:crypto';
import { x509 } from './x509.ts';

/** Doctor and CA keys: ECDSA P-256 with SHA-256 (ARCHITECTURE.md, signing budget). */
export const p256 = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

export type CryptoKey = webcrypto.CryptoKey;

/**
 * A fresh key pair. The private key is extractable only so that it can be stored (encrypted,
 * or as the CA's key file); keys read back are not.
 */
export function generateSigningKeys(): Promise<webcrypto.CryptoKeyPair> {
  return webcrypto.subtle.generateKey(p256, true, ['sign', 'verify']);
}

export async function exportPrivateKey(key: CryptoKey): Promise<Buffer> {
  return Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key));
}

export async function exportPrivateKeyPem(key: CryptoKey): Promise<string> {
  return x509.PemConverter.encode(await exportPrivateKey(key), 'PRIVATE KEY');
}

/** A PKCS#8 P-256 key, usable only to sign. */
export function importPrivateKey(pkcs8: Uint8Array): Promise<CryptoKey> {
  return webcrypto.subtle.importKey('pkcs8', pkcs8, p256, false, ['sign']);
}

import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../../db/client.ts';
import { ensurePlatformValue } from '../secrets.ts';

/**
 * Disp. DNSISA 1/2025 Annex III §2: "OAuth2 con JWT con RS512 con vencimiento de 5 minutos".
 * Asymmetric, so that the key that verifies could be published without the one that signs.
 */
const algorithm = 'RS512';
const issuer = 'receta-digital';
const audience = 'receta-digital/oauth2/api/dispensing';
export const pharmacySystemTokenLifetimeSeconds = 5 * 60;

/** What a pharmacy system's token says: which registered client (`sub`, its row id) and which scopes. */
export interface PharmacySystemClaims {
  sub: string;
  client_id: string;
  scope: string;
}

export type PharmacySystemTokenCheck =
  | { ok: true; claims: PharmacySystemClaims }
  | { ok: false; reason: 'expired' | 'invalid' };

interface KeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

function newPrivateKeyPem(): string {
  return generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/**
 * Signs and verifies the client-credentials access tokens of pharmacy systems with an RSA key
 * the platform makes at its first use and keeps in the database. Loaded on first use: most
 * processes (and tests) never issue one, and making an RSA key takes a moment.
 */
export class PharmacySystemTokenSigner {
  private keys: Promise<KeyPair> | undefined;

  constructor(private readonly db: Database) {}

  private keyPair(): Promise<KeyPair> {
    this.keys ??= ensurePlatformValue(this.db, 'pharmacy-system-token-key', newPrivateKeyPem).then((pem) => {
      const privateKey = createPrivateKey(pem);
      return { privateKey, publicKey: createPublicKey(privateKey) };
    });
    return this.keys;
  }

  async sign(claims: PharmacySystemClaims, now = new Date()): Promise<string> {
    const { privateKey } = await this.keyPair();
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({ client_id: claims.client_id, scope: claims.scope })
      .setProtectedHeader({ alg: algorithm, typ: 'at+jwt' })
      .setIssuer(issuer)
      .setAudience(audience)
      .setSubject(claims.sub)
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + pharmacySystemTokenLifetimeSeconds)
      .sign(privateKey);
  }

  /** The claims of a genuine, unexpired token; no database read once the key is loaded. */
  async verify(token: string): Promise<PharmacySystemTokenCheck> {
    const { publicKey } = await this.keyPair();
    try {
      const { payload } = await jwtVerify<PharmacySystemClaims>(token, publicKey, {
        issuer, audience, algorithms: [algorithm], typ: 'at+jwt', requiredClaims: ['sub', 'scope', 'exp'],
      });
      return { ok: true, claims: payload };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}

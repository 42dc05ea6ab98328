import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

const issuer = 'receta-digital';
const algorithm = 'HS256';

/** What a token is for: the web session, or the short step between password and second factor. */
export type TokenAudience = 'access' | 'authenticity';

export type TokenCheck<Claims> =
  | { ok: true; claims: Claims & JWTPayload }
  | { ok: false; reason: 'expired' | 'invalid' };

/** Signs and verifies the platform's JWTs with one key kept in the database. */
export class TokenSigner {
  /** Imported once: given the secret's bytes, jose imports them into a key on every call. */
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(secret: Uint8Array) {
    this.key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async sign(audience: TokenAudience, claims: Record<string, unknown>, lifetimeSeconds: number): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: algorithm })
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
      .sign(await this.key);
  }

  async verify<Claims>(audience: TokenAudience, token: string): Promise<TokenCheck<Claims>> {
    try {
      const { payload } = await jwtVerify<Claims>(token, await this.key, { issuer, audience, algorithms: [algorithm] });
      return { ok: true, claims: payload };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}

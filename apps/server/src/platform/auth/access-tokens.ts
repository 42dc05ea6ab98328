import { createHmac, timingSafeEqual } from 'node:crypto';
import { setKeepingAtMost } from '../keep-at-most.ts';

const issuer = 'receta-digital';

/** The JOSE header of every token: the one jose wrote for the platform before, so both verify. */
const encodedHeader = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');

/** A JWT's three parts, each base64url without padding. */
const jwtShape = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/;

/** What a token is for: the web session, or the short step between password and second factor. */
const audiences = ['access', 'authenticity'] as const;
export type TokenAudience = typeof audiences[number];

/** The claims every platform token carries beside its own. */
export interface RegisteredClaims {
  iss: string;
  aud: TokenAudience;
  iat: number;
  exp: number;
}

export type TokenCheck<Claims> =
  | { ok: true; claims: Claims & RegisteredClaims }
  | { ok: false; reason: 'expired' | 'invalid' };

const nowInSeconds = () => Math.floor(Date.now() / 1000);

/** Tokens whose signature and claims one signer remembers having checked, at most. */
const verifiedCapacity = 10_000;

/**
 * Signs and verifies the platform's JWTs (HS256, RFC 7519) with one key kept in the database.
 * Written on node:crypto's HMAC rather than a JOSE library's WebCrypto path: every request
 * checks a token, and the synchronous HMAC is a third of the cost (docs/decisions/058). The
 * signature is checked over the token's exact text before anything in it is read.
 */
export class TokenSigner {
  /**
   * The claims of tokens already checked, by their exact text, which this key signed: the same
   * text checks the same way again, so each request of a session only reads its audience and
   * expiry. Only what checked is kept, so a flood of forged tokens fills nothing.
   */
  readonly #verified = new Map<string, Readonly<RegisteredClaims & Record<string, unknown>>>();

  constructor(private readonly secret: Uint8Array) {}

  private signatureOf(signedPart: string): Buffer {
    return createHmac('sha256', this.secret).update(signedPart).digest();
  }

  sign(audience: TokenAudience, claims: Record<string, unknown>, lifetimeSeconds: number): string {
    const issuedAt = nowInSeconds();
    const payload = { ...claims, iss: issuer, aud: audience, iat: issuedAt, exp: issuedAt + lifetimeSeconds };
    const signedPart = `${encodedHeader}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${signedPart}.${this.signatureOf(signedPart).toString('base64url')}`;
  }

  verify<Claims>(audience: TokenAudience, token: string): TokenCheck<Claims> {
    const claims = this.#verified.get(token) ?? this.#check(token);
    if (claims?.aud !== audience) return { ok: false, reason: 'invalid' };
    if (claims.exp <= nowInSeconds()) return { ok: false, reason: 'expired' };
    return { ok: true, claims: claims as Claims & RegisteredClaims };
  }

  /** The claims of a token this key signed, well formed, remembered; undefined for any other. */
  #check(token: string): Readonly<RegisteredClaims & Record<string, unknown>> | undefined {
    const parts = jwtShape.exec(token);
    if (!parts) return undefined;
    const [, header, payload, signature] = parts as unknown as [string, string, string, string];
    const given = Buffer.from(signature, 'base64url');
    const expected = this.signatureOf(`${header}.${payload}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;

    const claims = parsedObject(header)?.alg === 'HS256' ? parsedObject(payload) : undefined;
    if (claims?.iss !== issuer || !audiences.includes(claims.aud as TokenAudience)) return undefined;
    if (typeof claims.iat !== 'number' || typeof claims.exp !== 'number') return undefined;
    const checked = Object.freeze(claims as RegisteredClaims & Record<string, unknown>);
    setKeepingAtMost(this.#verified, verifiedCapacity, token, checked);
    return checked;
  }
}

/** A base64url part read as a JSON object; undefined for anything else. */
function parsedObject(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : undefined;
  } catch {
    return undefined;
  }
}

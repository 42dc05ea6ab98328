import { createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenSigner } from './access-tokens.ts';

const secret = randomBytes(32);
const signer = new TokenSigner(secret);

function part(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** The token with one of its three parts replaced. */
function withPart(token: string, index: number, replacement: string): string {
  return token.split('.').map((piece, at) => (at === index ? replacement : piece)).join('.');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the platform tokens', () => {
  it('carry their claims, issuer, audience, issue and expiry times', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z') });
    const check = signer.verify<{ sub: string; sid: string }>('access', signer.sign('access', { sub: 'u', sid: 's' }, 3600));
    expect(check).toEqual({
      ok: true,
      claims: { sub: 'u', sid: 's', iss: 'receta-digital', aud: 'access', iat: 1_795_867_200, exp: 1_795_870_800 },
    });
  });

  it('are read by a JOSE library, and the tokens a JOSE library signed are read by the platform', async () => {
    const token = signer.sign('authenticity', { sub: 'u' }, 60);
    const { payload, protectedHeader } = await jwtVerify(token, secret, { issuer: 'receta-digital', audience: 'authenticity' });
    expect(protectedHeader).toEqual({ alg: 'HS256' });
    expect(payload.sub).toBe('u');

    const issuedByJose = await new SignJWT({ sub: 'u', sid: 's' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('receta-digital')
      .setAudience('access')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(secret);
    expect(signer.verify('access', issuedByJose)).toMatchObject({ ok: true, claims: { sub: 'u', sid: 's' } });
  });

  it('are expired from their expiry second on, and only when their signature holds', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z') });
    const token = signer.sign('access', { sub: 'u' }, 60);
    vi.setSystemTime(new Date('2026-11-28T12:00:59.999Z'));
    expect(signer.verify('access', token).ok).toBe(true);
    vi.setSystemTime(new Date('2026-11-28T12:01:00Z'));
    expect(signer.verify('access', token)).toEqual({ ok: false, reason: 'expired' });
    expect(new TokenSigner(randomBytes(32)).verify('access', token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('checked once, are checked again from memory for their audience and expiry, their claims unchangeable', () => {
    const token = signer.sign('authenticity', { sub: 'u' }, 60);
    const first = signer.verify<{ sub: string }>('authenticity', token);
    expect(first.ok).toBe(true);
    expect(signer.verify('access', token)).toEqual({ ok: false, reason: 'invalid' });
    const again = signer.verify<{ sub: string }>('authenticity', token);
    expect(again).toEqual(first);
    expect(again.ok && Object.isFrozen(again.claims)).toBe(true);
  });

  it('are refused for the other audience, another issuer or another key', async () => {
    expect(signer.verify('access', signer.sign('authenticity', { sub: 'u' }, 60))).toEqual({ ok: false, reason: 'invalid' });
    const otherIssuer = await new SignJWT({ sub: 'u' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('otra-plataforma')
      .setAudience('access')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(secret);
    expect(signer.verify('access', otherIssuer)).toEqual({ ok: false, reason: 'invalid' });
    expect(signer.verify('access', new TokenSigner(randomBytes(32)).sign('access', { sub: 'u' }, 60)).ok).toBe(false);
  });

  it('are refused when any part was changed, when unsigned, or when not three base64url parts', () => {
    const token = signer.sign('access', { sub: 'u' }, 60);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const refused = [
      withPart(token, 1, part({ sub: 'administrador', iss: 'receta-digital', aud: 'access', iat: 1, exp: 9_999_999_999 })),
      withPart(token, 2, `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`),
      withPart(token, 0, part({ alg: 'none' })),
      `${part({ alg: 'none' })}.${payload}.`,
      `${header}.${payload}`,
      `${token}.${signature}`,
      `${header}.${payload}.${signature}=`,
      `${header}.${payload}.${signature.slice(0, 10)}`,
      ` ${token}`,
      '',
      'a.b.c',
    ];
    for (const candidate of refused) expect(signer.verify('access', candidate), candidate).toEqual({ ok: false, reason: 'invalid' });
  });

  it('signed with another algorithm in their header are refused, even with a valid HMAC', () => {
    const forged = (header: unknown) => {
      const signedPart = `${part(header)}.${part({ sub: 'u', iss: 'receta-digital', aud: 'access', iat: 1, exp: 9_999_999_999 })}`;
      return `${signedPart}.${createHmac('sha256', secret).update(signedPart).digest('base64url')}`;
    };
    expect(signer.verify('access', forged({ alg: 'HS256' })).ok).toBe(true);
    expect(signer.verify('access', forged({ alg: 'HS512' }))).toEqual({ ok: false, reason: 'invalid' });
    expect(signer.verify('access', forged(['HS256']))).toEqual({ ok: false, reason: 'invalid' });
  });
});

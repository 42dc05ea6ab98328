import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { buildOtpauthUri, createTotpSecret, matchTotpStep } from './second-factor.ts';

const secret = createTotpSecret();
const now = new Date(Date.UTC(2026, 2, 1, 12, 0, 10));
const currentStep = Math.floor(now.getTime() / 30_000);

/** The code an authenticator app shows `steps` steps away from `now`. */
function codeAt(steps: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: now.getTime() + steps * 30_000 });
}

describe('second factor', () => {
  it('makes 160-bit base32 secrets, a new one each time', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(createTotpSecret()).not.toBe(secret);
  });

  it('describes the secret with the parameters every authenticator app reads', () => {
    const parsed = new URL(buildOtpauthUri(secret, 'ana@receta.test'));
    expect(`${parsed.protocol}//${parsed.host}${decodeURIComponent(parsed.pathname)}`)
      .toBe('otpauth://totp/Receta Digital:ana@receta.test');
    expect(parsed.searchParams.get('algorithm')).toBe('SHA1');
    expect(parsed.searchParams.get('digits')).toBe('6');
    expect(parsed.searchParams.get('period')).toBe('30');
  });

  it.each([-1, 0, 1])('accepts the code of step %i around the present and answers its step', (steps) => {
    expect(matchTotpStep(secret, codeAt(steps), null, now)).toEqual({ kind: 'valid', step: currentStep + steps });
  });

  it.each([-2, 2])('refuses the code of step %i: outside the allowed drift', (steps) => {
    expect(matchTotpStep(secret, codeAt(steps), null, now)).toEqual({ kind: 'wrong' });
  });

  it('tells a right code whose step is not later than the last accepted one as spent', () => {
    expect(matchTotpStep(secret, codeAt(0), currentStep, now)).toEqual({ kind: 'spent' });
    expect(matchTotpStep(secret, codeAt(-1), currentStep, now)).toEqual({ kind: 'spent' });
    expect(matchTotpStep(secret, codeAt(1), currentStep, now)).toEqual({ kind: 'valid', step: currentStep + 1 });
  });
});

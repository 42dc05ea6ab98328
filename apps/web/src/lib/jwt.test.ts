import { describe, expect, it } from 'vitest';
import { isJwtExpired, readJwtPayload } from './jwt.ts';
import { makeJwt } from '../test/jwt.ts';

describe('jwt', () => {
  it('reads the payload of a token, accents included', () => {
    const token = makeJwt({ user: { displayName: 'Ana Pérez' }, isSync: false });

    expect(readJwtPayload(token)).toEqual({ user: { displayName: 'Ana Pérez' }, isSync: false });
  });

  it('answers nothing for a text that is not a token', () => {
    expect(readJwtPayload('no-es-un-token')).toBeUndefined();
    expect(readJwtPayload('a.%%%.c')).toBeUndefined();
  });

  it('calls a token expired when its expiry is before now', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const expiry = now.getTime() / 1000;

    expect(isJwtExpired(makeJwt({ exp: expiry - 1 }), now)).toBe(true);
    expect(isJwtExpired(makeJwt({ exp: expiry + 60 }), now)).toBe(false);
  });

  it('calls an unreadable token expired, so that it is never trusted', () => {
    expect(isJwtExpired('basura')).toBe(true);
  });
});

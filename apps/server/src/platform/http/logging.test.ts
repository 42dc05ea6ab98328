import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it('hides a mailed token in the path', () => {
    expect(redactUrl('/api/auth/confirmation/doctors/Vh3k9dQ2mZ8xYb1cR7tLw0pNe5sA4uJfG6iKoH-_qT')).toBe(
      '/api/auth/confirmation/doctors/[redacted]',
    );
  });

  it('keeps record ids, which are not secrets and help to follow a request', () => {
    expect(redactUrl('/api/patients/3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60')).toBe(
      '/api/patients/3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60',
    );
  });

  it('hides OAuth codes in the query and keeps the other parameters', () => {
    expect(redactUrl('/oauth2/accounts/sign-in?signed_in_code=abc&scope=documents-sign')).toBe(
      '/oauth2/accounts/sign-in?signed_in_code=%5Bredacted%5D&scope=documents-sign',
    );
  });
});

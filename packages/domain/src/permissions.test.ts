import { describe, expect, it } from 'vitest';
import { isAllowed, permissions } from './permissions.ts';

describe('isAllowed', () => {
  it.each([
    { required: undefined, scope: [], expected: true, rule: 'no requirement is open to a guest' },
    { required: undefined, scope: ['index.scan'], expected: true, rule: 'no requirement is open to a user' },
    { required: [], scope: [], expected: true, rule: 'an empty list is open to a user with no permissions' },
    { required: [], scope: ['index.scan'], expected: false, rule: 'an empty list is closed to a user with permissions' },
    { required: ['index.scan'], scope: ['index.scan'], expected: true, rule: 'a matching permission opens' },
    { required: ['index.scan', 'index.role'], scope: ['index.role'], expected: true, rule: 'one match is enough' },
    { required: ['index.scan'], scope: ['index.role'], expected: false, rule: 'no match is closed' },
  ] as const)('$rule', ({ required, scope, expected }) => {
    expect(isAllowed(required, scope)).toBe(expected);
  });
});

describe('permissions', () => {
  it('lists every action on every resource and the extra permissions, once each', () => {
    expect(permissions).toContain('destroy.patient');
    expect(permissions).toContain('index.not.authorized.user');
    expect(new Set(permissions).size).toBe(permissions.length);
  });
});

import { describe, expect, it } from 'vitest';
import { isWithinReach, reachOf, type AdministratorAction } from '../../platform/auth/administrator-reach.ts';
import { builtInRoles } from '../roles/index.ts';

function holderOf(slug: string) {
  const role = builtInRoles.find((candidate) => candidate.slug === slug);
  if (!role) throw new Error(`No built-in role ${slug}`);
  return { roles: [slug], scope: role.permissions };
}

function builtIn(slug: string) {
  return { slug, isBuiltIn: true, permissions: [] };
}

describe('isWithinReach', () => {
  it.each([
    ['superadmin', 'create', 'superadmin', true],
    ['superadmin', 'destroy', 'femecon.admin', true],
    ['fds.admin', 'create', 'fds.admin', true],
    ['fds.admin', 'edit', 'fds.provider', true],
    ['fds.admin', 'destroy', 'pharmacy', false],
    ['superadmin', 'destroy', 'pharmacy', true],
    ['fds.admin', 'create', 'superadmin', false],
    ['fds.admin', 'create', 'femecon.admin', false],
    ['fds.admin', 'create', 'antigens.owner', false],
    ['fds.admin', 'create', 'fds.medical', false],
    ['antigens.admin', 'index', 'antigens.employee', true],
    ['antigens.admin', 'edit', 'antigens.admin', true],
    ['antigens.admin', 'edit', 'pharmacy', false],
    ['femecon.admin', 'index', 'fds.provider', false],
  ] as const)('%s may %s %s: %s', (holder, action: AdministratorAction, slug, expected) => {
    expect(isWithinReach(reachOf(holderOf(holder), action), builtIn(slug))).toBe(expected);
  });

  it('reaches a variant\'s roles only for the actions its permissions name', () => {
    const showOnly = { roles: ['custom'], scope: ['index.admin.fds', 'show.admin.fds'] };
    expect(isWithinReach(reachOf(showOnly, 'show'), builtIn('fds.provider'))).toBe(true);
    expect(isWithinReach(reachOf(showOnly, 'edit'), builtIn('fds.provider'))).toBe(false);
  });

  it('reaches a custom role only when its permissions are all the user\'s own', () => {
    const reach = reachOf(holderOf('fds.admin'), 'create');
    expect(isWithinReach(reach, { slug: 'moderador', isBuiltIn: false, permissions: ['index.not.authorized.user'] })).toBe(true);
    expect(isWithinReach(reach, { slug: 'roles', isBuiltIn: false, permissions: ['index.role', 'create.role'] })).toBe(false);
  });

  it('never reaches the superadmin role without holding it, whatever the permissions', () => {
    const everyPermission = { roles: ['todo'], scope: holderOf('superadmin').scope };
    expect(isWithinReach(reachOf(everyPermission, 'create'), builtIn('superadmin'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { isInRoleGroup, roleGroups } from './roles.ts';

describe('role groups', () => {
  it.each([
    ['superAdmin', ['superadmin']],
    ['admin', ['superadmin', 'fds.admin', 'antigens.admin']],
    ['femecon', ['femecon.admin']],
    ['medical', ['fds.medical']],
    ['pharmacy', ['pharmacy']],
    ['hasWorkspace', ['fds.medical', 'fds.admin', 'fds.provider']],
    ['authorizeMedic', ['superadmin', 'femecon.admin']],
    ['sharePrescription', ['fds.admin', 'fds.medical']],
  ] as const)('%s holds exactly %j, as spec section 6 lists', (group, members) => {
    expect(roleGroups[group]).toEqual(members);
  });

  it('counts any of the user\'s roles unless only the first one decides', () => {
    expect(isInRoleGroup('hasWorkspace', ['pharmacy', 'fds.medical'])).toBe(true);
    expect(isInRoleGroup('hasWorkspace', ['pharmacy', 'fds.medical'], { firstRoleOnly: true })).toBe(false);
  });
});

import { limits, permissions } from '@receta/domain';
import Dashboard from '@mui/icons-material/Dashboard';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  isCurrentItem, navigation, searchNavigation, visibleNavigation,
  type NavigationGroup, type NavigationItem, type NavigationTextKey,
} from './navigation.ts';

const spanish = (key: NavigationTextKey) => i18next.t(key);
const clinic = { id: 'c0a80101-0000-4000-8000-000000000001', name: 'Clínica del Sol', avatarUri: null };

function visibleItemIds(scope: readonly string[], roles: string[] = [], workspaces = [clinic]) {
  const groups = visibleNavigation(navigation, { scope, user: { roles, workspaces } });
  return groups.flatMap((group) => group.items.map((item) => item.id));
}

function navigationItem(id: string): NavigationItem {
  const item = navigation.flatMap((group) => group.items).find((candidate) => candidate.id === id);
  if (!item) throw new Error(`No menu entry ${id}`);
  return item;
}

describe('visibleNavigation', () => {
  it('shows a guest no menu at all', () => {
    expect(visibleNavigation(navigation, { scope: [] })).toEqual([]);
  });

  it('shows a doctor only the items their permissions allow', () => {
    const doctor = ['owner.prescription', 'index.patient', 'dashboard.medical'];
    expect(visibleItemIds(doctor)).toEqual(['dashboard', 'my-profile', 'my-integrations', 'my-prescriptions', 'my-patients']);
    expect(visibleNavigation(navigation, { scope: doctor }).map((group) => group.id)).toEqual(['digital-signature']);
  });

  it('shows the administrators entry for either admin variant', () => {
    expect(visibleItemIds(['index.admin.fds'])).toEqual(['administrators']);
    expect(visibleItemIds(['index.admin.antigens'])).toEqual(['administrators']);
  });

  it('hides the Auth group from a user without an index-admin permission, such as a femecon.admin', () => {
    const femecon = ['femecon.admin', 'index.medical', 'show.medical', 'edit.medical', 'index.not.authorized.user'];
    expect(visibleItemIds(femecon, ['femecon.admin'])).toEqual(['medicals']);
    expect(visibleItemIds(['index.role', 'index.not.authorized.user'])).toEqual([]);
    expect(visibleItemIds(['index.admin.fds', 'index.role', 'index.not.authorized.user']))
      .toEqual(['administrators', 'not-authorized-users', 'roles']);
  });

  it('hides the pages that work inside a workspace from a user who belongs to none', () => {
    const withoutWorkspace = visibleItemIds(permissions, ['superadmin'], []);
    for (const id of ['prescriptions', 'my-prescriptions', 'my-patients']) expect(withoutWorkspace).not.toContain(id);
    expect(withoutWorkspace).toEqual(expect.arrayContaining(['dashboard', 'medicals', 'my-profile', 'workspaces']));
    expect(visibleItemIds(permissions, ['superadmin'])).toEqual(expect.arrayContaining(['prescriptions', 'my-prescriptions', 'my-patients']));
  });

  it('hides the antigens group when its own permission is missing, even if an item would pass', () => {
    expect(visibleItemIds(['index.owner'])).toEqual([]);
    expect(visibleItemIds(['index.owner', 'index.employee'])).toEqual(['owners']);
  });

  it('shows every permission-based entry to a user holding every permission', () => {
    expect(visibleItemIds(permissions)).toHaveLength(13);
  });

  it('shows the sent mails only to a user whose first role is superadmin', () => {
    expect(visibleItemIds(permissions, ['superadmin'])).toContain('outbox');
    expect(visibleItemIds(permissions, ['fds.admin', 'superadmin'])).not.toContain('outbox');
  });

  it('shows the national repository\'s pointers only to a user whose first role is superadmin', () => {
    expect(visibleItemIds(permissions, ['superadmin'])).toContain('repository-pointers');
    expect(visibleItemIds(permissions, ['fds.admin', 'superadmin'])).not.toContain('repository-pointers');
  });

  it('shows the event log only to a user whose first role is superadmin', () => {
    expect(visibleItemIds(permissions, ['superadmin'])).toContain('event-log');
    expect(visibleItemIds(permissions, ['fds.admin', 'superadmin'])).not.toContain('event-log');
  });

  it('shows the registry of OAuth2 apps only to a user whose first role is superadmin', () => {
    expect(visibleItemIds(permissions, ['superadmin'])).toContain('oauth-clients');
    expect(visibleItemIds(permissions, ['fds.admin', 'superadmin'])).not.toContain('oauth-clients');
  });
});

describe('isCurrentItem', () => {
  it('marks the exact entries, Administradores and Roles, current on their own path only', () => {
    for (const [id, path] of [['administrators', '/administrators'], ['roles', '/roles']] as const) {
      expect(isCurrentItem(navigationItem(id), path)).toBe(true);
      expect(isCurrentItem(navigationItem(id), `${path}/new`)).toBe(false);
    }
    expect(isCurrentItem(navigationItem('administrators'), '/administrators/notAuthorized')).toBe(false);
  });

  it('marks the other entries current on the pages under them too', () => {
    expect(isCurrentItem(navigationItem('medicals'), '/medicals/new')).toBe(true);
    expect(isCurrentItem(navigationItem('medicals'), '/medicalsx')).toBe(false);
  });
});

describe('the menu\'s words', () => {
  it('names every group in Spanish, none of them "Auth"', () => {
    expect(navigation.map((group) => i18next.t(group.labelKey))).toEqual(['Administración', 'Firma digital', 'Antígenos']);
  });
});

describe('searchNavigation', () => {
  it('finds items by label ignoring case and accents', () => {
    const found = searchNavigation(navigation, { scope: ['index.scan', 'index.medical'] }, 'ESCANER', spanish);
    expect(found.map((item) => item.id)).toEqual(['scanner']);
  });

  it('finds a page by any word of its label, in any order', () => {
    const access = { scope: ['index.patient', 'owner.prescription'], user: { roles: [], workspaces: [clinic] } };
    const found = searchNavigation(navigation, access, 'pacientes MIS', spanish);
    expect(found.map((item) => item.id)).toEqual(['my-patients']);
  });

  it('finds a page by the other words people use for it: "rece" finds Prescripciones', () => {
    const access = { scope: ['index.prescription', 'owner.prescription'], user: { roles: [], workspaces: [clinic] } };
    const found = searchNavigation(navigation, access, 'rece', spanish);
    expect(found.map((item) => item.id)).toEqual(['prescriptions', 'my-prescriptions']);
  });

  it('never suggests an item the user may not open', () => {
    const found = searchNavigation(navigation, { scope: ['owner.employee'] }, 'mis', spanish);
    expect(found.map((item) => item.id)).toEqual(['my-employees']);
  });

  it('suggests nothing for an empty query', () => {
    expect(searchNavigation(navigation, { scope: permissions }, '   ', spanish)).toEqual([]);
  });

  it(`shows at most ${limits.navigationSearchSuggestions} suggestions`, () => {
    const items = Array.from({ length: 15 }, (_, index): NavigationItem => ({
      id: `item-${index}`,
      labelKey: 'navigation.items.dashboard',
      path: `/item-${index}`,
      icon: Dashboard,
    }));
    const config: NavigationGroup[] = [{ id: 'many', labelKey: 'navigation.groups.auth', items }];

    const found = searchNavigation(config, { scope: ['index.scan'] }, 'indicadores', spanish);

    expect(found).toHaveLength(limits.navigationSearchSuggestions);
    expect(found[0]?.id).toBe('item-0');
  });
});

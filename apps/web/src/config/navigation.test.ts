import { limits, permissions } from '@receta/domain';
import Dashboard from '@mui/icons-material/Dashboard';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { navigation, searchNavigation, visibleNavigation, type NavigationGroup, type NavigationItem } from './navigation.ts';

const spanishLabel = (item: NavigationItem) => i18next.t(item.labelKey);

function visibleItemIds(scope: readonly string[], roles: string[] = []) {
  const groups = visibleNavigation(navigation, { scope, user: { roles } });
  return groups.flatMap((group) => group.items.map((item) => item.id));
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

describe('searchNavigation', () => {
  it('finds items by label ignoring case and accents', () => {
    const found = searchNavigation(navigation, { scope: ['index.scan', 'index.medical'] }, 'ESCANER', spanishLabel);
    expect(found.map((item) => item.id)).toEqual(['scanner']);
  });

  it('never suggests an item the user may not open', () => {
    const found = searchNavigation(navigation, { scope: ['owner.employee'] }, 'mis', spanishLabel);
    expect(found.map((item) => item.id)).toEqual(['my-employees']);
  });

  it('suggests nothing for an empty query', () => {
    expect(searchNavigation(navigation, { scope: permissions }, '   ', spanishLabel)).toEqual([]);
  });

  it(`shows at most ${limits.navigationSearchSuggestions} suggestions`, () => {
    const items = Array.from({ length: 15 }, (_, index): NavigationItem => ({
      id: `item-${index}`,
      labelKey: 'navigation.items.dashboard',
      path: `/item-${index}`,
      icon: Dashboard,
    }));
    const config: NavigationGroup[] = [{ id: 'many', labelKey: 'navigation.groups.auth', items }];

    const found = searchNavigation(config, { scope: ['index.scan'] }, 'indicadores', spanishLabel);

    expect(found).toHaveLength(limits.navigationSearchSuggestions);
    expect(found[0]?.id).toBe('item-0');
  });
});

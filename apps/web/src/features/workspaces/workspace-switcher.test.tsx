import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { pageReload } from '../../lib/page-reload.ts';
import { workspaceStore } from '../../lib/storage.ts';
import { stubApi } from '../../test/fake-api.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';
import { keepStyles } from '../../test/styles.ts';

// Whether the workspace's name shows on a phone is a style.
keepStyles();

const clinic = { id: 'w1', name: 'Clínica del Sol', avatarUri: null };
const practice = { id: 'w2', name: 'Consultorio Pérez', avatarUri: null };

function doctorWith(workspaces: typeof clinic[]) {
  return makeUser({ roles: ['fds.medical'], scope: ['owner.prescription'], workspaces, termsAndConditions: '2026-01-01T00:00:00Z' });
}

afterEach(() => vi.restoreAllMocks());

describe('workspace switcher', () => {
  it('shows the only workspace, disabled', async () => {
    stubApi({});
    renderRoutes(routes, { path: '/', user: doctorWith([clinic]) });

    const switcher = await screen.findByRole<HTMLButtonElement>('button', { name: 'Espacio de trabajo: Clínica del Sol' });
    expect(switcher.disabled).toBe(true);
  });

  it('starts on the remembered workspace and, on another choice, remembers it and reloads the page', async () => {
    stubApi({});
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    workspaceStore.set('w2');
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/', user: doctorWith([clinic, practice]) });

    const switcher = await screen.findByRole<HTMLButtonElement>('button', { name: 'Espacio de trabajo: Consultorio Pérez' });
    expect(switcher.disabled).toBe(false);
    await user.click(switcher);
    await user.click(await screen.findByRole('menuitem', { name: /Clínica del Sol/ }));

    expect(workspaceStore.get()).toBe('w1');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('shows the workspace\'s name on a phone, in a row of its own under the top bar', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    stubApi({});
    renderRoutes(routes, { path: '/', user: doctorWith([clinic, practice]) });

    const switcher = await screen.findByRole('button', { name: 'Espacio de trabajo: Clínica del Sol' });
    const name = within(switcher).getByText('Clínica del Sol');
    expect(getComputedStyle(name).display).not.toBe('none');
    expect(switcher.closest('header')).not.toBeNull();
    expect(switcher.closest('.MuiToolbar-root')).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Espacio de trabajo/ })).toHaveLength(1);
  });

  it('is not shown to a user whose first role works outside workspaces', async () => {
    stubApi({ 'GET /api/information': () => ({ frontend: '1', backend: '1', vademecum: '01/01/2026' }) });
    const superadmin = makeUser({ roles: ['superadmin'], scope: ['index.role'], workspaces: [clinic, practice], termsAndConditions: '2026-01-01T00:00:00Z' });
    renderRoutes(routes, { path: '/', user: superadmin });

    await screen.findByRole('button', { name: 'Información de la versión' });
    expect(screen.queryByRole('button', { name: /Espacio de trabajo/ })).toBeNull();
  });
});

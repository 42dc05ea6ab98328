import { defaultUserSettings, limits, storageKeys, type UserSettings } from '@receta/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLogout } from '../features/auth/use-logout.ts';
import { pageReload } from '../lib/page-reload.ts';
import { settingsStore, workspaceStore } from '../lib/storage.ts';
import { errorResponse, stubApi, type FakeRequest } from '../test/fake-api.ts';
import { makeUser, renderRoutes } from '../test/render.tsx';
import { navbarId } from './navbar.tsx';
import { routes } from './router.tsx';
import { keepStyles } from '../test/styles.ts';

// The navbar folds and widens through its styles.
keepStyles();

const accepted = '2026-01-01T00:00:00Z';
const clinic = { id: 'w1', name: 'Clínica del Sol', avatarUri: null };
const practice = { id: 'w2', name: 'Consultorio Pérez', avatarUri: null };

function doctor(overrides: Parameters<typeof makeUser>[0] = {}) {
  return makeUser({ roles: ['fds.medical'], scope: ['owner.prescription', 'index.patient'], termsAndConditions: accepted, ...overrides });
}

function doctorWithSettings(settings: Record<string, unknown>) {
  const base = doctor();
  return { ...base, data: { ...base.data, settings } };
}

/** The settings sent by each `POST /api/auth/user/update`. */
function savedSettings(requests: FakeRequest[]): Record<string, unknown>[] {
  return requests
    .filter((request) => request.path === '/api/auth/user/update')
    .map((request) => (request.body as { user: { settings: Record<string, unknown> } }).user.settings);
}

/** A fake `POST /api/auth/user/update` that answers the user with what was sent. */
function savingUserData(user: ReturnType<typeof doctor>) {
  return {
    'POST /api/auth/user/update': (request: FakeRequest) => {
      const { settings } = (request.body as { user: { settings: Record<string, unknown> } }).user;
      return { message: 'User data saved with api', user: { ...user, data: { ...user.data, settings } } };
    },
  };
}

const stubbedDocumentProperties: string[] = [];

function stubDocumentProperty(name: string, get: () => unknown) {
  Object.defineProperty(document, name, { get, configurable: true });
  stubbedDocumentProperties.push(name);
}

const desktopNavbar = () => document.getElementById(navbarId) as HTMLElement;

/** The desktop navbar once the route's page has loaded (pages load on demand). */
async function findDesktopNavbar() {
  await waitFor(() => expect(desktopNavbar()).not.toBeNull());
  return within(desktopNavbar());
}

afterEach(async () => {
  vi.restoreAllMocks();
  stubbedDocumentProperties.splice(0).forEach((name) => Reflect.deleteProperty(document, name));
  await i18next.changeLanguage('es');
});

describe('navbar', () => {
  it('shows the display name cut to 18 characters, the default photo and the workspaces with their initial', async () => {
    stubApi({});
    renderRoutes(routes, { path: '/', user: doctor({ displayName: 'María José Fernández Lagos', workspaces: [clinic] }) });

    const navbar = await findDesktopNavbar();
    expect(navbar.getByText('María José Fernánd…')).toBeDefined();
    expect(navbar.getByText('María José Fernánd…').getAttribute('title')).toBe('María José Fernández Lagos');
    const photo = desktopNavbar().querySelector<HTMLImageElement>('img[src$="default-avatar.svg"]');
    expect(photo).not.toBeNull();
    const workspaces = navbar.getByRole('list', { name: 'Espacios de trabajo' });
    expect(within(workspaces).getByText('Clínica del Sol')).toBeDefined();
    expect(within(workspaces).getByText('C')).toBeDefined();
    // A single workspace is shown, not offered as a choice.
    expect(within(workspaces).queryByRole('button')).toBeNull();
  });

  it('switches to another workspace from the navbar when there are several', async () => {
    stubApi({});
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/', user: doctor({ workspaces: [clinic, practice] }) });

    const navbar = await findDesktopNavbar();
    expect(navbar.getByRole('button', { name: 'Clínica del Sol (actual)' }).getAttribute('aria-current')).toBe('true');
    await user.click(navbar.getByRole('button', { name: 'Cambiar a Consultorio Pérez' }));

    expect(workspaceStore.get()).toBe('w2');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('folds to icons and unfolds from the toolbar, keeping the choice in the user\'s settings', async () => {
    const someone = doctorWithSettings({ language: 'es' });
    const requests = stubApi(savingUserData(someone));
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/', user: someone });

    const toggle = await screen.findByRole('button', { name: 'Menú lateral' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-controls')).toBe(navbarId);
    expect(getComputedStyle(desktopNavbar()).width).toBe(`${limits.navbarWidthPx}px`);

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(getComputedStyle(desktopNavbar()).width).toBe(`${limits.navbarFoldedWidthPx}px`);
    // Folded, an entry keeps its name and shows it as a tooltip.
    expect(within(desktopNavbar()).getByRole('link', { name: 'Mis pacientes' })).toBeDefined();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(savedSettings(requests)).toEqual([
      { ...defaultUserSettings, language: 'es', navbarFolded: true },
      { ...defaultUserSettings, language: 'es', navbarFolded: false },
    ]);
  });

  it('widens a folded navbar only once the pointer has rested on it', async () => {
    stubApi({});
    renderRoutes(routes, { path: '/', user: doctorWithSettings({ navbarFolded: true }) });
    await findDesktopNavbar();
    const navbar = desktopNavbar();
    const width = () => getComputedStyle(navbar).width;

    fireEvent.mouseEnter(navbar);
    await new Promise((resolve) => setTimeout(resolve, limits.hoverMenuDelayMs / 3));
    fireEvent.mouseLeave(navbar);
    await new Promise((resolve) => setTimeout(resolve, limits.hoverMenuDelayMs));
    expect(width()).toBe(`${limits.navbarFoldedWidthPx}px`);

    fireEvent.mouseEnter(navbar);
    await waitFor(() => expect(width()).toBe(`${limits.navbarWidthPx}px`));
    fireEvent.mouseLeave(navbar);
    expect(width()).toBe(`${limits.navbarFoldedWidthPx}px`);
  });
});

describe('settings panel', () => {
  it('saves a signed-in user\'s layout through the API, keeping the other keys of their settings', async () => {
    const someone = doctorWithSettings({ language: 'es' });
    const requests = stubApi(savingUserData(someone));
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/', user: someone });

    await user.click(await screen.findByRole('button', { name: 'Configuración' }));
    const panel = await screen.findByRole('dialog', { name: 'Configuración' });
    await user.click(within(panel).getByRole('radio', { name: /^Horizontal/ }));

    expect(savedSettings(requests)).toEqual([{ ...defaultUserSettings, language: 'es', layout: 'horizontal' }]);
    await user.click(within(panel).getByRole('button', { name: 'Cerrar la configuración' }));
    // The horizontal layout: the menu's groups under the toolbar, no side menu on desktop.
    expect(await screen.findByRole('button', { name: 'Firma digital' })).toBeDefined();
    expect(document.getElementById(navbarId)).toBeNull();
  });

  it('opens the horizontal menu\'s groups from the keyboard', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/', user: doctorWithSettings({ layout: 'horizontal' }) });

    const group = await screen.findByRole('button', { name: 'Firma digital' });
    expect(group.getAttribute('aria-expanded')).toBe('false');
    group.focus();
    await user.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu', { name: 'Firma digital' });
    await waitFor(() => expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Mi perfil' })));
    expect(group.getAttribute('aria-expanded')).toBe('true');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu', { name: 'Firma digital' })).toBeNull();
    expect(document.activeElement).toBe(group);
  });

  it('keeps a guest\'s settings in the browser, without calling the server', async () => {
    const requests = stubApi({});
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/no-existe' });

    await user.click(await screen.findByRole('button', { name: 'Configuración' }));
    const panel = await screen.findByRole('dialog', { name: 'Configuración' });
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Menú lateral' }), 'Oscuro');
    await user.click(within(panel).getByRole('switch', { name: 'Animaciones' }));

    expect(JSON.parse(settingsStore.get() ?? '{}')).toEqual({
      ...defaultUserSettings,
      theme: { ...defaultUserSettings.theme, navbar: 'dark' },
      animations: false,
    });
    expect(requests).toHaveLength(0);
  });

  it('puts the old settings back and says why when the server refuses them', async () => {
    stubApi({ 'POST /api/auth/user/update': () => errorResponse(400, 'La configuración es demasiado grande.') });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/', user: doctor() });

    await user.click(await screen.findByRole('button', { name: 'Configuración' }));
    const panel = await screen.findByRole('dialog', { name: 'Configuración' });
    await user.click(within(panel).getByRole('radio', { name: /^Compacto/ }));

    expect(await screen.findByText('La configuración es demasiado grande.')).toBeDefined();
    expect(within(panel).getByRole<HTMLInputElement>('radio', { name: /^Vertical/ }).checked).toBe(true);
  });

  it('explains that animations are off while the system asks for less motion', async () => {
    stubApi({});
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/', user: doctor() });

    await user.click(await screen.findByRole('button', { name: 'Configuración' }));
    const animations = within(await screen.findByRole('dialog', { name: 'Configuración' })).getByRole('switch', { name: 'Animaciones' });
    expect(animations.getAttribute('aria-describedby')).not.toBeNull();
    expect(document.getElementById(animations.getAttribute('aria-describedby') ?? '')?.textContent)
      .toBe('Su sistema pide reducir el movimiento: las animaciones quedan desactivadas.');
  });

  it('applies one colour scheme to every part of the shell from the colour-scheme panel', async () => {
    const someone = doctor();
    const requests = stubApi(savingUserData(someone));
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/', user: someone });

    await user.click(await screen.findByRole('button', { name: 'Esquemas de color' }));
    const panel = await screen.findByRole('dialog', { name: 'Esquemas de color' });
    await user.click(within(panel).getByRole('radio', { name: 'Oscuro' }));

    expect(savedSettings(requests)).toEqual([
      { ...defaultUserSettings, theme: { main: 'dark', navbar: 'dark', toolbar: 'dark', footer: 'dark' } },
    ]);
    expect(within(panel).getByRole<HTMLInputElement>('radio', { name: 'Oscuro' }).checked).toBe(true);
  });
});

describe('direction', () => {
  it('turns the page right to left in Arabic and back in Spanish', async () => {
    stubApi({});
    renderRoutes(routes, { path: '/', user: doctor() });
    await screen.findByRole('button', { name: 'Menú lateral' });
    expect(document.documentElement.dir).toBe('ltr');

    await i18next.changeLanguage('ar');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    await i18next.changeLanguage('es');
    await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
  });

  it('turns the page right to left when the user chose it', async () => {
    stubApi({});
    renderRoutes(routes, { path: '/', user: doctorWithSettings({ direction: 'rtl' }) });

    await screen.findByRole('button', { name: 'Menú lateral' });
    expect(document.documentElement.dir).toBe('rtl');
  });
});

describe('fullscreen', () => {
  it('is not offered where the browser has no fullscreen', async () => {
    stubApi({});
    renderRoutes(routes, { path: '/', user: doctor() });

    await screen.findByRole('button', { name: 'Configuración' });
    expect(screen.queryByRole('button', { name: 'Pantalla completa' })).toBeNull();
  });

  it('asks the browser for fullscreen and shows when it is on', async () => {
    stubApi({});
    // jsdom has no Fullscreen API: the browser's part is played here.
    let fullscreenElement: Element | null = null;
    stubDocumentProperty('fullscreenEnabled', () => true);
    stubDocumentProperty('fullscreenElement', () => fullscreenElement);
    const requestFullscreen = vi.fn(() => {
      fullscreenElement = document.documentElement;
      document.dispatchEvent(new Event('fullscreenchange'));
      return Promise.resolve();
    });
    document.documentElement.requestFullscreen = requestFullscreen;
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/', user: doctor() });

    const toggle = await screen.findByRole('button', { name: 'Pantalla completa' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);

    expect(requestFullscreen).toHaveBeenCalledOnce();
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });
});

describe('logout', () => {
  it('forgets the workspace, goes to the start and resets the settings', async () => {
    localStorage.setItem(storageKeys.accessToken, 'token-1');
    workspaceStore.set('w1');
    stubApi({ 'POST /api/auth/logout': () => ({}) });
    const settings: Partial<UserSettings> = { layout: 'compact', direction: 'rtl' };
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/myPatients', user: doctorWithSettings(settings) });
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(JSON.parse(settingsStore.get() ?? '{}')).toMatchObject(settings);

    const visited: string[] = [];
    // Where each navigation heads, from its start: a page loading on demand is not yet the location.
    router.subscribe((state) => visited.push(state.navigation.location?.pathname ?? state.location.pathname));

    await user.click(await screen.findByRole('button', { name: 'Menú de Ana Pérez' }));
    await user.click(screen.getByRole('menuitem', { name: 'Cerrar sesión' }));

    // To the start, from where the route guard sends the guest on to log in.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(visited.find((path) => path !== '/myPatients')).toBe('/');
    expect(workspaceStore.get()).toBeNull();
    expect(settingsStore.get()).toBeNull();
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('does nothing for a user without scope', async () => {
    localStorage.setItem(storageKeys.accessToken, 'token-1');
    workspaceStore.set('w1');
    const requests = stubApi({});
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: '/somewhere', element: <LogoutButton /> }], {
      path: '/somewhere',
      user: { ...makeUser({ scope: [] }), data: { ...makeUser().data, settings: { layout: 'horizontal' } } },
    });

    await user.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/somewhere'));
    expect(requests).toHaveLength(0);
    expect(localStorage.getItem(storageKeys.accessToken)).toBe('token-1');
    expect(workspaceStore.get()).toBe('w1');
    expect(JSON.parse(settingsStore.get() ?? '{}')).toMatchObject({ layout: 'horizontal' });
  });
});

function LogoutButton() {
  const logout = useLogout();
  return <button type="button" onClick={() => void logout()}>Cerrar sesión</button>;
}

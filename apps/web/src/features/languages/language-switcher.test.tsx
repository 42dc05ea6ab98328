import { defaultLanguage, type UserSession } from '@receta/domain';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { stubApi } from '../../test/fake-api.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';

// An open page with the toolbar, for guests and signed-in users alike.
const openPage = '/no-existe';
const accepted = '2026-01-01T00:00:00Z';

// The page goes first: a signed-in user's page still open would switch back to their saved language.
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage(defaultLanguage);
});

describe('the language switcher', () => {
  it('lists every language in its own words and marks the current one', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: openPage });

    await user.click(await screen.findByRole('button', { name: 'Cambiar el idioma' }));
    const choices = within(await screen.findByRole('menu')).getAllByRole('menuitemradio');

    expect(choices.map((choice) => [choice.textContent, choice.getAttribute('lang')])).toEqual([
      ['Español', 'es'], ['English', 'en'], ['Türkçe', 'tr'], ['العربية', 'ar'],
    ]);
    expect(choices.map((choice) => choice.getAttribute('aria-checked'))).toEqual(['true', 'false', 'false', 'false']);
  });

  it('changes the page language, remembers it in this browser and tells the document', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: openPage });

    await user.click(await screen.findByRole('button', { name: 'Cambiar el idioma' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'English' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change the language' })).toBeTruthy();
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('saves a signed-in user’s choice with their other settings', async () => {
    const doctor = makeUser({ termsAndConditions: accepted, data: { ...makeUser().data, settings: { layout: 'horizontal' } } });
    let savedSettings: unknown;
    stubApi({
      'POST /api/auth/user/update': (request) => {
        savedSettings = (request.body as { user: { settings: Record<string, unknown> } }).user.settings;
        return { message: 'User data saved with api', user: withSettings(doctor, savedSettings as Record<string, unknown>) };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: openPage, user: doctor });

    await user.click(await screen.findByRole('button', { name: 'Cambiar el idioma' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Türkçe' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sayfa bulunamadı' })).toBeTruthy();
    expect(savedSettings).toEqual({ layout: 'horizontal', language: 'tr' });
  });

  it('switches to the language a signed-in user saved, when their session starts', async () => {
    stubApi({});
    const doctor = makeUser({ termsAndConditions: accepted });
    renderRoutes(routes, { path: openPage, user: withSettings(doctor, { language: 'ar' }) });

    expect(await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ar');
    expect(localStorage.getItem('language')).toBe('ar');
  });
});

function withSettings(user: UserSession, settings: Record<string, unknown>): UserSession {
  return { ...user, data: { ...user.data, settings } };
}

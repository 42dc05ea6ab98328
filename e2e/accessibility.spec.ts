import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './support/accessibility.ts';
import {
  acceptInvitationThroughApi, call, logInThroughApi, prescribingDoctorThroughApi, registerDoctorThroughApi,
} from './support/accounts-api.ts';
import type { viewports } from './support/browser.ts';
import { saveScreenshot, showPage, useBrowser } from './support/browser.ts';
import { makeDoctor } from './support/doctors.ts';
import { overflowsHorizontally, signInWithToken } from './support/sign-in.ts';

const browser = useBrowser();
const admin = inject('admin');

/** The main pages of each kind of user, each with the heading that says it has loaded. */
const mainPages = {
  guest: [
    ['login', '/login', 'Ingresar'],
    ['register', '/register', 'Registro de profesionales'],
    ['tutorials', '/tutorials', 'Tutoriales'],
    ['terms', '/termsAndConditions', 'Términos y condiciones'],
  ],
  doctor: [
    ['home', '/', 'Bienvenido a Receta Digital'],
    ['patients', '/myPatients', 'Mis pacientes'],
    ['prescriptions', '/myPrescriptions', 'Mis prescripciones'],
    ['new-prescription', '/prescriptions/particular/new', 'Nueva receta'],
    ['dashboard', '/dashboard', 'Indicadores'],
    ['profile', '/myProfile', 'Mi perfil'],
    ['integrations', '/myIntegrations', 'Mis integraciones'],
  ],
  pharmacy: [
    ['home', '/', 'Bienvenido a Receta Digital'],
    ['scanner', '/scanner', 'Escáner QR'],
  ],
  admin: [
    ['home', '/', 'Bienvenido a Receta Digital'],
    ['administrators', '/administrators', 'Administradores'],
    ['pending', '/users/notAuthorized', 'Usuarios no autorizados'],
    ['roles', '/roles', 'Roles'],
    ['medicals', '/medicals', 'Médicos'],
  ],
} as const satisfies Record<string, readonly (readonly [string, string, string])[]>;

type Role = keyof typeof mainPages;
const tokens: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  tokens.admin = await logInThroughApi(admin.email, admin.password);
  tokens.doctor = await prescribingDoctorThroughApi(makeDoctor(), admin);
  // A doctor awaiting approval, first in the list by surname, so that the doctors' page is
  // checked with the pending doctor's chip as well as the active one's.
  await registerDoctorThroughApi(makeDoctor({ lastName: 'Abalos' }));
  const pharmacy = { email: `farmacia.${randomInt(1_000_000)}@example.com`, password: 'Farmacia-segura-2026' };
  await call('/api/administrators', {
    method: 'POST',
    token: tokens.admin,
    json: { email: pharmacy.email, displayName: 'Farmacia Central', roles: ['pharmacy'] },
  });
  await acceptInvitationThroughApi(pharmacy.email, pharmacy.password);
  tokens.pharmacy = await logInThroughApi(pharmacy.email, pharmacy.password);
});

async function pageOf(role: Role, viewport: keyof typeof viewports): Promise<Page> {
  const page = await browser.newPage(viewport);
  const token = tokens[role];
  if (token) await signInWithToken(page, token);
  return page;
}

describe('accessibility of the main pages', () => {
  for (const role of Object.keys(mainPages) as Role[]) {
    for (const viewport of ['desktop', 'mobile'] as const) {
      it(`${role}: no serious or critical axe violation, no sideways scrolling, on a ${viewport}`, async () => {
        const page = await pageOf(role, viewport);
        const found: Record<string, string[]> = {};
        for (const [name, path, heading] of mainPages[role]) {
          // The first page loads the app, the others are reached inside it, as a person would.
          await showPage(page, path);
          await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
          const violations = await seriousViolations(page);
          if (violations.length > 0) found[path] = violations;
          expect(await overflowsHorizontally(page), `${path} scrolls sideways`).toBe(false);
          await saveScreenshot(page, `main-${role}-${name}-${viewport}`);
        }
        expect(found).toEqual({});
        await page.context().close();
      });
    }
  }
});

describe('keyboard use', () => {
  it('signs in with the keyboard alone, every focused control showing a visible ring', async () => {
    const page = await pageOf('guest', 'desktop');
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Ingresar' }).waitFor();
    await page.getByLabel('Email').focus();
    await page.keyboard.type(admin.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(admin.password);

    const focusRings: string[] = [];
    for (let step = 0; step < 4; step += 1) {
      await page.keyboard.press('Tab');
      focusRings.push(await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement;
        const style = getComputedStyle(focused);
        return `${focused.tagName}:${style.outlineStyle !== 'none' && style.outlineWidth !== '0px' ? 'ring' : 'none'}`;
      }));
    }
    expect(focusRings.filter((ring) => ring.endsWith(':none')), focusRings.join(' ')).toEqual([]);

    await page.getByLabel('Contraseña').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login/2auth');
    await page.context().close();
  });
});

import { AxeBuilder } from '@axe-core/playwright';
import { storageKeys } from '@receta/domain';
import type { Page } from 'playwright-core';
import { call } from './accounts-api.ts';

/** The WCAG 2.1 A and AA rules axe-core checks. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The serious and critical accessibility violations on the page as it is now, one readable line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`);
}

/**
 * Opens the app already signed in with an access token from the API, the terms accepted, so
 * that a walk over many pages does not repeat the login pages each time.
 */
export async function signInWithToken(page: Page, token: string): Promise<void> {
  await call(`/api/termsAndConditions?sign=${encodeURIComponent(new Date().toISOString())}`, { method: 'POST', token });
  await page.addInitScript(([key, value]) => {
    if (!localStorage.getItem(key)) localStorage.setItem(key, value);
  }, [storageKeys.accessToken, token] as const);
}

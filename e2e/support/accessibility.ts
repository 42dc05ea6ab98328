import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The WCAG 2.1 A and AA rules axe-core checks. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The serious and critical accessibility violations on the page as it is now, one readable line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`);
}

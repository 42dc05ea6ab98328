import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** The WCAG 2.1 A and AA rules axe-core checks. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The serious and critical accessibility violations on the page as it is now, one readable line each.
 *
 * axe-core runs in the page itself. Its Playwright wrapper would also open a blank page for each
 * analysis, to gather results from cross-origin frames, which the app has none of; that page cost
 * two to four times the analysis.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const violations = await page.evaluate((tags) => (window as unknown as { axe: typeof axe }).axe.run(document, {
    runOnly: { type: 'tag', values: tags },
    resultTypes: ['violations'],
  }).then((results) => results.violations), wcagTags);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`);
}

import type { Page } from 'playwright-core';

/**
 * Opens the language menu of the top bar. The switcher's button is drawn again inside its
 * tooltip when the tooltip's code arrives, after first paint, and a click pressed on the first
 * button and released on the second reaches neither; on a busy machine that code can arrive
 * after the network went quiet. The button only ever opens the menu, so the click is repeated
 * until the menu is there.
 */
export async function openLanguageMenu(page: Page, currentLabel: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const menu = page.getByRole('menu');
  for (let attempt = 1; ; attempt++) {
    await page.getByRole('button', { name: currentLabel }).click();
    try {
      await menu.waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Chooses a language in the top bar's menu. */
export async function chooseLanguage(page: Page, currentLabel: string, language: string): Promise<void> {
  await openLanguageMenu(page, currentLabel);
  await page.getByRole('menuitemradio', { name: language }).click();
}

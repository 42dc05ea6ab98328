import { mkdir } from 'node:fs/promises';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { currentLane } from './lanes.ts';

// Debian's Chromium, never a downloaded one; without the networking flags it keeps trying to
// reach Google's hosts, which this machine cannot.
export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
  ],
};

export const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
} as const;

const screenshotFolder = new URL('../screenshots/', import.meta.url);

export interface BrowserSession {
  browser: Browser;
  baseUrl: string;
  /** A page in a fresh context (no storage shared with other pages) at the given viewport. */
  newPage: (viewport?: keyof typeof viewports) => Promise<Page>;
}

/**
 * Connects the test file that calls it to the run's Chromium (global-setup.ts), and closes the
 * file's pages when it is done. Each page has a context of its own, so files never share
 * storage; one browser for the run spares each file a launch, about a second of CPU.
 */
export function useBrowser(): BrowserSession {
  const session = { baseUrl: currentLane().baseUrl } as BrowserSession;
  beforeAll(async () => {
    session.browser = await chromium.connect(inject('browserEndpoint'));
    session.newPage = async (viewport = 'desktop') => {
      const context = await session.browser.newContext({ baseURL: session.baseUrl, viewport: viewports[viewport], locale: 'es-AR' });
      return context.newPage();
    };
  });
  // Closing a connected browser closes the contexts this file made and disconnects.
  afterAll(async () => {
    await session.browser?.close();
  });
  return session;
}

/**
 * Shows the app's page at `path`: a page that has not loaded the app yet loads it there; one
 * that has moves there as one of the app's own links would, through its router, without
 * loading the app again, which costs Chromium half a second of CPU or more a page.
 */
export async function showPage(page: Page, path: string): Promise<void> {
  if (page.url() === 'about:blank') {
    await page.goto(path);
    return;
  }
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Saves a full-page screenshot under e2e/screenshots/ so a person can look at the page, once
 * the transitions under way (a dialog fading in, a floating label moving) have finished.
 * `E2E_SCREENSHOTS=off` skips the saving, not the wait: CI's clone sets it (.ci/run), since
 * nobody looks into that clone before it is deleted, and each full-page screenshot costs
 * Chromium a layout at the page's full height and a PNG.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => (
    animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity
  )));
  if (process.env.E2E_SCREENSHOTS === 'off') return;
  await mkdir(screenshotFolder, { recursive: true });
  await page.screenshot({ path: new URL(`${name}.png`, screenshotFolder).pathname, fullPage: true });
}

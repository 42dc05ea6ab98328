import { defaultLanguage } from '@receta/domain';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, vi } from 'vitest';
import { initI18n, loadAllTexts } from '../i18n/index.ts';

// This file runs before each test file, and the files of the `web` project share their modules
// (apps/web/vitest.config.ts): i18next is set up once, and each file starts in Spanish whatever
// language the file before it left.
if (i18next.isInitialized) {
  await i18next.changeLanguage(defaultLanguage);
} else {
  await initI18n();
  // Components render on their own here, without the route that would load these first.
  await loadAllTexts();
}

// `findBy…` and `waitFor` wait for a page that renders the whole router and MUI under jsdom:
// seconds on a loaded two-core machine. They answer as soon as the page is there, so a long
// limit costs a passing test nothing; only a failing one waits it out.
configure({ asyncUtilTimeout: 60_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

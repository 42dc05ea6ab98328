import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { initI18n } from '../i18n/index.ts';

await initI18n();

// `findBy…` waits for a page that renders the whole router and MUI under jsdom; on a loaded
// two-core machine that takes longer than the default second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

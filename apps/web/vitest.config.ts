import react from '@vitejs/plugin-react';
import { configDefaults, defineProject } from 'vitest/config';

/**
 * The test files about how something looks, which call `keepStyles()` (src/test/styles.ts):
 * they run in the `web-styles` project (vitest.styles.config.ts), each file with modules of its
 * own, so that emotion's record of the styles it inserted starts empty.
 */
export const styleTestFiles = [
  'src/app/shell.test.tsx',
  'src/app/theme-buttons.test.tsx',
  'src/features/workspaces/workspace-switcher.test.tsx',
];

/** What both web projects share. */
export const webTestOptions = {
  environment: 'jsdom',
  setupFiles: ['../../test/support/shifted-clock.ts', './src/test/styles.ts', './src/test/setup.ts'],
  // A page test renders the whole router and MUI under jsdom: seconds on a quiet two-core
  // machine, several times as long beside another suite. The timeout only guards against a
  // test that hangs; no test may fail for the load of the moment.
  testTimeout: 180_000,
};

export default defineProject({
  plugins: [react()],
  test: {
    ...webTestOptions,
    name: 'web',
    exclude: [...configDefaults.exclude, ...styleTestFiles],
    // The files of a worker share their modules and their jsdom window, as the server's do,
    // instead of importing React, MUI and the app anew each (seconds a file). The setup files
    // run again before each file and leave it as a file of its own would start: nothing
    // rendered, no stubbed global, empty storage, Spanish.
    isolate: false,
    provide: { hasOwnModules: false },
  },
});

import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['../../test/support/shifted-clock.ts', './src/test/styles.ts', './src/test/setup.ts'],
    // A page test renders the whole router and MUI under jsdom: seconds on a quiet two-core
    // machine, several times as long beside another suite. The timeout only guards against a
    // test that hangs; no test may fail for the load of the moment.
    testTimeout: 180_000,
  },
});

import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // A page test renders the whole router and MUI under jsdom: seconds on a loaded two-core
    // machine, so the default 5 s would fail tests by the load of the moment.
    testTimeout: 20_000,
  },
});

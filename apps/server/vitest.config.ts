import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    // Each test file gets a database of its own; argon2 and PGlite start-up make a few tests slow.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

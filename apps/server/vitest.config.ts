import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['../../test/support/shifted-clock.ts'],
    // Only a guard against a test that hangs: a file's tests take seconds on a quiet machine and
    // several times as long beside another suite, and no test may fail for the load of the moment.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});

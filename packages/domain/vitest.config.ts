import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'domain',
    setupFiles: ['../../test/support/shifted-clock.ts'],
    // A guard against a hang only, never against the load of the machine.
    testTimeout: 180_000,
  },
});

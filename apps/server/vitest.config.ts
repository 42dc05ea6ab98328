import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['../../test/support/shifted-clock.ts'],
    // The files of a worker share their modules instead of importing the server anew each
    // (about three seconds a file). Each builds its own app on its own database; what a process
    // holds beyond that is keyed by database or accumulates safely (the event log's keys).
    isolate: false,
    // Only a guard against a test that hangs: a file's tests take seconds on a quiet machine and
    // several times as long beside another suite, and no test may fail for the load of the moment.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});

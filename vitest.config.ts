import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// `npm test`: unit, API and component tests. The browser journeys live in e2e/ and
// run with `npm run test:e2e`. With TEST_DATABASE_URL the run is about the database engine,
// so only the server's tests run again: the others never open a database.
export default defineConfig({
  test: {
    // Vitest keeps one core for itself by default, which leaves one worker on a two-core machine;
    // the runner needs little, so every core runs test files.
    maxWorkers: Math.max(availableParallelism(), 2),
    projects: process.env.TEST_DATABASE_URL
      ? ['apps/server']
      : ['packages/domain', 'apps/server', 'apps/web', 'apps/web/vitest.styles.config.ts', 'test'],
  },
});

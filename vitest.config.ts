import { defineConfig } from 'vitest/config';

// `npm test`: unit, API and component tests. The browser journeys live in e2e/ and
// run with `npm run test:e2e`. With TEST_DATABASE_URL the run is about the database engine,
// so only the server's tests run again: the others never open a database.
export default defineConfig({
  test: {
    projects: process.env.TEST_DATABASE_URL
      ? ['apps/server']
      : ['packages/domain', 'apps/server', 'apps/web', 'test'],
  },
});

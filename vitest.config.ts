import { defineConfig } from 'vitest/config';

// `npm test`: unit, API and component tests. The browser journeys live in e2e/ and
// run with `npm run test:e2e`.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web', 'test'],
  },
});

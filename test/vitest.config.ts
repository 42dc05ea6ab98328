import { defineProject } from 'vitest/config';

// Checks of the repository itself, such as the lint rule that keeps imports flowing one way.
export default defineProject({ test: { name: 'repo', testTimeout: 60_000 } });

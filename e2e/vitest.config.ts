import { defineConfig } from 'vitest/config';
import { laneCount } from './support/lanes.ts';
import { LongestFirstSequencer } from './support/sequencer.ts';

// The browser journeys: a built server for each lane of test files, Debian's Chromium driven by
// playwright-core.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    maxWorkers: laneCount,
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

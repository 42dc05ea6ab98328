import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { styleTestFiles, webTestOptions } from './vitest.config.ts';

// The web tests about how something looks (vitest.config.ts), each file with its own modules.
export default defineProject({
  plugins: [react()],
  test: {
    ...webTestOptions,
    name: 'web-styles',
    include: styleTestFiles,
    provide: { hasOwnModules: true },
  },
});

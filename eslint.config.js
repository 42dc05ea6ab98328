import js from '@eslint/js';
import stylistic from '@stylistic/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

// Imports flow one way: domain <- server, domain <- web. Server and web never import
// each other, and the domain package imports nothing of ours.
const SERVER_IMPORT = '^(@receta/server(/.*)?|(\\.\\./)+(apps/)?server(/.*)?)$';
const WEB_IMPORT = '^(@receta/web(/.*)?|(\\.\\./)+(apps/)?web(/.*)?)$';
const APP_IMPORT = '^(@receta/(server|web)(/.*)?|(\\.\\./)+apps(/.*)?)$';

/** @param {string} regex @param {string} message */
function forbidImports(regex, message) {
  return forbidPatterns([{ regex, message }]);
}

/** @param {{ regex: string, message: string }[]} patterns */
function forbidPatterns(patterns) {
  return { 'no-restricted-imports': ['error', { patterns }] };
}

// Inside the web app: shared code (components, lib, config, i18n) <- features <- app (router,
// shell). A feature reaches another only through that feature's index.ts. A later block's
// no-restricted-imports replaces an earlier one's, so each web block repeats the server rule.
const webNotServer = {
  regex: SERVER_IMPORT,
  message: 'The web app talks to the server over HTTP only; share code through @receta/domain.',
};
const FEATURE_INTERNALS = '^\\.\\./[^./][^/]*/(?!index\\.ts$).+$';
const FEATURE_OR_APP = '^(\\.\\./)+(features|app)(/.*)?$';

// Server layers (decision 033): platform and db know no module; a module reaches another only
// through its index.ts. Each block repeats the server's web rule, since a later block's
// no-restricted-imports replaces an earlier one's.
const SERVER_WEB_PATTERN = {
  regex: WEB_IMPORT, message: 'The server never imports the web app; share code through @receta/domain.',
};
const SERVER_MODULE_IMPORT = '^(\\.\\./)+(src/)?modules(/.*)?$';
const MODULE_INTERNALS_IMPORT = '^(\\./modules/[a-z0-9-]+|(\\.\\./)+(src/)?(modules/)?(?!platform/|db/|src/|modules/|test/|\\.\\./)[a-z0-9-]+)/(?!index\\.ts$).+$';

export default defineConfig(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.cache/**', 'data/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  stylistic.configs.customize({ semi: true, arrowParens: true, braceStyle: '1tbs', quoteProps: 'as-needed' }),
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js', 'apps/server/src/platform/event-log/sealing-worker.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@stylistic/max-len': ['error', { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreUrls: true }],
      '@stylistic/operator-linebreak': ['error', 'before', { overrides: { '=': 'after' } }],
      '@stylistic/quotes': ['error', 'single', { avoidEscape: true }],
      // Fastify plugins are async by contract even when they register routes synchronously.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['eslint.config.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      ...forbidPatterns([webNotServer]),
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: forbidPatterns([webNotServer, {
      regex: FEATURE_INTERNALS,
      message: 'A feature imports another feature only through its index.ts; shared pieces belong in components/ or lib/.',
    }]),
  },
  {
    files: ['apps/web/src/{components,lib,config,i18n}/**/*.{ts,tsx}'],
    rules: forbidPatterns([webNotServer, {
      regex: FEATURE_OR_APP,
      message: 'Shared web code knows no feature and no app shell: features import it, not the other way round.',
    }]),
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: forbidImports(WEB_IMPORT, 'The server never imports the web app; share code through @receta/domain.'),
  },
  {
    files: ['apps/server/src/platform/**/*.ts', 'apps/server/src/db/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [SERVER_WEB_PATTERN, {
        regex: SERVER_MODULE_IMPORT,
        message: 'Platform and db know no module: hand what they need in from app.ts (decision 033).',
      }] }],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/*.ts', 'apps/server/test/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [SERVER_WEB_PATTERN, {
        regex: MODULE_INTERNALS_IMPORT,
        message: 'Another module is reached through its index.ts only (decision 033).',
      }] }],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: forbidImports(APP_IMPORT, 'The domain package imports nothing of ours.'),
  },
);

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

/** The rule ids ESLint reports for `source` as if it were the file at `filePath`. */
async function rulesBrokenBy(source: string, filePath: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result?.messages.map((message) => message.ruleId) ?? [];
}

describe('import boundaries', () => {
  it('stops the web app from importing the server', async () => {
    const rules = await rulesBrokenBy("export { buildApp } from '../../server/src/app.ts';\n", 'apps/web/src/main.tsx');
    expect(rules).toContain('no-restricted-imports');
  });

  it('stops the server from importing the web app', async () => {
    const rules = await rulesBrokenBy("export { paths } from '../../web/src/config/paths.ts';\n", 'apps/server/src/app.ts');
    expect(rules).toContain('no-restricted-imports');
  });

  it('stops the domain package from importing an app', async () => {
    const rules = await rulesBrokenBy("export { loadConfig } from '../../../apps/server/src/config.ts';\n", 'packages/domain/src/index.ts');
    expect(rules).toContain('no-restricted-imports');
  });

  it('lets the server and the web app import the domain package', async () => {
    const rules = await rulesBrokenBy("export { messages } from '@receta/domain';\n", 'apps/server/src/app.ts');
    expect(rules).not.toContain('no-restricted-imports');
  });
});

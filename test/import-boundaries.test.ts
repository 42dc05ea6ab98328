import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's configuration, with the one rule these tests are about and without the type
// information the other rules need: building a TypeScript program for each file linted took a minute.
const eslint = new ESLint({
  cwd: new URL('..', import.meta.url).pathname,
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

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

  it('stops a web feature from reaching into another feature past its index.ts', async () => {
    const rules = await rulesBrokenBy("export { usePrescriptions } from '../prescriptions/prescriptions-api.ts';\n", 'apps/web/src/features/home/doctor-start.tsx');
    expect(rules).toContain('no-restricted-imports');
  });

  it('lets a web feature import another through its index.ts, and its own files', async () => {
    const source = "export { usePrescriptions } from '../prescriptions/index.ts';\nexport { DoctorStart } from './doctor-start.tsx';\n";
    const rules = await rulesBrokenBy(source, 'apps/web/src/features/home/home-section.tsx');
    expect(rules).not.toContain('no-restricted-imports');
  });

  it('still stops a web feature from importing the server', async () => {
    const rules = await rulesBrokenBy("export { buildApp } from '../../../../server/src/app.ts';\n", 'apps/web/src/features/home/home-section.tsx');
    expect(rules).toContain('no-restricted-imports');
  });

  it.each([
    ['a feature', "export { usePrescriptions } from '../features/prescriptions/index.ts';\n"],
    ['the app shell', "export { routes } from '../app/router.tsx';\n"],
  ])('stops shared web components from importing %s', async (_case, source) => {
    const rules = await rulesBrokenBy(source, 'apps/web/src/components/page-card.tsx');
    expect(rules).toContain('no-restricted-imports');
  });

  it('lets the server and the web app import the domain package', async () => {
    const rules = await rulesBrokenBy("export { messages } from '@receta/domain';\n", 'apps/server/src/app.ts');
    expect(rules).not.toContain('no-restricted-imports');
  });

  it('stops the server\'s platform and db from importing a module', async () => {
    for (const [source, filePath] of [
      ["export { findPrescriber } from '../../modules/prescriptions/index.ts';\n", 'apps/server/src/platform/pki/signing-authority.ts'],
      ["export { ensureBuiltInRoles } from '../modules/roles/built-in-roles.ts';\n", 'apps/server/src/db/client.ts'],
    ]) {
      expect(await rulesBrokenBy(source!, filePath!)).toContain('no-restricted-imports');
    }
  });

  it('stops a server module from reaching into another module past its index.ts', async () => {
    for (const [source, filePath] of [
      ["export { findRolesOfUser } from '../auth/auth.repository.ts';\n", 'apps/server/src/modules/profile/profile.service.ts'],
      ["export { signingRoutes } from './modules/prescriptions/signing.routes.ts';\n", 'apps/server/src/app.ts'],
      ["export { deliverToPatient } from '../../src/modules/patient-access/patient-delivery.ts';\n", 'apps/server/test/helper.ts'],
    ]) {
      expect(await rulesBrokenBy(source!, filePath!)).toContain('no-restricted-imports');
    }
  });

  it('lets a server module import another\'s index.ts, the platform and the db', async () => {
    const source = [
      "export { findRolesOfUser } from '../auth/index.ts';",
      "export { recordAudit } from '../../platform/audit.ts';",
      "export { users } from '../../db/schema/index.ts';",
      "export { maxWrongPins } from './signing-pin.ts';",
      '',
    ].join('\n');
    const rules = await rulesBrokenBy(source, 'apps/server/src/modules/prescriptions/signing.service.ts');
    expect(rules).not.toContain('no-restricted-imports');
    expect(rules).not.toContain(null);
  });
});

import { permissions, type Permission } from '@receta/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { roles } from '../../db/schema/index.ts';

/** The superadmin holds every permission of the catalogue, including ones added in later releases. */
export const superadminRole = {
  slug: 'superadmin',
  name: 'Superadministrador',
  description: 'Administra toda la plataforma.',
  landingPage: null,
  permissions: [...permissions],
};

/** A doctor approved by a moderator: their patients, their prescriptions, signing. */
export const medicalRole = {
  slug: 'fds.medical',
  name: 'Médico',
  description: 'Profesional que atiende pacientes y emite y firma recetas.',
  landingPage: null,
  permissions: [
    'owner.prescription', 'index.prescription', 'show.prescription', 'create.prescription', 'edit.prescription',
    'destroy.prescription', 'sign.prescription', 'owner.patient', 'index.patient', 'show.patient', 'create.patient',
    'edit.patient', 'dashboard.medical',
  ] satisfies Permission[],
};

const builtInRoles = [superadminRole, medicalRole];

/** Creates the built-in roles, or brings their permissions up to date with this release. */
export async function ensureBuiltInRoles(db: Database): Promise<void> {
  await db.insert(roles)
    .values(builtInRoles.map((role) => ({ ...role, isBuiltIn: true })))
    .onConflictDoUpdate({
      target: roles.slug,
      set: { permissions: sql`excluded.permissions`, isBuiltIn: true },
    });
}

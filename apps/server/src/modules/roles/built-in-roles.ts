import { permissions, roleSlugs, type Permission } from '@receta/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { roles } from '../../db/schema/index.ts';

export interface BuiltInRole {
  slug: string;
  name: string;
  description: string;
  landingPage: string | null;
  permissions: Permission[];
}

function crud(resource: 'prescription' | 'patient' | 'medical' | 'owner' | 'employee' | 'user' | 'role'): Permission[] {
  return [`index.${resource}`, `show.${resource}`, `create.${resource}`, `edit.${resource}`, `destroy.${resource}`];
}

function adminPermissions(variant: 'fds' | 'antigens'): Permission[] {
  return [`index.admin.${variant}`, `show.admin.${variant}`, `create.admin.${variant}`, `edit.admin.${variant}`,
    `destroy.admin.${variant}`];
}

/** The superadmin holds every permission of the catalogue, including ones added in later releases. */
export const superadminRole: BuiltInRole = {
  slug: roleSlugs.superadmin,
  name: 'Superadministrador',
  description: 'Administra toda la plataforma.',
  landingPage: null,
  permissions: [...permissions],
};

/** A doctor approved by a moderator: their patients, their prescriptions, signing. */
export const medicalRole: BuiltInRole = {
  slug: roleSlugs.medical,
  name: 'Médico',
  description: 'Profesional que atiende pacientes y emite y firma recetas.',
  landingPage: null,
  // No index.prescription: a doctor lists their own prescriptions (owner.prescription); the
  // whole workspace's list is for clinic administrators and providers.
  permissions: [
    'show.prescription', 'create.prescription', 'edit.prescription', 'destroy.prescription', 'owner.prescription',
    'sign.prescription', ...crud('patient'), 'owner.patient', 'dashboard.medical',
  ],
};

/** The default roles (docs/roles.md explains each). Built-in roles cannot be deleted. */
export const builtInRoles: BuiltInRole[] = [
  superadminRole,
  {
    slug: roleSlugs.fdsAdmin,
    name: 'Administrador de firma digital',
    description: 'Administra una clínica: sus médicos, administradores y el registro de recetas.',
    landingPage: null,
    permissions: [
      ...adminPermissions('fds'), 'index.user', 'show.user', 'create.user', 'edit.user', 'index.role', 'show.role',
      'index.medical', 'show.medical', 'create.medical', 'edit.medical', 'index.not.authorized.user',
      'index.prescription', 'show.prescription', 'index.patient', 'show.patient', 'dashboard.medical',
    ],
  },
  {
    slug: roleSlugs.antigensAdmin,
    name: 'Administrador de antígenos',
    description: 'Administra las organizaciones del módulo de antígenos y a sus empleados.',
    landingPage: '/owners',
    permissions: [...adminPermissions('antigens'), ...crud('owner'), 'index.employee', 'show.employee'],
  },
  {
    slug: roleSlugs.femeconAdmin,
    name: 'Administrador de federación',
    description: 'Verifica y autoriza o suspende a los médicos de la federación.',
    landingPage: '/users/notAuthorized',
    permissions: ['femecon.admin', 'index.medical', 'show.medical', 'edit.medical', 'index.not.authorized.user'],
  },
  medicalRole,
  {
    slug: roleSlugs.provider,
    name: 'Prestador',
    description: 'Personal de una clínica que consulta las recetas y atiende a los pacientes del espacio de trabajo.',
    landingPage: '/prescriptions',
    permissions: ['index.prescription', 'show.prescription', 'index.patient', 'show.patient', 'create.patient', 'edit.patient'],
  },
  {
    slug: roleSlugs.pharmacy,
    name: 'Farmacia',
    description: 'Escanea el QR de una receta, verifica su firma y la dispensa.',
    landingPage: '/scanner',
    permissions: ['index.scan', 'show.prescription', 'mark.prescription'],
  },
  {
    slug: roleSlugs.owner,
    name: 'Organización (antígenos)',
    description: 'Empresa, escuela o residencia que registra los tests de antígenos de sus empleados.',
    landingPage: '/myEmployees',
    permissions: ['owner.employee', ...crud('employee')],
  },
  {
    slug: roleSlugs.employee,
    name: 'Empleado (antígenos)',
    description: 'Persona de una organización cuyos tests de antígenos se registran.',
    landingPage: null,
    permissions: ['show.employee'],
  },
];

/** Creates the built-in roles, or brings their permissions up to date with this release. */
export async function ensureBuiltInRoles(db: Database): Promise<void> {
  await db.insert(roles)
    .values(builtInRoles.map((role) => ({ ...role, isBuiltIn: true })))
    .onConflictDoUpdate({
      target: roles.slug,
      set: { permissions: sql`excluded.permissions`, isBuiltIn: true },
    });
}

import {
  EmployeeInputSchema, isInRoleGroup, messages, type Employee, type EmployeeImportReport, type EmployeePage,
} from '@receta/domain';
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { employees } from '../../db/schema/index.ts';
import { violatedUniqueConstraint } from '../../db/unique-violation.ts';
import { recordAudit } from '../../platform/audit.ts';
import { AppError, type FieldError } from '../../platform/http/app-error.ts';
import type { ActingAdministrator } from '../../platform/auth/acting-administrator.ts';
import { normalizeForSearch } from '../../db/search-text.ts';
import { deleteCertificatesOfEmployees } from './antigen-tests.repository.ts';
import { employeesCsv, isoDateOf, parseEmployeeCsv, type EmployeeCsvColumn } from './employee-csv.ts';
import {
  deleteEmployees, findEmployee, findEmployees, findEmployeesPage, insertEmployee, insertNewEmployees, lockEmployees,
  uniqueDniConstraint, updateEmployee, type EmployeeFilters, type EmployeePageQuery, type EmployeeRow,
  type EmployeeValues, type OwnerScope,
} from './employees.repository.ts';
import { findOwner, findOwnerIdOfUser } from './owners.repository.ts';

export type EmployeeInput = z.output<typeof EmployeeInputSchema>;

/** Who works on employees: the signed-in user with roles and permissions (an administrator's shape). */
export type EmployeesActor = ActingAdministrator;

// Another owner's employee gets the same answer as one that never existed, so ids cannot be probed.
const notFound = () => AppError.notFound(messages.employees.notFound);
const ownerNotFound = () => AppError.notFound(messages.owners.notFound);

const dniTaken = { field: 'body.dni', message: messages.employees.dniTaken } satisfies FieldError;

/**
 * Whose employees the user works on. An owner's account works on its own organisation's
 * only. Holding owner.employee marks such an account: without an organisation it sees
 * nothing, even though the owner role also holds index.employee. Anyone else holding
 * index.employee (an antigens administrator; the superadmin, who holds every permission)
 * oversees every owner's.
 */
export async function employeeScopeOf(db: Database, actor: EmployeesActor): Promise<OwnerScope> {
  const ownerId = await findOwnerIdOfUser(db, actor.actorUserId);
  if (ownerId) return ownerId;
  const isOrganisationAccount = actor.scope.includes('owner.employee') && !isInRoleGroup('superAdmin', actor.roles);
  if (isOrganisationAccount || !actor.scope.includes('index.employee')) throw ownerNotFound();
  return null;
}

/**
 * The owner new employees join: the user's own organisation, or for an antigens
 * administrator the `ownerId` they name, which must exist.
 */
async function targetOwnerOf(
  db: Database, actor: EmployeesActor, requestedOwnerId: string | undefined,
): Promise<string> {
  const scope = await employeeScopeOf(db, actor);
  if (scope !== null) {
    if (requestedOwnerId && requestedOwnerId !== scope) throw ownerNotFound();
    return scope;
  }
  if (!requestedOwnerId) {
    const message = messages.common.required;
    throw new AppError('invalid_data', message, 'ownerRequired', [{ field: 'querystring.ownerId', message }]);
  }
  if (!await findOwner(db, requestedOwnerId)) throw ownerNotFound();
  return requestedOwnerId;
}

function employeeOf(row: EmployeeRow): Employee {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

function valuesOf(input: EmployeeInput): EmployeeValues {
  return { ...input, searchText: normalizeForSearch(input.lastName, input.name, input.dni) };
}

/** Runs a write, answering a DNI the owner's employees already have as the form's error on the DNI. */
async function guardingDni<Result>(write: () => Promise<Result>): Promise<Result> {
  try {
    return await write();
  } catch (error) {
    if (violatedUniqueConstraint(error) !== uniqueDniConstraint) throw error;
    throw new AppError('conflict', dniTaken.message, 'dniTaken', [dniTaken]);
  }
}

/** A page of the employees the user may see, searched by name or DNI and filtered by last result. */
export async function listEmployees(
  db: Database, actor: EmployeesActor, query: EmployeePageQuery,
): Promise<EmployeePage> {
  const { items, total } = await findEmployeesPage(db, await employeeScopeOf(db, actor), query);
  return { items: items.map(employeeOf), total, page: query.page, pageSize: query.pageSize };
}

/** An employee the user may see; another owner's is not found. */
export async function showEmployee(db: Database, actor: EmployeesActor, id: string): Promise<Employee> {
  const row = await findEmployee(db, await employeeScopeOf(db, actor), id);
  if (!row) throw notFound();
  return employeeOf(row);
}

export async function createEmployee(
  db: Database, actor: EmployeesActor, input: EmployeeInput, requestedOwnerId?: string,
): Promise<Employee> {
  const ownerId = await targetOwnerOf(db, actor, requestedOwnerId);
  const id = await guardingDni(() => db.transaction(async (tx) => {
    const employeeId = await insertEmployee(tx, ownerId, valuesOf(input));
    await recordAudit(tx, actor, { action: 'employee.created', subjectType: 'employee', subjectId: employeeId });
    return employeeId;
  }));
  return showEmployee(db, actor, id);
}

export async function editEmployee(
  db: Database, actor: EmployeesActor, id: string, input: EmployeeInput,
): Promise<Employee> {
  const scope = await employeeScopeOf(db, actor);
  await guardingDni(() => db.transaction(async (tx) => {
    if (!await updateEmployee(tx, scope, id, valuesOf(input))) throw notFound();
    await recordAudit(tx, actor, { action: 'employee.edited', subjectType: 'employee', subjectId: id });
  }));
  return showEmployee(db, actor, id);
}

/** Removes employees with their tests and certificates: all of them, or none when one is not the user's to remove. */
export async function removeEmployees(db: Database, actor: EmployeesActor, ids: string[]): Promise<string[]> {
  const scope = await employeeScopeOf(db, actor);
  return db.transaction(async (tx) => {
    const found = (await lockEmployees(tx, scope, ids)).map((employee) => employee.id);
    if (found.length < new Set(ids).size) throw notFound();
    await deleteCertificatesOfEmployees(tx, inArray(employees.id, found));
    await deleteEmployees(tx, found);
    for (const id of found) await recordAudit(tx, actor, { action: 'employee.deleted', subjectType: 'employee', subjectId: id });
    return found;
  });
}

const columnOfField: Record<keyof EmployeeInput, EmployeeCsvColumn> = {
  lastName: 'apellido',
  name: 'nombre',
  dni: 'dni',
  birthDate: 'fecha_nacimiento',
  email: 'email',
  phone: 'telefono',
  position: 'puesto',
};

type RowCheck = { line: number; values: EmployeeValues } | { line: number; errors: FieldError[] };

/** A row of the file checked as the form checks an employee; its errors are named by the file's columns. */
function checkRow(line: number, cells: Record<EmployeeCsvColumn, string>): RowCheck {
  const parsed = EmployeeInputSchema.safeParse({
    lastName: cells.apellido,
    name: cells.nombre,
    dni: cells.dni,
    birthDate: isoDateOf(cells.fecha_nacimiento),
    email: cells.email,
    phone: cells.telefono,
    position: cells.puesto,
  });
  if (parsed.success) return { line, values: valuesOf(parsed.data) };
  const errors = parsed.error.issues.map((issue) => ({
    field: columnOfField[issue.path[0] as keyof EmployeeInput],
    message: issue.message,
  }));
  return { line, errors };
}

/**
 * Imports employees from a CSV file: every valid row is created, in one transaction; each
 * refused row is reported with its line and the form's messages. A DNI twice in the file,
 * or one the owner already has, is refused on its row.
 */
export async function importEmployees(
  db: Database, actor: EmployeesActor, content: Uint8Array, requestedOwnerId?: string,
): Promise<EmployeeImportReport> {
  const ownerId = await targetOwnerOf(db, actor, requestedOwnerId);
  const checked = parseEmployeeCsv(content).map(({ line, cells }) => checkRow(line, cells));
  const refused: EmployeeImportReport['refused'] = [];
  const accepted = new Map<string, { line: number; values: EmployeeValues }>();
  const dniRefusal = (line: number) => ({ line, errors: [{ field: columnOfField.dni, message: dniTaken.message }] });
  for (const row of checked) {
    if ('errors' in row) refused.push(row);
    else if (accepted.has(row.values.dni)) refused.push(dniRefusal(row.line));
    else accepted.set(row.values.dni, row);
  }
  const inserted = await db.transaction(async (tx) => {
    const dnis = await insertNewEmployees(tx, ownerId, [...accepted.values()].map((row) => row.values));
    await recordAudit(tx, actor, {
      action: 'employee.imported', subjectType: 'owner', subjectId: ownerId, details: { created: dnis.size },
    });
    return dnis;
  });
  for (const row of accepted.values()) if (!inserted.has(row.values.dni)) refused.push(dniRefusal(row.line));
  return {
    created: inserted.size,
    refused: refused.sort((first, second) => first.line - second.line),
    message: messages.employees.imported,
  };
}

/** The employees the user may see that pass the filters, as a CSV file for Excel. */
export async function exportEmployees(db: Database, actor: EmployeesActor, filters: EmployeeFilters): Promise<string> {
  const rows = await findEmployees(db, await employeeScopeOf(db, actor), filters);
  return employeesCsv(rows.map(employeeOf));
}

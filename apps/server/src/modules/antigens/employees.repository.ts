import type { AntigenResult } from '@receta/domain';
import { and, asc, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { employees } from '../../db/schema/index.ts';
import { containingEveryWord, searchWordsOf } from '../../db/search-condition.ts';

/** The owner whose employees a request may touch, or null for every owner's (an antigens administrator). */
export type OwnerScope = string | null;

export interface EmployeeFilters {
  q?: string | undefined;
  lastResult?: AntigenResult | 'none' | undefined;
  ownerId?: string | undefined;
}

export interface EmployeePageQuery extends EmployeeFilters {
  page: number;
  pageSize: number;
  sort: 'lastName' | 'dni' | 'lastTestedOn' | 'createdAt';
  order: 'asc' | 'desc';
}

export type EmployeeValues = Omit<typeof employees.$inferInsert, 'id' | 'ownerId' | 'createdAt' | 'lastResult' | 'lastTestedOn'>;

/** The name of the DNI's uniqueness within an owner, as the database reports its violation. */
export const uniqueDniConstraint = 'employees_ownerId_dni_unique';

const employeeColumns = {
  id: employees.id,
  ownerId: employees.ownerId,
  name: employees.name,
  lastName: employees.lastName,
  dni: employees.dni,
  birthDate: employees.birthDate,
  email: employees.email,
  phone: employees.phone,
  position: employees.position,
  lastResult: employees.lastResult,
  lastTestedOn: employees.lastTestedOn,
  createdAt: employees.createdAt,
};

export type EmployeeRow = Awaited<ReturnType<typeof findEmployees>>[number];

const sortColumns = {
  lastName: employees.lastName,
  dni: employees.dni,
  lastTestedOn: employees.lastTestedOn,
  createdAt: employees.createdAt,
} as const;

function inScope(scope: OwnerScope): SQL | undefined {
  return scope === null ? undefined : eq(employees.ownerId, scope);
}

function whereOf(scope: OwnerScope, filters: EmployeeFilters): SQL | undefined {
  const { lastResult } = filters;
  return and(
    inScope(scope),
    filters.ownerId ? eq(employees.ownerId, filters.ownerId) : undefined,
    lastResult === 'none' ? isNull(employees.lastResult) : lastResult ? eq(employees.lastResult, lastResult) : undefined,
    containingEveryWord(employees.searchText, searchWordsOf(filters.q)),
  );
}

const byName = [asc(employees.lastName), asc(employees.name), asc(employees.id)];

/** One page of the employees in scope that pass the filters. */
export async function findEmployeesPage(db: Database, scope: OwnerScope, query: EmployeePageQuery) {
  const where = whereOf(scope, query);
  const direction = query.order === 'desc' ? desc : asc;
  const items = await db.select(employeeColumns)
    .from(employees)
    .where(where)
    .orderBy(direction(sortColumns[query.sort]), ...byName)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ count: count() }).from(employees).where(where);
  return { items, total: total?.count ?? 0 };
}

/** Every employee in scope that passes the filters, by name, for an export. */
export function findEmployees(db: Database, scope: OwnerScope, filters: EmployeeFilters) {
  return db.select(employeeColumns).from(employees).where(whereOf(scope, filters)).orderBy(...byName);
}

/** An employee in scope; undefined for another owner's, as for one that does not exist. */
export function findEmployee(db: Database, scope: OwnerScope, id: string) {
  return db.select(employeeColumns)
    .from(employees)
    .where(and(inScope(scope), eq(employees.id, id)))
    .then(([row]) => row);
}

/** The employee in scope, locked until the transaction ends (a test is being recorded or removed). */
export function lockEmployee(db: Database, scope: OwnerScope, id: string) {
  return db.select({ id: employees.id, ownerId: employees.ownerId })
    .from(employees)
    .where(and(inScope(scope), eq(employees.id, id)))
    .for('update')
    .then(([row]) => row);
}

export async function insertEmployee(db: Database, ownerId: string, values: EmployeeValues): Promise<string> {
  const [row] = await db.insert(employees).values({ ...values, ownerId }).returning({ id: employees.id });
  if (!row) throw new Error('The employee was not inserted');
  return row.id;
}

const insertBatchSize = 1000;

/**
 * Inserts the employees whose DNI the owner does not have yet; answers the DNIs inserted, so
 * that a DNI another request added meanwhile is reported rather than failing the whole import.
 */
export async function insertNewEmployees(db: Database, ownerId: string, rows: EmployeeValues[]): Promise<Set<string>> {
  const inserted = new Set<string>();
  // In batches: PostgreSQL takes at most 65535 parameters in one statement.
  for (let start = 0; start < rows.length; start += insertBatchSize) {
    const batch = await db.insert(employees)
      .values(rows.slice(start, start + insertBatchSize).map((values) => ({ ...values, ownerId })))
      .onConflictDoNothing({ target: [employees.ownerId, employees.dni] })
      .returning({ dni: employees.dni });
    for (const row of batch) inserted.add(row.dni);
  }
  return inserted;
}

/** Saves an employee in scope; answers false when there is no such employee there. */
export async function updateEmployee(
  db: Database, scope: OwnerScope, id: string, values: EmployeeValues,
): Promise<boolean> {
  const updated = await db.update(employees)
    .set(values)
    .where(and(inScope(scope), eq(employees.id, id)))
    .returning({ id: employees.id });
  return updated.length === 1;
}

/** The employees of these ids in scope, locked for their removal. */
export function lockEmployees(db: Database, scope: OwnerScope, ids: string[]) {
  return db.select({ id: employees.id })
    .from(employees)
    .where(and(inScope(scope), inArray(employees.id, ids)))
    .for('update');
}

/** Deletes employees; their tests go with them (foreign keys cascade). */
export async function deleteEmployees(db: Database, ids: string[]): Promise<void> {
  await db.delete(employees).where(inArray(employees.id, ids));
}

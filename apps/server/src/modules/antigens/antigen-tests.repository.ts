import type { AntigenResult } from '@receta/domain';
import { and, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { antigenTests, employees, files, users } from '../../db/schema/index.ts';

const testColumns = {
  id: antigenTests.id,
  employeeId: antigenTests.employeeId,
  testedOn: antigenTests.testedOn,
  result: antigenTests.result,
  place: antigenTests.place,
  certificateFileId: antigenTests.certificateFileId,
  recordedById: antigenTests.recordedBy,
  recordedByName: users.displayName,
  createdAt: antigenTests.createdAt,
};

export type AntigenTestRow = Awaited<ReturnType<typeof findTestsOfEmployee>>[number];

// The latest test decides the employee's last result: the later test date, and of two tests
// the same day the one recorded last.
const newestFirst = [desc(antigenTests.testedOn), desc(antigenTests.createdAt), desc(antigenTests.id)];

/** An employee's tests, newest first, with who recorded each. */
export function findTestsOfEmployee(db: Database, employeeId: string) {
  return db.select(testColumns)
    .from(antigenTests)
    .leftJoin(users, eq(users.id, antigenTests.recordedBy))
    .where(eq(antigenTests.employeeId, employeeId))
    .orderBy(...newestFirst);
}

export function findTest(db: Database, employeeId: string, testId: string) {
  return db.select(testColumns)
    .from(antigenTests)
    .leftJoin(users, eq(users.id, antigenTests.recordedBy))
    .where(and(eq(antigenTests.employeeId, employeeId), eq(antigenTests.id, testId)))
    .then(([row]) => row);
}

export interface NewAntigenTest {
  employeeId: string;
  testedOn: string;
  result: AntigenResult;
  place: string;
  certificateFileId: string | null;
  recordedBy: string | null;
}

export async function insertTest(db: Database, test: NewAntigenTest): Promise<string> {
  const [row] = await db.insert(antigenTests).values(test).returning({ id: antigenTests.id });
  if (!row) throw new Error('The test was not inserted');
  return row.id;
}

/** Deletes one test of the employee; answers its certificate's file id, or undefined when there was no such test. */
export async function deleteTest(db: Database, employeeId: string, testId: string) {
  const [row] = await db.delete(antigenTests)
    .where(and(eq(antigenTests.employeeId, employeeId), eq(antigenTests.id, testId)))
    .returning({ certificateFileId: antigenTests.certificateFileId });
  return row;
}

/** Sets the employee's last result and date from their newest test, or clears them when none is left. */
export async function refreshLastResult(db: Database, employeeId: string): Promise<void> {
  const [newest] = await db.select({ result: antigenTests.result, testedOn: antigenTests.testedOn })
    .from(antigenTests)
    .where(eq(antigenTests.employeeId, employeeId))
    .orderBy(...newestFirst)
    .limit(1);
  await db.update(employees)
    .set({ lastResult: newest?.result ?? null, lastTestedOn: newest?.testedOn ?? null })
    .where(eq(employees.id, employeeId));
}

/**
 * Deletes the certificates of the tests of the employees `which` selects. The tests' rows go
 * with their employees by cascade; the files would stay behind, attached to the owner's
 * account, so they are deleted first.
 */
export async function deleteCertificatesOfEmployees(db: Database, which: SQL): Promise<void> {
  const certificates = db.select({ id: antigenTests.certificateFileId })
    .from(antigenTests)
    .innerJoin(employees, eq(employees.id, antigenTests.employeeId))
    .where(and(which, isNotNull(antigenTests.certificateFileId)));
  await db.delete(files).where(inArray(files.id, certificates));
}

import { messages, type AntigenTest, type AntigenTestInputSchema } from '@receta/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { attachFile, fileIdOfLocation, findFile, lockClaimableFiles } from '../../platform/files/file-store.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { deleteFile } from '../workspaces/index.ts';
import {
  deleteTest, findTest, findTestsOfEmployee, insertTest, refreshLastResult, type AntigenTestRow,
} from './antigen-tests.repository.ts';
import { employeeScopeOf, type EmployeesActor } from './employees.service.ts';
import { findEmployee, lockEmployee } from './employees.repository.ts';
import { findOwner } from './owners.repository.ts';

export type AntigenTestInput = z.output<typeof AntigenTestInputSchema>;

const employeeNotFound = () => AppError.notFound(messages.employees.notFound);
const testNotFound = () => AppError.notFound(messages.employees.testNotFound);

/** Where a test's certificate is read: only through its employee, by who may see the employee. */
function certificateUrlOf(employeeId: string, testId: string): string {
  return `/api/employees/${employeeId}/tests/${testId}/certificate`;
}

function testOf(row: AntigenTestRow): AntigenTest {
  return {
    id: row.id,
    employeeId: row.employeeId,
    testedOn: row.testedOn,
    result: row.result,
    place: row.place,
    certificateUrl: row.certificateFileId ? certificateUrlOf(row.employeeId, row.id) : null,
    recordedBy: { id: row.recordedById, displayName: row.recordedByName ?? messages.antigens.recorderRemoved },
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Claims an upload of `POST /api/doctors/uploadFile` (PDF, PNG or JPEG by content, at most
 * 5 MB) as a test's certificate. It is attached to the owner's account, so it lives as long
 * as the owner's data does; an upload already claimed or expired is refused on the field.
 */
async function claimCertificate(tx: Database, location: string, ownerUserId: string, now: Date): Promise<string> {
  const fileId = fileIdOfLocation(location);
  if (!fileId || !(await lockClaimableFiles(tx, [fileId], now)).has(fileId)) {
    const message = messages.registration.attachmentInvalid;
    throw new AppError('invalid_data', message, 'attachmentInvalid', [{ field: 'body.certificate', message }]);
  }
  await attachFile(tx, fileId, ownerUserId, 'antigenCertificate');
  return fileId;
}

/** An employee's tests, newest first, for who may see the employee. */
export async function listTests(db: Database, actor: EmployeesActor, employeeId: string): Promise<AntigenTest[]> {
  const scope = await employeeScopeOf(db, actor);
  if (!await findEmployee(db, scope, employeeId)) throw employeeNotFound();
  return (await findTestsOfEmployee(db, employeeId)).map(testOf);
}

/**
 * Records a test and, in the same transaction, the employee's last result and date (the
 * latest test date wins; of two the same day, the one recorded last).
 */
export async function recordTest(
  db: Database, actor: EmployeesActor, employeeId: string, input: AntigenTestInput, now = new Date(),
): Promise<AntigenTest> {
  const scope = await employeeScopeOf(db, actor);
  const testId = await db.transaction(async (tx) => {
    const employee = await lockEmployee(tx, scope, employeeId);
    if (!employee) throw employeeNotFound();
    const owner = await findOwner(tx, employee.ownerId);
    const certificateFileId = input.certificate
      ? await claimCertificate(tx, input.certificate, owner?.userId ?? actor.actorUserId, now)
      : null;
    const id = await insertTest(tx, {
      employeeId, testedOn: input.testedOn, result: input.result, place: input.place, certificateFileId,
      recordedBy: actor.actorUserId,
    });
    await refreshLastResult(tx, employeeId);
    await recordAudit(tx, actor, {
      action: 'antigen_test.recorded', subjectType: 'employee', subjectId: employeeId, details: { testId: id },
    });
    return id;
  });
  const row = await findTest(db, employeeId, testId);
  if (!row) throw testNotFound();
  return testOf(row);
}

/** Removes a test with its certificate; the employee's last result is worked out again from the tests left. */
export async function removeTest(
  db: Database, actor: EmployeesActor, employeeId: string, testId: string,
): Promise<void> {
  const scope = await employeeScopeOf(db, actor);
  await db.transaction(async (tx) => {
    if (!await lockEmployee(tx, scope, employeeId)) throw employeeNotFound();
    const removed = await deleteTest(tx, employeeId, testId);
    if (!removed) throw testNotFound();
    if (removed.certificateFileId) await deleteFile(tx, removed.certificateFileId);
    await refreshLastResult(tx, employeeId);
    await recordAudit(tx, actor, {
      action: 'antigen_test.deleted', subjectType: 'employee', subjectId: employeeId, details: { testId },
    });
  });
}

/** A test's certificate file, for who may see the employee. */
export async function readCertificate(db: Database, actor: EmployeesActor, employeeId: string, testId: string) {
  const scope = await employeeScopeOf(db, actor);
  if (!await findEmployee(db, scope, employeeId)) throw employeeNotFound();
  const test = await findTest(db, employeeId, testId);
  const file = test?.certificateFileId ? await findFile(db, test.certificateFileId) : undefined;
  if (!file) throw testNotFound();
  return file;
}

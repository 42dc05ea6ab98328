import type { RepositoryPointerData, RepositoryPointerKind, RepositoryPointerStatus } from '@receta/domain';
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { prescriptionItems, prescriptions, repositoryPointers } from '../../db/schema/index.ts';

/** What a pointer copies from a signed prescription: the signature's snapshot of prescriber and patient. */
export function findPointerSource(db: Database, prescriptionId: string) {
  return db.select({
    issuedOn: prescriptions.issuedOn,
    prescriber: prescriptions.prescriber,
    patientCuil: prescriptions.patientCuil,
    patientIdentityDocumentType: prescriptions.patientIdentityDocumentType,
    patientIdentityDocumentNumber: prescriptions.patientIdentityDocumentNumber,
  })
    .from(prescriptions)
    .where(eq(prescriptions.id, prescriptionId))
    .then(([row]) => row);
}

/** The CUIRs of a prescription's items, all of them or those of `itemIds`, in the prescription's order. */
export async function findItemCuirs(db: Database, prescriptionId: string, itemIds?: string[]): Promise<string[]> {
  const rows = await db.select({ cuir: prescriptionItems.cuir })
    .from(prescriptionItems)
    .where(and(
      eq(prescriptionItems.prescriptionId, prescriptionId),
      itemIds ? inArray(prescriptionItems.id, itemIds) : undefined,
    ))
    .orderBy(asc(prescriptionItems.position));
  return rows.flatMap((row) => row.cuir ?? []);
}

/** `count` numbers of the repository's transaction sequence, ascending. */
export async function nextTransactionIds(db: Database, count: number): Promise<number[]> {
  const rows = await db.select({ id: sql<string>`nextval('repository_transaction_id_seq')::text` })
    .from(sql`generate_series(1, ${count})`);
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

export async function insertPointers(db: Database, pointers: Array<{
  kind: RepositoryPointerKind; prescriptionId: string; cuir: string; data: RepositoryPointerData; nextAttemptAt: Date;
}>): Promise<void> {
  if (pointers.length > 0) await db.insert(repositoryPointers).values(pointers);
}

/** Up to `limit` due pointers, locked without waiting for rows another process holds. */
export function selectDuePointers(db: Database, now: Date, limit: number) {
  return db.select({
    id: repositoryPointers.id, kind: repositoryPointers.kind, data: repositoryPointers.data,
    attempts: repositoryPointers.attempts,
  })
    .from(repositoryPointers)
    .where(and(eq(repositoryPointers.status, 'pending'), lte(repositoryPointers.nextAttemptAt, now)))
    .orderBy(asc(repositoryPointers.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** One page of the pointers, newest first, of one status or all. */
export async function findPointerPage(
  db: Database, query: { page: number; pageSize: number; status?: RepositoryPointerStatus | undefined },
) {
  const where = query.status ? eq(repositoryPointers.status, query.status) : undefined;
  const items = await db.select({
    id: repositoryPointers.id,
    kind: repositoryPointers.kind,
    prescriptionId: repositoryPointers.prescriptionId,
    cuir: repositoryPointers.cuir,
    transactionId: sql<number>`(${repositoryPointers.data}->>'transactionId')::bigint`.mapWith(Number),
    status: repositoryPointers.status,
    attempts: repositoryPointers.attempts,
    lastError: repositoryPointers.lastError,
    createdAt: repositoryPointers.createdAt,
    sentAt: repositoryPointers.sentAt,
  })
    .from(repositoryPointers)
    .where(where)
    .orderBy(desc(repositoryPointers.createdAt), desc(repositoryPointers.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ count: count() }).from(repositoryPointers).where(where);
  return { items, total: total?.count ?? 0 };
}

/** A pointer's delivery, locked until the transaction ends. */
export function lockPointer(db: Database, id: string) {
  return db.select({
    status: repositoryPointers.status,
    cuir: repositoryPointers.cuir,
    attempts: repositoryPointers.attempts,
    lastError: repositoryPointers.lastError,
  })
    .from(repositoryPointers)
    .where(eq(repositoryPointers.id, id))
    .for('update')
    .then(([row]) => row);
}

/** Puts a pointer back in the queue as new: pending, due `now`, no attempt made. */
export async function requeuePointer(db: Database, id: string, now: Date): Promise<void> {
  await db.update(repositoryPointers)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lastError: null })
    .where(eq(repositoryPointers.id, id));
}

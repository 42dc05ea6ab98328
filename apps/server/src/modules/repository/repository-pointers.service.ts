import { messages, type RepositoryPointerPage, type RepositoryPointerStatus } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findPointerPage, lockPointer, requeuePointer } from './repository-pointers.repository.ts';

/** A page of the national repository's pointers, newest first, with their dates in ISO 8601. */
export async function listRepositoryPointers(
  db: Database, query: { page: number; pageSize: number; status?: RepositoryPointerStatus | undefined },
): Promise<RepositoryPointerPage> {
  const { items, total } = await findPointerPage(db, query);
  return {
    items: items.map((pointer) => ({
      ...pointer,
      createdAt: pointer.createdAt.toISOString(),
      sentAt: pointer.sentAt?.toISOString() ?? null,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Sends a failed pointer again: back to pending with no attempt made, so it gets the whole
 * retry schedule once more. The event log keeps the attempts and the error it had.
 */
export async function retryRepositoryPointer(
  db: Database, actor: AuditActor, id: string, now = new Date(),
): Promise<string> {
  await db.transaction(async (tx) => {
    const pointer = await lockPointer(tx, id);
    if (!pointer) throw AppError.notFound(messages.repositoryPointers.notFound);
    if (pointer.status !== 'failed') throw new AppError('conflict', messages.repositoryPointers.notFailed);
    await requeuePointer(tx, id, now);
    await recordAudit(tx, actor, {
      action: 'repository_pointer.retried',
      subjectType: 'repository_pointer',
      subjectId: id,
      details: { cuir: pointer.cuir, attempts: pointer.attempts, lastError: pointer.lastError },
    });
  });
  return messages.repositoryPointers.retried;
}

import type { RepositoryPointerPage, RepositoryPointerStatus } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { findPointerPage } from './repository-pointers.repository.ts';

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

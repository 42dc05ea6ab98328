import { RepositoryPointerPageSchema, type RepositoryPointerStatus } from '@receta/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import type { Pagination } from '../../lib/use-pagination.ts';

export function useRepositoryPointers(
  { pageIndex, pageSize }: Pick<Pagination, 'pageIndex' | 'pageSize'>, status: RepositoryPointerStatus | undefined,
) {
  return useQuery({
    queryKey: ['repository-pointers', { pageIndex, pageSize, status }],
    queryFn: ({ signal }) => api.request('/api/repository-pointers', {
      query: { page: pageIndex + 1, pageSize, ...(status ? { status } : {}) },
      schema: RepositoryPointerPageSchema,
      signal,
    }),
    placeholderData: keepPreviousData,
    // The delivery loop settles pointers every few seconds: each visit looks afresh.
    staleTime: 0,
  });
}

import { OutboxPageSchema } from '@receta/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import type { Pagination } from '../../lib/use-pagination.ts';

export function useOutbox({ pageIndex, pageSize }: Pick<Pagination, 'pageIndex' | 'pageSize'>) {
  return useQuery({
    queryKey: ['outbox', { pageIndex, pageSize }],
    queryFn: ({ signal }) => api.request('/api/outbox', { query: { page: pageIndex + 1, pageSize }, schema: OutboxPageSchema, signal }),
    placeholderData: keepPreviousData,
    // New mail arrives while someone waits for a link; a fresh look each visit is what they expect.
    staleTime: 0,
  });
}

import { MessageAnswerSchema, RepositoryPointerPageSchema, type RepositoryPointerStatus } from '@receta/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import type { Pagination } from '../../lib/use-pagination.ts';

const repositoryPointersKey = ['repository-pointers'] as const;

export function useRepositoryPointers(
  { pageIndex, pageSize }: Pick<Pagination, 'pageIndex' | 'pageSize'>, status: RepositoryPointerStatus | undefined,
) {
  return useQuery({
    queryKey: [...repositoryPointersKey, { pageIndex, pageSize, status }],
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

/** Sends a failed pointer again; answers the server's message. */
export function useRetryRepositoryPointer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.request(`/api/repository-pointers/${encodeURIComponent(id)}/retry`, {
      method: 'POST', schema: MessageAnswerSchema,
    })).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: repositoryPointersKey }),
  });
}

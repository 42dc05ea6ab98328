import { MessageAnswerSchema, PendingUserPageSchema } from '@receta/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import type { Pagination } from '../../lib/use-pagination.ts';

const pendingUsersKey = ['moderation', 'pending-users'] as const;

/** Doctors waiting for approval and administrators not yet authorized, a page at a time. */
export function usePendingUsers({ pageIndex, pageSize }: Pick<Pagination, 'pageIndex' | 'pageSize'>, search: string) {
  return useQuery({
    queryKey: [...pendingUsersKey, { pageIndex, pageSize, search }],
    queryFn: ({ signal }) => api.request('/api/users/not-authorized', {
      query: { page: pageIndex + 1, pageSize, q: search.trim() || undefined },
      schema: PendingUserPageSchema,
      signal,
    }),
    // The table keeps its rows while the next page loads, instead of collapsing.
    placeholderData: keepPreviousData,
  });
}

/** Authorizes or rejects an account, then refreshes the list; answers the server's message. */
export function useReviewUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (review: { id: string; decision: 'authorize' } | { id: string; decision: 'reject'; reason: string }) => {
      const path = `/api/users/${encodeURIComponent(review.id)}/${review.decision}`;
      const body = review.decision === 'reject' ? { reason: review.reason } : undefined;
      const answer = await api.request(path, { method: 'POST', body, schema: MessageAnswerSchema });
      return answer.message;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingUsersKey }),
  });
}

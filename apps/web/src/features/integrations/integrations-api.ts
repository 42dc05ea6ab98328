import { IntegrationListSchema, MessageAnswerSchema } from '@receta/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

const integrationsKey = ['integrations'] as const;

/** `GET /api/integrations`: the apps the signed-in doctor authorised and has not revoked. */
export function useIntegrations() {
  return useQuery({
    queryKey: integrationsKey,
    queryFn: ({ signal }) => api.request('/api/integrations', { signal, schema: IntegrationListSchema }),
  });
}

/** `DELETE /api/integrations/{clientId}`: the app loses its access and every token at once. */
export function useRevokeIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (clientId: string) => {
      const answer = await api.request(`/api/integrations/${encodeURIComponent(clientId)}`, {
        method: 'DELETE',
        schema: MessageAnswerSchema.partial(),
      });
      return answer.message;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsKey }),
  });
}

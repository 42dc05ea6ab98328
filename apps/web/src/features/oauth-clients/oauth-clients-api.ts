import {
  OAuthClientCreatedSchema, OAuthClientPageSchema, OAuthClientSchema,
  type OAuthClientInput, type OAuthClientsQuery,
} from '@receta/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useDeleteRows, useResourcePage } from '../../lib/resource-api.ts';

export const oauthClientsKey = ['oauth-clients'] as const;
export type OAuthClientSort = NonNullable<OAuthClientsQuery['sort']>;

export function useOAuthClients(query: OAuthClientsQuery) {
  return useResourcePage(oauthClientsKey, '/api/oauth-clients', OAuthClientPageSchema, query);
}

export function useDeleteOAuthClients() {
  return useDeleteRows(oauthClientsKey, '/api/oauth-clients');
}

/** Registers an app (answering its secret, this once) or, with `id`, replaces its data. */
export function useSaveOAuthClient(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (client: OAuthClientInput) => (id === undefined
      ? api.request('/api/oauth-clients', { method: 'POST', body: client, schema: OAuthClientCreatedSchema })
      : { client: await api.request(`/api/oauth-clients/${encodeURIComponent(id)}`, { method: 'PUT', body: client, schema: OAuthClientSchema }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: oauthClientsKey }),
  });
}

/** A new secret for a confidential app, answered this once; the previous one stops working. */
export function useRotateSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.request(`/api/oauth-clients/${encodeURIComponent(id)}/secret`, {
      method: 'POST',
      schema: OAuthClientCreatedSchema,
    }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: oauthClientsKey }),
  });
}

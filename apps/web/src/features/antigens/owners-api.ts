import { OwnerPageSchema, OwnerSchema, OwnersRemovedSchema, type OwnerInput, type OwnersQuery } from '@receta/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useDeleteRows, useResource, useResourcePage } from '../../lib/resource-api.ts';

export const ownersKey = ['owners'] as const;
export type OwnerSort = NonNullable<OwnersQuery['sort']>;

const ownerPath = (id: string) => `/api/owners/${encodeURIComponent(id)}`;

export function useOwners(query: OwnersQuery) {
  return useResourcePage(ownersKey, '/api/owners', OwnerPageSchema, query);
}

export function useOwner(id: string) {
  return useResource(ownersKey, ownerPath(id), OwnerSchema);
}

export function useDeleteOwners() {
  return useDeleteRows(ownersKey, '/api/owners', OwnersRemovedSchema);
}

/** Creates an owner (the server mails its invitation), or changes the one with `id`. */
export function useSaveOwner(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (owner: OwnerInput) => (id
      ? api.request(ownerPath(id), { method: 'PUT', body: owner, schema: OwnerSchema })
      : api.request('/api/owners', { method: 'POST', body: owner, schema: OwnerSchema })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownersKey }),
  });
}

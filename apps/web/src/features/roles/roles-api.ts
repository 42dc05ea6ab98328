import {
  RolePageSchema, RoleSchema, type RoleInput, type RolesQuery, type RoleUpdateInput,
} from '@receta/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useDeleteRows, useResource, useResourcePage } from '../../lib/resource-api.ts';

export const rolesKey = ['roles'] as const;
export type RoleSort = NonNullable<RolesQuery['sort']>;

export function useRoles(query: RolesQuery) {
  return useResourcePage(rolesKey, '/api/roles', RolePageSchema, query);
}

export function useRole(id: string) {
  return useResource(rolesKey, `/api/roles/${encodeURIComponent(id)}`, RoleSchema);
}

export function useDeleteRoles() {
  return useDeleteRows(rolesKey, '/api/roles');
}

/** Creates a role, or changes one when `id` is given; refreshes the lists. */
export function useSaveRole(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (role: RoleInput | RoleUpdateInput) => (id === undefined
      ? api.request('/api/roles', { method: 'POST', body: role, schema: RoleSchema })
      : api.request(`/api/roles/${encodeURIComponent(id)}`, { method: 'PUT', body: role, schema: RoleSchema })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKey }),
  });
}

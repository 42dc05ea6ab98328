import {
  AdministratorPageSchema, AdministratorSchema, AssignableRolesSchema,
  type AdministratorCreateInput, type AdministratorsQuery, type AdministratorUpdateInput,
} from '@receta/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useDeleteRows, useResource, useResourcePage } from '../../lib/resource-api.ts';

export const administratorsKey = ['administrators'] as const;
export type AdministratorSort = NonNullable<AdministratorsQuery['sort']>;

export function useAdministrators(query: AdministratorsQuery) {
  return useResourcePage(administratorsKey, '/api/administrators', AdministratorPageSchema, query);
}

export function useAdministrator(id: string) {
  return useResource(administratorsKey, `/api/administrators/${encodeURIComponent(id)}`, AdministratorSchema);
}

/** The roles the signed-in administrator may grant, in the server's order. */
export function useAssignableRoles() {
  return useQuery({
    queryKey: [...administratorsKey, 'assignable-roles'],
    queryFn: async ({ signal }) => (await api.request('/api/administrators/assignable-roles', { schema: AssignableRolesSchema, signal })).payload,
    staleTime: 5 * 60_000,
  });
}

export function useDeleteAdministrators() {
  return useDeleteRows(administratorsKey, '/api/administrators');
}

export function useCreateAdministrator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (administrator: AdministratorCreateInput) => api.request('/api/administrators', {
      method: 'POST', body: administrator, schema: AdministratorSchema,
    }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: administratorsKey }),
  });
}

export function useUpdateAdministrator(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (administrator: AdministratorUpdateInput) => api.request(`/api/administrators/${encodeURIComponent(id)}`, {
      method: 'PUT', body: administrator, schema: AdministratorSchema,
    }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: administratorsKey }),
  });
}

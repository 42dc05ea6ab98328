import {
  AdministratorPageSchema, MedicalPageSchema, WorkspaceDetailSchema, WorkspacePageSchema,
  type WorkspacesQuery,
} from '@receta/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useDeleteRows, useResource, useResourcePage } from '../../lib/resource-api.ts';

export const workspacesKey = ['workspaces'] as const;
export type WorkspaceSort = NonNullable<WorkspacesQuery['sort']>;

const workspacePath = (id: string) => `/api/workspaces/${encodeURIComponent(id)}`;

export function useWorkspaces(query: WorkspacesQuery) {
  return useResourcePage(workspacesKey, '/api/workspaces', WorkspacePageSchema, query);
}

export function useWorkspace(id: string) {
  return useResource(workspacesKey, workspacePath(id), WorkspaceDetailSchema);
}

export function useDeleteWorkspaces() {
  return useDeleteRows(workspacesKey, '/api/workspaces');
}

type WorkspaceChange =
  | { kind: 'create'; name: string }
  | { kind: 'rename'; id: string; name: string }
  | { kind: 'avatar'; id: string; file: File }
  | { kind: 'addMember'; id: string; userId: string }
  | { kind: 'removeMember'; id: string; userId: string };

/** Every change the superadmin makes to a workspace; answers the workspace as the server has it now. */
export function useChangeWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: WorkspaceChange) => {
      const schema = WorkspaceDetailSchema;
      switch (change.kind) {
        case 'create':
          return api.request('/api/workspaces', { method: 'POST', body: { name: change.name }, schema });
        case 'rename':
          return api.request(workspacePath(change.id), { method: 'PUT', body: { name: change.name }, schema });
        case 'avatar': {
          const body = new FormData();
          body.append('avatar', change.file);
          return api.request(`${workspacePath(change.id)}/avatar`, { method: 'PUT', body, schema });
        }
        case 'addMember':
          return api.request(`${workspacePath(change.id)}/members`, { method: 'POST', body: { userId: change.userId }, schema });
        case 'removeMember':
          return api.request(`${workspacePath(change.id)}/members/${encodeURIComponent(change.userId)}`, { method: 'DELETE', schema });
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesKey }),
  });
}

export interface Person {
  id: string;
  name: string;
  email: string;
  kind: 'medical' | 'administrator';
}

/**
 * People who may join a workspace, found by name or email among the doctors and the
 * administrators (the server refuses roles outside the hasWorkspace group with its message).
 */
export function usePeopleSearch(search: string) {
  const q = search.trim();
  return useQuery({
    queryKey: ['workspaces', 'people', q],
    queryFn: async ({ signal }): Promise<Person[]> => {
      const query = { q, pageSize: 10 };
      const [medicals, administrators] = await Promise.all([
        api.request('/api/medicals', { query: { ...query, status: 'active' }, schema: MedicalPageSchema, signal }),
        api.request('/api/administrators', { query, schema: AdministratorPageSchema, signal }),
      ]);
      return [
        ...medicals.items.map((medic): Person => ({ id: medic.id, name: `${medic.name} ${medic.lastName}`, email: medic.email, kind: 'medical' })),
        ...administrators.items.map((administrator): Person => ({
          id: administrator.id, name: administrator.displayName, email: administrator.email, kind: 'administrator',
        })),
      ];
    },
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
  });
}

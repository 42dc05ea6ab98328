import { messages, type WorkspaceListItem } from '@receta/domain';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../components/admin-page.tsx';
import { ResourceTable, type ResourceColumn } from '../../components/resource-table.tsx';
import { useListState } from '../../lib/use-list-state.ts';
import { WorkspaceAvatar } from './workspace-avatar.tsx';
import { CreateWorkspaceDialog, WorkspaceDialog } from './workspace-dialogs.tsx';
import { useDeleteWorkspaces, useWorkspaces, type WorkspaceSort } from './workspaces-api.ts';

/** `/workspaces`: the superadmin's clinics and the doctors' personal practices. */
export function WorkspacesPage() {
  const { t } = useTranslation();
  const list = useListState<WorkspaceSort>('name');
  const workspaces = useWorkspaces(list.query);
  const deleteWorkspaces = useDeleteWorkspaces();
  const [isCreating, setIsCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);

  const columns: ResourceColumn<WorkspaceListItem, WorkspaceSort>[] = [
    {
      id: 'name',
      label: t('workspaces.columns.name'),
      sort: 'name',
      render: (workspace) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <WorkspaceAvatar name={workspace.name} avatarUri={workspace.avatarUri} size={32} />
          {workspace.name}
        </Box>
      ),
    },
    { id: 'kind', label: t('workspaces.columns.kind'), isWide: true, render: (workspace) => t(`workspaces.${workspace.kind}`) },
    { id: 'members', label: t('workspaces.columns.members'), isWide: true, render: (workspace) => workspace.memberCount },
    {
      id: 'actions',
      label: t('workspaces.columns.actions'),
      align: 'right',
      render: (workspace) => (
        <Button size="small" variant="outlined" onClick={() => setOpenId(workspace.id)} aria-label={t('workspaces.manageNamed', { name: workspace.name })}>
          {t('workspaces.manage')}
        </Button>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('workspaces.title')}
      lead={t('workspaces.lead')}
      actions={<Button variant="contained" startIcon={<Add />} onClick={() => setIsCreating(true)}>{t('workspaces.new')}</Button>}
    >
      <ResourceTable
        label={t('workspaces.title')}
        columns={columns}
        rows={workspaces.data?.items ?? []}
        total={workspaces.data?.total ?? 0}
        list={list}
        query={workspaces}
        getRowId={(workspace) => workspace.id}
        getRowLabel={(workspace) => workspace.name}
        searchLabel={t('workspaces.search')}
        emptyMessage={list.debouncedSearch.trim() ? messages.workspaces.notFound : messages.workspaces.empty}
        onDelete={deleteWorkspaces}
        deleteQuestion={(count) => t('workspaces.deleteQuestion', { count })}
      />
      <CreateWorkspaceDialog open={isCreating} onClose={() => setIsCreating(false)} onCreated={(id) => setOpenId(id)} />
      {openId && <WorkspaceDialog workspaceId={openId} onClose={() => setOpenId(null)} />}
    </AdminPage>
  );
}

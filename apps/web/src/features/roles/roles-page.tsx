import { messages, type Role } from '@receta/domain';
import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { ResourceTable, type ResourceColumn } from '../../components/resource-table.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { useListState } from '../../lib/use-list-state.ts';
import { useDeleteRoles, useRoles, type RoleSort } from './roles-api.ts';

/** `/roles`: the roles, built-in and created, with how many users hold each. */
export function RolesPage() {
  const { t } = useTranslation();
  const { scope } = useSession();
  const list = useListState<RoleSort>('name');
  const roles = useRoles(list.query);
  const deleteRoles = useDeleteRoles();
  const canEdit = scope.includes('edit.role');

  const columns: ResourceColumn<Role, RoleSort>[] = [
    {
      id: 'name',
      label: t('roles.columns.name'),
      sort: 'name',
      render: (role) => (
        <>
          {canEdit
            ? (
                <Link component={RouterLink} to={paths.editRole.getHref(role.id)} sx={{ fontWeight: 500 }}>
                  {role.name}
                </Link>
              )
            : <Typography sx={{ fontWeight: 500 }}>{role.name}</Typography>}
          {role.description && <Typography variant="body2" color="text.secondary">{role.description}</Typography>}
        </>
      ),
    },
    { id: 'slug', label: t('roles.columns.slug'), sort: 'slug', isWide: true, render: (role) => <code>{role.slug}</code> },
    { id: 'landingPage', label: t('roles.columns.landingPage'), isWide: true, render: (role) => role.landingPage ?? '—' },
    { id: 'permissions', label: t('roles.columns.permissions'), isWide: true, render: (role) => role.permissions.length },
    { id: 'users', label: t('roles.columns.users'), isWide: true, render: (role) => role.userCount },
    {
      id: 'kind',
      label: t('roles.columns.kind'),
      render: (role) => <Chip size="small" label={role.isBuiltIn ? t('roles.builtIn') : t('roles.custom')} variant="outlined" />,
    },
  ];

  return (
    <AdminPage
      title={t('roles.title')}
      lead={t('roles.lead')}
      actions={scope.includes('create.role') && (
        <Button component={RouterLink} to={paths.newRole.getHref()} variant="contained" startIcon={<Add />}>
          {t('roles.new')}
        </Button>
      )}
    >
      <ResourceTable
        label={t('roles.title')}
        columns={columns}
        rows={roles.data?.items ?? []}
        total={roles.data?.total ?? 0}
        list={list}
        query={roles}
        getRowId={(role) => role.id}
        getRowLabel={(role) => role.name}
        searchLabel={t('roles.search')}
        emptyMessage={list.debouncedSearch.trim() ? messages.roles.notFound : messages.roles.empty}
        onDelete={scope.includes('destroy.role') ? deleteRoles : undefined}
        deleteQuestion={(count) => t('roles.deleteQuestion', { count })}
      />
    </AdminPage>
  );
}

import { messages, type Administrator } from '@receta/domain';
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
import { useAdministrators, useDeleteAdministrators, type AdministratorSort } from './administrators-api.ts';

const createPermissions = ['create.admin.fds', 'create.admin.antigens', 'create.user'];
const editPermissions = ['edit.admin.fds', 'edit.admin.antigens'];
const bold = { fontWeight: 500 } as const;
const destroyPermissions = ['destroy.admin.fds', 'destroy.admin.antigens'];

/** `/administrators`: the accounts that are not doctors, with their roles in order. */
export function AdministratorsPage() {
  const { t } = useTranslation();
  const { scope } = useSession();
  const holds = (required: readonly string[]) => required.some((permission) => scope.includes(permission));
  const list = useListState<AdministratorSort>('email');
  const administrators = useAdministrators(list.query);
  const deleteAdministrators = useDeleteAdministrators();

  const columns: ResourceColumn<Administrator, AdministratorSort>[] = [
    {
      id: 'email',
      label: t('administrators.columns.email'),
      sort: 'email',
      render: (administrator) => (holds(editPermissions)
        ? (
            <Link component={RouterLink} to={paths.editAdministrator.getHref(administrator.id)} sx={bold}>
              {administrator.email}
            </Link>
          )
        : <Typography sx={{ fontWeight: 500 }}>{administrator.email}</Typography>),
    },
    { id: 'displayName', label: t('administrators.columns.displayName'), sort: 'displayName', isWide: true, render: (administrator) => administrator.displayName },
    {
      id: 'roles',
      label: t('administrators.columns.roles'),
      render: (administrator) => administrator.roleNames.map((name, index) => (
        <Chip key={administrator.roles[index] ?? name} size="small" label={name} variant={index === 0 ? 'filled' : 'outlined'} sx={{ mr: 0.5, mb: 0.5 }} />
      )),
    },
    {
      id: 'authorized',
      label: t('administrators.columns.authorized'),
      render: (administrator) => (
        <Chip
          size="small"
          color={administrator.authorized ? 'success' : 'warning'}
          label={administrator.authorized ? t('administrators.authorized') : t('administrators.notAuthorized')}
        />
      ),
    },
  ];

  return (
    <AdminPage
      title={t('administrators.title')}
      lead={t('administrators.lead')}
      actions={holds(createPermissions) && (
        <Button component={RouterLink} to={paths.newAdministrator.getHref()} variant="contained" startIcon={<Add />}>
          {t('administrators.new')}
        </Button>
      )}
    >
      <ResourceTable
        label={t('administrators.title')}
        columns={columns}
        rows={administrators.data?.items ?? []}
        total={administrators.data?.total ?? 0}
        list={list}
        query={administrators}
        getRowId={(administrator) => administrator.id}
        getRowLabel={(administrator) => administrator.email}
        searchLabel={t('administrators.search')}
        emptyMessage={list.debouncedSearch.trim() ? messages.administrators.notFound : messages.administrators.empty}
        onDelete={holds(destroyPermissions) ? deleteAdministrators : undefined}
        deleteQuestion={(count) => t('administrators.deleteQuestion', { count })}
      />
    </AdminPage>
  );
}

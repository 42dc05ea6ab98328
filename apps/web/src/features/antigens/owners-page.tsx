import { formatDisplayDate, messages, type Owner } from '@receta/domain';
import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { ResourceTable, type ResourceColumn } from '../../components/resource-table.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { useListState } from '../../lib/use-list-state.ts';
import { useDeleteOwners, useOwners, type OwnerSort } from './owners-api.ts';

/** `/owners`: the organisations of the antigens module, found by name, CUIT or email. */
export function OwnersPage() {
  const { t } = useTranslation();
  const { scope } = useSession();
  const list = useListState<OwnerSort>('name');
  const owners = useOwners(list.query);
  const deleteOwners = useDeleteOwners();
  const canOpen = scope.includes('create.owner') || scope.includes('edit.owner');

  const columns: ResourceColumn<Owner, OwnerSort>[] = [
    {
      id: 'name',
      label: t('antigens.owners.columns.name'),
      sort: 'name',
      render: (owner) => (
        <>
          {canOpen
            ? (
                <Link component={RouterLink} to={paths.owner.getHref(owner.id)} sx={{ fontWeight: 500 }}>
                  {owner.name}
                </Link>
              )
            : <Typography sx={{ fontWeight: 500 }}>{owner.name}</Typography>}
          <Typography variant="body2" color="text.secondary">{owner.email}</Typography>
        </>
      ),
    },
    { id: 'cuit', label: t('antigens.owners.columns.cuit'), isWide: true, render: (owner) => owner.cuit },
    { id: 'province', label: t('antigens.owners.columns.province'), isWide: true, render: (owner) => owner.province },
    { id: 'contactName', label: t('antigens.owners.columns.contactName'), isWide: true, render: (owner) => owner.contactName },
    { id: 'employeeCount', label: t('antigens.owners.columns.employeeCount'), align: 'right', render: (owner) => owner.employeeCount },
    {
      id: 'createdAt',
      label: t('antigens.owners.columns.createdAt'),
      sort: 'createdAt',
      isWide: true,
      render: (owner) => formatDisplayDate(owner.createdAt),
    },
  ];

  return (
    <AdminPage
      title={t('antigens.owners.title')}
      lead={t('antigens.owners.lead')}
      actions={scope.includes('create.owner') && (
        <Button component={RouterLink} to={paths.newOwner.getHref()} variant="contained" startIcon={<Add />}>
          {t('antigens.owners.new')}
        </Button>
      )}
    >
      <ResourceTable
        label={t('antigens.owners.title')}
        columns={columns}
        rows={owners.data?.items ?? []}
        total={owners.data?.total ?? 0}
        list={list}
        query={owners}
        getRowId={(owner) => owner.id}
        getRowLabel={(owner) => owner.name}
        searchLabel={t('antigens.owners.search')}
        emptyMessage={list.debouncedSearch.trim() ? messages.owners.notFound : messages.owners.empty}
        onDelete={scope.includes('destroy.owner') ? deleteOwners : undefined}
        deleteQuestion={(count) => t('antigens.owners.deleteQuestion', { count })}
      />
    </AdminPage>
  );
}

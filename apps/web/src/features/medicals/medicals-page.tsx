import { medicalStatuses, messages, type MedicalListItem, type MedicalStatus } from '@receta/domain';
import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { ResourceTable, type ResourceColumn } from '../../components/resource-table.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { useListState } from '../../lib/use-list-state.ts';
import { useDeleteMedicals, useMedicals, type MedicalSort } from './medicals-api.ts';
import { MedicalStatusChip } from './medical-status-chip.tsx';

/** `/medicals`: every doctor of the platform, with a filter by account status. */
export function MedicalsPage() {
  const { t } = useTranslation();
  const { scope } = useSession();
  const list = useListState<MedicalSort>('lastName');
  const [status, setStatus] = useState<MedicalStatus | ''>('');
  const medicals = useMedicals({ ...list.query, status: status || undefined });
  const deleteMedicals = useDeleteMedicals();
  const canOpen = scope.includes('show.medical') || scope.includes('edit.medical');

  const columns: ResourceColumn<MedicalListItem, MedicalSort>[] = [
    {
      id: 'name',
      label: t('medicals.columns.name'),
      sort: 'lastName',
      render: (medic) => (
        <>
          {canOpen
            ? <Link component={RouterLink} to={paths.medicalPreview.getHref(medic.id)} sx={{ fontWeight: 500 }}>{`${medic.lastName}, ${medic.name}`}</Link>
            : <Typography sx={{ fontWeight: 500 }}>{`${medic.lastName}, ${medic.name}`}</Typography>}
          <Typography variant="body2" color="text.secondary">{medic.email}</Typography>
        </>
      ),
    },
    { id: 'enrollment', label: t('medicals.columns.enrollment'), sort: 'enrollment', isWide: true, render: (medic) => `${medic.jurisdiction.code} ${medic.enrollment}` },
    { id: 'specialty', label: t('medicals.columns.specialty'), isWide: true, render: (medic) => medic.specialty.name },
    { id: 'status', label: t('medicals.columns.status'), sort: 'status', render: (medic) => <MedicalStatusChip status={medic.status} /> },
  ];

  return (
    <AdminPage
      title={t('medicals.title')}
      lead={t('medicals.lead')}
      actions={scope.includes('create.medical') && (
        <Button component={RouterLink} to={paths.newMedical.getHref()} variant="contained" startIcon={<Add />}>
          {t('medicals.new')}
        </Button>
      )}
    >
      <ResourceTable
        label={t('medicals.title')}
        columns={columns}
        rows={medicals.data?.items ?? []}
        total={medicals.data?.total ?? 0}
        list={list}
        query={medicals}
        getRowId={(medic) => medic.id}
        getRowLabel={(medic) => `${medic.name} ${medic.lastName}`}
        searchLabel={t('medicals.search')}
        emptyMessage={list.debouncedSearch.trim() || status ? messages.medicals.notFound : messages.medicals.empty}
        filters={(
          <TextField
            select
            label={t('medicals.statusFilter')}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as MedicalStatus | '');
              list.pagination.setPageIndex(0);
            }}
            // "Todos" shows as the chosen option rather than an empty box.
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{t('medicals.allStatuses')}</MenuItem>
            {medicalStatuses.map((option) => <MenuItem key={option} value={option}>{t(`medicals.status.${option}`)}</MenuItem>)}
          </TextField>
        )}
        onDelete={scope.includes('destroy.medical') ? deleteMedicals : undefined}
        deleteQuestion={(count) => t('medicals.deleteQuestion', { count })}
      />
    </AdminPage>
  );
}

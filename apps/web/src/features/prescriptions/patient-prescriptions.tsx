import { formatDisplayDate, messages, type Prescription } from '@receta/domain';
import Replay from '@mui/icons-material/Replay';
import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PrescriptionStateChip } from '../../components/prescription-state-chip.tsx';
import { ResourceTable, type ResourceColumn } from '../../components/resource-table.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { useListState } from '../../lib/use-list-state.ts';
import { type PrescriptionSort, usePrescriptions } from './prescriptions-api.ts';
import { repeatPrescriptionHref } from './repeat-prescription.tsx';

/**
 * The patient's prescriptions on their page, newest first, with the spec's patient fields
 * (state, number, validity and expiry, diagnosis, the doctor's licence) and "Repetir" on each;
 * none is left off a phone's card.
 */
export function PatientPrescriptions({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const { scope } = useSession();
  const list = useListState<PrescriptionSort>('createdAt', 'desc');
  const prescriptions = usePrescriptions({ ...list.query, patientId });
  const canShow = scope.includes('show.prescription');
  const canRepeat = scope.includes('create.prescription');

  const columns: ResourceColumn<Prescription, PrescriptionSort>[] = [
    { id: 'number', label: t('prescriptions.columns.number'), sort: 'number', render: (row) => row.number },
    { id: 'state', label: t('prescriptions.columns.state'), render: (row) => <PrescriptionStateChip state={row.displayState} /> },
    {
      id: 'startDate',
      label: t('prescriptions.columns.startDate'),
      sort: 'startDate',
      render: (row) => formatDisplayDate(row.startDate),
    },
    {
      id: 'expiryDate',
      label: t('prescriptions.columns.expiryDate'),
      sort: 'expiryDate',
      render: (row) => formatDisplayDate(row.expiryDate),
    },
    {
      id: 'diagnosis',
      label: t('prescriptions.columns.diagnosis'),
      render: (row) => (
        <>
          <Typography component="span" sx={{ fontWeight: 500 }}>{row.diagnosis.code}</Typography>
          <Typography variant="body2" color="text.secondary">{row.diagnosis.description}</Typography>
        </>
      ),
    },
    {
      id: 'licence',
      label: t('prescriptions.columns.licence'),
      render: (row) => `${row.prescriber.licenceType} ${row.prescriber.enrollment}`,
    },
    {
      id: 'actions',
      label: t('prescriptions.columns.actions'),
      render: (row) => (
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          {canShow && (
            <Tooltip title={t('prescriptions.actions.preview', { number: row.number })}>
              <IconButton component={RouterLink} to={paths.prescription.getHref(row.id)} size="small">
                <Visibility fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {canRepeat && <RepeatIconButton prescription={row} />}
        </Box>
      ),
    },
  ];

  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography component="h2" variant="h2" sx={{ mb: 1.5 }}>{t('patientPrescriptions.title')}</Typography>
      <ResourceTable
        label={t('patientPrescriptions.title')}
        columns={columns}
        rows={prescriptions.data?.items ?? []}
        total={prescriptions.data?.total ?? 0}
        list={list}
        query={prescriptions}
        getRowId={(row) => row.id}
        getRowLabel={(row) => t('prescriptions.rowLabel', { number: row.number })}
        searchLabel={t('patientPrescriptions.search')}
        emptyMessage={messages.prescriptions.empty}
      />
    </Box>
  );
}

/** "Repetir" in a row of a list: the new-prescription form filled from this one. */
export function RepeatIconButton({ prescription }: { prescription: Prescription }) {
  const { t } = useTranslation();
  if (prescription.patient.id === null) return null;
  return (
    <Tooltip title={t('repeat.actionNamed', { number: prescription.number })}>
      <IconButton component={RouterLink} to={repeatPrescriptionHref(prescription)} size="small">
        <Replay fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

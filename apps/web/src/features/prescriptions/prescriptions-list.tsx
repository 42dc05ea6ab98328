import {
  formatDisplayDate, messages, prescriptionDisplayStates,
  type InsurerSummary, type Patient, type Prescription, type PrescriptionDisplayState,
} from '@receta/domain';
import Add from '@mui/icons-material/Add';
import Download from '@mui/icons-material/Download';
import Draw from '@mui/icons-material/Draw';
import Edit from '@mui/icons-material/Edit';
import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { FormDateField } from '../../components/form-date-field.tsx';
import { ResourceTable, type ResourceColumn } from '../../components/resource-table.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { useListState } from '../../lib/use-list-state.ts';
import { InsurerAutocomplete } from '../clinical-search/index.ts';
import { PatientAutocomplete } from '../patients/index.ts';
import { RepeatIconButton } from './patient-prescriptions.tsx';
import { insurerSlugOf, particularInsurerSlug } from './prescription-form.ts';
import { PrescriptionStateChip } from '../../components/prescription-state-chip.tsx';
import {
  useDeletePrescriptions, useDownloadPrescriptionPdf, usePrescriptions, type PrescriptionSort,
} from './prescriptions-api.ts';
import { SignDialog } from './sign-dialog.tsx';

/** The drafts being signed, and what to do once they are: clear the list's choice, for a batch. */
interface Signing {
  ids: readonly string[];
  onSigned?: () => void;
}

/** Whose prescriptions a list shows: the workspace's, the doctor's own, or the signed ones. */
export type PrescriptionsListKind = 'workspace' | 'mine' | 'signed';

const queryOf = { workspace: {}, mine: { mine: 'true' }, signed: { signed: 'true' } } as const;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** A date filter counts once it is a whole date; half-typed, it leaves the list as it is. */
function dateFilter(value: string): string | undefined {
  return isoDate.test(value) ? value : undefined;
}

/**
 * Numbers and dates stay on one line: with sixteen columns the table scrolls sideways inside
 * its card rather than breaking a DNI or a date across lines.
 */
function NoWrap({ children }: { children: ReactNode }) {
  return <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{children}</Box>;
}

/**
 * `/prescriptions`, `/myPrescriptions` and `/prescriptions/signed`: one list, newest first,
 * with every column of spec section 2, filters by state, dates, patient and insurer, drafts
 * signed one by one or chosen together with one PIN, deleted after a confirmation, and the
 * signed ones' PDF.
 */
export function PrescriptionsList({ kind }: { kind: PrescriptionsListKind }) {
  const { t } = useTranslation();
  const { scope } = useSession();
  const list = useListState<PrescriptionSort>('createdAt', 'desc');
  const [state, setState] = useState<PrescriptionDisplayState | ''>('');
  const [patient, setPatient] = useState<Patient | null>(null);
  const [insurer, setInsurer] = useState<InsurerSummary | null>(null);
  const dates = useForm({ defaultValues: { from: '', to: '' } });
  const [from, to] = useWatch({ control: dates.control, name: ['from', 'to'] });
  const { setPageIndex } = list.pagination;
  // Other filters change by a handler of their own; the dates change inside their form.
  useEffect(
    () => dates.subscribe({ formState: { values: true }, callback: () => setPageIndex(0) }),
    [dates, setPageIndex],
  );
  const prescriptions = usePrescriptions({
    ...list.query,
    ...queryOf[kind],
    state: state || undefined,
    from: dateFilter(from),
    to: dateFilter(to),
    patientId: patient?.id,
    insurerSlug: insurer?.slug,
  });
  const deletePrescriptions = useDeletePrescriptions();
  const download = useDownloadPrescriptionPdf();
  const [signing, setSigning] = useState<Signing | null>(null);
  const canShow = scope.includes('show.prescription');
  const canEdit = scope.includes('edit.prescription');
  const canSign = scope.includes('sign.prescription');
  const canRepeat = scope.includes('create.prescription');

  function filterBy<Value>(set: (value: Value) => void) {
    return (value: Value) => {
      set(value);
      setPageIndex(0);
    };
  }

  const columns: ResourceColumn<Prescription, PrescriptionSort>[] = [
    { id: 'number', label: t('prescriptions.columns.number'), sort: 'number', render: (row) => <NoWrap>{row.number}</NoWrap> },
    // Shown on phones too, in one word, since the kind changes what the prescription is.
    { id: 'kind', label: t('prescriptions.columns.kind'), render: (row) => t(`prescriptions.kinds.${row.kind}`) },
    { id: 'patient', label: t('prescriptions.columns.patient'), render: (row) => row.patient.name },
    {
      id: 'dateOfBirth',
      label: t('prescriptions.columns.dateOfBirth'),
      isWide: true,
      render: (row) => <NoWrap>{formatDisplayDate(row.patient.dateOfBirth)}</NoWrap>,
    },
    { id: 'lastName', label: t('prescriptions.columns.lastName'), sort: 'patientLastName', render: (row) => row.patient.lastName },
    { id: 'dni', label: t('prescriptions.columns.dni'), isWide: true, render: (row) => <NoWrap>{row.patient.dni}</NoWrap> },
    {
      id: 'insurer',
      label: t('prescriptions.columns.insurer'),
      isWide: true,
      render: (row) => row.insurer?.acronym ?? row.insurer?.name ?? t('prescriptions.particular'),
    },
    {
      id: 'affiliateNumber',
      label: t('prescriptions.columns.affiliateNumber'),
      isWide: true,
      render: (row) => <NoWrap>{row.affiliateNumber ?? '—'}</NoWrap>,
    },
    { id: 'state', label: t('prescriptions.columns.state'), sort: 'state', render: (row) => <PrescriptionStateChip state={row.displayState} /> },
    {
      id: 'startDate',
      label: t('prescriptions.columns.startDate'),
      sort: 'startDate',
      render: (row) => <NoWrap>{formatDisplayDate(row.startDate)}</NoWrap>,
    },
    {
      id: 'expiryDate',
      label: t('prescriptions.columns.expiryDate'),
      sort: 'expiryDate',
      render: (row) => <NoWrap>{formatDisplayDate(row.expiryDate)}</NoWrap>,
    },
    {
      id: 'issuer',
      label: t('prescriptions.columns.issuer'),
      isWide: true,
      render: (row) => `${row.prescriber.lastName}, ${row.prescriber.name}`,
    },
    {
      id: 'licence',
      label: t('prescriptions.columns.licence'),
      isWide: true,
      render: (row) => <NoWrap>{`${row.prescriber.licenceType} ${row.prescriber.enrollment}`}</NoWrap>,
    },
    {
      id: 'diagnosis',
      label: t('prescriptions.columns.diagnosis'),
      isWide: true,
      render: (row) => (
        <>
          <Typography component="span" sx={{ fontWeight: 500 }}>{row.diagnosis.code}</Typography>
          <Typography variant="body2" color="text.secondary">{row.diagnosis.description}</Typography>
        </>
      ),
    },
    { id: 'symptoms', label: t('prescriptions.columns.symptoms'), isWide: true, render: (row) => row.symptoms ?? '—' },
    {
      id: 'createdAt',
      label: t('prescriptions.columns.createdAt'),
      sort: 'createdAt',
      render: (row) => <NoWrap>{formatDisplayDate(row.createdAt)}</NoWrap>,
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
          {canEdit && row.state === 'draft' && (
            <Tooltip title={t('prescriptions.actions.edit', { number: row.number })}>
              <IconButton component={RouterLink} to={paths.editPrescription.getHref(insurerSlugOf(row.insurer), row.id)} size="small">
                <Edit fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {canSign && row.state === 'draft' && (
            <Tooltip title={t('prescriptions.actions.sign', { number: row.number })}>
              <IconButton onClick={() => setSigning({ ids: [row.id] })} size="small">
                <Draw fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {canRepeat && <RepeatIconButton prescription={row} />}
          {row.signed && (
            <Tooltip title={t('prescriptions.actions.download', { number: row.number })}>
              <IconButton onClick={() => download.mutate(row)} size="small">
                <Download fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      ),
    },
  ];

  return (
    <AdminPage
      title={t(`prescriptions.titles.${kind}`)}
      lead={t(`prescriptions.leads.${kind}`)}
      maxWidth={1600}
      actions={scope.includes('create.prescription') && (
        <Button component={RouterLink} to={paths.newPrescription.getHref(particularInsurerSlug)} variant="contained" startIcon={<Add />}>
          {t('prescriptions.new')}
        </Button>
      )}
    >
      <ResourceTable
        label={t(`prescriptions.titles.${kind}`)}
        columns={columns}
        rows={prescriptions.data?.items ?? []}
        total={prescriptions.data?.total ?? 0}
        list={list}
        query={prescriptions}
        getRowId={(row) => row.id}
        getRowLabel={(row) => t('prescriptions.rowLabel', { number: row.number })}
        searchLabel={t('prescriptions.search')}
        emptyMessage={messages.prescriptions.empty}
        filters={(
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, flex: '999 1 480px', '& > *': { flex: '1 1 200px', minWidth: 0 } }}>
            <TextField
              select
              label={t('prescriptions.filters.state')}
              value={state}
              onChange={(event) => filterBy(setState)(event.target.value as PrescriptionDisplayState | '')}
              // "Todos" shows as the chosen option rather than an empty box.
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            >
              <MenuItem value="">{t('prescriptions.filters.allStates')}</MenuItem>
              {prescriptionDisplayStates.map((option) => (
                <MenuItem key={option} value={option}>{t(`labels.prescriptionStates.${option}`)}</MenuItem>
              ))}
            </TextField>
            <FormDateField control={dates.control} name="from" label={t('prescriptions.filters.from')} />
            <FormDateField control={dates.control} name="to" label={t('prescriptions.filters.to')} />
            <PatientAutocomplete value={patient} onChange={filterBy(setPatient)} label={t('prescriptions.filters.patient')} />
            <InsurerAutocomplete value={insurer} onChange={filterBy(setInsurer)} label={t('prescriptions.filters.insurer')} />
          </Box>
        )}
        onDelete={scope.includes('destroy.prescription') ? deletePrescriptions : undefined}
        deleteQuestion={(count) => t('prescriptions.deleteQuestion', { count })}
        selectionActions={canSign
          ? (ids, clearSelection) => (
              <Button variant="contained" startIcon={<Draw />} onClick={() => setSigning({ ids, onSigned: clearSelection })}>
                {t('prescriptions.actions.signSelected')}
              </Button>
            )
          : undefined}
      />
      {signing && <SignDialog ids={signing.ids} onSigned={signing.onSigned} onClose={() => setSigning(null)} />}
    </AdminPage>
  );
}

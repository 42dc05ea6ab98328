import { formatDisplayDate, messages, type Patient } from '@receta/domain';
import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { ResourceTable, type ResourceColumn } from '../../components/resource-table.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { useListState } from '../../lib/use-list-state.ts';
import { insurerLabel } from '../clinical-search/index.ts';
import { PatientFormDialog } from './patient-form-dialog.tsx';
import { useDeletePatients, usePatients, type PatientSort } from './patients-api.ts';

/** The form dialog: a new patient without one; the patient stays while the dialog fades out. */
interface Editing {
  isOpen: boolean;
  patient?: Patient;
}

const phoneOnly = { display: { xs: 'block', md: 'none' } } as const;

/** `/myPatients`: the patients of the current workspace, found by name or DNI. */
export function PatientsPage() {
  const { t } = useTranslation();
  const { scope } = useSession();
  const list = useListState<PatientSort>('lastName');
  const patients = usePatients(list.query);
  const deletePatients = useDeletePatients();
  const [editing, setEditing] = useState<Editing>({ isOpen: false });
  const canEdit = scope.includes('edit.patient');
  const close = () => setEditing((current) => ({ ...current, isOpen: false }));
  const fullName = (patient: Patient) => `${patient.lastName}, ${patient.name}`;

  const columns: ResourceColumn<Patient, PatientSort>[] = [
    {
      id: 'name',
      label: t('patients.columns.name'),
      sort: 'lastName',
      render: (patient) => (
        <>
          <Link component={RouterLink} to={paths.patient.getHref(patient.id)} sx={{ fontWeight: 500 }}>
            {fullName(patient)}
          </Link>
          {/* Phones hide the other columns; the DNI tells two namesakes apart. */}
          <Typography variant="body2" color="text.secondary" sx={phoneOnly}>
            {`${t('patients.columns.dni')} ${patient.dni}`}
          </Typography>
        </>
      ),
    },
    { id: 'dni', label: t('patients.columns.dni'), sort: 'dni', isWide: true, render: (patient) => <Unbroken>{patient.dni}</Unbroken> },
    {
      id: 'dateOfBirth',
      label: t('patients.columns.dateOfBirth'),
      sort: 'dateOfBirth',
      isWide: true,
      render: (patient) => <Unbroken>{formatDisplayDate(patient.dateOfBirth)}</Unbroken>,
    },
    {
      id: 'insurer',
      label: t('patients.columns.insurer'),
      isWide: true,
      render: (patient) => (
        <>
          <Typography variant="body2">{patient.insurer ? insurerLabel(patient.insurer) : t('patients.particular')}</Typography>
          {patient.affiliateNumber && (
            <Typography variant="body2" color="text.secondary">{t('patients.affiliate', { number: patient.affiliateNumber })}</Typography>
          )}
        </>
      ),
    },
    ...(canEdit
      ? [{
          id: 'actions',
          label: t('patients.columns.actions'),
          align: 'right' as const,
          render: (patient: Patient) => (
            <IconButton onClick={() => setEditing({ isOpen: true, patient })} aria-label={t('patients.editNamed', { name: fullName(patient) })}>
              <Edit />
            </IconButton>
          ),
        }]
      : []),
  ];

  return (
    <AdminPage
      title={t('patients.title')}
      lead={t('patients.lead')}
      actions={scope.includes('create.patient') && (
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ isOpen: true })}>{t('patients.new')}</Button>
      )}
    >
      <ResourceTable
        label={t('patients.title')}
        columns={columns}
        rows={patients.data?.items ?? []}
        total={patients.data?.total ?? 0}
        list={list}
        query={patients}
        getRowId={(patient) => patient.id}
        getRowLabel={fullName}
        searchLabel={t('patients.search')}
        emptyMessage={list.debouncedSearch.trim() ? messages.patients.notFound : messages.patients.empty}
        onDelete={scope.includes('destroy.patient') ? deletePatients : undefined}
        deleteQuestion={(count) => t('patients.deleteQuestion', { count })}
      />
      <PatientFormDialog open={editing.isOpen} patient={editing.patient} onClose={close} onSaved={close} />
    </AdminPage>
  );
}

/** Numbers and dates read as one word: the table's cells may break anywhere else. */
function Unbroken({ children }: { children: string }) {
  return <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{children}</Box>;
}

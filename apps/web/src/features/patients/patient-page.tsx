import { formatDisplayDate, messages, particularInsurerId, type IdentityDocument, type Patient } from '@receta/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Edit from '@mui/icons-material/Edit';
import NoteAdd from '@mui/icons-material/NoteAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { LoadedResource } from '../../components/loaded-resource.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { insurerLabel } from '../clinical-search/index.ts';
import { PatientPrescriptions } from '../prescriptions/index.ts';
import { AllergyList } from './allergy-list.tsx';
import { PatientFormDialog } from './patient-form-dialog.tsx';
import { usePatient } from './patients-api.ts';

/** `/patients/:id`. */
export function PatientPage() {
  const { id = '' } = useParams();
  return (
    <LoadedResource query={usePatient(id)} notFound={messages.patients.notFound}>
      {(patient) => <PatientDetail patient={patient} />}
    </LoadedResource>
  );
}

/** A foreigner's document as the prescription names it: 'Pasaporte AAB123456'. */
function identityDocumentText(t: TFunction, document: IdentityDocument): string {
  return `${t(`labels.identityDocumentTypes.${document.type}`)} ${document.number}`;
}

/**
 * The prescription form of the patient's insurer (or of 'particular'), with the patient
 * chosen through the query string.
 */
export function newPrescriptionHref(patient: Patient): string {
  const providerSlug = patient.insurer?.slug ?? particularInsurerId;
  return `${paths.newPrescription.getHref(providerSlug)}?${new URLSearchParams({ patientId: patient.id }).toString()}`;
}

function PatientDetail({ patient }: { patient: Patient }) {
  const { t } = useTranslation();
  const { scope } = useSession();
  const [isEditing, setIsEditing] = useState(false);
  const closeDialog = () => setIsEditing(false);

  const actions = (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {scope.includes('edit.patient') && (
        <Button variant="outlined" startIcon={<Edit />} onClick={() => setIsEditing(true)}>{t('patients.edit')}</Button>
      )}
      {scope.includes('create.prescription') && (
        <Button component={RouterLink} to={newPrescriptionHref(patient)} variant="contained" startIcon={<NoteAdd />}>
          {t('patients.newPrescription')}
        </Button>
      )}
    </Box>
  );

  const sections = [
    {
      title: t('patients.sections.identity'),
      fields: [
        [t('patients.fields.name'), patient.name],
        [t('patients.fields.lastName'), patient.lastName],
        [t('patients.fields.dni'), patient.dni],
        patient.cuil || !patient.identityDocument
          ? [t('patients.fields.cuil'), patient.cuil]
          : [t('patients.fields.identityDocument'), identityDocumentText(t, patient.identityDocument)],
        [t('patients.fields.sex'), t(`labels.patientSexes.${patient.sex}`)],
        [t('patients.fields.dateOfBirth'), formatDisplayDate(patient.dateOfBirth)],
      ],
    },
    {
      title: t('patients.sections.coverage'),
      fields: [
        [t('patients.fields.insurer'), patient.insurer ? insurerLabel(patient.insurer) : t('patients.particular')],
        [t('patients.fields.affiliateNumber'), patient.affiliateNumber],
      ],
    },
    {
      title: t('patients.sections.contact'),
      fields: [
        [t('patients.fields.email'), patient.email],
        [t('patients.fields.phone'), patient.phone],
        [t('patients.fields.address'), patient.address],
        [t('patients.fields.createdAt'), formatDisplayDate(patient.createdAt)],
      ],
    },
  ] as const;

  return (
    <AdminPage title={`${patient.lastName}, ${patient.name}`} actions={actions} maxWidth={1000}>
      <Button component={RouterLink} to={paths.myPatients.getHref()} startIcon={<ArrowBack />} sx={{ mb: 2 }}>
        {t('patients.back')}
      </Button>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {sections.map(({ title, fields }) => (
          <Box component="section" key={title} sx={{ '& + &': { mt: 3 } }}>
            <Typography component="h2" variant="h2" sx={{ mb: 1.5 }}>{title}</Typography>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }, gap: 1.5, m: 0 }}>
              {fields.map(([label, value]) => (
                <Box key={label} sx={{ minWidth: 0 }}>
                  <Typography component="dt" variant="body2" color="text.secondary">{label}</Typography>
                  <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>{value || '—'}</Typography>
                </Box>
              ))}
            </Box>
          </Box>
        ))}
        <Box component="section" sx={{ mt: 3 }}>
          <Typography component="h2" variant="h2" sx={{ mb: 1.5 }}>{t('allergies.title')}</Typography>
          {patient.allergies.length > 0
            ? <AllergyList allergies={patient.allergies} />
            : <Typography color="text.secondary">{t('allergies.none')}</Typography>}
        </Box>
      </Paper>
      {(scope.includes('index.prescription') || scope.includes('owner.prescription')) && (
        <PatientPrescriptions patientId={patient.id} />
      )}
      <PatientFormDialog open={isEditing} patient={patient} onClose={closeDialog} onSaved={closeDialog} />
    </AdminPage>
  );
}

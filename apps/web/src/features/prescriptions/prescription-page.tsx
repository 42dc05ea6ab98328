import {
  formatDisplayDate, licenceTypeLabels, messages, patientSexLabels, prescriptionTypeLabels,
  type Prescription, type PrescriptionItem,
} from '@receta/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { paths } from '../../config/paths.ts';
import { translateMessage } from '../../i18n/translate-message.ts';
import { loadErrorMessage } from '../../lib/resource-api.ts';
import { useSession } from '../../lib/session.tsx';
import { insurerLabel } from '../clinical-search/insurer-autocomplete.tsx';
import { insurerSlugOf } from './prescription-form.ts';
import { PrescriptionStateChip } from './prescription-state-chip.tsx';
import { usePrescription } from './prescriptions-api.ts';

/** `/prescriptions/:prescriptionId`. */
export function PrescriptionPage() {
  const { t } = useTranslation();
  const { prescriptionId = '' } = useParams();
  const prescription = usePrescription(prescriptionId);
  if (prescription.isPending) return <CircularProgress aria-label={t('prescriptions.detail.loading')} />;
  if (prescription.isError) {
    return <Alert severity="error">{translateMessage(t, loadErrorMessage(prescription.error, messages.prescriptions.notFound))}</Alert>;
  }
  return <PrescriptionDetail prescription={prescription.data} />;
}

/** The list the viewer came from, most likely: the workspace's for its holders, else their own. */
function backLinkOf(scope: readonly string[]) {
  return scope.includes('index.prescription')
    ? { href: paths.prescriptions.getHref(), label: 'prescriptions.titles.workspace' as const }
    : { href: paths.myPrescriptions.getHref(), label: 'prescriptions.titles.mine' as const };
}

/** Everything written on a prescription, as the doctor, the patient and the pharmacy read it. */
export function PrescriptionDetail({ prescription }: { prescription: Prescription }) {
  const { t } = useTranslation();
  const { scope } = useSession();
  const { prescriber, patient } = prescription;
  const back = backLinkOf(scope);
  const canEdit = prescription.state === 'draft' && scope.includes('edit.prescription');

  return (
    <AdminPage
      title={t('prescriptions.detail.title', { number: prescription.number })}
      maxWidth={1000}
      actions={canEdit && (
        <Button
          component={RouterLink}
          to={paths.editPrescription.getHref(insurerSlugOf(prescription.insurer), prescription.id)}
          variant="outlined"
          startIcon={<Edit />}
        >
          {t('prescriptions.detail.edit')}
        </Button>
      )}
    >
      <Button component={RouterLink} to={back.href} startIcon={<ArrowBack />} sx={{ mb: 2 }}>
        {t('prescriptions.detail.back', { list: t(back.label) })}
      </Button>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Section title={t('prescriptions.detail.sections.prescription')}>
          <Field label={t('prescriptions.columns.state')} value={<PrescriptionStateChip state={prescription.displayState} />} />
          <Field label={t('prescriptions.fields.type')} value={prescriptionTypeLabels[prescription.type]} />
          {prescription.type === 'chronic' && (
            <Field
              label={t('prescriptions.detail.series')}
              value={t('prescriptions.series', { position: prescription.seriesPosition, length: prescription.seriesLength })}
            />
          )}
          <Field label={t('prescriptions.detail.issuedOn')} value={formatDisplayDate(prescription.issuedOn)} />
          <Field label={t('prescriptions.columns.startDate')} value={formatDisplayDate(prescription.startDate)} />
          <Field label={t('prescriptions.columns.expiryDate')} value={formatDisplayDate(prescription.expiryDate)} />
          <Field label={t('prescriptions.columns.createdAt')} value={formatDisplayDate(prescription.createdAt)} />
          {prescription.signedAt && <Field label={t('prescriptions.detail.signedAt')} value={formatDisplayDate(prescription.signedAt)} />}
        </Section>
        <Section title={t('prescriptions.detail.sections.prescriber')}>
          <Field label={t('prescriptions.columns.issuer')} value={`${prescriber.name} ${prescriber.lastName}`} />
          <Field
            label={t('prescriptions.columns.licence')}
            value={`${licenceTypeLabels[prescriber.licenceType]} ${prescriber.enrollment} · ${prescriber.jurisdiction}`}
          />
          <Field label={t('prescriptions.detail.profession')} value={[prescriber.profession, prescriber.specialty].filter(Boolean).join(' · ')} />
          <Field label={t('prescriptions.detail.cuit')} value={prescriber.cuit} />
          <Field label={t('prescriptions.detail.address')} value={prescriber.address} />
        </Section>
        <Section title={t('prescriptions.detail.sections.patient')}>
          <Field label={t('prescriptions.columns.patient')} value={patient.name} />
          <Field label={t('prescriptions.columns.lastName')} value={patient.lastName} />
          <Field label={t('prescriptions.columns.dni')} value={patient.dni} />
          <Field label={t('prescriptions.detail.cuil')} value={patient.cuil} />
          <Field label={t('prescriptions.detail.sex')} value={patientSexLabels[patient.sex]} />
          <Field label={t('prescriptions.columns.dateOfBirth')} value={formatDisplayDate(patient.dateOfBirth)} />
          <Field
            label={t('prescriptions.columns.insurer')}
            value={prescription.insurer ? insurerLabel(prescription.insurer) : t('prescriptions.particular')}
          />
          <Field label={t('prescriptions.columns.affiliateNumber')} value={prescription.affiliateNumber} />
        </Section>
        <Box component="section" sx={{ mb: 3 }}>
          <Typography component="h2" variant="h2" sx={{ mb: 1.5 }}>{t('prescriptions.detail.sections.items')}</Typography>
          <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
            {prescription.items.map((item) => <ItemCard key={item.id} item={item} />)}
          </Box>
        </Box>
        <Section title={t('prescriptions.detail.sections.diagnosis')}>
          <Field label={t('prescriptions.columns.diagnosis')} value={`${prescription.diagnosis.code} — ${prescription.diagnosis.description}`} />
          <Field label={t('prescriptions.columns.symptoms')} value={prescription.symptoms} isMultiline />
        </Section>
      </Paper>
    </AdminPage>
  );
}

function ItemCard({ item }: { item: PrescriptionItem }) {
  const { t } = useTranslation();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {[item.genericName, item.strength].filter(Boolean).join(' ')}
        </Typography>
        {item.noSubstitution && <Chip size="small" color="warning" label={t('prescriptions.fields.noSubstitution')} />}
      </Box>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }, gap: 1.5, m: 0 }}>
        <Field label={t('prescriptions.fields.brandName')} value={item.brandName} />
        <Field label={t('prescriptions.fields.presentation')} value={item.presentation} />
        <Field label={t('prescriptions.fields.pharmaceuticalForm')} value={item.pharmaceuticalForm} />
        <Field label={t('prescriptions.fields.quantity')} value={String(item.quantity)} />
        <Field label={t('prescriptions.fields.dosage')} value={item.dosage} />
        <Field label={t('prescriptions.fields.patientInstructions')} value={item.patientInstructions} isMultiline />
        <Field label={t('prescriptions.fields.pharmacyNote')} value={item.pharmacyNote} isMultiline />
      </Box>
    </Paper>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography component="h2" variant="h2" sx={{ mb: 1.5 }}>{title}</Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }, gap: 1.5, m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

function Field({ label, value, isMultiline = false }: { label: string; value: ReactNode; isMultiline?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">{label}</Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: isMultiline ? 'pre-line' : undefined }}>
        {value || '—'}
      </Typography>
    </Box>
  );
}

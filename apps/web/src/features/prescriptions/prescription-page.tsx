import {
  formatDisplayDate, identityDocumentTypeLabels, medicineText, messages,
  type Prescription, type PrescriptionItem,
} from '@receta/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
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
import { DetailField, DetailList, DetailSection } from '../../components/detail-sections.tsx';
import { CuirText, SubtypeChip } from '../../components/item-references.tsx';
import { paths } from '../../config/paths.ts';
import { translateMessage } from '../../i18n/translate-message.ts';
import { loadErrorMessage } from '../../lib/resource-api.ts';
import { useSession } from '../../lib/session.tsx';
import { insurerLabel } from '../clinical-search/index.ts';
import { PrescriptionActions } from './prescription-actions.tsx';
import { PrescriptionEvents } from './prescription-events.tsx';
import { PrescriptionStateChip } from '../../components/prescription-state-chip.tsx';
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

/** The prescription's page for its doctor and the workspace: what it says, what can be done, its history. */
export function PrescriptionDetail({ prescription }: { prescription: Prescription }) {
  const { t } = useTranslation();
  const { scope } = useSession();
  const back = backLinkOf(scope);

  return (
    <AdminPage
      title={t('prescriptions.detail.title', { number: prescription.number })}
      maxWidth={1000}
      actions={<PrescriptionActions prescription={prescription} />}
    >
      <Button component={RouterLink} to={back.href} startIcon={<ArrowBack />} sx={{ mb: 2 }}>
        {t('prescriptions.detail.back', { list: t(back.label) })}
      </Button>
      <PrescriptionContent prescription={prescription}>
        <PrescriptionEvents id={prescription.id} />
      </PrescriptionContent>
    </AdminPage>
  );
}

/** Everything written on a prescription, as the doctor and the pharmacy read it. */
export function PrescriptionContent({ prescription, children }: { prescription: Prescription; children?: ReactNode }) {
  const { t } = useTranslation();
  const { prescriber, patient } = prescription;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography sx={{ fontWeight: 500, mb: 2 }}>{t(`labels.prescriptionKindHeadings.${prescription.kind}`)}</Typography>
      <DetailSection title={t('prescriptions.detail.sections.prescription')}>
        <DetailField label={t('prescriptions.columns.state')} value={<PrescriptionStateChip state={prescription.displayState} />} />
        {/* Receta Única or Crónica: a distinction of medicines only. */}
        {prescription.kind === 'medication' && (
          <DetailField label={t('prescriptions.fields.type')} value={t(`labels.prescriptionTypes.${prescription.type}`)} />
        )}
        {prescription.type === 'chronic' && (
          <DetailField
            label={t('prescriptions.detail.series')}
            value={t('prescriptions.series', { position: prescription.seriesPosition, length: prescription.seriesLength })}
          />
        )}
        {/* A draft is not issued yet: it shows when it was created, below. */}
        {prescription.signed && (
          <DetailField label={t('prescriptions.detail.issuedOn')} value={formatDisplayDate(prescription.issuedOn)} />
        )}
        <DetailField label={t('prescriptions.columns.startDate')} value={formatDisplayDate(prescription.startDate)} />
        <DetailField label={t('prescriptions.columns.expiryDate')} value={formatDisplayDate(prescription.expiryDate)} />
        <DetailField label={t('prescriptions.columns.createdAt')} value={formatDisplayDate(prescription.createdAt)} />
        {prescription.signedAt && <DetailField label={t('prescriptions.detail.signedAt')} value={formatDisplayDate(prescription.signedAt)} />}
      </DetailSection>
      <DetailSection title={t('prescriptions.detail.sections.prescriber')}>
        <DetailField label={t('prescriptions.columns.issuer')} value={`${prescriber.name} ${prescriber.lastName}`} />
        <DetailField
          label={t('prescriptions.columns.licence')}
          value={`${t(`labels.licenceTypes.${prescriber.licenceType}`)} ${prescriber.enrollment} · ${prescriber.jurisdiction}`}
        />
        <DetailField label={t('prescriptions.detail.refeps')} value={prescriber.refepsCode} />
        <DetailField label={t('prescriptions.detail.profession')} value={[prescriber.profession, prescriber.specialty].filter(Boolean).join(' · ')} />
        <DetailField label={t('prescriptions.detail.cuit')} value={prescriber.cuit} />
        <DetailField label={t('prescriptions.detail.address')} value={prescriber.address} />
      </DetailSection>
      <DetailSection title={t('prescriptions.detail.sections.patient')}>
        <DetailField label={t('prescriptions.columns.patient')} value={patient.name} />
        <DetailField label={t('prescriptions.columns.lastName')} value={patient.lastName} />
        <DetailField label={t('prescriptions.columns.dni')} value={patient.dni} />
        {patient.identityDocument
          ? (
              <DetailField
                label={t('prescriptions.detail.identityDocument')}
                value={`${identityDocumentTypeLabels[patient.identityDocument.type]} ${patient.identityDocument.number}`}
              />
            )
          : <DetailField label={t('prescriptions.detail.cuil')} value={patient.cuil} />}
        <DetailField label={t('prescriptions.detail.sex')} value={t(`labels.patientSexes.${patient.sex}`)} />
        <DetailField label={t('prescriptions.columns.dateOfBirth')} value={formatDisplayDate(patient.dateOfBirth)} />
        <DetailField
          label={t('prescriptions.columns.insurer')}
          value={prescription.insurer ? insurerLabel(prescription.insurer) : t('prescriptions.particular')}
        />
        <DetailField label={t('prescriptions.columns.affiliateNumber')} value={prescription.affiliateNumber} />
      </DetailSection>
      <Box component="section" sx={{ mb: 3 }}>
        <Typography component="h2" variant="h2" sx={{ mb: 1.5 }}>{t(`labels.prescriptionKinds.${prescription.kind}`)}</Typography>
        <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
          {prescription.items.map((item) => (prescription.kind === 'medication'
            ? <MedicationItemCard key={item.id} item={item} />
            : <DeviceOrPracticeItemCard key={item.id} kind={prescription.kind} item={item} />))}
        </Box>
      </Box>
      <DetailSection title={t('prescriptions.detail.sections.diagnosis')}>
        <DetailField label={t('prescriptions.columns.diagnosis')} value={`${prescription.diagnosis.code} — ${prescription.diagnosis.description}`} />
        <DetailField label={t('prescriptions.columns.symptoms')} value={prescription.symptoms} isMultiline />
      </DetailSection>
      {children}
    </Paper>
  );
}

function MedicationItemCard({ item }: { item: PrescriptionItem }) {
  const { t } = useTranslation();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {[item.genericName, item.strength && medicineText(item.strength)].filter(Boolean).join(' ')}
        </Typography>
        {item.subtype && <SubtypeChip subtype={item.subtype} />}
        {item.noSubstitution && <Chip size="small" color="warning" label={t('prescriptions.fields.noSubstitution')} />}
      </Box>
      <DetailList>
        {item.cuir && <DetailField label={t('prescriptions.detail.cuir')} value={<CuirText cuir={item.cuir} />} />}
        <DetailField label={t('prescriptions.fields.brandName')} value={item.brandName} />
        <DetailField label={t('prescriptions.fields.presentation')} value={item.presentation && medicineText(item.presentation)} />
        <DetailField label={t('prescriptions.fields.pharmaceuticalForm')} value={item.pharmaceuticalForm && medicineText(item.pharmaceuticalForm)} />
        <DetailField label={t('prescriptions.fields.quantity')} value={String(item.quantity)} />
        <DetailField label={t('prescriptions.fields.dosage')} value={item.dosage} />
        <DetailField label={t('prescriptions.fields.patientInstructions')} value={item.patientInstructions} isMultiline />
        <DetailField label={t('prescriptions.fields.pharmacyNote')} value={item.pharmacyNote} isMultiline />
      </DetailList>
    </Paper>
  );
}

/** A device or a practice: its name, its catalogue code if any, how many or how many sessions, the indications. */
function DeviceOrPracticeItemCard({ kind, item }: { kind: 'device' | 'practice'; item: PrescriptionItem }) {
  const { t } = useTranslation();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500, overflowWrap: 'anywhere', mb: 1 }}>
        {item.genericName}
      </Typography>
      <DetailList>
        {item.cuir && <DetailField label={t('prescriptions.detail.cuir')} value={<CuirText cuir={item.cuir} />} />}
        {item.practiceCode && <DetailField label={t('prescriptions.fields.practiceCode')} value={item.practiceCode} />}
        <DetailField
          label={t(kind === 'practice' ? 'prescriptions.fields.sessions' : 'prescriptions.fields.quantity')}
          value={String(item.quantity)}
        />
        <DetailField label={t('prescriptions.fields.indications')} value={item.dosage} isMultiline />
      </DetailList>
    </Paper>
  );
}

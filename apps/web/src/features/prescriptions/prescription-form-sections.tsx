import {
  formatDisplayDate, limits, messages, prescriptionKindRules, prescriptionRules, prescriptionTypes,
  type Diagnosis, type InsurerSummary, type Patient, type Prescription,
} from '@receta/domain';
import Add from '@mui/icons-material/Add';
import PersonAdd from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useController, useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../components/form-date-field.tsx';
import { fieldErrorText, FormTextField } from '../../components/form-field.tsx';
import { DiagnosisAutocomplete, InsurerAutocomplete, insurerLabel } from '../clinical-search/index.ts';
import { PatientAutocomplete } from '../patients/index.ts';
import {
  emptyPrescriptionItem, insurerSlugOf, type PrescriptionFormOutput, type PrescriptionFormValues,
} from './prescription-form.ts';
import { DeviceOrPracticeItemFields } from './device-or-practice-item-fields.tsx';
import { ItemsFavourites } from './items-favourites.tsx';
import { PrescriptionItemFields } from './prescription-item-fields.tsx';
import { PrescriptionKindSelector } from './prescription-kind-selector.tsx';
import { SeriesPreview } from './series-preview.tsx';

// The sections of the prescription form, each reading the form from its FormProvider.
function usePrescriptionForm() {
  return useFormContext<PrescriptionFormValues, unknown, PrescriptionFormOutput>();
}

/** The patient, and the coverage the prescription goes under: the path's insurer and the affiliate number. */
export function PatientSection({
  patient, patientError, insurer, providerSlug, onChoosePatient, onAddPatient, onSwitchInsurer,
}: {
  patient: Patient | null;
  patientError: string | undefined;
  insurer: InsurerSummary;
  providerSlug: string;
  onChoosePatient: (patient: Patient | null) => void;
  onAddPatient: () => void;
  onSwitchInsurer: (slug: string) => void;
}) {
  const { t } = useTranslation();
  const { control } = usePrescriptionForm();
  const patientSlug = patient ? insurerSlugOf(patient.insurer) : providerSlug;
  return (
    <Section title={t('prescriptions.form.patientSection')}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', gridColumn: { md: '1 / -1' } }}>
          <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
            <PatientAutocomplete value={patient} onChange={onChoosePatient} required errorText={patientError} />
          </Box>
          <Button
            startIcon={<PersonAdd />}
            onClick={onAddPatient}
            sx={{ mt: 1, flexShrink: 0 }}
          >
            {t('prescriptions.form.newPatient')}
          </Button>
        </Box>
        {patient && patientSlug !== providerSlug && (
          <Alert
            severity="info"
            sx={{ gridColumn: { md: '1 / -1' } }}
            action={(
              <Button color="inherit" size="small" onClick={() => onSwitchInsurer(patientSlug)}>
                {t('prescriptions.form.useInsurer')}
              </Button>
            )}
          >
            {t('prescriptions.form.patientInsurer', {
              patient: `${patient.name} ${patient.lastName}`,
              insurer: patient.insurer ? insurerLabel(patient.insurer) : t('prescriptions.particular'),
            })}
          </Alert>
        )}
        <InsurerAutocomplete
          name="insurer"
          value={insurer}
          onChange={(next) => onSwitchInsurer(insurerSlugOf(next))}
          required
        />
        <FormTextField control={control} name="affiliateNumber" label={t('prescriptions.fields.affiliateNumber')} />
      </Box>
    </Section>
  );
}

/** What the prescription prescribes; a draft's stays. */
export function KindSection({ isFixed }: { isFixed: boolean }) {
  const { t } = useTranslation();
  return (
    <Section title={t('prescriptions.fields.kind')}>
      <PrescriptionKindSelector isFixed={isFixed} />
    </Section>
  );
}

/** The lines, as many as the kind allows: up to three medicines, or ten devices or practices. */
export function ItemsSection() {
  const { t } = useTranslation();
  const { control } = usePrescriptionForm();
  const kind = useWatch({ control, name: 'kind' });
  const items = useFieldArray({ control, name: 'items' });
  const context = kind === 'medication' ? undefined : kind;
  return (
    <Section title={t(`labels.prescriptionKinds.${kind}`)}>
      <Stack spacing={2}>
        {/* Favourites hold medicines only. */}
        {kind === 'medication' && <ItemsFavourites items={items} />}
        {items.fields.map((item, index) => {
          const onRemove = items.fields.length > 1 ? () => items.remove(index) : undefined;
          return kind === 'medication'
            ? <PrescriptionItemFields key={item.id} index={index} onRemove={onRemove} />
            : <DeviceOrPracticeItemFields key={item.id} kind={kind} index={index} onRemove={onRemove} />;
        })}
        {items.fields.length < prescriptionKindRules[kind].maxItems && (
          <Box>
            <Button startIcon={<Add />} onClick={() => items.append(emptyPrescriptionItem)}>
              {t('prescriptions.form.addItem', { context })}
            </Button>
          </Box>
        )}
      </Stack>
    </Section>
  );
}

/** The CIE-10 diagnosis and the symptoms. */
export function DiagnosisSection({ initialDiagnosis }: { initialDiagnosis: Diagnosis | null }) {
  const { t } = useTranslation();
  const { control } = usePrescriptionForm();
  const [diagnosis, setDiagnosis] = useState(initialDiagnosis);
  const diagnosisField = useController({ control, name: 'diagnosisCode' });

  function chooseDiagnosis(next: Diagnosis | null) {
    setDiagnosis(next);
    diagnosisField.field.onChange(next?.code ?? '');
  }

  return (
    <Section title={t('prescriptions.form.diagnosisSection')}>
      <Stack spacing={2}>
        <DiagnosisAutocomplete
          name={diagnosisField.field.name}
          inputRef={diagnosisField.field.ref}
          value={diagnosis}
          onChange={chooseDiagnosis}
          onBlur={diagnosisField.field.onBlur}
          required
          errorText={fieldErrorText(t, {
            fieldState: diagnosisField.fieldState,
            required: true,
            value: diagnosisField.field.value,
            requiredMessage: messages.prescriptions.diagnosisRequired,
          })}
        />
        <FormTextField
          control={control}
          name="symptoms"
          label={t('prescriptions.fields.symptoms')}
          multiline
          minRows={3}
          maxRows={limits.multilineMaxRows}
        />
      </Stack>
    </Section>
  );
}

/**
 * The type (a draft keeps its own; only medicines have a Receta Crónica), the start date and what
 * follows from them: the series or the kind's validity.
 */
export function TypeSection({ prescription, issuedOn }: { prescription: Prescription | null; issuedOn: string }) {
  const { t } = useTranslation();
  const { control } = usePrescriptionForm();
  const [kind, type, seriesLength, startDate] = useWatch({ control, name: ['kind', 'type', 'seriesLength', 'startDate'] });
  // A refused start date gives no validity to show: the dates would contradict the error beside them.
  const isStartDateRefused = useFormState({ control, name: 'startDate' }).errors.startDate !== undefined;
  return (
    <Section title={t('prescriptions.form.typeSection')}>
      <Stack spacing={2}>
        {prescription
          ? (
              <Typography>
                {t(`labels.prescriptionTypes.${prescription.type}`)}
                {prescription.type === 'chronic' && ` · ${t('prescriptions.series', { position: prescription.seriesPosition, length: prescription.seriesLength })}`}
              </Typography>
            )
          : kind === 'medication' && <TypeFields />}
        <Box sx={{ maxWidth: { sm: 320 } }}>
          <FormDateField control={control} name="startDate" label={t('prescriptions.fields.startDate')} required />
        </Box>
        {type === 'chronic' && !isStartDateRefused && (
          <SeriesPreview
            startDate={startDate}
            length={prescription?.seriesLength ?? seriesLength}
            fallback={issuedOn}
          />
        )}
        {type === 'classic' && !isStartDateRefused && /^\d{4}-\d{2}-\d{2}$/.test(startDate) && (
          <Typography color="text.secondary">
            {t('prescriptions.form.validity', { start: formatDisplayDate(startDate), days: prescriptionKindRules[kind].validityDays })}
          </Typography>
        )}
      </Stack>
    </Section>
  );
}

/** Receta Única or Receta Crónica, and for the latter how many monthly prescriptions. */
function TypeFields() {
  const { t } = useTranslation();
  const typeLabelId = useId();
  const seriesLengthLabelId = useId();
  const type = useController<PrescriptionFormValues, 'type', PrescriptionFormOutput>({ name: 'type' });
  const seriesLength = useController<PrescriptionFormValues, 'seriesLength', PrescriptionFormOutput>({ name: 'seriesLength' });
  return (
    <>
      <Box>
        <FormLabel id={typeLabelId}>{t('prescriptions.fields.type')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={typeLabelId}
          name={type.field.name}
          value={type.field.value}
          onChange={(event) => type.field.onChange(event.target.value)}
        >
          {prescriptionTypes.map((option) => (
            <FormControlLabel key={option} value={option} control={<Radio />} label={t(`labels.prescriptionTypes.${option}`)} />
          ))}
        </RadioGroup>
      </Box>
      {type.field.value === 'chronic' && (
        <Box>
          <FormLabel id={seriesLengthLabelId}>{t('prescriptions.fields.seriesLength')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={seriesLengthLabelId}
            name={seriesLength.field.name}
            value={String(seriesLength.field.value)}
            onChange={(event) => seriesLength.field.onChange(Number(event.target.value))}
          >
            {prescriptionRules.chronicSeriesLengths.map((length) => (
              <FormControlLabel key={length} value={String(length)} control={<Radio />} label={t('prescriptions.form.monthly', { count: length })} />
            ))}
          </RadioGroup>
        </Box>
      )}
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography component="h2" variant="h2" sx={{ mb: 2 }}>{title}</Typography>
      {children}
    </Paper>
  );
}

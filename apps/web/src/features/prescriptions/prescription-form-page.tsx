import {
  formatDisplayDate, limits, messages, prescriptionRules, prescriptionTypes, todayInArgentina,
  type Diagnosis, type DuplicateMedication, type InsurerSummary, type Patient, type Prescription,
} from '@receta/domain';
import Add from '@mui/icons-material/Add';
import PersonAdd from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { FormProvider, useController, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { FormDateField } from '../../components/form-date-field.tsx';
import { fieldErrorText, FormTextField } from '../../components/form-field.tsx';
import { paths } from '../../config/paths.ts';
import { translateMessage } from '../../i18n/translate-message.ts';
import { ApiRequestError, errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { loadErrorMessage } from '../../lib/resource-api.ts';
import { DiagnosisAutocomplete, InsurerAutocomplete, insurerLabel } from '../clinical-search/index.ts';
import { PatientAutocomplete, PatientFormDialog, usePatient } from '../patients/index.ts';
import { DuplicatesDialog } from './duplicates-dialog.tsx';
import {
  emptyPrescriptionForm, emptyPrescriptionItem, insurerSlugOf, prescriptionFormOf, prescriptionResolver,
  serverFieldErrors,
  type PrescriptionFormOutput, type PrescriptionFormValues,
} from './prescription-form.ts';
import { PrescriptionItemFields } from './prescription-item-fields.tsx';
import { SeriesPreview } from './series-preview.tsx';
import {
  findDuplicateMedications, useCreatePrescription, useInsurer, usePrescription, useUpdatePrescription,
} from './prescriptions-api.ts';

/** `/prescriptions/:providerSlug/new`, with the patient chosen beforehand by `?patientId=`. */
export function NewPrescriptionPage() {
  const [searchParams] = useSearchParams();
  const patientId = searchParams.get('patientId');
  return (
    <WithInsurer>
      {(insurer) => (patientId
        ? (
            <WithPatient patientId={patientId}>
              {(patient) => <PrescriptionForm insurer={insurer} patient={patient} />}
            </WithPatient>
          )
        : <PrescriptionForm insurer={insurer} patient={null} />)}
    </WithInsurer>
  );
}

/** `/prescriptions/:providerSlug/:prescriptionId/edit`: a draft, with the patient it was written for. */
export function EditPrescriptionPage() {
  const { t } = useTranslation();
  const { prescriptionId = '' } = useParams();
  const prescription = usePrescription(prescriptionId);
  if (prescription.isPending) return <Loading />;
  if (prescription.isError) {
    return <Alert severity="error">{translateMessage(t, loadErrorMessage(prescription.error, messages.prescriptions.notFound))}</Alert>;
  }
  const draft = prescription.data;
  if (draft.state !== 'draft' || draft.patient.id === null) {
    return <Alert severity="warning">{translateMessage(t, messages.prescriptions.notDraft)}</Alert>;
  }
  return (
    <WithInsurer>
      {(insurer) => (
        <WithPatient patientId={draft.patient.id ?? ''}>
          {(patient) => <PrescriptionForm insurer={insurer} patient={patient} prescription={draft} />}
        </WithPatient>
      )}
    </WithInsurer>
  );
}

function Loading() {
  const { t } = useTranslation();
  return <CircularProgress aria-label={t('prescriptions.form.loading')} />;
}

/** The insurer of the path; an unknown slug shows the spec's message instead of the form. */
function WithInsurer({ children }: { children: (insurer: InsurerSummary) => ReactNode }) {
  const { t } = useTranslation();
  const { providerSlug = '' } = useParams();
  const insurer = useInsurer(providerSlug);
  if (insurer.isError) {
    return <Alert severity="error">{translateMessage(t, loadErrorMessage(insurer.error, messages.prescriptions.unknownInsurer))}</Alert>;
  }
  if (insurer.isPending) return <Loading />;
  return children(insurer.data);
}

/** The patient to prescribe for; one that cannot be read leaves the choice to the doctor. */
function WithPatient({ patientId, children }: { patientId: string; children: (patient: Patient | null) => ReactNode }) {
  const patient = usePatient(patientId);
  if (patient.isPending) return <Loading />;
  return children(patient.data ?? null);
}

interface PendingSubmission {
  input: PrescriptionFormOutput;
  duplicates: DuplicateMedication[];
}

/**
 * The prescription form: patient, coverage, one to three medicines, CIE-10 diagnosis, symptoms,
 * type and start date. Before sending it asks the server whether a medicine repeats one still
 * valid for the patient, and sends only once the doctor confirms.
 */
function PrescriptionForm({
  insurer,
  patient: initialPatient,
  prescription = null,
}: {
  insurer: InsurerSummary;
  patient: Patient | null;
  prescription?: Prescription | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const { providerSlug = insurer.slug } = useParams();
  const isEdit = prescription !== null;
  const [issuedOn] = useState(() => prescription?.issuedOn ?? todayInArgentina());
  const [patient, setPatient] = useState(initialPatient);
  const [diagnosis, setDiagnosis] = useState<Diagnosis | null>(prescription?.diagnosis ?? null);
  const [isAddingPatient, setIsAddingPatient] = useState(false);
  const [pending, setPending] = useState<PendingSubmission | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const createPrescription = useCreatePrescription();
  const updatePrescription = useUpdatePrescription(prescription?.id ?? '');
  const resolver = useMemo(
    () => prescriptionResolver({ isEdit, insurerSlug: providerSlug, issuedOn }),
    [isEdit, providerSlug, issuedOn],
  );
  const form = useForm<PrescriptionFormValues, unknown, PrescriptionFormOutput>({
    resolver,
    defaultValues: prescription
      ? prescriptionFormOf(prescription)
      : emptyPrescriptionForm(issuedOn, initialPatient?.id, initialPatient?.affiliateNumber ?? ''),
    mode: 'onTouched',
  });
  const { control, handleSubmit, setValue, setError, formState } = form;
  const items = useFieldArray({ control, name: 'items' });
  const patientField = useController({ control, name: 'patientId' });
  const diagnosisField = useController({ control, name: 'diagnosisCode' });
  const [type, seriesLength, startDate] = useWatch({ control, name: ['type', 'seriesLength', 'startDate'] });
  const failureMessage = isEdit ? messages.prescriptions.notEdited : messages.prescriptions.notCreated;

  /** Another insurer is another path; the form stays mounted, so what was written stays. */
  function switchInsurer(slug: string) {
    const pathname = prescription
      ? paths.editPrescription.getHref(slug, prescription.id)
      : paths.newPrescription.getHref(slug);
    void navigate({ pathname, search: location.search }, { replace: true });
  }

  function choosePatient(next: Patient | null) {
    setPatient(next);
    const options = { shouldDirty: true, shouldTouch: true, shouldValidate: formState.isSubmitted };
    patientField.field.onChange(next?.id ?? '');
    if (next) setValue('affiliateNumber', next.affiliateNumber ?? '', options);
  }

  function chooseDiagnosis(next: Diagnosis | null) {
    setDiagnosis(next);
    diagnosisField.field.onChange(next?.code ?? '');
  }

  async function check(input: PrescriptionFormOutput) {
    setServerError(null);
    try {
      const duplicates = await findDuplicateMedications({
        patientId: input.patientId,
        items: input.items.map(({ medicationId, genericName }) => ({ medicationId, genericName })),
        excludePrescriptionId: prescription?.id,
      });
      if (duplicates.length > 0) setPending({ input, duplicates });
      else await send(input, false);
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  async function send(input: PrescriptionFormOutput, confirmDuplicates: boolean) {
    try {
      const body = { ...input, confirmDuplicates };
      // Only the create schema keeps the type: an edit's body has none (its type and series stay).
      const saved = 'type' in body
        ? await createPrescription.mutateAsync(body)
        : await updatePrescription.mutateAsync(body);
      setPending(null);
      notify({ message: isEdit ? messages.prescriptions.edited : messages.prescriptions.created, variant: 'success' });
      await navigate(paths.prescription.getHref(prescription?.id ?? saved.prescriptions[0]?.id ?? ''));
    } catch (error) {
      // Someone issued the same medicine since the check: the doctor decides once more.
      if (error instanceof ApiRequestError && error.errorCode === 'duplicateMedication' && !confirmDuplicates) {
        setPending({ input, duplicates: [] });
        return;
      }
      setPending(null);
      const fieldErrors = serverFieldErrors(error);
      fieldErrors.forEach(({ field, message }, index) => setError(field, { message }, { shouldFocus: index === 0 }));
      if (fieldErrors.length === 0) setServerError(errorMessageOf(error));
      notify({ message: failureMessage, variant: 'error' });
    }
  }

  const patientSlug = patient ? insurerSlugOf(patient.insurer) : providerSlug;
  // An empty patient fails the id check, whose message speaks of a patient that does not exist.
  const patientError = patientField.fieldState.error && !patientField.field.value
    ? translateMessage(t, messages.common.required)
    : fieldErrorText(t, { fieldState: patientField.fieldState, required: true, value: patientField.field.value });
  const title = prescription ? t('prescriptions.form.editTitle', { number: prescription.number }) : t('prescriptions.form.newTitle');

  return (
    <AdminPage title={title} maxWidth={1100}>
      <FormProvider {...form}>
        <Stack component="form" noValidate spacing={3} onSubmit={(event) => void handleSubmit(check)(event)}>
          {serverError && <Alert severity="error">{translateMessage(t, serverError)}</Alert>}
          <Section title={t('prescriptions.form.patientSection')}>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', gridColumn: { md: '1 / -1' } }}>
                <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
                  <PatientAutocomplete value={patient} onChange={choosePatient} required errorText={patientError} />
                </Box>
                <Button
                  startIcon={<PersonAdd />}
                  onClick={() => setIsAddingPatient(true)}
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
                    <Button color="inherit" size="small" onClick={() => switchInsurer(patientSlug)}>
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
                onChange={(next) => switchInsurer(insurerSlugOf(next))}
                required
              />
              <FormTextField control={control} name="affiliateNumber" label={t('prescriptions.fields.affiliateNumber')} />
            </Box>
          </Section>
          <Section title={t('prescriptions.form.itemsSection')}>
            <Stack spacing={2}>
              {items.fields.map((item, index) => (
                <PrescriptionItemFields
                  key={item.id}
                  index={index}
                  onRemove={items.fields.length > 1 ? () => items.remove(index) : undefined}
                />
              ))}
              {items.fields.length < prescriptionRules.maxItems && (
                <Box>
                  <Button startIcon={<Add />} onClick={() => items.append(emptyPrescriptionItem)}>{t('prescriptions.form.addItem')}</Button>
                </Box>
              )}
            </Stack>
          </Section>
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
          <Section title={t('prescriptions.form.typeSection')}>
            <Stack spacing={2}>
              {prescription
                ? (
                    <Typography>
                      {t(`labels.prescriptionTypes.${prescription.type}`)}
                      {prescription.type === 'chronic' && ` · ${t('prescriptions.series', { position: prescription.seriesPosition, length: prescription.seriesLength })}`}
                    </Typography>
                  )
                : <TypeFields />}
              <Box sx={{ maxWidth: { sm: 320 } }}>
                <FormDateField control={control} name="startDate" label={t('prescriptions.fields.startDate')} required />
              </Box>
              {type === 'chronic' && <SeriesPreview startDate={startDate} length={prescription?.seriesLength ?? seriesLength} fallback={issuedOn} />}
              {type === 'classic' && /^\d{4}-\d{2}-\d{2}$/.test(startDate) && (
                <Typography color="text.secondary">
                  {t('prescriptions.form.validity', { start: formatDisplayDate(startDate), days: prescriptionRules.validityDays })}
                </Typography>
              )}
            </Stack>
          </Section>
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button
              component={RouterLink}
              to={prescription ? paths.prescription.getHref(prescription.id) : paths.myPrescriptions.getHref()}
            >
              {t('resources.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={formState.isSubmitting}>
              {isEdit ? t('resources.save') : t('prescriptions.form.submit')}
            </Button>
          </Box>
        </Stack>
      </FormProvider>
      <PatientFormDialog
        open={isAddingPatient}
        onClose={() => setIsAddingPatient(false)}
        onSaved={(saved) => {
          choosePatient(saved);
          setIsAddingPatient(false);
        }}
      />
      <DuplicatesDialog
        duplicates={pending?.duplicates ?? null}
        isSending={createPrescription.isPending || updatePrescription.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && void send(pending.input, true)}
      />
    </AdminPage>
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

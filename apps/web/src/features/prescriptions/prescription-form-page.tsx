import {
  messages, todayInArgentina, type InsurerSummary, type Patient, type Prescription, type RepeatedPrescription,
} from '@receta/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useMemo, useState, type ReactNode } from 'react';
import { FormProvider, useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { fieldErrorText } from '../../components/form-field.tsx';
import { paths } from '../../config/paths.ts';
import { translateMessage } from '../../i18n/translate-message.ts';
import { loadErrorMessage } from '../../lib/resource-api.ts';
import { PatientFormDialog, usePatient } from '../patients/index.ts';
import { ParticularCoverageNotice } from './particular-coverage-notice.tsx';
import {
  emptyPrescriptionForm, insurerSlugOf, prescriptionFormOf, prescriptionResolver, repeatFormOf,
  type PrescriptionFormOutput, type PrescriptionFormValues,
} from './prescription-form.ts';
import { PatientAllergiesNotice } from './patient-allergies-notice.tsx';
import { PatientIdentityNotice } from './patient-identity-notice.tsx';
import {
  DiagnosisSection, ItemsSection, KindSection, PatientSection, TypeSection,
} from './prescription-form-sections.tsx';
import { useInsurer, usePrescription } from './prescriptions-api.ts';
import { RepeatLoader } from './repeat-prescription.tsx';
import { usePrescriptionSubmission } from './use-prescription-submission.ts';
import { WarningsDialog } from './warnings-dialog.tsx';

/**
 * `/prescriptions/:providerSlug/new`, with the patient chosen beforehand by `?patientId=`, or
 * the content of a past prescription to repeat by `?repeat=`.
 */
export function NewPrescriptionPage() {
  const [searchParams] = useSearchParams();
  const patientId = searchParams.get('patientId');
  const repeatId = searchParams.get('repeat');
  if (repeatId) {
    return (
      <RepeatLoader prescriptionId={repeatId}>
        {(repeated) => (
          <WithInsurerAndPatient patientId={repeated.patientId}>
            {(insurer, patient) => <PrescriptionForm insurer={insurer} patient={patient} repeated={repeated} />}
          </WithInsurerAndPatient>
        )}
      </RepeatLoader>
    );
  }
  return (
    <WithInsurerAndPatient patientId={patientId}>
      {(insurer, patient) => <PrescriptionForm insurer={insurer} patient={patient} />}
    </WithInsurerAndPatient>
  );
}

/** `/prescriptions/:providerSlug/:prescriptionId/edit`: a draft, with the patient it was written for. */
export function EditPrescriptionPage() {
  const { t } = useTranslation();
  const { prescriptionId = '' } = useParams();
  const prescription = usePrescription(prescriptionId);
  const draft = prescription.data?.state === 'draft' ? prescription.data : undefined;
  // Asked for beside the draft rather than after it: the insurer at once, the patient as soon
  // as the draft names them, so the page waits for the slowest request and not for their sum.
  const formData = useFormData(draft?.patient.id ?? null);
  if (prescription.isPending) return <Loading />;
  if (prescription.isError) {
    return <Alert severity="error">{translateMessage(t, loadErrorMessage(prescription.error, messages.prescriptions.notFound))}</Alert>;
  }
  if (!draft || draft.patient.id === null) {
    return <Alert severity="warning">{translateMessage(t, messages.prescriptions.notDraft)}</Alert>;
  }
  return (
    <WhenLoaded formData={formData}>
      {(insurer, patient) => <PrescriptionForm insurer={insurer} patient={patient} prescription={draft} />}
    </WhenLoaded>
  );
}

function Loading() {
  const { t } = useTranslation();
  return <CircularProgress aria-label={t('prescriptions.form.loading')} />;
}

/** The insurer of the path and the patient to prescribe for (null: none chosen yet), requested together. */
function useFormData(patientId: string | null) {
  const { providerSlug = '' } = useParams();
  return { insurer: useInsurer(providerSlug), patient: usePatient(patientId), hasPatient: patientId !== null };
}

/**
 * The form once its data is in: an unknown insurer slug shows the spec's message instead; a
 * patient who cannot be read leaves the choice to the doctor.
 */
function WhenLoaded({ formData: { insurer, patient, hasPatient }, children }: {
  formData: ReturnType<typeof useFormData>;
  children: (insurer: InsurerSummary, patient: Patient | null) => ReactNode;
}) {
  const { t } = useTranslation();
  if (insurer.isError) {
    return <Alert severity="error">{translateMessage(t, loadErrorMessage(insurer.error, messages.prescriptions.unknownInsurer))}</Alert>;
  }
  if (insurer.isPending || (hasPatient && patient.isPending)) return <Loading />;
  return children(insurer.data, patient.data ?? null);
}

function WithInsurerAndPatient({ patientId, children }: {
  patientId: string | null;
  children: (insurer: InsurerSummary, patient: Patient | null) => ReactNode;
}) {
  return <WhenLoaded formData={useFormData(patientId)}>{children}</WhenLoaded>;
}

/**
 * The prescription form: patient, coverage, the kind and its lines, CIE-10 diagnosis, symptoms,
 * type and start date, sent by usePrescriptionSubmission. A new one may start from a repeated
 * prescription's content.
 */
function PrescriptionForm({
  insurer,
  patient: initialPatient,
  prescription = null,
  repeated = null,
}: {
  insurer: InsurerSummary;
  patient: Patient | null;
  prescription?: Prescription | null;
  repeated?: RepeatedPrescription | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { providerSlug = insurer.slug } = useParams();
  const isEdit = prescription !== null;
  const [issuedOn] = useState(() => prescription?.issuedOn ?? todayInArgentina());
  const [patient, setPatient] = useState(initialPatient);
  const [isAddingPatient, setIsAddingPatient] = useState(false);
  const resolver = useMemo(
    () => prescriptionResolver({ isEdit, insurerSlug: providerSlug, issuedOn }),
    [isEdit, providerSlug, issuedOn],
  );
  const form = useForm<PrescriptionFormValues, unknown, PrescriptionFormOutput>({
    resolver,
    defaultValues: prescription
      ? prescriptionFormOf(prescription)
      : repeated
        ? repeatFormOf(repeated, issuedOn)
        : emptyPrescriptionForm(issuedOn, initialPatient?.id, initialPatient?.affiliateNumber ?? ''),
    mode: 'onTouched',
  });
  const { control, handleSubmit, setValue, setError, formState } = form;
  const patientField = useController({ control, name: 'patientId' });
  const submission = usePrescriptionSubmission({ prescription, setError });

  /** Another insurer is another path; the form stays mounted, so what was written stays. */
  function switchInsurer(slug: string) {
    const pathname = prescription
      ? paths.editPrescription.getHref(slug, prescription.id)
      : paths.newPrescription.getHref(slug);
    void navigate({ pathname, search: location.search }, { replace: true });
  }

  /**
   * The coverage follows the patient: choosing another one puts the prescription under their
   * insurer and affiliate number; 'Particular' then only when the doctor chooses it.
   */
  function choosePatient(next: Patient | null) {
    const isAnother = next !== null && next.id !== patient?.id;
    setPatient(next);
    const options = { shouldDirty: true, shouldTouch: true, shouldValidate: formState.isSubmitted };
    patientField.field.onChange(next?.id ?? '');
    if (next) setValue('affiliateNumber', next.affiliateNumber ?? '', options);
    if (isAnother && insurerSlugOf(next.insurer) !== providerSlug) switchInsurer(insurerSlugOf(next.insurer));
  }

  // An empty patient fails the id check, whose message speaks of a patient that does not exist.
  const patientError = patientField.fieldState.error && !patientField.field.value
    ? translateMessage(t, messages.common.required)
    : fieldErrorText(t, { fieldState: patientField.fieldState, required: true, value: patientField.field.value });
  const title = prescription ? t('prescriptions.form.editTitle', { number: prescription.number }) : t('prescriptions.form.newTitle');

  return (
    <AdminPage title={title} maxWidth={1100}>
      <FormProvider {...form}>
        <Stack component="form" noValidate spacing={3} onSubmit={(event) => void handleSubmit(submission.check)(event)}>
          {repeated && <Alert severity="info">{t('repeat.notice')}</Alert>}
          {submission.serverError && <Alert severity="error">{translateMessage(t, submission.serverError)}</Alert>}
          <PatientSection
            patient={patient}
            patientError={patientError}
            insurer={insurer}
            providerSlug={providerSlug}
            onChoosePatient={choosePatient}
            onAddPatient={() => setIsAddingPatient(true)}
            onSwitchInsurer={switchInsurer}
          />
          <PatientIdentityNotice patient={patient} onCompleted={choosePatient} />
          <PatientAllergiesNotice patient={patient} />
          <KindSection isFixed={isEdit} />
          <ItemsSection />
          <DiagnosisSection initialDiagnosis={prescription?.diagnosis ?? repeated?.diagnosis ?? null} />
          <TypeSection prescription={prescription} issuedOn={issuedOn} />
          <ParticularCoverageNotice insurerSlug={providerSlug} />
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
      <WarningsDialog
        warnings={submission.warnings}
        isSending={submission.isSending}
        onCancel={submission.cancelWarnings}
        onConfirm={submission.confirmWarnings}
      />
    </AdminPage>
  );
}

import { messages, type AttachmentField } from '@receta/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { paths } from '../../config/paths.ts';
import { translateMessage } from '../../i18n/translate-message.ts';
import { useNotify } from '../../lib/notify.ts';
import { useServerForm } from '../../lib/use-server-form.ts';
import { CredentialsStep } from './credentials-step.tsx';
import { PersonalDataStep } from './personal-data-step.tsx';
import { ProfessionalStep, type DocumentNames } from './professional-step.tsx';
import { registerDoctor, verifyEmail, verifyInformation } from './registration-api.ts';
import {
  emptyRegistrationForm,
  registrationStepResolver,
  registrationSteps,
  toDoctorRegistration,
  type RegistrationForm,
} from './registration-form.ts';

/**
 * The doctor's self-registration (spec sections 2 to 5): three steps over one form state, each
 * checked by the server before the next opens, then a notice that a moderator will verify it.
 */
export function RegistrationPage() {
  const { t } = useTranslation();
  const [isRegistered, setIsRegistered] = useState(false);
  return (
    <Paper variant="outlined" sx={{ maxWidth: 760, mx: 'auto', p: { xs: 2, sm: 4 } }}>
      <PageTitle title={t('registration.title')} />
      <Typography variant="h1" gutterBottom>
        {t('registration.title')}
      </Typography>
      {isRegistered ? <RegistrationSent /> : <RegistrationWizard onRegistered={() => setIsRegistered(true)} />}
    </Paper>
  );
}

function RegistrationWizard({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [stepIndex, setStepIndex] = useState(0);
  const [documentNames, setDocumentNames] = useState<DocumentNames>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const step = registrationSteps[stepIndex] ?? registrationSteps[0];
  const { control, setValue, reset, formState, submitWith } = useServerForm({
    // React Hook Form takes the resolver of the latest render, so each step validates its own fields.
    resolver: registrationStepResolver(step),
    defaultValues: emptyRegistrationForm,
    mode: 'onTouched',
  });

  const isFirstRender = useRef(true);
  useEffect(() => {
    // Tell screen-reader and keyboard users that a new step opened; not on the first visit.
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [stepIndex]);

  function goToStep(index: number) {
    setStepIndex(index);
    // A new step starts unsubmitted, so its fields are checked when left, not at every keystroke.
    reset(undefined, { keepValues: true, keepDirty: true, keepTouched: true, keepDefaultValues: true });
  }

  /** The checks of the first two steps may be refused, each field at fault told on the field. */
  async function submitStep(form: RegistrationForm) {
    if (step === 'personalData') {
      await verifyInformation({ dni: form.dni, phoneNumber: form.phoneNumber, cuit: form.cuit });
      goToStep(1);
    } else if (step === 'credentials') {
      await verifyEmail(form.email.trim().toLowerCase());
      goToStep(2);
    } else {
      await submitRegistration(form);
    }
  }

  async function submitRegistration(form: RegistrationForm) {
    try {
      await registerDoctor(toDoctorRegistration(form));
      onRegistered();
    } catch {
      notify({ message: messages.common.actionUnavailable, variant: 'error' });
    }
  }

  function keepDocument(field: AttachmentField, location: string, fileName?: string) {
    // Checking an uploaded document clears its "missing" error; a cleared one is about to be replaced.
    setValue(field, location, { shouldValidate: location !== '', shouldDirty: true });
    setDocumentNames((names) => ({ ...names, [field]: fileName }));
  }

  return (
    <>
      <Stepper activeStep={stepIndex} alternativeLabel sx={{ my: 3 }}>
        {registrationSteps.map((name) => (
          <Step key={name}>
            <StepLabel>{t(`registration.steps.${name}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Box component="form" noValidate onSubmit={submitWith(submitStep)}>
        <Typography variant="h2" ref={headingRef} tabIndex={-1} sx={{ mb: 2.5, outline: 'none' }}>
          {t('registration.stepHeading', { number: stepIndex + 1, total: registrationSteps.length, name: t(`registration.steps.${step}`) })}
        </Typography>
        {step === 'personalData' && <PersonalDataStep control={control} />}
        {step === 'credentials' && <CredentialsStep control={control} />}
        {step === 'professionalData' && (
          <ProfessionalStep
            control={control}
            documentNames={documentNames}
            onDocumentUploaded={(field, document) => keepDocument(field, document.location, document.fileName)}
            onDocumentCleared={(field) => keepDocument(field, '')}
          />
        )}
        <Box sx={{ display: 'flex', flexDirection: { xs: 'column-reverse', sm: 'row' }, justifyContent: 'space-between', gap: 2, mt: 4 }}>
          {stepIndex === 0
            ? (
                <Button component={RouterLink} to={paths.login.getHref()} startIcon={<ArrowBack />}>
                  {t('registration.backToLogin')}
                </Button>
              )
            : (
                <Button onClick={() => goToStep(stepIndex - 1)} startIcon={<ArrowBack />}>
                  {t('registration.back')}
                </Button>
              )}
          <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
            {step === 'professionalData' ? t('registration.submit') : t('registration.next')}
          </Button>
        </Box>
      </Box>
    </>
  );
}

function RegistrationSent() {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ textAlign: 'center', py: { xs: 2, sm: 4 } }}>
      <CheckCircleOutlined color="success" sx={{ fontSize: 56, mb: 1 }} aria-hidden />
      <Typography variant="h2" gutterBottom>
        {t('registration.sentTitle')}
      </Typography>
      <Typography sx={{ mb: 3, maxWidth: 520, mx: 'auto' }}>{translateMessage(t, messages.registration.moderatorNotice)}</Typography>
      <Button component={RouterLink} to={paths.login.getHref()} variant="contained">
        {t('registration.goToLogin')}
      </Button>
    </Box>
  );
}

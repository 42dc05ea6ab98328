import { messages, type Patient, type PatientData } from '@receta/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { emptyPatientForm, patientFormOf, patientResolver, serverFieldErrors, type PatientFormValues } from './patient-form.ts';
import { PatientFormFields } from './patient-form-fields.tsx';
import { useSavePatient } from './patients-api.ts';

interface PatientFormDialogProps {
  open: boolean;
  /** The patient to edit; without one the dialog creates a new patient. */
  patient?: Patient;
  onClose: () => void;
  /** Called with the patient as the server saved it; the dialog does not close by itself. */
  onSaved: (patient: Patient) => void;
}

/** Creates or edits a patient of the current workspace. */
export function PatientFormDialog({ open, patient, onClose, onSaved }: PatientFormDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={isPhone} scroll="paper">
      <DialogTitle id={titleId}>{patient ? t('patients.editTitle') : t('patients.newTitle')}</DialogTitle>
      {/* The dialog unmounts its content once closed, so each opening starts from the patient as it is now. */}
      <PatientForm patient={patient} onClose={onClose} onSaved={onSaved} />
    </Dialog>
  );
}

function PatientForm({ patient, onClose, onSaved }: Omit<PatientFormDialogProps, 'open'>) {
  const { t } = useTranslation();
  const notify = useNotify();
  const savePatient = useSavePatient(patient?.id);
  const { control, handleSubmit, formState, setError } = useForm<PatientFormValues, unknown, PatientData>({
    resolver: patientResolver,
    defaultValues: patient ? patientFormOf(patient) : emptyPatientForm,
    mode: 'onTouched',
  });

  async function save(values: PatientData) {
    try {
      const saved = await savePatient.mutateAsync(values);
      notify({ message: patient ? messages.patients.edited : messages.patients.created, variant: 'success' });
      onSaved(saved);
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      fieldErrors.forEach(({ field, message }, index) => setError(field, { message }, { shouldFocus: index === 0 }));
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // The dialog renders in a portal, but React still bubbles its submit to an enclosing
        // form, such as the prescription form that opens it.
        event.stopPropagation();
        void handleSubmit(save)(event);
      }}
      style={{ display: 'contents' }}
    >
      <DialogContent dividers>
        <PatientFormFields control={control} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('resources.cancel')}</Button>
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>{t('resources.save')}</Button>
      </DialogActions>
    </form>
  );
}

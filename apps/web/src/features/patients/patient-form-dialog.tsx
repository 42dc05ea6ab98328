import { messages, type Patient, type PatientData } from '@receta/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { setServerFieldErrors } from '../../lib/server-field-errors.ts';
import { emptyPatientForm, patientFormOf, patientResolver, patientServerFields, type PatientFormValues } from './patient-form.ts';
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
  return (
    <FormDialog open={open} title={patient ? t('patients.editTitle') : t('patients.newTitle')} onClose={onClose} maxWidth="md">
      <PatientForm patient={patient} onClose={onClose} onSaved={onSaved} />
    </FormDialog>
  );
}

function PatientForm({ patient, onClose, onSaved }: Omit<PatientFormDialogProps, 'open'>) {
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
      setServerFieldErrors(setError, error, emptyPatientForm, patientServerFields);
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  return (
    <DialogForm onSubmit={handleSubmit(save)} onCancel={onClose} isSubmitting={formState.isSubmitting}>
      <PatientFormFields control={control} />
    </DialogForm>
  );
}

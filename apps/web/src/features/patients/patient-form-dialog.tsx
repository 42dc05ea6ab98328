import { messages, type Patient } from '@receta/domain';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { useServerForm } from '../../lib/use-server-form.ts';
import { emptyPatientForm, patientFormOf, patientFormSchema, patientServerFields } from './patient-form.ts';
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
  const savePatient = useSavePatient(patient?.id);
  const { control, formState, submitWith } = useServerForm({
    schema: patientFormSchema,
    defaultValues: patient ? patientFormOf(patient) : emptyPatientForm,
    mode: 'onTouched',
    serverFields: patientServerFields,
  });
  const save = submitWith((values) => savePatient.mutateAsync(values), {
    success: patient ? messages.patients.edited : messages.patients.created,
    onSaved,
  });

  return (
    <DialogForm onSubmit={save} onCancel={onClose} isSubmitting={formState.isSubmitting}>
      <PatientFormFields control={control} />
    </DialogForm>
  );
}

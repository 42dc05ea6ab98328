import { messages, type MedicalDetail, type MedicalUpdateInput } from '@receta/domain';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { FormTextField } from '../../components/form-field.tsx';
import { contactFields, PersonalDataFields } from '../../components/personal-data-fields.tsx';
import { ProfessionalDataFields } from '../../components/professional-data-fields.tsx';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { setServerFieldErrors } from '../../lib/server-field-errors.ts';
import { emptyMedicalForm, medicalFormOf, medicalUpdateResolver } from './medical-form.ts';
import { useUpdateMedical } from './medicals-api.ts';

/** The editable data of a doctor: contact and professional data; the identity stays (docs/decisions/011). */
export function MedicalEditDialog({ medic, onClose }: { medic: MedicalDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const updateMedical = useUpdateMedical(medic.id);
  const { control, handleSubmit, formState, setError } = useForm({
    resolver: medicalUpdateResolver,
    defaultValues: medicalFormOf(medic),
    mode: 'onTouched',
  });

  async function save(values: MedicalUpdateInput) {
    try {
      await updateMedical.mutateAsync(values);
      notify({ message: messages.medicals.edited, variant: 'success' });
      onClose();
    } catch (error) {
      setServerFieldErrors(setError, error, emptyMedicalForm);
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  return (
    <FormDialog open title={t('medicals.editTitle')} onClose={onClose} maxWidth="md">
      <DialogForm onSubmit={handleSubmit(save)} onCancel={onClose} isSubmitting={formState.isSubmitting}>
        <Stack spacing={2.5}>
          <PersonalDataFields control={control} only={contactFields} />
          <ProfessionalDataFields control={control} />
          <FormTextField control={control} name="referenceCode" label={t('medicals.fields.referenceCode')} helperText={t('medicals.fields.referenceCodeHint')} />
        </Stack>
      </DialogForm>
    </FormDialog>
  );
}

import { MedicalUpdateSchema, messages, type MedicalDetail } from '@receta/domain';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { FormTextField } from '../../components/form-field.tsx';
import { contactFields, PersonalDataFields } from '../../components/personal-data-fields.tsx';
import { ProfessionalDataFields } from '../../components/professional-data-fields.tsx';
import { useServerForm } from '../../lib/use-server-form.ts';
import { medicalFormOf } from './medical-form.ts';
import { useUpdateMedical } from './medicals-api.ts';

/** The editable data of a doctor: contact and professional data; the identity stays (docs/decisions/011). */
export function MedicalEditDialog({ medic, onClose }: { medic: MedicalDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const updateMedical = useUpdateMedical(medic.id);
  const { control, formState, submitWith } = useServerForm({
    schema: MedicalUpdateSchema,
    defaultValues: medicalFormOf(medic),
    mode: 'onTouched',
  });
  const save = submitWith((values) => updateMedical.mutateAsync(values), {
    success: messages.medicals.edited,
    onSaved: onClose,
  });

  return (
    <FormDialog open title={t('medicals.editTitle')} onClose={onClose} maxWidth="md">
      <DialogForm onSubmit={save} onCancel={onClose} isSubmitting={formState.isSubmitting}>
        <Stack spacing={2.5}>
          <PersonalDataFields control={control} only={contactFields} />
          <ProfessionalDataFields control={control} />
          <FormTextField control={control} name="referenceCode" label={t('medicals.fields.referenceCode')} helperText={t('medicals.fields.referenceCodeHint')} />
        </Stack>
      </DialogForm>
    </FormDialog>
  );
}

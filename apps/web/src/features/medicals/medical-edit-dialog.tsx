import { messages, type MedicalDetail, type MedicalUpdateInput } from '@receta/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form-field.tsx';
import { contactFields, PersonalDataFields } from '../../components/personal-data-fields.tsx';
import { ProfessionalDataFields } from '../../components/professional-data-fields.tsx';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { medicalFormOf, medicalUpdateResolver } from './medical-form.ts';
import { useUpdateMedical } from './medicals-api.ts';

/** The editable data of a doctor: contact and professional data; the identity stays (docs/decisions/011). */
export function MedicalEditDialog({ medic, onClose }: { medic: MedicalDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const notify = useNotify();
  const updateMedical = useUpdateMedical(medic.id);
  const { control, handleSubmit, formState } = useForm({
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
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={isPhone} scroll="paper">
      <form noValidate onSubmit={(event) => void handleSubmit(save)(event)}>
        <DialogTitle id={titleId}>{t('medicals.editTitle')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            <PersonalDataFields control={control} only={contactFields} />
            <ProfessionalDataFields control={control} />
            <FormTextField control={control} name="referenceCode" label={t('medicals.fields.referenceCode')} helperText={t('medicals.fields.referenceCodeHint')} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('resources.cancel')}</Button>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>{t('resources.save')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

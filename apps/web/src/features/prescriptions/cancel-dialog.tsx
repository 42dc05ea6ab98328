import { CancelPrescriptionSchema, limits, messages, type CancelPrescriptionInput } from '@receta/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form-field.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { zodFormResolver } from '../../lib/form-resolver.ts';
import { useNotify } from '../../lib/notify.ts';
import { useCancelPrescription } from './prescriptions-api.ts';

/**
 * Anuls a signed prescription, with the reason the history will show; a refusal stays in the
 * dialog with the server's reason.
 */
export function CancelDialog({ id, number, onClose }: { id: string; number: number; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const cancel = useCancelPrescription(id);
  const { control, handleSubmit, formState } = useForm<CancelPrescriptionInput>({
    resolver: zodFormResolver(CancelPrescriptionSchema),
    defaultValues: { reason: '' },
    mode: 'onTouched',
  });
  const [refusal, setRefusal] = useState<string | null>(null);

  async function cancelWith(cancellation: CancelPrescriptionInput) {
    setRefusal(null);
    try {
      await cancel.mutateAsync(cancellation);
      notify({ message: messages.signing.cancelled, variant: 'success' });
      onClose();
    } catch (error) {
      notify({ message: messages.signing.notCancelled, variant: 'error' });
      setRefusal(errorMessageOf(error));
    }
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={(event) => void handleSubmit(cancelWith)(event)}>
        <DialogTitle id={titleId}>{t('prescriptions.cancel.title', { number })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('prescriptions.cancel.lead')}</DialogContentText>
          {refusal && <Alert severity="error" sx={{ mb: 2 }}>{translateMessage(t, refusal)}</Alert>}
          <FormTextField
            control={control}
            name="reason"
            label={t('prescriptions.cancel.reason')}
            required
            multiline
            minRows={3}
            maxRows={limits.multilineMaxRows}
            fullWidth
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('resources.cancel')}</Button>
          <Button type="submit" variant="contained" color="error" loading={formState.isSubmitting}>
            {t('prescriptions.cancel.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

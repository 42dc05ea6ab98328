import { limits, messages, RejectDoctorSchema, type RejectDoctorInput } from '@receta/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form-field.tsx';
import { zodFormResolver } from '../../lib/form-resolver.ts';

/** Asks once more before an account is authorized: the doctor's confirm-account mail goes out at once. */
export function AuthorizeDialog({
  open,
  name,
  isSending,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  name: string;
  isSending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('moderation.authorize.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('moderation.authorize.question', { name: name })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('moderation.cancel')}</Button>
        <Button variant="contained" onClick={onConfirm} loading={isSending} autoFocus>
          {t('moderation.authorize.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A rejection needs its reason: the person receives it by mail. */
export function RejectDialog({
  open,
  name,
  onCancel,
  onReject,
}: {
  open: boolean;
  name: string;
  onCancel: () => void;
  onReject: (reason: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { control, handleSubmit, formState, reset } = useForm<RejectDoctorInput>({
    resolver: zodFormResolver(RejectDoctorSchema),
    defaultValues: { reason: '' },
    mode: 'onTouched',
  });

  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: () => reset() } }}
    >
      <form noValidate onSubmit={(event) => void handleSubmit(({ reason }) => onReject(reason))(event)}>
        <DialogTitle id={titleId}>{t('moderation.reject.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('moderation.reject.lead', { name: name })}</DialogContentText>
          <FormTextField
            control={control}
            name="reason"
            label={t('moderation.reject.reason')}
            multiline
            minRows={3}
            maxRows={limits.multilineMaxRows}
            required
            requiredMessage={messages.moderation.reasonRequired}
            fullWidth
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('moderation.cancel')}</Button>
          <Button type="submit" variant="contained" color="error" loading={formState.isSubmitting}>
            {t('moderation.reject.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

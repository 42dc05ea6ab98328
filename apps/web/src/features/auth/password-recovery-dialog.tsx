import { messages, RecoveryEmailSchema } from '@receta/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormTextField } from '../../components/form-field.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { zodFormResolver } from '../../lib/form-resolver.ts';
import { requestPasswordRecovery } from './auth-api.ts';

type RecoveryEmail = z.input<typeof RecoveryEmailSchema>;

/**
 * Spec section 4: the recovery modal goes from the form to loading to the success message;
 * an error stays in the form so the user can correct the address and send again.
 */
export function PasswordRecoveryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [isSent, setIsSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, formState, reset } = useForm<RecoveryEmail>({
    resolver: zodFormResolver(RecoveryEmailSchema),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });

  async function send({ email }: RecoveryEmail) {
    setFailure(null);
    try {
      await requestPasswordRecovery(email);
      setIsSent(true);
    } catch (error) {
      setFailure(errorMessageOf(error));
    }
  }

  function clear() {
    reset();
    setIsSent(false);
    setFailure(null);
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" slotProps={{ transition: { onExited: clear } }} aria-labelledby="password-recovery-title">
      <DialogTitle id="password-recovery-title">{t('passwordRecovery.title')}</DialogTitle>
      {isSent
        ? (
            <>
              <DialogContent>
                <Alert severity="success" role="status">
                  {translateMessage(t, messages.recovery.sent)}
                </Alert>
              </DialogContent>
              <DialogActions>
                <Button onClick={onClose} variant="contained">
                  {t('passwordRecovery.close')}
                </Button>
              </DialogActions>
            </>
          )
        : (
            <form noValidate onSubmit={(event) => void handleSubmit(send)(event)}>
              <DialogContent sx={{ pt: 0 }}>
                <DialogContentText sx={{ mb: 2 }}>{t('passwordRecovery.lead')}</DialogContentText>
                {failure && (
                  <Alert severity="error" sx={{ mb: 2 }}>
                    {translateMessage(t, failure)}
                  </Alert>
                )}
                <FormTextField control={control} name="email" label={t('passwordRecovery.email')} type="email" autoComplete="email" required fullWidth autoFocus />
              </DialogContent>
              <DialogActions>
                <Button onClick={onClose}>{t('passwordRecovery.cancel')}</Button>
                <Button type="submit" variant="contained" disabled={!formState.isValid} loading={formState.isSubmitting}>
                  {t('passwordRecovery.send')}
                </Button>
              </DialogActions>
            </form>
          )}
    </Dialog>
  );
}

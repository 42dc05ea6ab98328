import { limits, messages, SignPrescriptionSchema } from '@receta/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/password-field.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import { errorCodeOf, errorMessageOf } from '../../lib/api-client.ts';
import { zodFormResolver } from '../../lib/form-resolver.ts';
import { useNotify } from '../../lib/notify.ts';
import { requestPinRecovery } from '../auth/index.ts';
import { useSignPrescriptions } from './prescriptions-api.ts';

/**
 * Asks for the signing PIN and signs one draft or several at once. A refusal stays in the
 * dialog with the server's reason, so a mistyped PIN can be typed again; after too many, the
 * doctor can ask for a new PIN from here.
 */
export function SignDialog({ ids, onClose, onSigned }: {
  ids: readonly string[];
  onClose: () => void;
  /** After the toast, before the dialog closes. */
  onSigned?: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const sign = useSignPrescriptions();
  const [refusal, setRefusal] = useState<{ message: string; isLocked: boolean } | null>(null);
  const { control, handleSubmit, resetField, formState } = useForm({
    resolver: zodFormResolver(SignPrescriptionSchema),
    defaultValues: { pin: '' },
    mode: 'onTouched',
  });

  async function signWith({ pin }: { pin: string }) {
    setRefusal(null);
    try {
      const answer = await sign.mutateAsync({ ids: [...ids], pin });
      notify({ message: answer.message, variant: 'success' });
      onSigned?.();
      onClose();
    } catch (error) {
      notify({ message: messages.prescriptions.notSigned, variant: 'error' });
      setRefusal({ message: errorMessageOf(error), isLocked: errorCodeOf(error) === 'signingLocked' });
      resetField('pin');
    }
  }

  async function requestNewPin() {
    try {
      notify({ message: await requestPinRecovery(), variant: 'success' });
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={(event) => void handleSubmit(signWith)(event)}>
        <DialogTitle id={titleId}>{t('prescriptions.sign.title', { count: ids.length })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('prescriptions.sign.lead', { count: ids.length })}</DialogContentText>
          {refusal && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {translateMessage(t, refusal.message)}
              {refusal.isLocked && (
                <Box sx={{ mt: 1 }}>
                  <Button color="inherit" size="small" variant="outlined" onClick={() => void requestNewPin()}>
                    {t('userMenu.newPin')}
                  </Button>
                </Box>
              )}
            </Alert>
          )}
          <PasswordField
            control={control}
            name="pin"
            label={t('prescriptions.sign.pin')}
            autoComplete="off"
            autoFocus
            digitsOnly
            required
            requiredMessage={messages.pin.required}
            fullWidth
            slotProps={{ htmlInput: { maxLength: limits.pinLength } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('resources.cancel')}</Button>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>{t('prescriptions.sign.submit')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

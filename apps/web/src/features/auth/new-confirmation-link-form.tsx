import { SendConfirmationSchema } from '@receta/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormTextField } from '../../components/form-field.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { zodFormResolver } from '../../lib/form-resolver.ts';
import { requestNewConfirmationLink } from './auth-api.ts';

type ConfirmationEmail = z.input<typeof SendConfirmationSchema>;

/**
 * Asks for a new confirm-account link (the mail promises one when the link expires). The server
 * answers the same whether or not the email has an account waiting for its PIN, and so does this.
 */
export function NewConfirmationLinkForm() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<ConfirmationEmail>({
    resolver: zodFormResolver(SendConfirmationSchema),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });

  async function send({ email }: ConfirmationEmail) {
    setFailure(null);
    try {
      setSent(await requestNewConfirmationLink(email));
    } catch (error) {
      setFailure(errorMessageOf(error));
    }
  }

  return (
    <Stack component="section" aria-labelledby="new-confirmation-link-title" spacing={2}>
      <Typography id="new-confirmation-link-title" component="h2" variant="h2">{t('confirmation.newLinkTitle')}</Typography>
      {sent !== null
        ? <Alert severity="success" role="status">{translateMessage(t, sent)}</Alert>
        : (
            <Stack component="form" noValidate spacing={2} onSubmit={(event) => void handleSubmit(send)(event)}>
              <Typography color="text.secondary">{t('confirmation.newLinkLead')}</Typography>
              {failure && <Alert severity="error">{translateMessage(t, failure)}</Alert>}
              <FormTextField control={control} name="email" label={t('confirmation.email')} type="email" autoComplete="email" required fullWidth />
              <Button type="submit" variant="contained" disabled={!formState.isValid} loading={formState.isSubmitting}>
                {t('confirmation.sendNewLink')}
              </Button>
            </Stack>
          )}
    </Stack>
  );
}

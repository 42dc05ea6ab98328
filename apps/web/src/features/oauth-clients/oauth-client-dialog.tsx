import {
  limits, messages, needsRedirectUris, oauthClientKinds, oauthScopes,
  type OAuthClient, type OAuthScope,
} from '@receta/domain';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useController, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldErrorText, FormTextField } from '../../components/form-field.tsx';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { useServerForm } from '../../lib/use-server-form.ts';
import {
  emptyOAuthClientForm, oauthClientFormOf, OAuthClientFormSchema, type OAuthClientFormValues,
} from './oauth-client-form.ts';
import { useSaveOAuthClient } from './oauth-clients-api.ts';

type FormControlOf = Control<OAuthClientFormValues, unknown, z.output<typeof OAuthClientFormSchema>>;

/** A new app (`client` null) or the changes to one; a new confidential app's secret goes to `onSecret`. */
export function OAuthClientDialog({ open, client, onClose, onSecret }: {
  open: boolean;
  client: OAuthClient | null;
  onClose: () => void;
  onSecret: (client: OAuthClient, secret: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open={open}
      title={client ? t('oauth2.clients.editTitle', { name: client.name }) : t('oauth2.clients.newTitle')}
      onClose={onClose}
      maxWidth="md"
    >
      <OAuthClientForm client={client} onClose={onClose} onSecret={onSecret} />
    </FormDialog>
  );
}

function OAuthClientForm({ client, onClose, onSecret }: {
  client: OAuthClient | null;
  onClose: () => void;
  onSecret: (client: OAuthClient, secret: string) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveOAuthClient(client?.id);
  const { control, formState, submitWith } = useServerForm({
    schema: OAuthClientFormSchema,
    defaultValues: client ? oauthClientFormOf(client) : emptyOAuthClientForm,
    mode: 'onTouched',
  });
  const submit = submitWith((values) => save.mutateAsync(values), {
    success: (saved) => ('clientSecret' in saved ? saved.message : messages.oauth.clientUpdated),
    onSaved: (saved) => {
      if ('clientSecret' in saved && saved.clientSecret) onSecret(saved.client, saved.clientSecret);
      onClose();
    },
  });

  const [redirectUris, pharmacyAccountEmail] = useWatch({ control, name: ['redirectUris', 'pharmacyAccountEmail'] });
  const isRedirectRequired = needsRedirectUris(pharmacyAccountEmail);

  return (
    <DialogForm onSubmit={submit} onCancel={onClose} isSubmitting={formState.isSubmitting}>
      <Stack spacing={2.5}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2.5 }}>
          <FormTextField control={control} name="name" label={t('oauth2.clients.fields.name')} required />
          <FormTextField
            control={control}
            name="redirectUriLabel"
            label={t('oauth2.clients.fields.redirectUriLabel')}
            required={isRedirectRequired || redirectUris.trim() !== ''}
          />
          <FormTextField
            control={control}
            name="logoUri"
            label={t('oauth2.clients.fields.logoUri')}
            helperText={t('oauth2.clients.fields.logoUriHint')}
            type="url"
            sx={{ gridColumn: { md: '1 / -1' } }}
          />
          <FormTextField
            control={control}
            name="redirectUris"
            label={t('oauth2.clients.fields.redirectUris')}
            helperText={t('oauth2.clients.fields.redirectUrisHint')}
            required={isRedirectRequired}
            deps={['redirectUriLabel']}
            multiline
            minRows={2}
            maxRows={limits.multilineMaxRows}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
            sx={{ gridColumn: { md: '1 / -1' } }}
          />
        </Box>
        <ScopesField control={control} />
        <KindField control={control} isFixed={client !== null} />
        <FormTextField
          control={control}
          name="pharmacyAccountEmail"
          label={t('oauth2.clients.fields.pharmacyAccountEmail')}
          helperText={t('oauth2.clients.fields.pharmacyAccountEmailHint')}
          deps={['redirectUris', 'redirectUriLabel']}
          type="email"
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
        />
        <SandboxField control={control} />
      </Stack>
    </DialogForm>
  );
}

/** The scopes the app may ask for, each with the description the doctor reads on the consent page. */
function ScopesField({ control }: { control: FormControlOf }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name: 'allowedScopes' });
  const errorText = fieldErrorText(t, { fieldState, required: true, value: field.value.length > 0 ? field.value : '' });
  const toggle = (scope: OAuthScope, isChecked: boolean) => {
    // Kept in the catalogue's order, whatever the order of the clicks.
    field.onChange(isChecked
      ? oauthScopes.filter((each) => each === scope || field.value.includes(each))
      : field.value.filter((each) => each !== scope));
  };
  return (
    <FormControl component="fieldset" error={errorText !== undefined} required>
      <FormLabel component="legend">{t('oauth2.clients.fields.allowedScopes')}</FormLabel>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
        {oauthScopes.map((scope) => (
          <FormControlLabel
            key={scope}
            sx={{ alignItems: 'flex-start', my: 0.5 }}
            control={(
              <Checkbox
                checked={field.value.includes(scope)}
                onChange={(event) => toggle(scope, event.target.checked)}
                onBlur={field.onBlur}
                sx={{ pt: 0.25 }}
              />
            )}
            label={(
              <>
                {t(`labels.oauthScopes.${scope}`)}
                <Typography component="code" variant="body2" color="text.secondary" sx={{ display: 'block' }}>{scope}</Typography>
              </>
            )}
          />
        ))}
      </FormGroup>
      {errorText && <FormHelperText>{errorText}</FormHelperText>}
    </FormControl>
  );
}

/**
 * Confidential apps authenticate with a secret at the token endpoint; public ones with PKCE
 * only. Fixed once registered (the server refuses the change).
 */
function KindField({ control, isFixed }: { control: FormControlOf; isFixed: boolean }) {
  const { t } = useTranslation();
  const { field } = useController({ control, name: 'kind' });
  return (
    <FormControl component="fieldset" disabled={isFixed}>
      <FormLabel component="legend">{t('oauth2.clients.fields.kind')}</FormLabel>
      <RadioGroup name={field.name} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
        {oauthClientKinds.map((kind) => (
          <FormControlLabel key={kind} value={kind} control={<Radio />} label={t(`oauth2.clients.kinds.${kind}`)} />
        ))}
      </RadioGroup>
      {isFixed && <FormHelperText>{t('oauth2.clients.fields.kindFixed')}</FormHelperText>}
    </FormControl>
  );
}

function SandboxField({ control }: { control: FormControlOf }) {
  const { t } = useTranslation();
  const { field } = useController({ control, name: 'sandbox' });
  return (
    <Box>
      <FormControlLabel
        control={(
          <Switch name={field.name} checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />
        )}
        label={t('oauth2.clients.fields.sandbox')}
      />
      <FormHelperText sx={{ mt: 0 }}>{t('oauth2.clients.fields.sandboxHint')}</FormHelperText>
    </Box>
  );
}

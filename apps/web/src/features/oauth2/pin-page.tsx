import { messages, OAuthPinSchema, type OAuthTokenContext } from '@receta/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PasswordField } from '../../components/password-field.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import { ApiRequestError, errorCodeOf, errorMessageOf } from '../../lib/api-client.ts';
import { formatFileSize } from '../../lib/file-size.ts';
import { zodFormResolver } from '../../lib/form-resolver.ts';
import { useNotify } from '../../lib/notify.ts';
import {
  isDemoRedirect, mayAnswerWithoutAppAt, mayRedirectTo, redirectToClient, type ClientAnswer,
} from './client-redirect.ts';
import { OAuthCard } from './oauth-card.tsx';
import { confirmPin, fetchTokenContext } from './oauth-api.ts';
import { readPinRequest, type PinRequest } from './pin-request.ts';
import { InvalidRequest } from './sign-in-page.tsx';
import { UnregisteredRedirect } from './unregistered-redirect.tsx';

const PinFormSchema = OAuthPinSchema.pick({ pin: true });
type PinForm = { pin: string };

/** `/oauth2/pin-2fa`: the doctor confirms with the signing PIN what an app is about to do. */
export function OAuthPinPage() {
  const [search] = useSearchParams();
  const request = readPinRequest(search);
  if (!request) return <InvalidRequest />;
  return <PinStep request={request} />;
}

function PinStep({ request }: { request: PinRequest }) {
  const { t } = useTranslation();
  const title = request.action === 'sign' ? t('oauth2.pin.signTitle') : t('oauth2.pin.prescribeTitle');
  const context = useQuery({
    queryKey: ['oauth-token-context', request.access_token],
    queryFn: ({ signal }) => fetchTokenContext(request.access_token, signal),
    retry: false,
    staleTime: Infinity,
  });
  // Spec section 8: an access token the server refuses goes back to the app. Without a live
  // token the server lists no addresses of the app, so the refusal goes back only to an address
  // some app registered (or the demo); for any other the page shows the refusal itself.
  const isTokenRefused = context.error instanceof ApiRequestError && context.error.status === 401;
  const answersRefusal = useQuery({
    queryKey: ['oauth-redirect-uri', request.redirect_uri],
    queryFn: () => mayAnswerWithoutAppAt(request.redirect_uri),
    enabled: isTokenRefused,
    staleTime: Infinity,
  });
  const returnsRefusedToken = isTokenRefused && answersRefusal.data === true;

  useEffect(() => {
    if (returnsRefusedToken) {
      redirectToClient(request.redirect_uri, { confirm: 'failed', error: 'invalid_access_token', state: request.state });
    }
  }, [returnsRefusedToken, request.redirect_uri, request.state]);

  if (context.isPending || (isTokenRefused && answersRefusal.isPending) || returnsRefusedToken) {
    return (
      <OAuthCard title={title}>
        <CircularProgress aria-label={t('resources.loading')} />
      </OAuthCard>
    );
  }
  if (context.isError) {
    return (
      <OAuthCard title={title}>
        <Alert severity="error">{translateMessage(t, errorMessageOf(context.error))}</Alert>
      </OAuthCard>
    );
  }
  // The PIN would be refused, and Cancelar could not answer the app at an address it did not register.
  if (!mayRedirectTo(request.redirect_uri, context.data.client_redirect_uris)) {
    return <UnregisteredRedirect title={title} />;
  }
  return <PinConfirmation request={request} context={context.data} title={title} />;
}

function PinConfirmation({ request, context, title }: {
  request: PinRequest;
  context: OAuthTokenContext;
  title: string;
}) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [isLeaving, setIsLeaving] = useState(false);
  const { document_name: documentName, document_size: documentSize } = request;
  const { control, handleSubmit, formState, setError, resetField } = useForm<PinForm>({
    resolver: zodFormResolver(PinFormSchema),
    defaultValues: { pin: '' },
    mode: 'onTouched',
  });

  function leave(answer: ClientAnswer) {
    setIsLeaving(true);
    redirectToClient(request.redirect_uri, { ...answer, state: answer.state ?? request.state });
  }

  async function confirm({ pin }: PinForm) {
    try {
      const confirmed = await confirmPin(request.access_token, {
        pin,
        action: request.action,
        redirect_uri: request.redirect_uri,
        state: request.state,
        code_challenge_method: request.code_challenge_method,
        code_challenge: request.code_challenge,
        document_sha256: request.document_sha256,
      });
      leave({ pin_2fa_code: confirmed.pin_2fa_code, action: confirmed.action, state: confirmed.state });
    } catch (error) {
      handleFailure(error);
    }
  }

  /** Spec section 8, "PIN step". */
  function handleFailure(error: unknown) {
    const message = errorMessageOf(error);
    const code = errorCodeOf(error);
    if (code === 'wrongPin') {
      resetField('pin');
      setError('pin', { message: messages.oauth.wrongPin }, { shouldFocus: true });
      notify({ message: messages.oauth.wrongPin, variant: 'error' });
      return;
    }
    if (code === 'signingNotAllowed') {
      notify({ message: messages.oauth.unauthorizedUser, variant: 'error' });
      leave({ confirm: 'failed', error: 'account_pending_approval' });
      return;
    }
    // No answer at all (the network) is no refusal: the user may try again. So may the demo's user.
    const isNoAnswer = error instanceof ApiRequestError && error.status === 0;
    if (isNoAnswer || isDemoRedirect(request.redirect_uri)) {
      notify({ message, variant: 'error' });
      return;
    }
    leave({ confirm: 'failed', error: message });
  }

  return (
    <OAuthCard title={title} isSandbox={context.sandbox} maxWidth={440}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {request.action === 'sign'
          ? t('oauth2.pin.signLead', { client: context.client_name })
          : t('oauth2.pin.prescribeLead', { client: context.client_name })}
      </Typography>
      <Box component="dl" sx={{ m: 0, mb: 3, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
        <Typography component="dt" variant="body2" color="text.secondary">{t('oauth2.pin.account')}</Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>{context.user_email}</Typography>
        {request.action === 'sign' && documentName !== undefined && (
          <>
            <Typography component="dt" variant="body2" color="text.secondary">{t('oauth2.pin.document')}</Typography>
            <Typography component="dd" variant="body2" dir="auto" sx={{ m: 0, overflowWrap: 'anywhere', fontWeight: 500 }}>
              {documentSize === undefined
                ? documentName
                : t('oauth2.pin.documentWithSize', { name: documentName, size: formatFileSize(documentSize, i18n.language) })}
            </Typography>
          </>
        )}
        <Typography component="dt" variant="body2" color="text.secondary">{t('oauth2.pin.returnsTo')}</Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>{context.client_redirect_uri_label}</Typography>
      </Box>
      <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void handleSubmit(confirm)(event)}>
        <PasswordField
          control={control}
          name="pin"
          label={t('oauth2.pin.pin')}
          autoComplete="off"
          digitsOnly
          required
        />
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            size="large"
            disabled={isLeaving || formState.isSubmitting}
            onClick={() => leave({ confirm: 'failed', error: 'account_rejected_confirmation' })}
          >
            {t('resources.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!formState.isValid || isLeaving}
            loading={formState.isSubmitting}
          >
            {request.action === 'sign' ? t('oauth2.pin.confirmSign') : t('oauth2.pin.confirmPrescribe')}
          </Button>
        </Box>
      </Stack>
    </OAuthCard>
  );
}

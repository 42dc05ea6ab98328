import { messages, type ErrorCode, type LoginInput } from '@receta/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LegalLinks } from '../../components/legal-links.tsx';
import { paths } from '../../config/paths.ts';
import { translateMessage } from '../../i18n/translate-message.ts';
import { errorCodeOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { CredentialsForm, SecondFactorCodeForm } from '../auth/index.ts';
import {
  authorizationQuery, readAuthorizationRequest, signedInCodeStore, type AuthorizationRequest,
} from './authorization-request.ts';
import { mayAnswerWithoutAppAt, redirectToClient } from './client-redirect.ts';
import { OAuthCard } from './oauth-card.tsx';
import { confirmSignInForClient, signInForClient } from './oauth-api.ts';
import { shownMessageOf } from './oauth-errors.ts';
import { ProductPageLink } from './product-page-link.tsx';

/** The password and the code are one sign-in: a refusal of either gives way to what follows. */
const signInAction = 'oauth-sign-in';

/**
 * `/oauth2/sign-in`: the product account's email and password, then the authenticator's code,
 * for the app that sent the browser here.
 */
export function OAuthSignInPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  // Kept in memory only: after a reload the password is asked again, as the web login does.
  const [passwordStepCode, setPasswordStepCode] = useState<string | null>(null);
  const request = readAuthorizationRequest(search);
  if (!request) return <InvalidRequest />;
  if (passwordStepCode === null) {
    return (
      <OAuthCard title={t('oauth2.signIn.title')} maxWidth={440}>
        <SignInForm request={request} onPasswordChecked={setPasswordStepCode} />
      </OAuthCard>
    );
  }
  return (
    <OAuthCard title={t('secondFactor.title')} maxWidth={440}>
      <SecondFactorStep
        request={request}
        passwordStepCode={passwordStepCode}
        onRestart={() => setPasswordStepCode(null)}
      />
    </OAuthCard>
  );
}

/** A link without the app's parameters (or with a wrong one): there is no app to go back to. */
export function InvalidRequest() {
  const { t } = useTranslation();
  return (
    <OAuthCard title={t('oauth2.invalidRequest.title')} maxWidth={440}>
      <Alert severity="error">{t('oauth2.invalidRequest.text')}</Alert>
    </OAuthCard>
  );
}

function SignInForm({ request, onPasswordChecked }: {
  request: AuthorizationRequest;
  onPasswordChecked: (passwordStepCode: string) => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify(signInAction);
  const [isClientUnknown, setIsClientUnknown] = useState(false);
  const [isPasswordExpired, setIsPasswordExpired] = useState(false);

  async function submit({ email, password }: LoginInput) {
    setIsPasswordExpired(false);
    try {
      const { client_id, scope } = request;
      const passwordStepCode = await signInForClient({ email, password, client_id, scope });
      notify.withdraw();
      onPasswordChecked(passwordStepCode);
    } catch (error) {
      if (errorCodeOf(error) === 'passwordExpired') {
        setIsPasswordExpired(true);
        return;
      }
      // Spec section 8 tells an unknown app so at its own address, when that address is one some
      // app registered (or the demo, this product's page); any other is told here.
      if (errorCodeOf(error) === 'invalidClientId') {
        if (await mayAnswerWithoutAppAt(request.redirect_uri)) {
          redirectToClient(request.redirect_uri, { auth: 'failed', error: 'invalid_client_id', state: request.state });
        } else {
          setIsClientUnknown(true);
        }
        return;
      }
      notify({ message: shownMessageOf(error), variant: 'error' });
    }
  }

  if (isClientUnknown) return <Alert severity="error">{translateMessage(t, messages.oauth.invalidClientId)}</Alert>;
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 3 }}>{t('oauth2.signIn.lead')}</Typography>
      {isPasswordExpired && <PasswordExpiredNotice />}
      <CredentialsForm submitLabel={t('oauth2.signIn.submit')} onSubmit={submit} />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        {t('login.noAccount')}
        {' '}
        <ProductPageLink to={paths.register.getHref()}>{t('login.register')}</ProductPageLink>
      </Typography>
      <Stack sx={{ mt: 2, alignItems: 'center' }}>
        <LegalLinks />
      </Stack>
    </>
  );
}

/**
 * The app cannot be authorised with a password past its validity (decision 041); the web app
 * asks for a new one right after its login, so the doctor is sent there and comes back.
 */
function PasswordExpiredNotice() {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" sx={{ mb: 3 }}>
      <AlertTitle>{translateMessage(t, messages.password.expired)}</AlertTitle>
      {t('oauth2.signIn.passwordExpiredHint')}
      {' '}
      <ProductPageLink to={paths.login.getHref()}>{t('oauth2.signIn.passwordExpiredLink')}</ProductPageLink>
    </Alert>
  );
}

// A code that can no longer be confirmed: the password step has to be done again.
const restartCodes = new Set<ErrorCode | undefined>(['signInExpired', 'loginStepExpired']);

/** The authenticator's code, as on the web login; the consent page follows with the signed_in_code it answers. */
function SecondFactorStep({ request, passwordStepCode, onRestart }: {
  request: AuthorizationRequest;
  passwordStepCode: string;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify(signInAction);

  async function confirm(token: string) {
    let signedInCode: string;
    try {
      signedInCode = await confirmSignInForClient({ signed_in_code: passwordStepCode, token });
    } catch (error) {
      notify({ message: shownMessageOf(error), variant: 'error' });
      if (restartCodes.has(errorCodeOf(error))) onRestart();
      return;
    }
    signedInCodeStore.set(signedInCode);
    notify.withdraw();
    await navigate(`${paths.oauthAuthorize.getHref()}${authorizationQuery(request)}`, { state: { signedInCode } });
  }

  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>{t('secondFactor.enterCode')}</Typography>
      <SecondFactorCodeForm autoFocus onSubmit={confirm} />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <Link component="button" type="button" onClick={onRestart}>{t('secondFactor.back')}</Link>
      </Typography>
    </>
  );
}

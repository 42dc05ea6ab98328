import { messages, type AuthenticityClaims } from '@receta/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import { PageCard } from '../../components/page-card.tsx';
import { paths } from '../../config/paths.ts';
import { errorCodeOf, errorMessageOf } from '../../lib/api-client.ts';
import { isJwtExpired } from '../../lib/jwt.ts';
import { useNotify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.tsx';
import { authenticityTokenStore } from '../../lib/storage.ts';
import { readAuthenticityClaims, sendSecondFactor } from './auth-api.ts';
import { loginAction } from './login-action.ts';
import { QrCodeImage } from './qr-code-image.tsx';
import { SecondFactorCodeForm } from './second-factor-code-form.tsx';

/** Login step two: the authenticator's code, after setting the authenticator up on the first login. */
export function SecondFactorPage() {
  const [authenticityToken] = useState(authenticityTokenStore.get);
  const claims = authenticityToken === null ? undefined : readAuthenticityClaims(authenticityToken);

  if (authenticityToken === null || claims === undefined) return <BackToLogin />;
  if (isJwtExpired(authenticityToken)) return <BackToLogin message={messages.auth.loginStepExpired} />;
  return <SecondFactorForm authenticityToken={authenticityToken} claims={claims} />;
}

/** A reload long after step one, or a visit without it: step one has to be done again. */
function BackToLogin({ message }: { message?: string }) {
  const notify = useNotify();
  useEffect(() => {
    authenticityTokenStore.clear();
    if (message) notify({ message, variant: 'warning' });
  }, [message, notify]);
  return <Navigate to={paths.login.getHref()} replace />;
}

function SecondFactorForm({ authenticityToken, claims }: { authenticityToken: string; claims: AuthenticityClaims }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify(loginAction);
  const { startSession } = useSession();
  const enrolment = !claims.isSync && claims.otpauth && claims.secret
    ? { otpauth: claims.otpauth, secret: claims.secret }
    : null;
  const isEnrolling = enrolment !== null;

  async function verify(token: string) {
    try {
      const signedIn = await sendSecondFactor(authenticityToken, token);
      authenticityTokenStore.clear();
      notify.withdraw();
      // The route guard now takes the user where they were going (see route-guard.tsx), and the
      // terms gate stops them there until they accept the terms.
      startSession(signedIn.user, signedIn.access_token);
    } catch (error) {
      const message = errorMessageOf(error);
      notify({ message, variant: 'error' });
      if (errorCodeOf(error) === 'loginStepExpired') {
        authenticityTokenStore.clear();
        await navigate(paths.login.getHref(), { replace: true });
      }
    }
  }

  return (
    <PageCard title={t('secondFactor.title')} maxWidth={isEnrolling ? 560 : 440}>
      {enrolment && <AuthenticatorEnrolment {...enrolment} />}
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        {isEnrolling ? t('secondFactor.enterFirstCode') : t('secondFactor.enterCode')}
      </Typography>
      <SecondFactorCodeForm autoFocus={!isEnrolling} onSubmit={verify} />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.login.getHref()} onClick={() => authenticityTokenStore.clear()}>
          {t('secondFactor.back')}
        </Link>
      </Typography>
    </PageCard>
  );
}

/** Spec section 3: while the second factor is not set up, the token carries its secret and otpauth address. */
function AuthenticatorEnrolment({ otpauth, secret }: { otpauth: string; secret: string }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="enrolment-title" sx={{ mb: 3 }}>
      <Typography id="enrolment-title" variant="h2" gutterBottom>
        {t('secondFactor.enrolmentTitle')}
      </Typography>
      <Box component="ol" sx={{ pl: 2.5, my: 0, '& > li': { mb: 1.5 } }}>
        <li>{t('secondFactor.installApp')}</li>
        <li>
          {t('secondFactor.scanCode')}
          <Box sx={{ display: 'flex', justifyContent: 'center', my: 2 }}>
            <QrCodeImage value={otpauth} label={t('secondFactor.qrLabel')} />
          </Box>
        </li>
        <li>
          {t('secondFactor.manualEntry')}
          <Typography
            component="code"
            sx={{
              display: 'block',
              mt: 1,
              p: 1.5,
              borderRadius: 1,
              bgcolor: 'action.hover',
              fontFamily: 'monospace',
              fontSize: '1rem',
              letterSpacing: '0.08em',
              overflowWrap: 'anywhere',
            }}
          >
            {secret}
          </Typography>
        </li>
      </Box>
    </Box>
  );
}

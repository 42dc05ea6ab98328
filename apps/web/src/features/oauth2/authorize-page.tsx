import { describedScopes, type ErrorCode, type OAuthConsent } from '@receta/domain';
import MoreVert from '@mui/icons-material/MoreVert';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ClientLogo } from '../../components/client-logo.tsx';
import { paths } from '../../config/paths.ts';
import { translateMessage } from '../../i18n/translate-message.ts';
import { ApiRequestError, errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import {
  authorizationQuery, readAuthorizationRequest, signedInCodeStore, type AuthorizationRequest,
} from './authorization-request.ts';
import { mayRedirectTo, redirectToClient } from './client-redirect.ts';
import { OAuthCard } from './oauth-card.tsx';
import { authorizeClient, fetchConsent } from './oauth-api.ts';
import { ProductPageLink } from './product-page-link.tsx';
import { InvalidRequest } from './sign-in-page.tsx';
import { UnregisteredRedirect } from './unregistered-redirect.tsx';

/**
 * Refusals that say the redirect URI is not the app's own (the query's client_id may name
 * another app than the one signed in for): the browser must not be sent there (RFC 6749
 * section 4.1.2.1), so the user is told on the page instead.
 */
function isUntrustedRedirect(code: ErrorCode | undefined): boolean {
  return code === 'redirectUriNotRegistered' || code === 'invalidClientId';
}

function signInHref(request: AuthorizationRequest): string {
  return `${paths.oauthSignIn.getHref()}${authorizationQuery(request)}`;
}

/**
 * `/oauth2/authorize`: the consent screen. The signed_in_code comes in the route state from
 * the sign-in (spec section 2), or from the tab's storage after a reload.
 */
export function OAuthAuthorizePage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const request = readAuthorizationRequest(search);
  const routeState = location.state as { signedInCode?: string } | null;
  const signedInCode = routeState?.signedInCode ?? signedInCodeStore.get();

  if (!request) return <InvalidRequest />;
  if (!signedInCode) return <Navigate to={signInHref(request)} replace />;
  return <Consent request={request} signedInCode={signedInCode} />;
}

function Consent({ request, signedInCode }: { request: AuthorizationRequest; signedInCode: string }) {
  const { t } = useTranslation();
  const consent = useQuery({
    queryKey: ['oauth-consent', signedInCode],
    queryFn: ({ signal }) => fetchConsent(signedInCode, signal),
    retry: false,
    staleTime: Infinity,
  });

  if (consent.isPending) {
    return (
      <OAuthCard title={t('oauth2.authorize.title')}>
        <CircularProgress aria-label={t('resources.loading')} />
      </OAuthCard>
    );
  }
  if (consent.isError) return <ConsentUnavailable request={request} error={consent.error} />;
  // Neither Permitir nor Rechazar could answer the app at an address it did not register.
  if (!mayRedirectTo(request.redirect_uri, consent.data.client_redirect_uris)) {
    return <UnregisteredRedirect title={t('oauth2.authorize.title')} />;
  }
  return <ConsentForm request={request} signedInCode={signedInCode} consent={consent.data} />;
}

/** Spec section 4: a sign-in code the server refuses (400) sends the user back to sign in. */
function ConsentUnavailable({ request, error }: { request: AuthorizationRequest; error: Error }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const isCodeRefused = error instanceof ApiRequestError && error.status === 400;
  useEffect(() => {
    if (!isCodeRefused) return;
    signedInCodeStore.clear();
    notify({ message: error.message, variant: 'warning' });
  }, [isCodeRefused, error, notify]);

  if (isCodeRefused) return <Navigate to={signInHref(request)} replace />;
  return (
    <OAuthCard title={t('oauth2.authorize.title')}>
      <Alert severity="error" sx={{ mb: 2 }}>{translateMessage(t, errorMessageOf(error))}</Alert>
      <Link component={RouterLink} to={signInHref(request)}>{t('oauth2.authorize.signInAgain')}</Link>
    </OAuthCard>
  );
}

function ConsentForm({ request, signedInCode, consent }: {
  request: AuthorizationRequest;
  signedInCode: string;
  consent: OAuthConsent;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<'allow' | 'deny' | null>(null);
  const scopesId = useId();

  function leave(answer: Record<string, string | undefined>) {
    signedInCodeStore.clear();
    redirectToClient(request.redirect_uri, { ...answer, state: answer.state ?? request.state });
  }

  async function allow() {
    setChoice('allow');
    try {
      const authorized = await authorizeClient(request, signedInCode);
      leave({ code: authorized.code, state: authorized.state });
    } catch (error) {
      // Spec section 4: a refusal goes back to the app with its message; anything else may pass.
      if (error instanceof ApiRequestError && error.status === 400 && !isUntrustedRedirect(error.errorCode)) {
        leave({ auth: 'rejected', error: error.message });
        return;
      }
      notify({ message: errorMessageOf(error), variant: 'error' });
      setChoice(null);
    }
  }

  function deny() {
    setChoice('deny');
    leave({ auth: 'rejected', error: 'cancel_authorize' });
  }

  async function switchAccount() {
    signedInCodeStore.clear();
    await navigate(signInHref(request));
  }

  return (
    <OAuthCard title={t('oauth2.authorize.title')} isSandbox={consent.sandbox} maxWidth={520}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
        <ClientLogo name={consent.client_name} logoUri={consent.client_logo_uri} size={56} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', overflowWrap: 'anywhere' }}>{consent.client_name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('oauth2.authorize.redirectsTo', { label: consent.client_redirect_uri_label })}
          </Typography>
        </Box>
      </Box>
      <AccountRow consent={consent} onSwitchAccount={() => void switchAccount()} />
      <Typography id={scopesId} sx={{ mt: 3, mb: 1, fontWeight: 500 }}>
        {t('oauth2.authorize.scopesLead', { client: consent.client_name })}
      </Typography>
      <Box component="ul" aria-labelledby={scopesId} sx={{ m: 0, pl: 3 }}>
        {describedScopes(consent.scopes).map((scope) => (
          <Typography component="li" key={scope} sx={{ mb: 0.5 }}>{t(`labels.oauthScopes.${scope}`)}</Typography>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        {t('oauth2.authorize.revokeHint')}
        {' '}
        <ProductPageLink to={paths.myIntegrations.getHref()}>{t('navigation.items.myIntegrations')}</ProductPageLink>
        .
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap', mt: 4 }}>
        <Button variant="outlined" size="large" onClick={deny} disabled={choice !== null} loading={choice === 'deny'}>
          {t('oauth2.authorize.deny')}
        </Button>
        <Button variant="contained" size="large" onClick={() => void allow()} disabled={choice !== null} loading={choice === 'allow'}>
          {t('oauth2.authorize.allow')}
        </Button>
      </Box>
    </OAuthCard>
  );
}

/** Who is signed in, with the menu entry 'Cambiar a otra cuenta' (spec section 2). */
function AccountRow({ consent, onSwitchAccount }: { consent: OAuthConsent; onSwitchAccount: () => void }) {
  const { t } = useTranslation();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Avatar alt="" sx={{ bgcolor: 'secondary.main' }}>{consent.user_first_name.trim().charAt(0).toUpperCase()}</Avatar>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {t('oauth2.authorize.greeting', { name: consent.user_first_name })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>{consent.user_email}</Typography>
      </Box>
      <IconButton
        aria-label={t('oauth2.authorize.accountMenu')}
        aria-controls={menuAnchor ? menuId : undefined}
        aria-haspopup="true"
        aria-expanded={menuAnchor ? 'true' : undefined}
        onClick={(event) => setMenuAnchor(event.currentTarget)}
      >
        <MoreVert />
      </IconButton>
      <Menu id={menuId} anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        <MenuItem
          onClick={() => {
            setMenuAnchor(null);
            onSwitchAccount();
          }}
        >
          {t('oauth2.authorize.switchAccount')}
        </MenuItem>
      </Menu>
    </Box>
  );
}

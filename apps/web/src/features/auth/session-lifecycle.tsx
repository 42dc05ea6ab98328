import { messages } from '@receta/domain';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { api, ApiRequestError, errorMessageOf } from '../../lib/api-client.ts';
import { isJwtExpired } from '../../lib/jwt.ts';
import { useNotify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.tsx';
import { accessTokenStore, settingsStore, workspaceStore } from '../../lib/storage.ts';
import { fetchSession } from './auth-api.ts';
import { useEndSession } from './use-logout.ts';

/**
 * The root of the route tree: restores a stored session at start-up and ends the session
 * when the server rejects its token (spec section 4). Pages render once the session is known,
 * so that the route guard never sends a returning user to the login page by mistake.
 */
export function SessionLifecycle() {
  useEndSessionOnUnauthorized();
  const isRestoring = useRestoredSession();
  return isRestoring ? <RestoringSession /> : <Outlet />;
}

function useEndSessionOnUnauthorized() {
  const endSession = useEndSession();
  useEffect(() => api.onUnauthorized((error) => {
    // Several calls may fail together; the first one has already ended the session.
    if (accessTokenStore.get() === null) return;
    // An expired token, or a session left unused too long (decision 041), takes the spec's expiry path.
    const message = error.errorCode === 'sessionExpired'
      ? messages.session.expiredAccessToken
      : messages.session.invalidAccessToken;
    endSession({ message, variant: 'error' });
  }), [endSession]);
}

type StartUp = 'guest' | 'expired' | 'restore';

/** What the stored token says at start-up; read once, before the first render. */
function readStartUp(hasUser: boolean): StartUp {
  const accessToken = accessTokenStore.get();
  if (hasUser || accessToken === null) return 'guest';
  return isJwtExpired(accessToken) ? 'expired' : 'restore';
}

/**
 * Spec section 4, start-up: an unexpired stored token logs the user in again, an expired one
 * logs them out with 'access_token expired', no token leaves a guest. Answers whether the
 * session is still being restored.
 */
function useRestoredSession(): boolean {
  const { user, startSession } = useSession();
  const notify = useNotify();
  const [startUp] = useState(() => readStartUp(user !== null));
  const [isRestoring, setIsRestoring] = useState(startUp === 'restore');
  const hasStarted = useRef(false);

  useEffect(() => {
    // Strict mode runs effects twice; the session is restored once.
    if (hasStarted.current) return;
    hasStarted.current = true;
    const accessToken = accessTokenStore.get();
    if (startUp === 'expired') {
      accessTokenStore.clear();
      workspaceStore.clear();
      settingsStore.clear();
      notify({ message: messages.session.expiredAccessToken, variant: 'error' });
    }
    if (startUp !== 'restore' || accessToken === null) return;
    fetchSession()
      .then((restored) => startSession(restored, accessToken))
      .catch((error: unknown) => {
        // A 401 has already ended the session through the unauthorized handler; any other
        // failure leaves the token for the next visit.
        if (!(error instanceof ApiRequestError && error.status === 401)) {
          notify({ message: errorMessageOf(error), variant: 'error' });
        }
      })
      .finally(() => setIsRestoring(false));
  }, [startUp, notify, startSession]);

  return isRestoring;
}

function RestoringSession() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100dvh' }}>
      <CircularProgress aria-label={t('session.restoring')} />
    </Box>
  );
}

import { messages } from '@receta/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useNotify, type Notification } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.tsx';
import { accessTokenStore, workspaceStore } from '../../lib/storage.ts';
import { endServerSession } from './auth-api.ts';

/** Spec section 4, logout: clears the stored workspace, goes to /, clears the session. */
export function useEndSession() {
  const navigate = useNavigate();
  const notify = useNotify();
  const { endSession } = useSession();
  return useCallback((notification: Notification) => {
    workspaceStore.clear();
    void navigate(paths.home.getHref());
    endSession();
    notify(notification);
  }, [navigate, endSession, notify]);
}

/** The user menu's "Cerrar sesión": does nothing without a scope, and the server's answer does not matter. */
export function useLogout() {
  const { isGuest } = useSession();
  const endSession = useEndSession();
  return useCallback(async () => {
    if (isGuest) return;
    const accessToken = accessTokenStore.get();
    endSession({ message: messages.auth.loggedOut, variant: 'success' });
    // The session is over here whatever the server answers; a failed call only leaves a
    // token behind that expires on its own.
    if (accessToken) await endServerSession(accessToken).catch(() => undefined);
  }, [isGuest, endSession]);
}

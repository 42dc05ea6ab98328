import { languageOf, type UserSession } from '@receta/domain';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { applySavedLanguage } from '../i18n/index.ts';
import { hasWorkspace } from './roles.ts';
import { accessTokenStore, settingsStore, workspaceStore } from './storage.ts';

export interface SessionContextValue {
  /** The signed-in user (spec section 3, "User session"), null for a guest. */
  user: UserSession | null;
  /** The user's permissions; empty for a guest. */
  scope: readonly string[];
  /** Spec section 2: a user with an empty scope is treated as logged out. */
  isGuest: boolean;
  /** Answers once the session's pages can render, in the user's saved language. */
  startSession: (user: UserSession, accessToken: string) => Promise<void>;
  /** Replaces the user's data after a change the server confirmed, such as accepting the terms. */
  updateUser: (user: UserSession) => void;
  endSession: () => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

const noScope: readonly string[] = [];

export function SessionProvider({
  initialUser = null,
  children,
}: {
  /** Set by tests; the app starts as a guest and restores a stored session itself. */
  initialUser?: UserSession | null;
  children: ReactNode;
}) {
  const [user, setUser] = useState<UserSession | null>(initialUser);

  const startSession = useCallback(async (nextUser: UserSession, accessToken: string) => {
    accessTokenStore.set(accessToken);
    rememberWorkspace(nextUser);
    // The saved language's texts arrive before the first signed-in page paints, so it never
    // shows in Spanish first; if they cannot be fetched, the session starts in the current one.
    await applySavedLanguage(languageOf(nextUser.data.settings.language)).catch(() => undefined);
    setUser(nextUser);
  }, []);

  const endSession = useCallback(() => {
    accessTokenStore.clear();
    workspaceStore.clear();
    // Spec section 4: logout resets the settings; the user's own stay saved on the server.
    settingsStore.clear();
    setUser(null);
  }, []);

  const value = useMemo<SessionContextValue>(() => {
    const scope = user?.scope ?? noScope;
    return { user, scope, isGuest: scope.length === 0, startSession, updateUser: setUser, endSession };
  }, [user, startSession, endSession]);

  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionContextValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/**
 * Spec section 4: users whose first role works inside a workspace keep the one they chose
 * last, if they still belong to it, or else their first one.
 */
function rememberWorkspace(user: UserSession) {
  if (!hasWorkspace(user)) return;
  const remembered = workspaceStore.get();
  const current = user.workspaces.find((workspace) => workspace.id === remembered) ?? user.workspaces[0];
  if (current) workspaceStore.set(current.id);
  else workspaceStore.clear();
}

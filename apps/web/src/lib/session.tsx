import type { UserSession } from '@receta/domain';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { accessTokenStore, workspaceStore } from './storage.ts';

export interface SessionContextValue {
  /** The signed-in user (spec section 3, "User session"), null for a guest. */
  user: UserSession | null;
  /** The user's permissions; empty for a guest. */
  scope: readonly string[];
  /** Spec section 2: a user with an empty scope is treated as logged out. */
  isGuest: boolean;
  startSession: (user: UserSession, accessToken: string) => void;
  endSession: () => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

const noScope: readonly string[] = [];

export function SessionProvider({
  initialUser = null,
  children,
}: {
  /** Set once the accounts feature restores a stored session, and by tests. */
  initialUser?: UserSession | null;
  children: ReactNode;
}) {
  const [user, setUser] = useState<UserSession | null>(initialUser);

  const startSession = useCallback((nextUser: UserSession, accessToken: string) => {
    accessTokenStore.set(accessToken);
    setUser(nextUser);
  }, []);

  const endSession = useCallback(() => {
    accessTokenStore.clear();
    workspaceStore.clear();
    setUser(null);
  }, []);

  const value = useMemo<SessionContextValue>(() => {
    const scope = user?.scope ?? noScope;
    return { user, scope, isGuest: scope.length === 0, startSession, endSession };
  }, [user, startSession, endSession]);

  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionContextValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

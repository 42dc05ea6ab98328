import { isAllowed, messages, type Permission } from '@receta/domain';
import Alert from '@mui/material/Alert';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches, type UIMatch } from 'react-router';
import { paths } from '../config/paths.ts';
import { translateMessage } from '../i18n/translate-message.ts';
import { useSession } from '../lib/session.tsx';
import { redirectStore } from '../lib/storage.ts';

/** What a route declares in its `handle`; a child without `required` inherits its parent's. */
export interface RouteHandle {
  /** Spec section 6: undefined is open to all, [] is for guests only, else one match suffices. */
  required?: readonly Permission[];
}

type RouteAccess =
  | { kind: 'allow' }
  | { kind: 'login'; remember: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'forbidden' };

/**
 * Spec section 2: a user the route does not allow goes to their landing page (or /) when
 * they hold some permission, and to /login, remembering where they were going, when they
 * hold none.
 */
function decideRouteAccess({
  required,
  scope,
  landingPath,
  currentPath,
}: {
  required: readonly Permission[] | undefined;
  scope: readonly string[];
  landingPath: string | undefined;
  currentPath: string;
}): RouteAccess {
  if (isAllowed(required, scope)) return { kind: 'allow' };
  if (scope.length === 0) return { kind: 'login', remember: currentPath };
  const target = landingPath ?? paths.home.path;
  // Redirecting to the page the user is already on would loop forever.
  return target === currentPath ? { kind: 'forbidden' } : { kind: 'redirect', to: target };
}

/** Renders the matched child route only if the session may see it. */
export function RouteGuard() {
  const { t } = useTranslation();
  const matches = useMatches();
  const location = useLocation();
  const { scope, user } = useSession();
  const access = decideRouteAccess({
    required: requiredPermissionsOf(matches),
    scope,
    landingPath: user?.redirectUrl ?? undefined,
    currentPath: location.pathname + location.search,
  });

  switch (access.kind) {
    case 'allow':
      return <Outlet />;
    case 'login':
      return <RedirectToLogin from={access.remember} />;
    case 'redirect':
      return <Navigate to={access.to} replace />;
    case 'forbidden':
      return <Alert severity="warning">{translateMessage(t, messages.common.forbidden)}</Alert>;
  }
}

function RedirectToLogin({ from }: { from: string }) {
  useEffect(() => {
    redirectStore.set(from);
  }, [from]);
  return <Navigate to={paths.login.getHref()} replace />;
}

function requiredPermissionsOf(matches: readonly UIMatch[]): readonly Permission[] | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle) && handle.required !== undefined) return handle.required;
  }
  return undefined;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'required' in handle;
}

import { isAllowed, messages, type Permission, type UserSession } from '@receta/domain';
import Alert from '@mui/material/Alert';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches, type UIMatch } from 'react-router';
import { paths } from '../config/paths.ts';
import { translateMessage } from '../i18n/translate-message.ts';
import type { RoleGroup } from '@receta/domain';
import { isFirstRoleIn, isWorkspaceMember } from '../lib/roles.ts';
import { useSession } from '../lib/session.tsx';
import { redirectStore } from '../lib/storage.ts';
import { NoWorkspacePage } from './pages/no-workspace-page.tsx';

/** What a route declares in its `handle`; a child without a rule inherits its parent's. */
export interface RouteHandle {
  /** Spec section 6: undefined is open to all, [] is for guests only, else one match suffices. */
  required?: readonly Permission[];
  /**
   * The roles-based check of spec section 6: the user's first role must be in the group. For
   * pages no permission describes well enough, such as the outbox with every mailed link.
   */
  roles?: RoleGroup;
  /**
   * Spec section 2, "the section as a whole needs the list or owner permission": a section's own
   * requirement, which every page under it needs besides the page's own.
   */
  sectionRequired?: readonly Permission[];
  /** The page works inside a workspace: a user who belongs to none is told so, and what they can do. */
  needsWorkspace?: boolean;
}

/** The rules of the matched routes: the nearest page's, and every section's around it. */
interface RouteRule {
  required?: readonly Permission[];
  roles?: RoleGroup;
  sections: readonly (readonly Permission[])[];
  needsWorkspace: boolean;
}

type RouteAccess =
  | { kind: 'allow' }
  | { kind: 'noWorkspace' }
  | { kind: 'login'; remember: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'forbidden' };

/**
 * Spec section 2: a user the route does not allow goes to the saved redirect URL, else their
 * landing page, else / when they hold some permission, and to /login, remembering where they
 * were going, when they hold none. Right after login this is what takes the user from the
 * guest-only login pages to where they were going.
 */
function decideRouteAccess({
  rule,
  user,
  scope,
  currentPath,
}: {
  rule: RouteRule;
  user: UserSession | null;
  scope: readonly string[];
  currentPath: string;
}): RouteAccess {
  const isRoleAllowed = rule.roles === undefined || isFirstRoleIn(rule.roles, user);
  const isSectionAllowed = rule.sections.every((required) => isAllowed(required, scope));
  if (isAllowed(rule.required, scope) && isRoleAllowed && isSectionAllowed) {
    return rule.needsWorkspace && !isWorkspaceMember(user) ? { kind: 'noWorkspace' } : { kind: 'allow' };
  }
  if (scope.length === 0) return { kind: 'login', remember: currentPath };
  const target = redirectStore.get() ?? user?.redirectUrl ?? paths.home.path;
  // Redirecting to the page the user is already on would loop forever.
  return target === currentPath ? { kind: 'forbidden' } : { kind: 'redirect', to: target };
}

/** Renders the matched child route only if the session may see it. */
export function RouteGuard() {
  const matches = useMatches();
  const location = useLocation();
  const { scope, user } = useSession();
  const access = decideRouteAccess({
    rule: ruleOf(matches),
    user,
    scope,
    currentPath: location.pathname + location.search,
  });

  switch (access.kind) {
    case 'allow':
      return <Outlet />;
    case 'noWorkspace':
      return <NoWorkspacePage />;
    case 'login':
      return <RedirectToLogin from={access.remember} />;
    case 'redirect':
      return <RedirectAway to={access.to} />;
    case 'forbidden':
      return <Forbidden />;
  }
}

function RedirectToLogin({ from }: { from: string }) {
  useEffect(() => {
    redirectStore.set(from);
  }, [from]);
  return <Navigate to={paths.login.getHref()} replace />;
}

/**
 * The saved redirect URL is used once: later refusals go to the landing page. The first target
 * holds while the page it leads to loads (pages load on demand): a render in the meantime, with
 * the saved URL already cleared, must not turn the redirect towards the landing page.
 */
function RedirectAway({ to }: { to: string }) {
  const [target] = useState(to);
  useEffect(() => redirectStore.clear(), []);
  return <Navigate to={target} replace />;
}

function Forbidden() {
  const { t } = useTranslation();
  useEffect(() => redirectStore.clear(), []);
  return <Alert severity="warning">{translateMessage(t, messages.common.forbidden)}</Alert>;
}

/** The nearest route's permissions and roles, each maybe from a different ancestor, and every section's. */
function ruleOf(matches: readonly UIMatch[]): RouteRule {
  const handles = matches.map((match) => match.handle).filter(isRouteHandle);
  const nearest = <Key extends 'required' | 'roles'>(key: Key): RouteHandle[Key] =>
    handles.findLast((handle) => handle[key] !== undefined)?.[key];
  return {
    required: nearest('required'),
    roles: nearest('roles'),
    sections: handles.flatMap((handle) => (handle.sectionRequired ? [handle.sectionRequired] : [])),
    needsWorkspace: handles.some((handle) => handle.needsWorkspace === true),
  };
}

const handleKeys: readonly (keyof RouteHandle)[] = ['required', 'roles', 'sectionRequired', 'needsWorkspace'];

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && handleKeys.some((key) => key in handle);
}

import { storageKeys } from '@receta/domain';

// Per tab, so that a path remembered before login does not leak into another tab's login.
const redirectKey = 'redirect_after_login';
// Per tab too: the step between password and code belongs to the tab where the password was typed.
const authenticityTokenKey = 'authenticity_token';

export const accessTokenStore = {
  get: (): string | null => localStorage.getItem(storageKeys.accessToken),
  set: (token: string) => localStorage.setItem(storageKeys.accessToken, token),
  clear: () => localStorage.removeItem(storageKeys.accessToken),
};

export const workspaceStore = {
  get: (): string | null => localStorage.getItem(storageKeys.workspace),
  set: (workspaceId: string) => localStorage.setItem(storageKeys.workspace, workspaceId),
  clear: () => localStorage.removeItem(storageKeys.workspace),
};

/** Remembers the path a logged-out user asked for, so that login can return there. */
export const redirectStore = {
  get: (): string | null => sessionStorage.getItem(redirectKey),
  set: (path: string) => sessionStorage.setItem(redirectKey, path),
  clear: () => sessionStorage.removeItem(redirectKey),
};

/** The token of login step one, kept until the second factor is sent. */
export const authenticityTokenStore = {
  get: (): string | null => sessionStorage.getItem(authenticityTokenKey),
  set: (token: string) => sessionStorage.setItem(authenticityTokenKey, token),
  clear: () => sessionStorage.removeItem(authenticityTokenKey),
};

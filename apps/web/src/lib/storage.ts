import { languageOf, storageKeys, type Language } from '@receta/domain';

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

// The shell's settings in this browser: a guest's own, or a copy of the signed-in user's, so
// that a reload starts with them before the session is restored.
const settingsKey = 'settings';
const settingsListeners = new Set<() => void>();
const notifySettingsListeners = () => settingsListeners.forEach((listener) => listener());

/** The stored settings as JSON text; subscribers hear every change, also from other tabs. */
export const settingsStore = {
  get: (): string | null => localStorage.getItem(settingsKey),
  set: (json: string) => {
    localStorage.setItem(settingsKey, json);
    notifySettingsListeners();
  },
  clear: () => {
    localStorage.removeItem(settingsKey);
    notifySettingsListeners();
  },
  subscribe: (listener: () => void) => {
    const onOtherTab = (event: StorageEvent) => {
      if (event.key === settingsKey || event.key === null) listener();
    };
    settingsListeners.add(listener);
    window.addEventListener('storage', onOtherTab);
    return () => {
      settingsListeners.delete(listener);
      window.removeEventListener('storage', onOtherTab);
    };
  },
};

// The language chosen in this browser, kept after logout: it is the reader's, not the session's.
const languageKey = 'language';

export const languageStore = {
  get: (): Language | null => languageOf(localStorage.getItem(languageKey)) ?? null,
  set: (language: Language) => localStorage.setItem(languageKey, language),
};

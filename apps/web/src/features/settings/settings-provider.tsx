import { readUserSettings, type TextDirection, type UserSettings, type UserSession } from '@receta/domain';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  createContext, useCallback, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.tsx';
import { settingsStore } from '../../lib/storage.ts';
import { updateUserData } from '../auth/index.ts';

interface SettingsContextValue {
  settings: UserSettings;
  /** The direction in effect: Arabic always reads right to left, other languages as the user chose. */
  direction: TextDirection;
  isArabic: boolean;
  /** Whether the system asks for less motion, which turns animations off whatever the setting says. */
  prefersReducedMotion: boolean;
  hasAnimations: boolean;
  /** Applies the changes at once and saves them; rejects, with the old settings back, when the server refuses. */
  saveSettings: (changes: Partial<UserSettings>) => Promise<void>;
}

const SettingsContext = createContext<SettingsContextValue | null>(null);

/**
 * The shell's settings (spec section 2, "settings panel"): a signed-in user's live in their data
 * on the server (`POST /api/auth/user/update`) and follow them to another browser; a guest's
 * live in this browser. Either way the browser keeps a copy, so that a reload starts with them.
 */
export function SettingsProvider({ children }: { children: ReactNode }) {
  const { user, updateUser } = useSession();
  const { i18n } = useTranslation();
  const prefersReducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const storedJson = useSyncExternalStore(settingsStore.subscribe, settingsStore.get);
  const storedSettings = useMemo(() => readUserSettings(parseJson(storedJson)), [storedJson]);
  const userSettings = useMemo(() => (user ? readUserSettings(user.data.settings) : null), [user]);
  const settings = userSettings ?? storedSettings;

  useEffect(() => {
    if (userSettings) keepInBrowser(userSettings);
  }, [userSettings]);

  // The latest session, for undoing a change the server refused after the user has moved on.
  const latestUser = useRef(user);
  useEffect(() => {
    latestUser.current = user;
  }, [user]);

  const saveSettings = useCallback(async (changes: Partial<UserSettings>) => {
    const current = latestUser.current;
    if (!current) {
      keepInBrowser({ ...storedSettings, ...changes });
      return;
    }
    const previous = current.data.settings;
    // Other keys of the record (the language, say) belong to other parts of the app: kept as they are.
    const next = { ...previous, ...readUserSettings(previous), ...changes };
    updateUser(withSettings(current, next));
    try {
      await updateUserData({ settings: next });
    } catch (error) {
      if (latestUser.current) updateUser(withSettings(latestUser.current, previous));
      throw error;
    }
  }, [storedSettings, updateUser]);

  // i18next knows which languages read right to left; of ours, Arabic.
  const isArabic = i18n.dir() === 'rtl';
  const value = useMemo<SettingsContextValue>(() => ({
    settings,
    direction: isArabic ? 'rtl' : settings.direction,
    isArabic,
    prefersReducedMotion,
    hasAnimations: settings.animations && !prefersReducedMotion,
    saveSettings,
  }), [settings, isArabic, prefersReducedMotion, saveSettings]);

  return <SettingsContext value={value}>{children}</SettingsContext>;
}

export function useSettings(): SettingsContextValue {
  const settings = useContext(SettingsContext);
  if (!settings) throw new Error('useSettings must be used inside <SettingsProvider>');
  return settings;
}

/** Changes settings from a control: a refusal by the server is shown as a message. */
export function useChangeSettings() {
  const { saveSettings } = useSettings();
  const notify = useNotify();
  return useCallback((changes: Partial<UserSettings>) => {
    saveSettings(changes).catch((error: unknown) => notify({ message: errorMessageOf(error), variant: 'error' }));
  }, [saveSettings, notify]);
}

function withSettings(user: UserSession, settings: Record<string, unknown>): UserSession {
  return { ...user, data: { ...user.data, settings } };
}

function keepInBrowser(settings: UserSettings) {
  const json = JSON.stringify(settings);
  if (settingsStore.get() !== json) settingsStore.set(json);
}

function parseJson(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

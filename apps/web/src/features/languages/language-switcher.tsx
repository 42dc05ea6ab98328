import { languageOf, type Language } from '@receta/domain';
import Translate from '@mui/icons-material/Translate';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.tsx';
import { applySavedLanguage } from '../../i18n/index.ts';
import { languageStore } from '../../lib/storage.ts';
import { updateUserData } from '../auth/index.ts';

// The switcher is on the login page's first paint; the tooltip's positioning library is not
// needed there, nor the menu's (Menu, Popover, Modal) before it is first opened.
const Tooltip = lazy(() => import('@mui/material/Tooltip'));
const LanguageMenu = lazy(() => import('./language-menu.tsx').then((module) => ({ default: module.LanguageMenu })));

/**
 * The language switcher of the top bar (spec section 1). The choice is kept in this browser
 * and, for a signed-in user, in their settings on the server, so that it follows them to
 * another browser: when a session starts with a saved language, the page switches to it.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { user, updateUser } = useSession();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Kept once opened, so that the menu's closing transition plays.
  const [hasOpenedMenu, setHasOpenedMenu] = useState(false);
  const menuId = useId();
  const current = languageOf(i18n.resolvedLanguage);
  const saved = languageOf(user?.data.settings.language);

  // A session starts in the saved language already (lib/session.tsx); this follows later changes.
  useEffect(() => {
    void applySavedLanguage(saved);
  }, [saved]);

  async function choose(language: Language) {
    setAnchor(null);
    languageStore.set(language);
    await i18n.changeLanguage(language);
    if (!user || saved === language) return;
    try {
      // The settings record holds the shell's settings too: they are sent back as they are.
      updateUser(await updateUserData({ settings: { ...user.data.settings, language } }));
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  const button = (
    <IconButton
      color="inherit"
      aria-label={t('languages.choose')}
      aria-haspopup="menu"
      aria-expanded={anchor ? true : undefined}
      aria-controls={anchor ? menuId : undefined}
      onClick={(event) => {
        setAnchor(event.currentTarget);
        setHasOpenedMenu(true);
      }}
    >
      <Translate />
    </IconButton>
  );

  return (
    <>
      <Suspense fallback={button}>
        <Tooltip title={t('languages.choose')}>{button}</Tooltip>
      </Suspense>
      {hasOpenedMenu && (
        <Suspense fallback={null}>
          <LanguageMenu
            id={menuId}
            anchor={anchor}
            current={current}
            onChoose={(language) => void choose(language)}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}

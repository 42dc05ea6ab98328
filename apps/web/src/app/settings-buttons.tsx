import Palette from '@mui/icons-material/Palette';
import Settings from '@mui/icons-material/Settings';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorSchemePanel } from '../features/settings/color-scheme-panel.tsx';
import { SettingsPanel } from '../features/settings/settings-panel.tsx';
import { AreaTheme } from './shell-theme.tsx';

type OpenPanel = 'settings' | 'colorSchemes' | null;

/**
 * The toolbar's buttons of the settings panel and the colour-scheme panel, for guests too.
 * On a phone only the settings button shows; the colour schemes open from the panel.
 */
export function SettingsButtons() {
  const { t } = useTranslation();
  const [openPanel, setOpenPanel] = useState<OpenPanel>(null);
  const close = () => setOpenPanel(null);

  return (
    <>
      <Tooltip title={t('shell.colorSchemes.open')}>
        <IconButton
          color="inherit"
          aria-label={t('shell.colorSchemes.open')}
          aria-haspopup="dialog"
          onClick={() => setOpenPanel('colorSchemes')}
          sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
        >
          <Palette />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('shell.settings.open')}>
        <IconButton color="inherit" aria-label={t('shell.settings.open')} aria-haspopup="dialog" onClick={() => setOpenPanel('settings')}>
          <Settings />
        </IconButton>
      </Tooltip>
      {/* The panels belong to the page, not to the toolbar: they wear the content's scheme. */}
      <AreaTheme area="main">
        <SettingsPanel open={openPanel === 'settings'} onClose={close} onOpenColorSchemes={() => setOpenPanel('colorSchemes')} />
        <ColorSchemePanel open={openPanel === 'colorSchemes'} onClose={close} />
      </AreaTheme>
    </>
  );
}

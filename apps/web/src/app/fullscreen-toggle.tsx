import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(listener: () => void) {
  document.addEventListener('fullscreenchange', listener);
  return () => document.removeEventListener('fullscreenchange', listener);
}
const isFullscreen = () => Boolean(document.fullscreenElement);

/** The toolbar's fullscreen toggle (spec section 2); absent where the browser offers no fullscreen. */
export function FullscreenToggle() {
  const { t } = useTranslation();
  const isOn = useSyncExternalStore(subscribe, isFullscreen);
  // jsdom and some phones (iPhone Safari) have no Fullscreen API for pages.
  if (!document.fullscreenEnabled) return null;

  const toggle = () => {
    const change = isOn ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    // The browser may refuse (a policy, no user gesture); the button then keeps its state.
    change.catch(() => undefined);
  };

  return (
    <Tooltip title={t('shell.fullscreen')}>
      <IconButton color="inherit" aria-label={t('shell.fullscreen')} aria-pressed={isOn} onClick={toggle}>
        {isOn ? <FullscreenExit /> : <Fullscreen />}
      </IconButton>
    </Tooltip>
  );
}

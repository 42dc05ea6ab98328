import type { ThemeArea } from '@receta/domain';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { alpha, ThemeProvider, type Theme } from '@mui/material/styles';
import { createContext, useContext, useLayoutEffect, useMemo, type ReactNode } from 'react';
import { useSettings } from '../features/settings/settings-provider.tsx';
import { createAreaThemes } from './theme.ts';

// Right to left, the stylis plugin flips every left/right in the styles (margins, paddings,
// borders, positions) so the whole shell mirrors. It replaces emotion's vendor prefixer,
// which the browsers the product supports no longer need.
const styleCaches = {
  ltr: createCache({ key: 'mui' }),
  rtl: createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin] }),
};

const AreaThemes = createContext<Record<ThemeArea, Theme> | null>(null);

/**
 * The themes of the shell from the user's settings: one per part (content, navbar, toolbar,
 * footer), all in the direction in effect, which `<html dir>` follows too.
 */
export function ShellTheme({ children }: { children: ReactNode }) {
  const { settings, direction, hasAnimations } = useSettings();
  const isDense = settings.layout === 'compact';
  const { main, navbar, toolbar, footer } = settings.theme;

  const themes = useMemo(
    () => createAreaThemes({ main, navbar, toolbar, footer }, { direction, hasAnimations, isDense }),
    [main, navbar, toolbar, footer, direction, hasAnimations, isDense],
  );

  useLayoutEffect(() => {
    document.documentElement.dir = direction;
  }, [direction]);

  return (
    <CacheProvider value={styleCaches[direction]}>
      <ThemeProvider theme={themes.main}>
        <CssBaseline />
        {settings.customScrollbars && <ThinScrollbars />}
        <AreaThemes value={themes}>{children}</AreaThemes>
      </ThemeProvider>
    </CacheProvider>
  );
}

/** Gives its children the theme the user chose for that part of the shell. */
export function AreaTheme({ area, children }: { area: ThemeArea; children: ReactNode }) {
  const themes = useContext(AreaThemes);
  if (!themes) throw new Error('AreaTheme must be used inside <ShellTheme>');
  return <ThemeProvider theme={themes[area]}>{children}</ThemeProvider>;
}

/** "Custom scrollbars" of the settings: thin ones in the content's colours instead of the system's. */
function ThinScrollbars() {
  return (
    <GlobalStyles
      styles={(theme) => {
        const thumb = alpha(theme.palette.text.secondary, 0.45);
        return {
          '*': { scrollbarWidth: 'thin', scrollbarColor: `${thumb} transparent` },
          // Browsers without the standard properties (Safari before 18.2).
          '*::-webkit-scrollbar': { width: 8, height: 8 },
          '*::-webkit-scrollbar-thumb': { backgroundColor: thumb, borderRadius: 4 },
          '*::-webkit-scrollbar-track': { backgroundColor: 'transparent' },
        };
      }}
    />
  );
}

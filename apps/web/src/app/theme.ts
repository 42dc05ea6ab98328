import type { ColorSchemeName, TextDirection, ThemeArea } from '@receta/domain';
import { createTheme, type Theme } from '@mui/material/styles';
import { colorSchemes } from '../features/settings/color-schemes.ts';

const focusRing = '#f2a900';

export interface ThemeOptions {
  scheme: ColorSchemeName;
  direction: TextDirection;
  /** Off: no CSS transitions and no ripples (the user's setting, or the system asking for less motion). */
  hasAnimations: boolean;
  /** The compact layout: smaller controls, so more fits on the screen. */
  isDense: boolean;
}

/** The theme of one part of the shell (content, navbar, toolbar or footer) in one colour scheme. */
export function createAppTheme({ scheme, direction, hasAnimations, isDense }: ThemeOptions): Theme {
  const colors = colorSchemes[scheme];
  const size = isDense ? 'small' : undefined;
  const baseTheme = createTheme({
    direction,
    palette: {
      mode: colors.mode,
      primary: colors.primary,
      secondary: colors.secondary,
      error: colors.error,
      warning: colors.warning,
      info: colors.info,
      success: colors.success,
      background: colors.background,
      text: colors.text,
      divider: colors.divider,
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '1.625rem', fontWeight: 500, lineHeight: 1.25 },
      h2: { fontSize: '1.25rem', fontWeight: 500, lineHeight: 1.3 },
      button: { textTransform: 'none', fontWeight: 500 },
    },
    // MUI's own recipe for a theme without motion: every transition it builds becomes `none`.
    ...(hasAnimations ? {} : { transitions: { create: () => 'none' } }),
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // A visible ring for keyboard users on every interactive element (WCAG 2.4.7).
          ':focus-visible': { outline: `3px solid ${focusRing}`, outlineOffset: 2 },
          // MUI's buttons clear the outline in a rule of their own; this one is more specific.
          '.MuiButtonBase-root.Mui-focusVisible': { outline: `3px solid ${focusRing}`, outlineOffset: 2 },
          '.MuiInputBase-input:focus-visible': { outline: 'none' },
        },
      },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiButtonBase: { defaultProps: { disableRipple: !hasAnimations } },
      MuiButton: {
        defaultProps: { disableElevation: true, size },
        // A label breaks between words, never inside one ("Administr-ar"), even in a cell or a
        // list that lets long emails and names break anywhere.
        styleOverrides: { root: { overflowWrap: 'normal', wordBreak: 'normal' } },
      },
      MuiIconButton: { defaultProps: { size } },
      MuiTextField: { defaultProps: { size } },
      MuiFormControl: { defaultProps: { size } },
      MuiTable: { defaultProps: { size } },
      MuiList: { defaultProps: { dense: isDense || undefined } },
      // A link inside a sentence must stand out by more than its colour (WCAG 1.4.1).
      MuiLink: { defaultProps: { underline: 'always' } },
      MuiListItemButton: {
        styleOverrides: {
          root: {
            '&.Mui-selected': { backgroundColor: colors.selected.background, color: colors.selected.text, fontWeight: 500 },
            '&.Mui-selected .MuiListItemIcon-root': { color: 'inherit' },
          },
        },
      },
    },
  });

  // Headings grow a little on wider screens; the sizes above suit a phone.
  return createTheme(baseTheme, {
    typography: {
      h1: { [baseTheme.breakpoints.up('sm')]: { fontSize: isDense ? '1.75rem' : '2rem' } },
      h2: { [baseTheme.breakpoints.up('sm')]: { fontSize: isDense ? '1.25rem' : '1.375rem' } },
    },
  });
}

/**
 * The themes of the shell's parts, one per scheme they wear: with the default settings the four
 * parts wear one scheme, and each theme built costs about 5 ms of a page's start-up.
 */
export function createAreaThemes(
  schemes: Record<ThemeArea, ColorSchemeName>, options: Omit<ThemeOptions, 'scheme'>,
): Record<ThemeArea, Theme> {
  const themes = new Map<ColorSchemeName, Theme>();
  const themeOf = (scheme: ColorSchemeName) => {
    let theme = themes.get(scheme);
    if (!theme) {
      theme = createAppTheme({ ...options, scheme });
      themes.set(scheme, theme);
    }
    return theme;
  };
  return {
    main: themeOf(schemes.main),
    navbar: themeOf(schemes.navbar),
    toolbar: themeOf(schemes.toolbar),
    footer: themeOf(schemes.footer),
  };
}

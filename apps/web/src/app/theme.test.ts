import { describe, expect, it } from 'vitest';
import { createAppTheme, createAreaThemes, type ThemeOptions } from './theme.ts';

const options: ThemeOptions = { scheme: 'default', direction: 'ltr', hasAnimations: true, isDense: false };

describe('app theme', () => {
  it('animates by default', () => {
    const theme = createAppTheme(options);
    expect(theme.transitions.create('width')).toMatch(/^width \d+ms/);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(false);
  });

  it('has no transitions and no ripples with animations off', () => {
    const theme = createAppTheme({ ...options, hasAnimations: false });
    expect(theme.transitions.create(['width', 'opacity'])).toBe('none');
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
  });

  it('carries the direction and the scheme\'s colours', () => {
    const theme = createAppTheme({ ...options, scheme: 'dark', direction: 'rtl' });
    expect(theme.direction).toBe('rtl');
    expect(theme.palette.mode).toBe('dark');
    expect(theme.palette.background.default).toBe('#10171b');
  });

  it('makes controls smaller for the compact layout', () => {
    expect(createAppTheme({ ...options, isDense: true }).components?.MuiTextField?.defaultProps?.size).toBe('small');
    expect(createAppTheme(options).components?.MuiTextField?.defaultProps?.size).toBeUndefined();
  });

  it('builds one theme for the parts of the shell that wear one scheme', () => {
    const { scheme: _scheme, ...common } = options;
    const themes = createAreaThemes({ main: 'default', navbar: 'dark', toolbar: 'default', footer: 'dark' }, common);
    expect(themes.toolbar).toBe(themes.main);
    expect(themes.footer).toBe(themes.navbar);
    expect(themes.navbar).not.toBe(themes.main);
    expect(themes.navbar.palette.mode).toBe('dark');
    expect(themes.main.palette.mode).toBe('light');
  });
});

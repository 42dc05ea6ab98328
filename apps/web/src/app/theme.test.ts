import { describe, expect, it } from 'vitest';
import { createAppTheme, type ThemeOptions } from './theme.ts';

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
});

import { describe, expect, it } from 'vitest';
import { defaultUserSettings, readUserSettings } from './settings.ts';

describe('user settings', () => {
  it('defaults to the vertical layout, the default scheme everywhere, left to right, scrollbars and animations on', () => {
    expect(defaultUserSettings).toEqual({
      layout: 'vertical',
      theme: { main: 'default', navbar: 'default', toolbar: 'default', footer: 'default' },
      direction: 'ltr',
      customScrollbars: true,
      animations: true,
      navbarFolded: false,
    });
  });

  it.each([null, undefined, 'vertical', 42])('reads %s as the defaults', (stored) => {
    expect(readUserSettings(stored)).toEqual(defaultUserSettings);
  });

  it('keeps the valid fields of stored settings and replaces the unknown values one by one', () => {
    const settings = readUserSettings({
      layout: 'horizontal',
      theme: { main: 'dark', navbar: 'sepia', toolbar: 'ocean' },
      direction: 'sideways',
      animations: false,
      language: 'ar',
    });

    expect(settings).toEqual({
      ...defaultUserSettings,
      layout: 'horizontal',
      theme: { main: 'dark', navbar: 'default', toolbar: 'ocean', footer: 'default' },
      animations: false,
    });
  });
});

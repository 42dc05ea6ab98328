import { colorSchemeNames } from '@receta/domain';
import { describe, expect, it } from 'vitest';
import { colorSchemes, type ColorScheme } from './color-schemes.ts';
import { contrastRatio } from './contrast.ts';

/** WCAG 2.2 AA for text of normal size (success criterion 1.4.3). */
const textContrast = 4.5;

/** Every text colour of a scheme with each background it is written on. */
function textPairs(scheme: ColorScheme): [string, string, string][] {
  const { background, text, primary, secondary, error, warning, info, success, selected } = scheme;
  return [
    ['text on the page', text.primary, background.default],
    ['text on cards, bars and menus', text.primary, background.paper],
    ['secondary text on the page', text.secondary, background.default],
    ['secondary text on cards, bars and menus', text.secondary, background.paper],
    ['links and text buttons on the page', primary.main, background.default],
    ['links and text buttons on cards', primary.main, background.paper],
    ['the product name', primary.dark, background.paper],
    ['contained buttons', primary.contrastText, primary.main],
    ['secondary buttons', secondary.contrastText, secondary.main],
    ['secondary text buttons', secondary.main, background.paper],
    ['error messages on cards', error.main, background.paper],
    ['error messages on the page', error.main, background.default],
    ['error buttons', error.contrastText, error.main],
    ...Object.entries({ warning, info, success }).flatMap(([status, { main, contrastText }]) => [
      [`${status} chips and notices`, contrastText, main],
      [`${status} text on cards`, main, background.paper],
      [`${status} text on the page`, main, background.default],
    ] as [string, string, string][]),
    ['the menu entry of the current page', selected.text, selected.background],
  ];
}

describe('colour schemes', () => {
  it('offers the four named schemes', () => {
    expect(Object.keys(colorSchemes)).toEqual([...colorSchemeNames]);
  });

  describe.each(colorSchemeNames)('%s', (name) => {
    it.each(textPairs(colorSchemes[name]))('gives %s at least 4.5:1', (_use, foreground, background) => {
      expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(textContrast);
    });
  });
});

import { describe, expect, it } from 'vitest';
import { blendColors, contrastRatio, parseHexColor } from './contrast.ts';

describe('WCAG contrast', () => {
  it('reads short and long hex colours', () => {
    expect(parseHexColor('#0b5d6b')).toEqual([11, 93, 107]);
    expect(parseHexColor('#FFF')).toEqual([255, 255, 255]);
    expect(() => parseHexColor('rgb(0, 0, 0)')).toThrow();
  });

  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    // The grey that famously just fails AA on white, and the one that just passes.
    ['#777777', '#ffffff', 4.48],
    ['#767676', '#ffffff', 4.54],
  ])('rates %s on %s at %d:1', (foreground, background, ratio) => {
    expect(contrastRatio(foreground, background)).toBeCloseTo(ratio, 2);
    expect(contrastRatio(background, foreground)).toBeCloseTo(ratio, 2);
  });

  it('blends a translucent colour over its background', () => {
    expect(blendColors('#000000', 0.5, '#ffffff')).toBe('#808080');
    expect(blendColors('#0b5d6b', 0, '#ffffff')).toBe('#ffffff');
  });
});

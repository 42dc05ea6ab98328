/**
 * WCAG 2 contrast: the relative luminance of sRGB colours and the ratio between two of them
 * (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio). Text needs 4.5:1 (level AA).
 */

type Rgb = readonly [number, number, number];

/** `#rgb` or `#rrggbb` as three channels from 0 to 255. */
export function parseHexColor(hex: string): Rgb {
  const digits = /^#([\da-f]{3}|[\da-f]{6})$/i.exec(hex)?.[1];
  if (!digits) throw new Error(`Not a hex colour: ${hex}`);
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16)) as unknown as Rgb;
}

/** `color` at `opacity` laid over an opaque `background`, as the eye sees it. */
export function blendColors(color: string, opacity: number, background: string): string {
  const top = parseHexColor(color);
  const bottom = parseHexColor(background);
  const mixed = top.map((channel, index) => Math.round(channel * opacity + bottom[index]! * (1 - opacity)));
  return `#${mixed.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

export function relativeLuminance(hex: string): number {
  const [red, green, blue] = parseHexColor(hex).map((channel) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

export function contrastRatio(foreground: string, background: string): number {
  const luminances = [relativeLuminance(foreground), relativeLuminance(background)];
  return (Math.max(...luminances) + 0.05) / (Math.min(...luminances) + 0.05);
}

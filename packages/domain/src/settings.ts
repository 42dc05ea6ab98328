import { z } from 'zod';

/** Spec section 2: three layout variants. */
export const layoutStyles = ['vertical', 'horizontal', 'compact'] as const;
export type LayoutStyle = (typeof layoutStyles)[number];

/** The named colour schemes a part of the shell may wear. */
export const colorSchemeNames = ['default', 'ocean', 'forest', 'dark'] as const;
export type ColorSchemeName = (typeof colorSchemeNames)[number];

/** Spec section 3, "Settings": the theme is chosen for each of these parts of the shell. */
export const themeAreas = ['main', 'navbar', 'toolbar', 'footer'] as const;
export type ThemeArea = (typeof themeAreas)[number];

export const textDirections = ['ltr', 'rtl'] as const;
export type TextDirection = (typeof textDirections)[number];

const scheme = z.enum(colorSchemeNames).catch('default');

/**
 * The shell's settings (spec section 3, "Settings"), kept in the user's data on the server
 * and in the browser for guests. Every field falls back to its default on its own, so that
 * settings saved by an older version, or edited by hand, never break the shell.
 */
export const UserSettingsSchema = z.object({
  layout: z.enum(layoutStyles).catch('vertical'),
  theme: z.object({ main: scheme, navbar: scheme, toolbar: scheme, footer: scheme })
    .catch({ main: 'default', navbar: 'default', toolbar: 'default', footer: 'default' }),
  direction: z.enum(textDirections).catch('ltr'),
  customScrollbars: z.boolean().catch(true),
  animations: z.boolean().catch(true),
  navbarFolded: z.boolean().catch(false),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

/** Reads stored settings (any shape, even none) into a complete settings object. */
export function readUserSettings(stored: unknown): UserSettings {
  return UserSettingsSchema.parse(typeof stored === 'object' && stored !== null ? stored : {});
}

export const defaultUserSettings: UserSettings = readUserSettings({});

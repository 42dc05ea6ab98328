/** Business constants and limits of the specification (section 9), in one place. */
export const limits = {
  messageAutoHideMs: 6000,
  uploadMaxBytes: 5 * 1024 * 1024,
  uploadExtensions: ['png', 'jpg', 'jpeg', 'pdf'],
  pinLength: 4,
  dniDigits: { min: 6, max: 9 },
  cuitDigits: 11,
  phoneDigits: { min: 10, max: 14 },
  enrollmentDigits: { min: 2, max: 8 },
  emailMinLength: 4,
  /** What the login form checks (spec section 5): old passwords still sign in. */
  passwordMinLength: 8,
  /** Disp. DNSISA 1/2025 Annex II: every new password. */
  newPasswordMinLength: 10,
  earliestBirthDate: '1900-01-01',
  navigationSearchSuggestions: 10,
  displayNameMaxLength: 18,
  navbarWidthPx: 280,
  navbarFoldedWidthPx: 64,
  hoverMenuDelayMs: 150,
  multilineMaxRows: 10,
  unacceptedPatientDataRetentionDays: 30,
  demoStateDigits: 16,
} as const;

export const defaultLanguage = 'es';
export const languages = ['es', 'en', 'tr', 'ar'] as const;
export type Language = (typeof languages)[number];

/** The language a stored value names, or undefined when it is none of ours. */
export function languageOf(value: unknown): Language | undefined {
  return languages.find((language) => language === value);
}

/** Keys the web app keeps in local storage (spec section 9). */
export const storageKeys = {
  accessToken: 'access_token',
  workspace: 'current_workspace',
} as const;

/** Headers every web request carries (spec section 7). */
export const requestHeaders = {
  pagePath: 'x-page-path',
  workspace: 'x-workspace',
} as const;

export const product = {
  name: 'Receta Digital',
  provider: 'Receta Digital',
  supportEmail: 'soporte@recetadigital.com.ar',
  legalRevision: 'marzo de 2023',
} as const;

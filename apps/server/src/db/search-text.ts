/**
 * The text a search compares: lower-case, without accents or other diacritics, and with
 * single spaces, so that 'cefalea' finds 'Cefalea' and 'acido folico' finds 'ÁCIDO FÓLICO'.
 * Reference rows store it in `search_text`; a search normalises the user's words the same way.
 */
export function normalizeForSearch(...parts: ReadonlyArray<string | null | undefined>): string {
  return parts
    .filter((part) => part)
    .join(' ')
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

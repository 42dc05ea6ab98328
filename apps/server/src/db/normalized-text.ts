import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

// normalizeForSearch's accent removal for the letters of the reference data, in SQL: PGlite
// ships no `unaccent`. Literals rather than parameters, as a generated column requires.
const accented = 'áàâäéèêëíìîïóòôöúùûüñç';
const plain = 'aaaaeeeeiiiioooouuuunc';

/** `text` lower-cased and without accents, as `normalizeForSearch` leaves the user's words. */
export function normalizedText(text: SQLWrapper): SQL<string> {
  return sql<string>`translate(lower(${text}), ${sql.raw(`'${accented}'`)}, ${sql.raw(`'${plain}'`)})`;
}

/**
 * A generated column's expression: another column of the row lower-cased and without accents,
 * as the stored search texts are. Searches order their matches by such copies: normalising
 * every match in the query cost more than the rest of the search.
 */
export function normalizedCopyOf(columnName: string): () => SQL<string> {
  return () => normalizedText(sql.identifier(columnName));
}

/**
 * A generated column's expression: another column of the row as Spanish orders words, whatever
 * the database's collation (in C, PGlite's, 'Álvarez' comes after 'Gómez'): lower-cased,
 * without accents, and ñ after every n as the alphabet has it, written 'n~' before the accents
 * go ('~' comes after the letters).
 */
export function spanishSortKeyOf(columnName: string): () => SQL<string> {
  return () => sql<string>`translate(replace(lower(${sql.identifier(columnName)}), 'ñ', 'n~'), ${sql.raw(`'${accented}'`)}, ${sql.raw(`'${plain}'`)})`;
}

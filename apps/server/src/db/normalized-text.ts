import { sql, type SQL } from 'drizzle-orm';

// normalizeForSearch's accent removal for the letters of the reference data, in SQL: PGlite
// ships no `unaccent`. Literals rather than parameters, as a generated column requires.
const accented = 'áàâäéèêëíìîïóòôöúùûüñç';
const plain = 'aaaaeeeeiiiioooouuuunc';

/**
 * A generated column's expression: another column of the row lower-cased and without accents,
 * as the stored search texts are. Searches order their matches by such copies: normalising
 * every match in the query cost more than the rest of the search.
 */
export function normalizedCopyOf(columnName: string): () => SQL<string> {
  return () => sql<string>`translate(lower(${sql.identifier(columnName)}), ${sql.raw(`'${accented}'`)}, ${sql.raw(`'${plain}'`)})`;
}

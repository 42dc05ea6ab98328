import { sql, type Column, type SQL } from 'drizzle-orm';

// normalizeForSearch's accent removal for the letters of the reference data, in SQL: PGlite
// ships no `unaccent`.
const accented = 'áàâäéèêëíìîïóòôöúùûüñç';
const plain = 'aaaaeeeeiiiioooouuuunc';

/**
 * A text lower-cased and without accents, in SQL, as the stored search texts are. The letters
 * are literals rather than parameters so that a generated column can be defined with it.
 */
export function normalizedInSql(text: Column | SQL): SQL<string> {
  return sql<string>`translate(lower(${text}), ${sql.raw(`'${accented}'`)}, ${sql.raw(`'${plain}'`)})`;
}

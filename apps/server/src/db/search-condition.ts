import { and, like, or, sql, type Column, type SQL } from 'drizzle-orm';
import { normalizedText } from './normalized-text.ts';
import { normalizeForSearch } from './search-text.ts';

// A pasted paragraph searches no more words than a name does.
const maxSearchWords = 5;

/** The words of a user's search, normalised as `search_text` columns are (at most five). */
export function searchWordsOf(query: string | undefined): string[] {
  if (!query) return [];
  return normalizeForSearch(query).split(' ').filter(Boolean).slice(0, maxSearchWords);
}

/** `%` and `_` mean themselves in what the user typed. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** Below this length a word holds no trigram of its own, and a trigram index cannot find it anywhere in a text. */
const trigramLength = 3;

/**
 * Every word appears in the normalised column: `like '%word%'`, the shape a trigram index
 * answers. A word of one or two characters (someone still typing) must start a word of the
 * text instead, which the index answers from the trigrams of word starts rather than by
 * reading every row. No condition without words.
 */
export function containingEveryWord(column: Column, words: readonly string[]): SQL | undefined {
  return and(...words.map((word) => (word.length < trigramLength
    ? or(startingWith(column, word), like(column, `% ${escapeLike(word)}%`))
    : like(column, `%${escapeLike(word)}%`))));
}

/**
 * Every word of the user's search appears in one of `columns`, case and accents aside, so that
 * "gomez" finds "Gómez" as in the lists with a stored search text. For the short lists of the
 * administration (medics, accounts awaiting authorization, administrators, roles, workspaces,
 * apps), which have no such column: the columns are normalised in the query. No condition without words.
 */
export function matchingEveryWord(query: string | undefined, columns: Column[]): SQL | undefined {
  return and(...searchWordsOf(query).map((word) => or(
    ...columns.map((column) => sql`strpos(${normalizedText(column)}, ${word}) > 0`),
  )));
}

/** The normalised text starts with `prefix`. */
export function startingWith(text: Column | SQL, prefix: string): SQL {
  return like(text, `${escapeLike(prefix)}%`);
}

/** Sorts by bytes, so that both database engines order alike whatever their default collation. */
export function byBytes(text: Column | SQL): SQL {
  return sql`${text} collate "C"`;
}

import { and, or, type Column, type SQL } from 'drizzle-orm';
import { includesText } from './workspaces.repository.ts';

// A pasted paragraph searches no more columns than a name does.
const maxSearchWords = 5;

/** Every word of `search` must appear in one of `columns`; no condition when there are no words. */
export function matchingEveryWord(search: string | undefined, columns: Column[]): SQL | undefined {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, maxSearchWords);
  return and(...words.map((word) => or(...columns.map((column) => includesText(column, word)))));
}

import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { medications } from './schema/index.ts';
import { containingEveryWord, searchWordsOf } from './search-condition.ts';

describe('searchWordsOf', () => {
  it('normalises the words as search_text stores them', () => {
    expect(searchWordsOf('  ÁCIDO   Fólico ')).toEqual(['acido', 'folico']);
  });

  it('keeps five words at most', () => {
    expect(searchWordsOf('a b c d e f g')).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('has no words for a blank search', () => {
    expect(searchWordsOf(undefined)).toEqual([]);
    expect(searchWordsOf('   ')).toEqual([]);
  });
});

describe('containingEveryWord', () => {
  const dialect = new PgDialect({ casing: 'snake_case' });

  it('asks for every word anywhere, with %, _ and \\ taken literally', () => {
    const condition = containingEveryWord(medications.searchText, ['50%', 'a_b', 'c\\d']);
    if (!condition) throw new Error('No condition');
    expect(dialect.sqlToQuery(condition).params).toEqual(['%50\\%%', '%a\\_b%', '%c\\\\d%']);
  });

  it('asks a word of one or two characters to start a word', () => {
    const condition = containingEveryWord(medications.searchText, ['ib']);
    if (!condition) throw new Error('No condition');
    expect(dialect.sqlToQuery(condition).params).toEqual(['ib%', '% ib%']);
  });

  it('sets no condition without words', () => {
    expect(containingEveryWord(medications.searchText, [])).toBeUndefined();
  });
});

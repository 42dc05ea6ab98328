import { describe, expect, it } from 'vitest';
import { readOnce } from './read-once.ts';

describe('readOnce', () => {
  it('reads once for every caller, those that came while it ran too', async () => {
    let reads = 0;
    const list = readOnce(async () => {
      reads += 1;
      return ['CABA', 'Córdoba'];
    });
    const answers = await Promise.all([list(), list(), list()]);
    expect(await list()).toBe(answers[0]);
    expect(answers.every((answer) => answer === answers[0])).toBe(true);
    expect(reads).toBe(1);
  });

  it('tries again after a failed read', async () => {
    let reads = 0;
    const list = readOnce(async () => {
      reads += 1;
      if (reads === 1) throw new Error('the database is starting');
      return ['CABA'];
    });
    await expect(list()).rejects.toThrow('the database is starting');
    expect(await list()).toEqual(['CABA']);
    expect(await list()).toEqual(['CABA']);
    expect(reads).toBe(2);
  });
});

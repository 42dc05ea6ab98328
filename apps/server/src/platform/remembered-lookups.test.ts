import { describe, expect, it } from 'vitest';
import { RememberedLookups } from './remembered-lookups.ts';

/** A lookup that counts its reads and answers what `rows` holds when it runs. */
function countedLookup(rows: Map<string, string>) {
  let reads = 0;
  return {
    load: (key: string) => async () => {
      reads += 1;
      return rows.get(key);
    },
    reads: () => reads,
  };
}

describe('RememberedLookups', () => {
  it('answers a key from memory after its first lookup, until a change is announced', async () => {
    const rows = new Map([['session-1', 'Dra. Quintana']]);
    const lookup = countedLookup(rows);
    const remembered = new RememberedLookups<string>(10);
    expect((await remembered.read('session-1', lookup.load('session-1')))?.value).toBe('Dra. Quintana');
    expect((await remembered.read('session-1', lookup.load('session-1')))?.value).toBe('Dra. Quintana');
    expect(lookup.reads()).toBe(1);

    rows.delete('session-1');
    remembered.forgetAll();
    expect(await remembered.read('session-1', lookup.load('session-1'))).toBeUndefined();
    expect(lookup.reads()).toBe(2);
  });

  it('reads on every lookup while it may not remember, and answers nothing it remembered before', async () => {
    const rows = new Map([['session-1', 'Dra. Quintana']]);
    const lookup = countedLookup(rows);
    let mayRemember = true;
    const remembered = new RememberedLookups<string>(10, () => mayRemember);
    await remembered.read('session-1', lookup.load('session-1'));

    mayRemember = false;
    rows.set('session-1', 'Dra. Quintana Paz');
    expect((await remembered.read('session-1', lookup.load('session-1')))?.value).toBe('Dra. Quintana Paz');
    rows.set('session-1', 'Dra. Paz');
    expect((await remembered.read('session-1', lookup.load('session-1')))?.value).toBe('Dra. Paz');
    expect(lookup.reads()).toBe(3);
  });

  it('does not keep what it did not find', async () => {
    const rows = new Map<string, string>();
    const lookup = countedLookup(rows);
    const remembered = new RememberedLookups<string>(10);
    expect(await remembered.read('session-1', lookup.load('session-1'))).toBeUndefined();
    rows.set('session-1', 'Dra. Quintana');
    expect((await remembered.read('session-1', lookup.load('session-1')))?.value).toBe('Dra. Quintana');
  });

  it('does not keep a lookup that was under way when a change was announced', async () => {
    const remembered = new RememberedLookups<string>(10);
    let finish!: (value: string) => void;
    const underWay = remembered.read('session-1', () => new Promise<string>((resolve) => {
      finish = resolve;
    }));
    remembered.forgetAll();
    finish('read before the change');
    expect((await underWay)?.value).toBe('read before the change');
    expect((await remembered.read('session-1', async () => 'read after the change'))?.value).toBe('read after the change');
  });

  it('keeps at most its capacity, forgetting the oldest first', async () => {
    const rows = new Map([['a', 'A'], ['b', 'B'], ['c', 'C']]);
    const lookup = countedLookup(rows);
    const remembered = new RememberedLookups<string>(2);
    for (const key of ['a', 'b', 'c']) await remembered.read(key, lookup.load(key));
    await remembered.read('c', lookup.load('c'));
    await remembered.read('b', lookup.load('b'));
    expect(lookup.reads()).toBe(3);
    await remembered.read('a', lookup.load('a'));
    expect(lookup.reads()).toBe(4);
  });
});

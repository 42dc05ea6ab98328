import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { MasterKeyring } from '../pki/master-keyring.ts';
import { contentHashOf, openEvent, type EventToSeal } from './sealed-event.ts';
import { SealingThread } from './sealing-thread.ts';

function accesses(count: number): EventToSeal[] {
  return Array.from({ length: count }, (_, index) => ({
    heading: {
      id: randomUUID(),
      at: new Date(Date.UTC(2026, 10, 29, 12, 0, 0, index)),
      actorUserId: randomUUID(),
      oauthClientId: null,
      action: 'access',
      subjectType: 'request',
      subjectId: 'GET /api/patients/:id',
    },
    content: { address: '10.0.0.1', pagePath: '/pacientes', outcome: '200', details: { url: `/api/patients/${index}` } },
  }));
}

/** The batch as written to the log: each event as recorded, opening with `keyring`, hashed as the verifier does. */
function expectSealedAsRecorded(json: string, events: EventToSeal[], keyring: MasterKeyring) {
  const rows = JSON.parse(json) as Record<string, string>[];
  expect(rows).toHaveLength(events.length);
  for (const [index, row] of rows.entries()) {
    const { heading, content } = events[index]!;
    const sealed = Buffer.from(row.sealed!, 'base64');
    expect(row).toMatchObject({ id: heading.id, at: heading.at.toISOString(), keyId: keyring.currentKeyId });
    expect(openEvent(keyring, { id: heading.id, keyId: row.keyId!, sealed })).toEqual(content);
    expect(row.contentHash).toBe(contentHashOf({ ...heading, keyId: row.keyId!, sealed }).toString('base64'));
  }
}

describe('the event log\'s sealing thread', () => {
  it('seals a large batch on its thread and a small one where it is asked, both as recorded', async () => {
    const keyring = new MasterKeyring(randomBytes(32));
    const onFailure = vi.fn();
    const thread = new SealingThread(keyring, onFailure);
    try {
      const large = accesses(120);
      expectSealedAsRecorded(await thread.sealAsJson(large), large, keyring);
      const small = accesses(3);
      expectSealedAsRecorded(await thread.sealAsJson(small), small, keyring);
      expect(onFailure).not.toHaveBeenCalled();
    } finally {
      await thread.close();
    }
  });

  it('seals where it is asked once the thread has failed, and says so once', async () => {
    // A thread given a key it cannot use fails as it starts.
    class KeyringOfABrokenKey extends MasterKeyring {
      override currentKey(): Buffer {
        return Buffer.alloc(3);
      }
    }
    const keyring = new KeyringOfABrokenKey(randomBytes(32));
    const onFailure = vi.fn();
    const thread = new SealingThread(keyring, onFailure);
    try {
      for (const batch of [accesses(60), accesses(60)]) {
        expectSealedAsRecorded(await thread.sealAsJson(batch), batch, keyring);
      }
      expect(onFailure).toHaveBeenCalledTimes(1);
    } finally {
      await thread.close();
    }
  });
});

// The PDF the demo is signing waits here while the browser visits the PIN page: a file up to
// 5 MB does not fit in sessionStorage once encoded, and IndexedDB keeps the File itself.
const databaseName = 'receta-oauth-demo';
const storeName = 'documents';
const pendingKey = 'pending';

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(databaseName, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(storeName);
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error ?? new Error('IndexedDB could not be opened'));
  });
}

async function inStore<Result>(
  mode: IDBTransactionMode,
  operation: (store: IDBObjectStore) => IDBRequest,
): Promise<Result> {
  const database = await openDatabase();
  try {
    return await new Promise<Result>((resolve, reject) => {
      const transaction = database.transaction(storeName, mode);
      const request = operation(transaction.objectStore(storeName));
      // Complete, not just answered: the page may leave for the PIN step right after a save.
      transaction.oncomplete = () => resolve(request.result as Result);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB request failed'));
    });
  } finally {
    database.close();
  }
}

export const pendingDocumentStore = {
  save: (file: File): Promise<void> => inStore('readwrite', (store) => store.put(file, pendingKey)),
  load: async (): Promise<File | null> => {
    const file = await inStore<unknown>('readonly', (store) => store.get(pendingKey));
    return file instanceof File ? file : null;
  },
  clear: (): Promise<void> => inStore('readwrite', (store) => store.delete(pendingKey)),
};

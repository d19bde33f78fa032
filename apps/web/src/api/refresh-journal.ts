/**
 * The last remember-me refresh of this browser, in IndexedDB. Tabs take turns refreshing under a Web Lock, and the
 * tab that waited must see what the previous holder stored. localStorage cannot promise that: Chromium hands a
 * write to other tabs' renderers asynchronously, so right after the lock changes hands the next tab may still read
 * the old token and replay it. An IndexedDB transaction that completed before the lock was released is visible to
 * every transaction started after it, in any tab.
 */
const DB_NAME = 'bulut-auth';
const STORE = 'refresh';
const KEY = 'last';
/** Only a refresh this recent stands in for one of our own: older tokens have long reached every tab. */
const FRESH_MS = 60_000;

export interface RefreshRecord {
  /** The auth token the refresh replaced. */
  from: string;
  authToken: string;
  rememberMeToken: string | null;
  at: number;
}

function openJournal(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

/** Runs one request in its own transaction and resolves when the transaction has completed (or with null on any failure). */
async function run<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | null> {
  const db = await openJournal();
  if (!db) return null;
  return new Promise<T | null>((resolve) => {
    try {
      const tx = db.transaction(STORE, mode);
      const request = use(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result ?? null);
      tx.onerror = () => resolve(null);
      tx.onabort = () => resolve(null);
    } catch {
      resolve(null);
    }
  }).finally(() => db.close());
}

/** Records a refresh; resolves once it is durable for the other tabs (call it before releasing the lock). */
export async function recordRefresh(record: Omit<RefreshRecord, 'at'>): Promise<void> {
  await run('readwrite', (store) => store.put({ ...record, at: Date.now() } satisfies RefreshRecord, KEY));
}

/** The refresh another tab made from `token`, if it is recent. */
export async function refreshedFrom(token: string): Promise<RefreshRecord | null> {
  const record = (await run('readonly', (store) => store.get(KEY) as IDBRequest<RefreshRecord | undefined>)) ?? null;
  if (!record || record.from !== token || Date.now() - record.at > FRESH_MS) return null;
  return record;
}

/** Sign-out: the journal holds tokens, so it goes with them. */
export function clearRefreshJournal(): void {
  void run('readwrite', (store) => store.delete(KEY));
}

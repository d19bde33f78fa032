import { useCallback, useEffect, useRef, useState } from 'react';
import { takeOfficePrefetch, type OfficeOpenConfig } from '@/api/office';
import { fetchBytes, LockConflict, WopiClient, type FileInfo } from '../wopi-client';

/** The WOPI lock lasts 30 minutes on the server; refreshed well before, so it lapses only when the editor is gone. */
const REFRESH_LOCK_MS = 10 * 60_000;
const LOCK_PREFIX = 'bulut-embedded';

export type SaveState = 'clean' | 'dirty' | 'saving' | 'saved' | 'failed' | 'conflict';

export interface OfficeSession {
  status: 'loading' | 'ready' | 'error';
  bytes: Uint8Array | null;
  /** edit only while this editor holds the file's lock. */
  mode: 'edit' | 'view';
  /** Set when someone else edits the file: their name, or '' when the server did not say. */
  lockedBy: string | null;
  save: (bytes: Uint8Array) => Promise<boolean>;
}

/**
 * One opening of a document through the WOPI host: reads its bytes, takes the lock when the caller may edit (a stale
 * lock of the same person, from a tab that went away, is taken over), keeps the lock fresh, saves with it, and gives
 * it back when the editor closes or the page goes away.
 */
export function useOfficeSession(config: OfficeOpenConfig | undefined, readOnlyUrl?: () => Promise<string>): OfficeSession {
  const [state, setState] = useState<Omit<OfficeSession, 'save'>>({ status: 'loading', bytes: null, mode: 'view', lockedBy: null });
  const held = useRef<{ client: WopiClient; lock: string } | null>(null);

  useEffect(() => {
    if (!readOnlyUrl) return;
    let cancelled = false;
    void (async () => {
      try {
        const bytes = await fetchBytes(await readOnlyUrl());
        if (!cancelled) setState({ status: 'ready', bytes, mode: 'view', lockedBy: null });
      } catch {
        if (!cancelled) setState((s) => ({ ...s, status: 'error' }));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [readOnlyUrl]);

  useEffect(() => {
    if (!config) return;
    let cancelled = false;
    const client = new WopiClient(config);
    let timer: ReturnType<typeof setInterval> | undefined;
    const release = () => {
      const h = held.current;
      held.current = null;
      if (h) void h.client.unlock(h.lock, true).catch(() => undefined);
    };
    void (async () => {
      try {
        // The bytes come while the lock is taken (the lock names the caller, from CheckFileInfo); both reads were
        // usually started with the config, while this code loaded.
        const started = takeOfficePrefetch(config);
        const file = started?.bytes ?? client.getFile();
        file.catch(() => undefined);
        const info = started ? ((await started.info) as FileInfo) : await client.checkFileInfo();
        let mode: 'edit' | 'view' = config.mode === 'edit' && info.UserCanWrite ? 'edit' : 'view';
        let lockedBy = config.lockedBy;
        if (mode === 'edit') {
          const mine = `${LOCK_PREFIX}:${info.UserId}:`;
          const lock = `${mine}${crypto.randomUUID()}`;
          try {
            await client.lock(lock);
            held.current = { client, lock };
          } catch (err) {
            if (!(err instanceof LockConflict)) throw err;
            if (err.lock.startsWith(mine)) {
              await client.lock(lock, err.lock);
              held.current = { client, lock };
            } else {
              mode = 'view';
              lockedBy = '';
            }
          }
          if (cancelled) release();
          else if (held.current) timer = setInterval(() => void held.current?.client.refreshLock(held.current.lock).catch(() => undefined), REFRESH_LOCK_MS);
        }
        const bytes = await file;
        if (!cancelled) setState({ status: 'ready', bytes, mode, lockedBy });
      } catch {
        if (!cancelled) setState((s) => ({ ...s, status: 'error' }));
      }
    })();
    window.addEventListener('pagehide', release);
    return () => {
      cancelled = true;
      clearInterval(timer);
      window.removeEventListener('pagehide', release);
      release();
    };
  }, [config]);

  const save = useCallback(async (bytes: Uint8Array) => {
    const h = held.current;
    if (!h) return false;
    await h.client.putFile(bytes, h.lock);
    return true;
  }, []);

  return { ...state, save };
}

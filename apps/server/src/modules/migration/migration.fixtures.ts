import { createHash } from 'node:crypto';
import net from 'node:net';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import { fileBlobKey } from '../files/files.public.js';

// Test helpers for the Dropbox import: the consent as a browser goes through it, and the imported tree as stored.

/** A free port in this worktree's range (19720-19799), from a random start. */
export async function freePortInRange(from = 19720, to = 19799): Promise<number> {
  const span = to - from + 1;
  const first = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = from + ((first + i) % span);
    const free = await new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

/**
 * What a browser does between our authorizeUrl and connect: opens Dropbox's consent page, presses Allow (its form),
 * follows the redirect back and reads the code and state from it.
 */
export async function consent(authorizeUrl: string, decision: 'allow' | 'deny' = 'allow'): Promise<{ code: string | null; state: string | null; redirect: URL }> {
  const page = await fetch(authorizeUrl);
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${await page.text()}`);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no consent form');
  const form = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form.set(unescapeHtml(m[1]!), unescapeHtml(m[2]!));
  form.set('decision', decision);
  const res = await fetch(new URL(action, authorizeUrl), { method: 'POST', body: form, redirect: 'manual' });
  const redirect = new URL(res.headers.get('location')!);
  return { code: redirect.searchParams.get('code'), state: redirect.searchParams.get('state'), redirect };
}

const unescapeHtml = (s: string) => s.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));

export async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

/** The live files under a folder, by path below it ("Docs/report.txt"), with their stored bytes. */
export async function storedTree(db: Kysely<DB>, blobs: BlobStore, accountId: string, folderId: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const walk = async (parentId: string, prefix: string): Promise<void> => {
    const rows = await db.selectFrom('file').select(['id', 'name', 'is_folder', 'blob_key']).where('account_id', '=', accountId).where('parent_id', '=', parentId).where('status', '=', 'ACTIVE').execute();
    for (const r of rows) {
      const path = prefix ? `${prefix}/${r.name}` : r.name;
      if (r.is_folder === 1) await walk(r.id, path);
      // The row's key: identical contents share one blob (issue 35), so it need not be the file's own.
      else out.set(path, await readAll((await blobs.get(r.blob_key ?? fileBlobKey(accountId, r.id))).stream));
    }
  };
  await walk(folderId, '');
  return out;
}

/** The account's live top-level folders named like the import folder ("Dropbox", "Dropbox (2)"). */
export async function importFolders(db: Kysely<DB>, accountId: string): Promise<Array<{ id: string; name: string }>> {
  return db
    .selectFrom('file')
    .select(['id', 'name'])
    .where('account_id', '=', accountId)
    .where('parent_id', '=', '')
    .where('is_folder', '=', 1)
    .where('status', '=', 'ACTIVE')
    .where('name', 'like', 'Dropbox%')
    .execute();
}

/** Dropbox's content_hash as its reference describes it, written out independently of the import's streaming hasher. */
export function referenceContentHash(bytes: Buffer): string {
  const block = 4 * 1024 * 1024;
  const digests: Buffer[] = [];
  for (let o = 0; o < bytes.length; o += block) digests.push(createHash('sha256').update(bytes.subarray(o, o + block)).digest());
  return createHash('sha256').update(Buffer.concat(digests)).digest('hex');
}

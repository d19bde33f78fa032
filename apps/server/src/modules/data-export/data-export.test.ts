import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, readOutbox, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { UrlSigner } from '../../infra/signing/url-signer.js';
import { addFolder, uploadApi } from '../upload/upload.fixtures.js';
import { addPhoto, albumsApi } from '../albums/albums.fixtures.js';
import { GOOGLE_VCF } from '../contacts/contacts.fixtures.js';

// Download all my data end to end: the real app on a real database; the parts are fetched through their signed links
// and opened with Info-ZIP's unzip (a real zip reader, not ours), then compared with the account's files byte for byte.

/** Small, so a handful of files needs several parts. */
const PART_LIMIT = 64 * 1024;

interface Part {
  number: number;
  bytes: number;
  name: string;
  url: string;
}

describe.each(DIALECTS)('download all my data (%s)', (dialect) => {
  let t: TestApp;
  let dir: string;
  const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? authed(token) : {} });
  const start = (token: string) => t.app.inject({ method: 'POST', url: '/api/export', headers: authed(token) });
  const status = async (token: string) => (await get('/api/export', token)).json().export;

  /** Runs due jobs until the export has ended (a hang guard, not a timing assertion). */
  async function runExport(token: string) {
    for (let i = 0; i < 100; i++) {
      await t.app.jobs.runDue();
      const s = await status(token);
      if (s?.status !== 'RUNNING') return s;
    }
    throw new Error('export never ended');
  }

  /** Every entry of every part, unpacked by unzip into one folder: relative path → bytes (folders as null). */
  function unpack(parts: Buffer[]): Map<string, Buffer | null> {
    const out = fs.mkdtempSync(path.join(dir, 'unzip-'));
    parts.forEach((bytes, i) => {
      const file = path.join(dir, `part-${i}-${path.basename(out)}.zip`);
      fs.writeFileSync(file, bytes);
      // -t first: the archive's own CRCs check every entry.
      execFileSync('unzip', ['-tqq', file]);
      execFileSync('unzip', ['-qq', '-o', file, '-d', out]);
    });
    const found = new Map<string, Buffer | null>();
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        const rel = path.relative(out, p).split(path.sep).join('/');
        if (e.isDirectory()) {
          found.set(rel, null);
          walk(p);
        } else found.set(rel, fs.readFileSync(p));
      }
    };
    walk(out);
    return found;
  }

  async function download(parts: Part[]): Promise<Buffer[]> {
    const got: Buffer[] = [];
    for (const p of parts) {
      const res = await get(p.url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toContain(p.name);
      expect(res.rawPayload.length).toBe(p.bytes);
      got.push(res.rawPayload);
    }
    return got;
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-export-'));
    t = await startTestApp(dialect, { EXPORT_PART_BYTES: String(PART_LIMIT) });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('builds parts of at most the limit whose entries are the account’s files byte for byte, with account.json, contacts.vcf and albums.json', async () => {
    const me = await signUp(t);
    const up = uploadApi(t, me.token);
    const want = new Map<string, Buffer>();
    const put = async (name: string, bytes: Buffer, parent?: { id: string; path: string }) => {
      const res = await up.whole(name, bytes, { parent: parent?.id });
      expect(res.statusCode, res.body).toBe(201);
      want.set(`Files/${parent ? `${parent.path}/` : ''}${name}`, bytes);
      return res.json().uuid as string;
    };
    const docs = { id: await addFolder(t, me.accountId, 'Belgeler'), path: 'Belgeler' };
    const deep = { id: await addFolder(t, me.accountId, 'Çok Derin', docs.id), path: 'Belgeler/Çok Derin' };
    await addFolder(t, me.accountId, 'Boş klasör');
    // A processed photo (as the media job leaves it), for the album.
    const { id: photo, content: photoBytes } = await addPhoto(t, me.accountId, 'tatil.jpg', { content: randomBytes(40_000) });
    want.set('Files/tatil.jpg', photoBytes);
    await put('notlar ığüşöç.txt', Buffer.from('Türkçe içerik\n'));
    await put('boş.txt', Buffer.alloc(0));
    await put('rapor.pdf', randomBytes(30_000), docs);
    await put('büyük.bin', randomBytes(100_000), deep);
    for (let i = 0; i < 6; i++) await put(`küçük-${i}.dat`, randomBytes(5_000 + i), deep);
    // A trashed file is not the account's data any more.
    const gone = (await up.whole('silinen.txt', Buffer.from('x'))).json().uuid as string;
    expect((await t.app.inject({ method: 'DELETE', url: '/api/filesystem/trash', headers: authed(me.token), payload: [gone] })).statusCode).toBeLessThan(300);

    const albums = albumsApi(t, me.token);
    const album = await albums.album('Yaz 2026');
    expect((await albums.addFiles(album.uuid, [photo])).statusCode).toBe(200);
    const vcf = await t.app.inject({ method: 'POST', url: '/api/contacts/backup_version/import', headers: { ...authed(me.token), 'content-type': 'text/vcard' }, payload: GOOGLE_VCF });
    expect(vcf.statusCode, vcf.body).toBe(200);

    expect(await status(me.token)).toBeNull();
    const first = await start(me.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'RUNNING', parts: [] });
    // One at a time: asking again answers the export already running.
    const again = await start(me.token);
    expect(again.json().id).toBe(first.json().id);

    const done = await runExport(me.token);
    expect(done).toMatchObject({ id: first.json().id, status: 'READY', filesTotal: want.size, filesDone: want.size });
    expect(done.bytesDone).toBe([...want.values()].reduce((n, b) => n + b.length, 0));
    expect(done.expiresAt - done.finishedAt).toBe(7 * 86_400_000);
    const parts = done.parts as Part[];
    expect(parts.length).toBeGreaterThan(2);
    // Every part within the limit, except one holding a single file larger than the limit (büyük.bin).
    const over = parts.filter((p) => p.bytes > PART_LIMIT);
    expect(over.length).toBeLessThanOrEqual(1);

    const entries = unpack(await download(parts));
    const files = [...entries].filter(([p, b]) => p.startsWith('Files/') && b !== null);
    expect(files.map(([p]) => p).sort()).toEqual([...want.keys()].sort());
    for (const [p, bytes] of want) expect(entries.get(p)?.equals(bytes), p).toBe(true);
    // The folder tree, empty folders too.
    for (const folder of ['Files/Belgeler', 'Files/Belgeler/Çok Derin', 'Files/Boş klasör']) expect(entries.has(folder), folder).toBe(true);

    const account = JSON.parse(entries.get('account.json')!.toString());
    expect(account.account.profile).toMatchObject({ email: me.user.email.toLowerCase(), name: 'Ayşe', surname: 'Yılmaz' });
    expect(account.account.profile).not.toHaveProperty('password_hash');
    expect(JSON.stringify(account)).not.toMatch(/argon|password_hash|token_hash/);
    expect(account).toHaveProperty('packages');
    expect(account).toHaveProperty('invoice');
    expect(account).toHaveProperty('private-shares');
    expect(entries.get('contacts.vcf')!.toString()).toMatch(/BEGIN:VCARD[\s\S]*END:VCARD/);
    const albumsJson = JSON.parse(entries.get('albums.json')!.toString());
    expect(albumsJson.albums).toEqual([expect.objectContaining({ name: 'Yaz 2026', photos: ['Files/tatil.jpg'] })]);

    // Told by a notification and an e-mail that carries the links.
    const notes = (await get('/api/notification/communication/fetch?language=tr', me.token)).json() as Array<{ type: string; title: string }>;
    expect(notes.find((n) => n.type === 'DATA_EXPORT_READY')?.title).toBe('Verileriniz indirilmeye hazır');
    for (let i = 0; i < 20 && (await t.app.jobs.runDue()) > 0; i++);
    const mail = readOutbox(t.dataDir).find((m) => m.to === me.user.email.toLowerCase() && m.subject === 'Verileriniz indirilmeye hazır');
    expect(mail?.text).toContain(parts[0]!.url);

    // A new export after this one is a new id; the old one's parts go when the new one is ready.
    const next = await start(me.token);
    expect(next.json().id).not.toBe(done.id);
    await runExport(me.token);
    expect((await get(parts[0]!.url)).statusCode).toBe(404);
  });

  it('links are signed, bound to their account and expire after 7 days; housekeeping then removes the parts', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await uploadApi(t, a.token).whole('gizli.txt', Buffer.from('only for a'));
    await start(a.token);
    const ready = await runExport(a.token);
    const url: string = ready.parts[0].url;
    expect((await get(url)).statusCode).toBe(200);

    // Another account sees nothing of it.
    expect(await status(b.token)).toBeNull();
    // A token changed by one character, or signed for another account with this export's id: the same 404.
    const token = url.slice('/api/export/download/'.length);
    const flipped = token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1);
    expect((await get(`/api/export/download/${flipped}`)).statusCode).toBe(404);
    const signer = new UrlSigner(t.database.db);
    const forged = await signer.sign('export', { a: b.accountId, x: ready.id, n: 1, e: ready.expiresAt });
    expect((await get(`/api/export/download/${forged}`)).statusCode).toBe(404);
    // A file download token is not an export token.
    const wrongPurpose = await signer.sign('file', { a: a.accountId, x: ready.id, n: 1, e: ready.expiresAt });
    expect((await get(`/api/export/download/${wrongPurpose}`)).statusCode).toBe(404);
    // Another account's export through its own session does not exist either.
    const bStart = await start(b.token);
    expect(bStart.json().id).not.toBe(ready.id);
    await runExport(b.token);

    // Seven days on: the link answers 404, the status says EXPIRED, and housekeeping removes the parts and the row.
    await t.database.db.updateTable('data_export').set({ expires_at: Date.now() - 1 }).where('id', '=', ready.id).execute();
    expect((await get(url)).statusCode).toBe(404);
    expect((await status(a.token)).status).toBe('EXPIRED');
    expect((await status(a.token)).parts).toEqual([]);
    const blobDir = path.join(t.dataDir, 'blobs', 'users', a.accountId, 'exports', ready.id);
    expect(fs.existsSync(blobDir)).toBe(true);
    const { PURGE_EXPORTS_SCHEDULE } = await import('./data-export.module.js');
    await t.database.db.updateTable('job').set({ run_at: Date.now() - 1000 }).where('schedule_key', '=', PURGE_EXPORTS_SCHEDULE).where('status', '=', 'queued').execute();
    for (let i = 0; i < 20 && (await t.app.jobs.runDue()) > 0; i++);
    expect(fs.existsSync(blobDir)).toBe(false);
    expect(await status(a.token)).toBeNull();
    // B's export is untouched.
    expect((await status(b.token)).status).toBe('READY');
  });

  it('two requests at once start one export; deleting the account removes its exports', async () => {
    const me = await signUp(t);
    await uploadApi(t, me.token).whole('a.txt', Buffer.from('a'));
    const [x, y] = await Promise.all([start(me.token), start(me.token)]);
    expect(x.statusCode).toBe(200);
    expect(y.statusCode).toBe(200);
    expect(y.json().id).toBe(x.json().id);
    const rows = await t.database.db.selectFrom('data_export').select('id').where('account_id', '=', me.accountId).execute();
    expect(rows).toHaveLength(1);
    await runExport(me.token);
    const blobDir = path.join(t.dataDir, 'blobs', 'users', me.accountId, 'exports');
    expect(fs.existsSync(blobDir)).toBe(true);

    const del = await t.app.inject({ method: 'DELETE', url: '/api/account/delete', headers: authed(me.token), payload: { password: me.user.password, confirmation: 'DELETE' } });
    expect(del.statusCode, del.body).toBe(202);
    for (let i = 0; i < 50 && (await t.app.jobs.runDue()) > 0; i++);
    expect(await t.database.db.selectFrom('data_export').select('id').where('account_id', '=', me.accountId).execute()).toEqual([]);
    expect(fs.existsSync(blobDir)).toBe(false);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { nameKey } from '../../shared/names.js';
import { addFolder, content, uploadApi } from '../upload/upload.fixtures.js';
import type { TreeNode } from './download.repository.js';
import { UrlSigner } from '../../infra/signing/url-signer.js';
import { planZip, safeSegment } from './download.zip.js';
import { readZip } from './download.fixtures.js';

describe('zip layout', () => {
  const node = (id: string, parent: string, name: string, folder = false): TreeNode => ({
    id,
    parent_id: parent,
    name,
    name_key: nameKey(name),
    is_folder: folder ? 1 : 0,
    blob_key: folder ? null : `k/${id}`,
    content_type: 'text/plain',
    last_modified_at: 0,
  });

  it('keeps names safe inside the archive', () => {
    expect(safeSegment('..')).toBe('_');
    expect(safeSegment('.')).toBe('_');
    expect(safeSegment('a/../b')).toBe('a_.._b');
    expect(safeSegment('C:')).toBe('C_');
    expect(safeSegment('\\\\server\\share')).toBe('__server_share');
    expect(safeSegment('tab\there')).toBe('tabhere');
  });

  it('nests folders, numbers clashes, and lists an item inside a selected folder once', () => {
    const nodes = [
      node('f', 'root', 'Tatil', true),
      node('x', 'f', 'a.txt'),
      node('y', 'other', 'a.txt'),
      node('z', 'another', 'A.txt'),
      node('g', 'f', 'Deniz', true),
      node('h', 'g', 'b.txt'),
    ];
    const plan = planZip(nodes, ['y', 'f', 'x', 'z']).map((e) => e.path);
    expect(plan).toEqual(['Tatil', 'Tatil/Deniz', 'Tatil/Deniz/b.txt', 'Tatil/a.txt', 'a.txt', 'A (2).txt']);
  });

  it('numbers a clashing 255-character name within 255 characters, keeping the extension', () => {
    const long = `${'a'.repeat(251)}.txt`;
    const plan = planZip([node('x', 'one', long), node('y', 'two', long)], ['x', 'y']).map((e) => e.path);
    expect(plan).toEqual([long, `${'a'.repeat(247)} (2).txt`]);
  });
});

describe.each(DIALECTS)('zip download (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const createZip = (token: string, uuids: string[]) =>
    t.app.inject({ method: 'POST', url: '/api/filesystem/downloadFilesAsZip', headers: authed(token), payload: uuids });

  it('streams folders with their tree and selected files; hidden and trashed descendants stay out', async () => {
    const { token, accountId } = await signUp(t);
    const api = uploadApi(t, token);
    const tatil = await addFolder(t, accountId, 'Tatil 2026');
    const deniz = await addFolder(t, accountId, 'Deniz', tatil);
    await addFolder(t, accountId, 'Boş', tatil);
    const photo = content(50_000);
    const note = Buffer.from('Merhaba dünya\n'.repeat(1000));
    const inside = (await api.whole('plaj.jpg', photo, { parent: deniz, contentType: 'image/jpeg' })).json();
    await api.whole('not.txt', note, { parent: tatil, contentType: 'text/plain' });
    const hidden = (await api.whole('gizli.txt', content(10), { parent: tatil })).json();
    const trashed = (await api.whole('silindi.txt', content(10), { parent: tatil })).json();
    await t.database.db.updateTable('file').set({ hidden: 1 }).where('id', '=', hidden.uuid).execute();
    await t.database.db.updateTable('file').set({ status: 'TRASHED' }).where('id', '=', trashed.uuid).execute();
    const top = (await api.whole('özet.txt', Buffer.from('özet'))).json();
    const sameName = (await api.whole('not.txt', Buffer.from('root note'))).json();

    const res = await createZip(token, [tatil, top.uuid, sameName.uuid, inside.uuid]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^\/api\/download\/zip\/[\w-]+\.[\w-]+$/);

    const zip = await t.app.inject({ method: 'GET', url: res.body });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const dated = `Bulut-${new Date().toISOString().slice(0, 10)}.zip`;
    expect(zip.headers['content-disposition']).toBe(`attachment; filename="${dated}"; filename*=UTF-8''${dated}`);
    const items = readZip(zip.rawPayload);
    expect(items.map((i) => i.name)).toEqual([
      'Tatil 2026/',
      'Tatil 2026/Boş/',
      'Tatil 2026/Deniz/',
      'Tatil 2026/Deniz/plaj.jpg',
      'Tatil 2026/not.txt',
      'not.txt',
      'özet.txt',
    ]);
    const byName = new Map(items.map((i) => [i.name, i]));
    expect(byName.get('Tatil 2026/Deniz/plaj.jpg')!.data.equals(photo)).toBe(true);
    expect(byName.get('Tatil 2026/Deniz/plaj.jpg')!.method).toBe(0);
    expect(byName.get('Tatil 2026/not.txt')!.data.equals(note)).toBe(true);
    expect(byName.get('Tatil 2026/not.txt')!.method).toBe(8);
    expect(byName.get('not.txt')!.data.toString()).toBe('root note');
    expect(byName.get('özet.txt')!.data.toString()).toBe('özet');
    for (const { name } of items) {
      expect(name.split('/')).not.toContain('..');
      expect(name.startsWith('/')).toBe(false);
      expect(name).not.toContain('\\');
    }

    // The system's unzip agrees, when there is one.
    if (fs.existsSync('/usr/bin/unzip')) {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-zip-')), 'a.zip');
      fs.writeFileSync(file, zip.rawPayload);
      execFileSync('/usr/bin/unzip', ['-tqq', file]);
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it('duplicate top-level names are numbered and stored names that would escape are made safe', async () => {
    const { token, accountId } = await signUp(t);
    const api = uploadApi(t, token);
    const a = await addFolder(t, accountId, 'A');
    const b = await addFolder(t, accountId, 'B');
    const one = (await api.whole('rapor.pdf', Buffer.from('1'), { parent: a })).json();
    const two = (await api.whole('rapor.pdf', Buffer.from('2'), { parent: b })).json();
    const evil = (await api.whole('evil.txt', Buffer.from('3'))).json();
    // Names the API refuses, written straight into the table: the archive must still be safe.
    await t.database.db.updateTable('file').set({ name: '../../etc/passwd' }).where('id', '=', evil.uuid).execute();
    const res = await createZip(token, [one.uuid, two.uuid, evil.uuid]);
    const items = readZip((await t.app.inject({ method: 'GET', url: res.body })).rawPayload);
    expect(items.map((i) => i.name).sort()).toEqual(['.._.._etc_passwd', 'rapor (2).pdf', 'rapor.pdf']);
    expect(items.map((i) => i.data.toString()).sort()).toEqual(['1', '2', '3']);
  });

  it("another user's item, an unknown uuid or a bad list → 404/400; bad tokens → 404", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const mine = (await uploadApi(t, a.token).whole('m.txt', content(10))).json();
    expectError(await createZip(b.token, [mine.uuid]), 404);
    expectError(await createZip(a.token, [mine.uuid, randomUUID()]), 404);
    expectError(await createZip(a.token, []), 400);
    expectError(await createZip(a.token, Array.from({ length: 501 }, () => randomUUID())), 400);

    const url = (await createZip(a.token, [mine.uuid])).body;
    const token = url.slice('/api/download/zip/'.length);
    const [body, sig] = token.split('.') as [string, string];
    const signer = new UrlSigner(t.database.db);
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const expired = await signer.sign('zip', { ...claims, e: Date.now() - 1 });
    const asFileToken = await signer.sign('file', claims);
    const otherAccount = await signer.sign('zip', { ...claims, a: b.accountId });
    for (const bad of [`${body}.${sig.slice(1)}A`, expired, otherAccount]) {
      expectError(await t.app.inject({ method: 'GET', url: `/api/download/zip/${bad}` }), 404);
    }
    expectError(await t.app.inject({ method: 'GET', url: `/api/download/${asFileToken}` }), 404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    // Everything trashed since the link was made.
    await t.database.db.updateTable('file').set({ status: 'TRASHED' }).where('id', '=', mine.uuid).execute();
    expectError(await t.app.inject({ method: 'GET', url }), 404);
  });

  it('names the archive after one selected folder, or after the folder the selection is in', async () => {
    const { token, accountId } = await signUp(t);
    const api = uploadApi(t, token);
    const disposition = async (uuids: string[]) => {
      const res = await createZip(token, uuids);
      return (await t.app.inject({ method: 'GET', url: res.body })).headers['content-disposition'];
    };
    const named = (base: string) => `attachment; filename="${base}.zip"; filename*=UTF-8''${encodeURIComponent(base)}.zip`;
    const tatil = await addFolder(t, accountId, 'Tatil');
    const deniz = await addFolder(t, accountId, 'Deniz', tatil);
    const a = (await api.whole('a.txt', content(5), { parent: tatil })).json();
    const b = (await api.whole('b.txt', content(5), { parent: deniz })).json();
    const top = (await api.whole('top.txt', content(5))).json();
    const dated = `Bulut-${new Date().toISOString().slice(0, 10)}`;

    expect(await disposition([deniz])).toBe(named('Deniz'));
    expect(await disposition([deniz, a.uuid])).toBe(named('Tatil'));
    expect(await disposition([a.uuid])).toBe(named('Tatil'));
    // The root, or items from several folders (search results), keep the dated product name.
    expect(await disposition([tatil, top.uuid])).toBe(named(dated));
    expect(await disposition([a.uuid, b.uuid])).toBe(named(dated));
  });

  it('500 items make a short link', async () => {
    const { token } = await signUp(t);
    const api = uploadApi(t, token);
    const ids: string[] = [];
    for (let i = 0; i < 500; i++) ids.push((await api.whole(`f${i}.txt`, Buffer.from(String(i)))).json().uuid);
    const res = await createZip(token, ids);
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThan(400);
    const items = readZip((await t.app.inject({ method: 'GET', url: res.body })).rawPayload);
    expect(items).toHaveLength(500);
    // 500 uploads one after another: on PostgreSQL beside a second test worker this passes 30 s.
  });
});

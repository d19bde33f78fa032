import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, startTestApp, type TestApp } from '../../test/harness.js';
import { davUser, hrefs, type DavUser } from './webdav.fixtures.js';

const SHARED = '/Shared%20with%20me';

describe.each(DIALECTS)('webdav: folders shared with me (%s)', (dialect) => {
  let t: TestApp;
  let owner: DavUser;
  let editor: DavUser;
  let viewer: DavUser;
  let stranger: DavUser;
  let folderId = '';
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [owner, editor, viewer, stranger] = [await davUser(t), await davUser(t), await davUser(t), await davUser(t)];
    await owner.dav('MKCOL', '/Tatil');
    await owner.dav('MKCOL', '/Tatil/Alt');
    await owner.dav('PUT', '/Tatil/plan.txt', { body: 'Kapadokya' });
    folderId = (await t.database.db.selectFrom('file').select('id').where('account_id', '=', owner.accountId).where('name', '=', 'Tatil').executeTakeFirstOrThrow()).id;
    // Shared the way the web shares: one request per role.
    for (const [who, type] of [[editor, 'EDITOR'], [viewer, 'VIEWER']] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/shares', headers: authed(owner.token), payload: { items: [folderId], invitees: [who.email], type, duration: 'UNLIMITED' } });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(() => t.close());
  const used = async (id: string) => Number((await t.database.db.selectFrom('account').select('used_bytes').where('id', '=', id).executeTakeFirstOrThrow()).used_bytes);

  it('the shared folder appears under "Shared with me" at the root of an invitee, only while something is shared', async () => {
    expect(hrefs(await viewer.dav('PROPFIND', '/', { headers: { depth: '1' } }))).toEqual(['/dav/files/', '/dav/files/Shared with me/']);
    expect(hrefs(await viewer.dav('PROPFIND', SHARED, { headers: { depth: '1' } }))).toEqual(['/dav/files/Shared with me/', '/dav/files/Shared with me/Tatil/']);
    expect(hrefs(await viewer.dav('PROPFIND', `${SHARED}/Tatil`, { headers: { depth: '1' } }))).toEqual([
      '/dav/files/Shared with me/Tatil/',
      '/dav/files/Shared with me/Tatil/Alt/',
      '/dav/files/Shared with me/Tatil/plan.txt',
    ]);
    // The owner's own mount is unchanged: nothing is shared with them.
    expect(hrefs(await owner.dav('PROPFIND', '/', { headers: { depth: '1' } }))).toEqual(['/dav/files/', '/dav/files/Tatil/']);
  });

  it('a viewer reads; every write answers 403 and changes nothing', async () => {
    expect((await viewer.dav('GET', `${SHARED}/Tatil/plan.txt`)).body).toBe('Kapadokya');
    const refused = [
      await viewer.dav('PUT', `${SHARED}/Tatil/yeni.txt`, { body: 'x' }),
      await viewer.dav('PUT', `${SHARED}/Tatil/plan.txt`, { body: 'değişti' }),
      await viewer.dav('MKCOL', `${SHARED}/Tatil/Yeni`),
      await viewer.dav('DELETE', `${SHARED}/Tatil/plan.txt`),
      await viewer.dav('MOVE', `${SHARED}/Tatil/plan.txt`, { headers: { destination: `/dav/files${SHARED}/Tatil/plan2.txt` } }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect((await owner.dav('GET', '/Tatil/plan.txt')).body).toBe('Kapadokya');
    expect((await owner.dav('GET', '/Tatil/yeni.txt')).statusCode).toBe(404);
    // Copying out of the share into the viewer's own files is reading.
    expect((await viewer.dav('COPY', `${SHARED}/Tatil/plan.txt`, { headers: { destination: '/dav/files/kopya.txt' } })).statusCode).toBe(201);
    expect((await viewer.dav('GET', '/kopya.txt')).body).toBe('Kapadokya');
  });

  it('an editor writes into the owner’s folder (owner’s quota), renames in place; moving and deleting stay the owner’s', async () => {
    const [ownerBefore, editorBefore] = [await used(owner.accountId), await used(editor.accountId)];
    expect((await editor.dav('PUT', `${SHARED}/Tatil/Alt/rota.txt`, { body: 'Göreme' })).statusCode).toBe(201);
    expect((await editor.dav('MKCOL', `${SHARED}/Tatil/${encodeURIComponent('Fotoğraflar')}`)).statusCode).toBe(201);
    expect((await owner.dav('GET', '/Tatil/Alt/rota.txt')).body).toBe('Göreme');
    expect((await owner.dav('PROPFIND', `/Tatil/${encodeURIComponent('Fotoğraflar')}`, { headers: { depth: '0' } })).statusCode).toBe(207);
    expect(await used(owner.accountId)).toBe(ownerBefore + Buffer.byteLength('Göreme'));
    expect(await used(editor.accountId)).toBe(editorBefore);
    const rename = await editor.dav('MOVE', `${SHARED}/Tatil/Alt/rota.txt`, { headers: { destination: `/dav/files${SHARED}/Tatil/Alt/rota-2.txt` } });
    expect(rename.statusCode, rename.body).toBe(201);
    expect((await owner.dav('GET', '/Tatil/Alt/rota-2.txt')).body).toBe('Göreme');
    const refused = [
      await editor.dav('DELETE', `${SHARED}/Tatil/Alt/rota-2.txt`),
      await editor.dav('MOVE', `${SHARED}/Tatil/Alt/rota-2.txt`, { headers: { destination: `/dav/files${SHARED}/Tatil/rota-2.txt` } }),
      await editor.dav('MOVE', `${SHARED}/Tatil/Alt/rota-2.txt`, { headers: { destination: '/dav/files/benim.txt' } }),
      // The "Shared with me" folder is the list of shares, not a place to write or remove.
      await editor.dav('PUT', `${SHARED}/yeni.txt`, { body: 'x' }),
      await editor.dav('DELETE', SHARED),
      await editor.dav('DELETE', `${SHARED}/Tatil`),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    expect((await owner.dav('GET', '/Tatil/Alt/rota-2.txt')).statusCode).toBe(200);
  });

  it('isolation: a stranger gets 404 on every shared path; removed access answers 404 at the next request', async () => {
    for (const path of [SHARED, `${SHARED}/Tatil`, `${SHARED}/Tatil/plan.txt`]) {
      expect((await stranger.dav('PROPFIND', path, { headers: { depth: '0' } })).statusCode, path).toBe(404);
      expect((await stranger.dav('GET', path)).statusCode, path).toBe(404);
    }
    expect((await stranger.dav('PUT', `${SHARED}/Tatil/x.txt`, { body: 'x' })).statusCode).toBe(409);
    expect(hrefs(await stranger.dav('PROPFIND', '/', { headers: { depth: '1' } }))).toEqual(['/dav/files/']);

    await t.database.db.updateTable('share').set({ removed_at: Date.now() }).where('file_id', '=', folderId).where('invitee_id', '=', viewer.accountId).execute();
    expect((await viewer.dav('GET', `${SHARED}/Tatil/plan.txt`)).statusCode).toBe(404);
    expect((await viewer.dav('PROPFIND', SHARED, { headers: { depth: '0' } })).statusCode).toBe(404);
    expect(hrefs(await viewer.dav('PROPFIND', '/', { headers: { depth: '1' } }))).toEqual(['/dav/files/', '/dav/files/kopya.txt']);
    // The editor's share is untouched.
    expect((await editor.dav('GET', `${SHARED}/Tatil/plan.txt`)).body).toBe('Kapadokya');
  });
});

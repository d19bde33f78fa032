import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, expectError, startTestApp, type TestApp } from '../../test/harness.js';
import { addFile } from '../files/files.fixtures.js';
import { fileRow, officeUser, share, type OfficeUser } from './office.fixtures.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
describe.each(DIALECTS)('office documents: create and open (%s)', (dialect) => {
  let t: TestApp;
  let owner: OfficeUser;
  let editor: OfficeUser;
  let viewer: OfficeUser;
  let stranger: OfficeUser;
  let sharedFolder = '';
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [owner, editor, viewer, stranger] = [await officeUser(t), await officeUser(t), await officeUser(t), await officeUser(t)];
    sharedFolder = (await owner.files.folder('Ortak')).uuid;
    await share(t, owner, sharedFolder, editor, 'EDITOR');
    await share(t, owner, sharedFolder, viewer, 'VIEWER');
  });
  afterAll(() => t.close());

  it('the remote config has office documents on (this product ships the editors)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/remoteconfig?client=3&parameter=only_office_enabled' });
    expect(res.json()).toEqual({ parameter: 'only_office_enabled', value: 'true' });
  });

  it('creates a blank document, spreadsheet and presentation in my folder under free names, charged to my quota', async () => {
    const me = await officeUser(t);
    const folder = (await me.files.folder('Belgeler')).uuid;
    const before = await me.usage();
    const made = [];
    for (const body of [
      { documentType: 'WORD', parentFolderUuid: folder },
      { documentType: 'WORD', parentFolderUuid: folder },
      { documentType: 'CELL', parentFolderUuid: folder },
      { documentType: 'SLIDE', parentFolderUuid: folder },
      { documentType: 'WORD', parentFolderUuid: folder, name: 'Dilekçe' },
      { documentType: 'CELL', parentFolderUuid: folder, name: 'Bütçe 2026.xlsx' },
    ]) {
      const res = await me.create(body);
      expect(res.statusCode, res.body).toBe(200);
      made.push(res.json());
    }
    expect(made.map((f) => f.name)).toEqual(['Document.docx', 'Document (2).docx', 'Spreadsheet.xlsx', 'Presentation.pptx', 'Dilekçe.docx', 'Bütçe 2026.xlsx']);
    expect(made.map((f) => f.documentType)).toEqual(['WORD', 'WORD', 'CELL', 'SLIDE', 'WORD', 'CELL']);
    expect(made[0]).toMatchObject({ parentFolderUuid: folder, folder: false, contentType: DOCX, projectId: me.projectId, status: 'ACTIVE' });
    expect((await me.files.names(folder)).sort()).toEqual(made.map((f) => f.name).sort());
    // Exactly the bytes stored, and each is a real zip package (Office Open XML) with its hash recorded.
    const rows = await Promise.all(made.map((f) => fileRow(t, f.uuid)));
    expect(await me.usage()).toBe(before + rows.reduce((s, r) => s + Number(r.bytes), 0));
    for (const row of rows) {
      const { stream } = await t.app.blobs.get(row.blob_key!);
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(c as Buffer);
      const bytes = Buffer.concat(chunks);
      expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      expect(bytes.length).toBe(Number(row.bytes));
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.sha256);
    }
    // The top folder when none is named.
    const top = await me.create({ documentType: 'SLIDE' });
    expect(top.json()).toMatchObject({ name: 'Presentation.pptx', parentFolderUuid: null });
  });

  it('refuses bad input, folders it cannot see, a full quota and a read-only account, and leaves nothing behind', async () => {
    const me = await officeUser(t);
    expectError(await me.create({ documentType: 'PDF' }), 400, 'VALIDATION_ERROR');
    expectError(await me.create({ documentType: 'WORD', name: '' }), 400, 'VALIDATION_ERROR');
    expectError(await me.create({ documentType: 'WORD', parentFolderUuid: sharedFolder }), 404, 'NOT_FOUND');
    expectError(await me.create({ documentType: 'WORD', parentFolderUuid: randomUUID() }), 404, 'NOT_FOUND');
    const used = await me.usage();
    await t.database.db.updateTable('account').set({ quota_bytes: used + 100 }).where('id', '=', me.accountId).execute();
    expectError(await me.create({ documentType: 'WORD' }), 413, 'QUOTA_EXCEEDED');
    expect(await me.files.names()).toEqual([]);
    expect(await me.usage()).toBe(used);
    const blobs = await t.database.db.selectFrom('file').select('id').where('account_id', '=', me.accountId).execute();
    expect(blobs).toEqual([]);
    await t.database.db.updateTable('account').set({ quota_bytes: used + 10 ** 9, status: 'READ_ONLY' }).where('id', '=', me.accountId).execute();
    expectError(await me.create({ documentType: 'WORD' }), 403, 'ACCOUNT_READ_ONLY');
  });

  it('an editor of a shared folder creates there (the owner’s file and quota); a viewer and a stranger cannot', async () => {
    const [ownerBefore, editorBefore] = [await owner.usage(), await editor.usage()];
    const res = await editor.create({ documentType: 'CELL', parentFolderUuid: sharedFolder }, owner.projectId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Spreadsheet.xlsx', parentFolderUuid: sharedFolder, projectId: owner.projectId });
    const row = await fileRow(t, res.json().uuid);
    expect(row.account_id).toBe(owner.accountId);
    expect(await owner.usage()).toBe(ownerBefore + Number(row.bytes));
    expect(await editor.usage()).toBe(editorBefore);
    // Without the project in the path, the folder still says where it goes.
    expect((await editor.create({ documentType: 'WORD', parentFolderUuid: sharedFolder })).json().projectId).toBe(owner.projectId);
    expectError(await viewer.create({ documentType: 'WORD', parentFolderUuid: sharedFolder }, owner.projectId), 404, 'NOT_FOUND');
    expectError(await viewer.create({ documentType: 'WORD', parentFolderUuid: sharedFolder }), 404, 'NOT_FOUND');
    expectError(await stranger.create({ documentType: 'WORD', parentFolderUuid: sharedFolder }, owner.projectId), 404, 'NOT_FOUND');
    // A project that is not the folder's.
    expectError(await editor.create({ documentType: 'WORD', parentFolderUuid: sharedFolder }, editor.projectId), 404, 'NOT_FOUND');
    expect((await owner.files.names(sharedFolder)).sort()).toEqual(['Document.docx', 'Spreadsheet.xlsx']);
  });

  it('opens for edit for the owner and an editor, for view for a viewer, not at all for a stranger; tokens stored hashed', async () => {
    const doc = (await owner.create({ documentType: 'WORD', parentFolderUuid: sharedFolder, name: 'Açılış' })).json();
    const mine = await owner.open(doc.uuid);
    expect(mine.statusCode, mine.body).toBe(200);
    const config = mine.json();
    expect(config).toMatchObject({
      uuid: doc.uuid,
      projectId: owner.projectId,
      name: 'Açılış.docx',
      documentType: 'WORD',
      documentKind: 1,
      mode: 'edit',
      lockedBy: null,
      editor: { kind: 'embedded', url: null },
    });
    expect(config.wopiSrc).toMatch(new RegExp(`^https?://[^/]+/api/wopi/files/${doc.uuid}$`));
    expect(config.accessToken.length).toBeGreaterThanOrEqual(43);
    expect(config.accessTokenTtl).toBeGreaterThan(Date.now());
    expect(mine.headers['cache-control']).toBe('no-store');
    const stored = await t.database.db.selectFrom('office_token').selectAll().execute();
    expect(stored.some((r) => r.token_hash === config.accessToken)).toBe(false);
    expect(stored.find((r) => r.token_hash === createHash('sha256').update(config.accessToken).digest('hex'))).toMatchObject({ file_id: doc.uuid, account_id: owner.accountId, owner_id: owner.accountId, mode: 'edit' });

    expect((await owner.open(doc.uuid, owner.projectId)).json().mode).toBe('edit');
    expect((await editor.open(doc.uuid, owner.projectId)).json()).toMatchObject({ mode: 'edit', projectId: owner.projectId });
    expect((await editor.open(doc.uuid)).json().mode).toBe('edit');
    expect((await viewer.open(doc.uuid, owner.projectId)).json()).toMatchObject({ mode: 'view', lockedBy: null });
    expectError(await stranger.open(doc.uuid), 404, 'NOT_FOUND');
    expectError(await stranger.open(doc.uuid, owner.projectId), 404, 'NOT_FOUND');
    expectError(await owner.open(doc.uuid, editor.projectId), 404, 'NOT_FOUND');
    // Each opening is its own token.
    expect((await owner.open(doc.uuid)).json().accessToken).not.toBe(config.accessToken);
  });

  it('opens spreadsheets, presentations and PDFs with their kind; refuses what no editor opens', async () => {
    const me = await officeUser(t);
    const sheet = (await me.create({ documentType: 'CELL' })).json();
    const slides = (await me.create({ documentType: 'SLIDE' })).json();
    expect((await me.open(sheet.uuid)).json()).toMatchObject({ documentKind: 2, documentType: 'CELL', mode: 'edit' });
    expect((await me.open(slides.uuid)).json()).toMatchObject({ documentKind: 3, documentType: 'SLIDE', mode: 'edit' });
    const pdf = await addFile(t, me.accountId, 'rapor.pdf', { content: Buffer.from('%PDF-1.4\n'), contentType: 'application/pdf', documentType: 'PDF' });
    // A PDF is shown, not edited.
    expect((await me.open(pdf.id)).json()).toMatchObject({ documentKind: 0, documentType: 'PDF', mode: 'view' });
    const photo = await addFile(t, me.accountId, 'tatil.jpg', { content: Buffer.from('jpeg'), contentType: 'image/jpeg' });
    expectError(await me.open(photo.id), 400, 'UNSUPPORTED_DOCUMENT');
    const folder = (await me.files.folder('Klasör')).uuid;
    expectError(await me.open(folder), 404, 'NOT_FOUND');
    // Trashed: not found.
    await me.files.trash([sheet.uuid]);
    expectError(await me.open(sheet.uuid), 404, 'NOT_FOUND');
  });
});

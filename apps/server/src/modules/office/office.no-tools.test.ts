import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../../test/harness.js';
import { uploadApi } from '../upload/upload.fixtures.js';
import { drainJobs, fileRow, officeUser, wopiClient } from './office.fixtures.js';
import { docx } from './office.templates.js';

// A server without LibreOffice and pdftoppm on its PATH: this file runs in its own process, so hiding them is seen only here.
const realPath = process.env.PATH;
const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-no-office-'));
beforeAll(() => {
  process.env.PATH = emptyDir;
});
afterAll(() => {
  process.env.PATH = realPath;
  fs.rmSync(emptyDir, { recursive: true, force: true });
});

describe.each(DIALECTS)('office documents without LibreOffice (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('documents and PDFs keep their type icon, and creating, opening and saving still work', async () => {
    const me = await officeUser(t);
    const doc = (await me.create({ documentType: 'WORD' })).json();
    const pdf = await uploadApi(t, me.token).whole('rapor.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), { contentType: 'application/pdf' });
    expect(pdf.statusCode).toBe(201);
    const config = (await me.open(doc.uuid)).json();
    expect(config).toMatchObject({ mode: 'edit', previewUrl: null, thumbnailUrl: null });
    const wopi = wopiClient(t, doc.uuid, config.accessToken);
    expect((await wopi.lock('L')).statusCode).toBe(200);
    expect((await wopi.putFile(await docx(['araçsız']), 'L')).statusCode).toBe(200);
    await drainJobs(t);
    for (const id of [doc.uuid, pdf.json().uuid as string]) {
      expect(await fileRow(t, id)).toMatchObject({ thumb_key: null, small_thumb_key: null, preview_key: null, media_status: null });
      expect((await me.files.call('GET', `/api/filesystem/item/${id}`)).json()).toMatchObject({ thumbnailUrl: null, previewUrl: null, mediaStatus: null });
    }
    const stuck = await t.database.db.selectFrom('job').select('status').where('type', '=', 'office.preview').where('status', 'in', ['queued', 'failed']).execute();
    expect(stuck).toEqual([]);
  });
});

import path from 'node:path';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../../test/harness.js';
import { uploadApi } from '../upload/upload.fixtures.js';
import { asText, drainJobs, fileRow, officeUser, wopiClient, type OfficeUser } from './office.fixtures.js';
import { docx, xlsx } from './office.templates.js';

// These run LibreOffice and pdftoppm for real (scripts/ensure-system-deps.mjs installs them for `npm test`).

function pdf(text: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font(path.join('/usr/share/fonts/truetype/dejavu', 'DejaVuSans.ttf')).fontSize(32).text(text);
    doc.end();
  });
}

describe.each(DIALECTS)('office documents: LibreOffice round trips and previews (%s)', (dialect) => {
  let t: TestApp;
  let me: OfficeUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    me = await officeUser(t);
  });
  afterAll(() => t.close());

  async function saveThroughWopi(documentType: 'WORD' | 'CELL', content: Buffer) {
    const file = (await me.create({ documentType })).json();
    const wopi = wopiClient(t, file.uuid, (await me.open(file.uuid)).json().accessToken);
    expect((await wopi.lock('L')).statusCode).toBe(200);
    expect((await wopi.putFile(content, 'L')).statusCode).toBe(200);
    expect((await wopi.unlock('L')).statusCode).toBe(200);
    return { file, saved: (await wopi.getFile()).rawPayload };
  }

  it('the blank documents open in LibreOffice', async () => {
    const word = await saveThroughWopi('WORD', await docx());
    expect((await asText(word.saved, 'docx')).trim()).toBe('');
    const sheet = (await me.create({ documentType: 'CELL' })).json();
    const blank = (await wopiClient(t, sheet.uuid, (await me.open(sheet.uuid)).json().accessToken).getFile()).rawPayload;
    expect((await asText(blank, 'xlsx')).trim()).toBe('');
  });

  it('a document saved through WOPI, read by LibreOffice, holds the edit; a spreadsheet holds the cell values', async () => {
    const word = await saveThroughWopi('WORD', await docx(['Kapadokya gezisi planı', 'Balon turu sabah 05:00’te']));
    const text = await asText(word.saved, 'docx');
    expect(text).toContain('Kapadokya gezisi planı');
    expect(text).toContain('Balon turu sabah 05:00’te');
    const sheet = await saveThroughWopi('CELL', await xlsx([['Ürün', 'Adet'], ['Elma', 42]]));
    const csv = await asText(sheet.saved, 'xlsx');
    expect(csv.split(/\r?\n/).slice(0, 2)).toEqual(['Ürün,Adet', 'Elma,42']);
  });

  it('a job renders the first page of a document and of a PDF into thumbnails and a preview', async () => {
    const word = await saveThroughWopi('WORD', await docx(['Önizleme sayfası']));
    const upload = await uploadApi(t, me.token).whole('sunum.pdf', await pdf('Rapor 2026'), { contentType: 'application/pdf' });
    expect(upload.statusCode, upload.body).toBe(201);
    await drainJobs(t);
    for (const id of [word.file.uuid, upload.json().uuid as string]) {
      const row = await fileRow(t, id);
      expect(row.thumb_key).not.toBeNull();
      expect(row.small_thumb_key).not.toBeNull();
      expect(row.preview_key).not.toBeNull();
      const item = (await me.files.call('GET', `/api/filesystem/item/${id}`)).json();
      expect(item.thumbnailUrl).toMatch(/^\/api\/media\/thumb\//);
      expect(item.mediaStatus).toBeNull();
      const preview = await t.app.inject({ method: 'GET', url: item.previewUrl });
      expect(preview.statusCode).toBe(200);
      const meta = await sharp(preview.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      // A4 portrait.
      expect(meta.height!).toBeGreaterThan(meta.width!);
    }
    // A file the tools cannot read keeps its icon; the job does not fail. (LibreOffice reads nearly anything, as text
    // at worst; pdftoppm refuses what is not a PDF.)
    const broken = await uploadApi(t, me.token).whole('bozuk.pdf', Buffer.from('%PDF-1.4 this is not really a PDF'), { contentType: 'application/pdf' });
    expect(broken.statusCode).toBe(201);
    await drainJobs(t);
    expect((await fileRow(t, broken.json().uuid)).thumb_key).toBeNull();
    const failed = await t.database.db.selectFrom('job').select(['status', 'type']).where('type', '=', 'office.preview').where('status', 'in', ['queued', 'failed']).execute();
    expect(failed).toEqual([]);
  }, 300_000);
});

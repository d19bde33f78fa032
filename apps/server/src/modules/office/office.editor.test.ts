import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../../test/harness.js';
import { asText, officeUser, wopiClient, type OfficeUser } from './office.fixtures.js';
import { docx, pptx, xlsx } from './office.templates.js';

// The embedded editor's save path, end to end on the server side: the web editor's own reader/writer modules
// (isomorphic; here with @xmldom/xmldom for the DOM the browser has) edit a document, the bytes go through WOPI
// (Lock → PutFile → Unlock), and LibreOffice headless, reading the stored file, sees the edit (issue 33).

const web = (file: string) => new URL(`../../../../web/src/features/office/ooxml/${file}.ts`, import.meta.url).href;
const xml = { parse: (text: string) => new DOMParser().parseFromString(text, 'application/xml'), serialize: (doc: unknown) => new XMLSerializer().serializeToString(doc as never) };

// The modules live in the web app (outside this package's sources): imported by URL, typed here by what the test uses.
type Block = { kind: string; style?: string; inlines?: unknown[]; rows?: unknown[][][]; source?: number };
interface DocxModule {
  readDocx(bytes: Uint8Array, codec: typeof xml): { blocks: Block[] };
  writeDocx(doc: { blocks: Block[] }, blocks: Block[]): Uint8Array;
  plainText(blocks: Block[]): string[];
}
interface Sheet {
  name: string;
}
interface XlsxModule {
  readXlsx(bytes: Uint8Array, codec: typeof xml): { sheets: Sheet[] };
  setCell(book: unknown, sheet: Sheet, ref: string, input: string): void;
  writeXlsx(book: unknown, evaluate: (sheet: Sheet, ref: string) => unknown): Uint8Array;
  addSheet(book: unknown, name: string): Sheet;
}
interface FormulaModule {
  createEvaluator(book: unknown): { cell(sheet: Sheet, ref: string): { value: unknown } | undefined; invalidate(): void };
}
interface PptxModule {
  readPptx(bytes: Uint8Array, codec: typeof xml): { slides: Array<{ boxes: Array<{ paragraphs: string[] }> }> };
  writePptx(pres: unknown, slides: unknown): Uint8Array;
}

const text = (t: string, fmt: Record<string, boolean> = {}) => ({ kind: 'text', text: t, ...fmt });

describe.each(DIALECTS)('office documents: the embedded editor’s save, read back by LibreOffice (%s)', (dialect) => {
  let t: TestApp;
  let me: OfficeUser;
  let D: DocxModule;
  let X: XlsxModule;
  let F: FormulaModule;
  let P: PptxModule;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    me = await officeUser(t);
    [D, X, F, P] = (await Promise.all(['docx', 'xlsx', 'formula', 'pptx'].map((m) => import(web(m))))) as [DocxModule, XlsxModule, FormulaModule, PptxModule];
  });
  afterAll(() => t.close());

  /** Content made elsewhere (the server's own templates) as the starting point of an edit. */
  async function seed(uuid: string, bytes: Buffer): Promise<void> {
    const wopi = wopiClient(t, uuid, (await me.open(uuid)).json().accessToken);
    expect((await wopi.lock('seed')).statusCode).toBe(200);
    expect((await wopi.putFile(bytes, 'seed')).statusCode).toBe(200);
    expect((await wopi.unlock('seed')).statusCode).toBe(200);
  }

  /** Opens a file as the editor does (open config → CheckFileInfo/GetFile → Lock), saves `edit(bytes)`, unlocks. */
  async function editAndSave(uuid: string, edit: (bytes: Uint8Array) => Uint8Array): Promise<Buffer> {
    const config = (await me.open(uuid)).json();
    expect(config).toMatchObject({ mode: 'edit', editor: { kind: 'embedded' } });
    const wopi = wopiClient(t, uuid, config.accessToken);
    const original = (await wopi.getFile()).rawPayload;
    expect((await wopi.lock('bulut-embedded:test')).statusCode).toBe(200);
    const put = await wopi.putFile(Buffer.from(edit(new Uint8Array(original))), 'bulut-embedded:test');
    expect(put.statusCode, put.body).toBe(200);
    expect((await wopi.unlock('bulut-embedded:test')).statusCode).toBe(200);
    return (await wopi.getFile()).rawPayload;
  }

  it('a blank document: a heading, formatted text, a list and a table typed in the editor are in the saved .docx', async () => {
    const file = (await me.create({ documentType: 'WORD', name: 'Mektup' })).json();
    const saved = await editAndSave(file.uuid, (bytes) => {
      const doc = D.readDocx(bytes, xml);
      return D.writeDocx(doc, [
        { kind: 'p', style: 'h1', inlines: [text('Kapadokya gezisi')] },
        { kind: 'p', style: 'p', inlines: [text('Balon turu '), text('sabah beşte', { b: true }), text(' başlıyor.', { i: true })] },
        { kind: 'p', style: 'ul', inlines: [text('Sıcak mont')] },
        { kind: 'table', rows: [[[{ kind: 'p', style: 'p', inlines: [text('Gün')] }], [{ kind: 'p', style: 'p', inlines: [text('Yer')] }]], [[{ kind: 'p', style: 'p', inlines: [text('Cuma')] }], [{ kind: 'p', style: 'p', inlines: [text('Göreme')] }]]] },
      ]);
    });
    const read = await asText(saved, 'docx');
    expect(read).toContain('Kapadokya gezisi');
    expect(read).toContain('Balon turu sabah beşte başlıyor.');
    expect(read).toContain('Sıcak mont');
    expect(read).toContain('Göreme');
    // The editor reads back what it wrote (and the empty paragraph a document needs after a closing table).
    expect(D.plainText(D.readDocx(new Uint8Array(saved), xml).blocks)).toEqual(['Kapadokya gezisi', 'Balon turu sabah beşte başlıyor.', 'Sıcak mont', 'Gün\tYer', 'Cuma\tGöreme', '']);
  }, 120_000);

  it('an existing document: one paragraph changed, the others written back as they were', async () => {
    const file = (await me.create({ documentType: 'WORD', name: 'Notlar' })).json();
    await seed(file.uuid, await docx(['Birinci satır', 'İkinci satır', 'Üçüncü satır']));
    const saved = await editAndSave(file.uuid, (bytes) => {
      const doc = D.readDocx(bytes, xml);
      const blocks = doc.blocks.map((b, i) => (i === 1 ? { ...b, inlines: [text('İkinci satır düzenlendi')] } : b));
      return D.writeDocx(doc, blocks);
    });
    const lines = (await asText(saved, 'docx')).split(/\r?\n/).filter(Boolean);
    expect(lines).toEqual(['Birinci satır', 'İkinci satır düzenlendi', 'Üçüncü satır']);
  }, 120_000);

  it('a spreadsheet: a formula and the cell it reads, changed in the editor; LibreOffice shows the new result', async () => {
    const file = (await me.create({ documentType: 'CELL', name: 'Hesap' })).json();
    await seed(file.uuid, await xlsx([['Ürün', 'Adet', 'Fiyat', 'Tutar'], ['Elma', 4, 3]]));
    const first = await editAndSave(file.uuid, (bytes) => {
      const book = X.readXlsx(bytes, xml);
      const sheet = book.sheets[0]!;
      X.setCell(book, sheet, 'D2', '=B2*C2');
      X.setCell(book, sheet, 'A3', 'Toplam');
      X.setCell(book, sheet, 'D3', '=SUM(D2:D2)');
      const evaluator = F.createEvaluator(book);
      expect(evaluator.cell(sheet, 'D2')?.value).toBe(12);
      return X.writeXlsx(book, (s, ref) => evaluator.cell(s, ref));
    });
    expect((await asText(first, 'xlsx')).split(/\r?\n/).slice(0, 3)).toEqual(['Ürün,Adet,Fiyat,Tutar', 'Elma,4,3,12', 'Toplam,,,12']);
    // The formula's input changes: the saved result follows.
    const second = await editAndSave(file.uuid, (bytes) => {
      const book = X.readXlsx(bytes, xml);
      const sheet = book.sheets[0]!;
      X.setCell(book, sheet, 'B2', '10');
      X.addSheet(book, 'Özet');
      const evaluator = F.createEvaluator(book);
      return X.writeXlsx(book, (s, ref) => evaluator.cell(s, ref));
    });
    expect((await asText(second, 'xlsx')).split(/\r?\n/).slice(0, 3)).toEqual(['Ürün,Adet,Fiyat,Tutar', 'Elma,10,3,30', 'Toplam,,,30']);
    const reread = X.readXlsx(new Uint8Array(second), xml);
    expect(reread.sheets.map((s) => s.name)).toEqual(['Sheet1', 'Özet']);
  }, 120_000);

  it('a presentation: the text on a slide edited in place', async () => {
    const file = (await me.create({ documentType: 'SLIDE', name: 'Sunum' })).json();
    await seed(file.uuid, await pptx('Merhaba'));
    const saved = await editAndSave(file.uuid, (bytes) => {
      const pres = P.readPptx(bytes, xml);
      expect(pres.slides[0]!.boxes[0]!.paragraphs).toEqual(['Merhaba']);
      const slides = pres.slides.map((s) => ({ ...s, boxes: s.boxes.map((b) => ({ ...b, paragraphs: ['Merhaba dünya'] })) }));
      return P.writePptx(pres, slides);
    });
    expect(P.readPptx(new Uint8Array(saved), xml).slides[0]!.boxes[0]!.paragraphs).toEqual(['Merhaba dünya']);
  }, 60_000);
});

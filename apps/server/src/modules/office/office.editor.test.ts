import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../../test/harness.js';
import { asText, convertedBy, officeUser, wopiClient, type OfficeUser } from './office.fixtures.js';
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
  shiftSheet(book: unknown, sheet: Sheet, axis: 'row' | 'col', at: number, count: number): void;
}
interface FormulaModule {
  createEvaluator(book: unknown): { cell(sheet: Sheet, ref: string): { value: unknown } | undefined; invalidate(): void };
}
interface PptxModule {
  readPptx(bytes: Uint8Array, codec: typeof xml): { slides: Array<{ boxes: Array<{ paragraphs: string[] }> }> };
  writePptx(pres: unknown, slides: unknown): Uint8Array;
}
interface OdtModule {
  readOdt(bytes: Uint8Array, codec: typeof xml): { blocks: Block[] };
  writeOdt(doc: { blocks: Block[] }, blocks: Block[]): Uint8Array;
}
interface OdsModule {
  readOds(bytes: Uint8Array, codec: typeof xml): { sheets: Sheet[] };
  writeOds(book: unknown, evaluate: (sheet: Sheet, ref: string) => unknown, display: (cell: { value: unknown }) => string): Uint8Array;
  shiftOdsSheet(book: unknown, sheet: Sheet, axis: 'row' | 'col', at: number, count: number): void;
}
interface OdpModule {
  readOdp(bytes: Uint8Array, codec: typeof xml): { slides: Array<{ boxes: Array<{ paragraphs: string[] }> }> };
  writeOdp(pres: unknown, slides: unknown): Uint8Array;
}
interface PackageModule {
  OoxmlPackage: { open(bytes: Uint8Array, codec: typeof xml): { paths(): string[]; bytes(path: string): Uint8Array | undefined } };
}


const text = (t: string, fmt: Record<string, boolean> = {}) => ({ kind: 'text', text: t, ...fmt });

describe.each(DIALECTS)('office documents: the embedded editor’s save, read back by LibreOffice (%s)', (dialect) => {
  let t: TestApp;
  let me: OfficeUser;
  let D: DocxModule;
  let X: XlsxModule;
  let F: FormulaModule;
  let P: PptxModule;
  let ODT: OdtModule;
  let ODS: OdsModule;
  let ODP: OdpModule;
  let PKG: PackageModule;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    me = await officeUser(t);
    [D, X, F, P, ODT, ODS, ODP, PKG] = (await Promise.all(['docx', 'xlsx', 'formula', 'pptx', 'odt', 'ods', 'odp', 'package'].map((m) => import(web(m))))) as [
      DocxModule,
      XlsxModule,
      FormulaModule,
      PptxModule,
      OdtModule,
      OdsModule,
      OdpModule,
      PackageModule,
    ];
  });

  /** Every part of `after` but content.xml is the same bytes as in `before`, in the same order, mimetype first. */
  function expectOtherPartsKept(before: Uint8Array, after: Uint8Array) {
    const a = PKG.OoxmlPackage.open(before, xml);
    const b = PKG.OoxmlPackage.open(after, xml);
    expect(b.paths()).toEqual(a.paths());
    expect(b.paths()[0]).toBe('mimetype');
    for (const path of a.paths()) if (path !== 'content.xml') expect(Buffer.from(b.bytes(path)!).equals(Buffer.from(a.bytes(path)!)), path).toBe(true);
  }

  /** A new spreadsheet holding `rows` (written elsewhere); its id. */
  async function sheetWith(name: string, rows: Array<Array<string | number>>): Promise<string> {
    const file = (await me.create({ documentType: 'CELL', name })).json();
    await seed(file.uuid, await xlsx(rows));
    return file.uuid as string;
  }

  /** Opens the spreadsheet in the editor's model, lets `edit` change its first sheet, saves with fresh results. */
  function editSheet(uuid: string, edit: (book: { sheets: Sheet[] }, sheet: Sheet, evaluator: ReturnType<FormulaModule['createEvaluator']>) => void): Promise<Buffer> {
    return editAndSave(uuid, (bytes) => {
      const book = X.readXlsx(bytes, xml);
      const evaluator = F.createEvaluator(book);
      edit(book, book.sheets[0]!, evaluator);
      evaluator.invalidate();
      return X.writeXlsx(book, (s, ref) => evaluator.cell(s, ref));
    });
  }

  /** A file of the given kind holding `bytes`, named with `ext` (an upload of a file made elsewhere). */
  async function fileWith(documentType: 'WORD' | 'CELL' | 'SLIDE', name: string, ext: string, bytes: Buffer): Promise<string> {
    const file = (await me.create({ documentType, name })).json();
    await seed(file.uuid, bytes);
    const renamed = await me.files.rename(file.uuid, `${name}.${ext}`);
    expect(renamed.statusCode, renamed.body).toBe(200);
    return file.uuid as string;
  }
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
  });

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
  });

  it('a spreadsheet: a formula and the cell it reads, changed in the editor; LibreOffice shows the new result', async () => {
    const uuid = await sheetWith('Hesap', [['Ürün', 'Adet', 'Fiyat', 'Tutar'], ['Elma', 4, 3]]);
    const first = await editSheet(uuid, (book, sheet, evaluator) => {
      X.setCell(book, sheet, 'D2', '=B2*C2');
      X.setCell(book, sheet, 'A3', 'Toplam');
      X.setCell(book, sheet, 'D3', '=SUM(D2:D2)');
      evaluator.invalidate();
      expect(evaluator.cell(sheet, 'D2')?.value).toBe(12);
    });
    expect((await asText(first, 'xlsx')).split(/\r?\n/).slice(0, 3)).toEqual(['Ürün,Adet,Fiyat,Tutar', 'Elma,4,3,12', 'Toplam,,,12']);
    // The formula's input changes: the saved result follows.
    const second = await editSheet(uuid, (book, sheet) => {
      X.setCell(book, sheet, 'B2', '10');
      X.addSheet(book, 'Özet');
    });
    expect((await asText(second, 'xlsx')).split(/\r?\n/).slice(0, 3)).toEqual(['Ürün,Adet,Fiyat,Tutar', 'Elma,10,3,30', 'Toplam,,,30']);
    const reread = X.readXlsx(new Uint8Array(second), xml);
    expect(reread.sheets.map((s) => s.name)).toEqual(['Sheet1', 'Özet']);
  });

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
  });

  it('an .odt made by LibreOffice: a paragraph changed, a heading, a list and a table added; LibreOffice reads them, other parts are the same bytes', async () => {
    const original = await convertedBy(await docx(['Birinci satır', 'İkinci satır', 'Üçüncü satır']), 'docx', 'odt');
    const uuid = await fileWith('WORD', 'Gezi', 'odt', original);
    const saved = await editAndSave(uuid, (bytes) => {
      const doc = ODT.readOdt(bytes, xml);
      expect(D.plainText(doc.blocks)).toEqual(['Birinci satır', 'İkinci satır', 'Üçüncü satır']);
      const blocks = doc.blocks.map((b, i) => (i === 1 ? { ...b, inlines: [text('İkinci satır '), text('düzenlendi', { b: true })] } : b));
      return ODT.writeOdt(doc, [
        ...blocks,
        { kind: 'p', style: 'h2', inlines: [text('Yeni bölüm')] },
        { kind: 'p', style: 'ol', inlines: [text('Göreme')] },
        { kind: 'p', style: 'ol', inlines: [text('Avanos')] },
        { kind: 'table', rows: [[[{ kind: 'p', style: 'p', inlines: [text('Gün')] }], [{ kind: 'p', style: 'p', inlines: [text('Yer')] }]]] },
      ]);
    });
    expectOtherPartsKept(original, saved);
    const lines = (await asText(saved, 'odt')).split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
    expect(lines).toEqual(['Birinci satır', 'İkinci satır düzenlendi', 'Üçüncü satır', 'Yeni bölüm', '1. Göreme', '2. Avanos', 'Gün', 'Yer']);
  });

  it('an .ods made by LibreOffice: a formula and its input changed, a row inserted; LibreOffice shows the new results, other parts are the same bytes', async () => {
    const original = await convertedBy(await xlsx([['Ürün', 'Adet', 'Fiyat', 'Tutar'], ['Elma', 4, 3], ['Armut', 2, 5]]), 'xlsx', 'ods');
    const uuid = await fileWith('CELL', 'Hesap', 'ods', original);
    const saved = await editAndSave(uuid, (bytes) => {
      const book = ODS.readOds(bytes, xml);
      const sheet = book.sheets[0]!;
      X.setCell(book, sheet, 'D2', '=B2*C2');
      X.setCell(book, sheet, 'D3', '=B3*C3');
      X.setCell(book, sheet, 'A4', 'Toplam');
      X.setCell(book, sheet, 'D4', '=SUM(D2:D3)');
      X.setCell(book, sheet, 'B2', '10');
      // A title row inserted above: everything moves down, the formulas with it.
      ODS.shiftOdsSheet(book, sheet, 'row', 0, 1);
      X.setCell(book, sheet, 'A1', 'Meyve');
      const evaluator = F.createEvaluator(book);
      expect(evaluator.cell(sheet, 'D5')?.value).toBe(40);
      return ODS.writeOds(book, (s, ref) => evaluator.cell(s, ref), (c) => String(c.value ?? ''));
    });
    expectOtherPartsKept(original, saved);
    expect((await asText(saved, 'ods')).split(/\r?\n/).slice(0, 5)).toEqual(['Meyve,,,', 'Ürün,Adet,Fiyat,Tutar', 'Elma,10,3,30', 'Armut,2,5,10', 'Toplam,,,40']);
    // The formulas are LibreOffice's own (OpenFormula), not only cached results: the editor reads them back.
    const reread = ODS.readOds(new Uint8Array(saved), xml);
    expect(F.createEvaluator(reread).cell(reread.sheets[0]!, 'D5')?.value).toBe(40);
  });

  it('an .odp made by LibreOffice: slide text edited; LibreOffice, converting it to .pptx, carries the edit', async () => {
    const original = await convertedBy(await pptx('Merhaba'), 'pptx', 'odp');
    const uuid = await fileWith('SLIDE', 'Sunum', 'odp', original);
    const saved = await editAndSave(uuid, (bytes) => {
      const pres = ODP.readOdp(bytes, xml);
      expect(pres.slides[0]!.boxes.flatMap((b) => b.paragraphs)).toContain('Merhaba');
      const slides = pres.slides.map((s) => ({ ...s, boxes: s.boxes.map((b) => ({ ...b, paragraphs: b.paragraphs.map((p) => (p === 'Merhaba' ? 'Merhaba dünya' : p)) })) }));
      return ODP.writeOdp(pres, slides);
    });
    expectOtherPartsKept(original, saved);
    const asPptx = await convertedBy(saved, 'odp', 'pptx');
    expect(P.readPptx(new Uint8Array(asPptx), xml).slides[0]!.boxes.flatMap((b) => b.paragraphs)).toContain('Merhaba dünya');
  });

  it('a spreadsheet: a row inserted and a column deleted; formulas that refer past them follow, LibreOffice agrees', async () => {
    const uuid = await sheetWith('Satırlar', [['Ürün', 'Not', 'Adet', 'Fiyat'], ['Elma', 'x', 4, 3], ['Armut', 'y', 2, 5]]);
    const saved = await editSheet(uuid, (book, sheet, evaluator) => {
      X.setCell(book, sheet, 'E2', '=C2*D2');
      X.setCell(book, sheet, 'E3', '=C3*D3');
      X.setCell(book, sheet, 'E4', '=SUM(E2:E3)');
      // A row above the fruit, then the notes column goes.
      X.shiftSheet(book, sheet, 'row', 1, 1);
      X.shiftSheet(book, sheet, 'col', 1, -1);
      X.setCell(book, sheet, 'A2', 'Meyve');
      evaluator.invalidate();
      expect(evaluator.cell(sheet, 'D5')?.value).toBe(22);
    });
    expect((await asText(saved, 'xlsx')).split(/\r?\n/).slice(0, 5)).toEqual(['Ürün,Adet,Fiyat,', 'Meyve,,,', 'Elma,4,3,12', 'Armut,2,5,10', ',,,22']);
    const sheet = X.readXlsx(new Uint8Array(saved), xml).sheets[0]! as Sheet & { cells: Map<string, { formula?: string }> };
    expect(sheet.cells.get('D5')?.formula).toBe('SUM(D3:D4)');
  });
});

import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readBlocks, renderBlocks } from '../components/docx-html';
import { plainText, type Block, type Table } from './docx';
import { createEvaluator, formatValue } from './formula';
import { readOdp, writeOdp } from './odp';
import { addOdsSheet, fromOpenFormula, readOds, shiftOdsSheet, toOpenFormula, writeOds } from './ods';
import { readOdt, writeOdt } from './odt';
import { inputOf, setCell } from './xlsx';
import { odfPackage } from '@/test/office-packages';

const STYLES = '<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"><office:styles/></office:document-styles>';
const META = '<office:document-meta xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"/>';

const bodyXml = (bytes: Uint8Array) => /<office:body>.*<\/office:body>/s.exec(strFromU8(unzipSync(bytes)['content.xml']!))![0];

/** What ODF readers check first: the `mimetype` entry leads the zip, stored (method 0), its bytes readable in place. */
function expectOdfZip(bytes: Uint8Array, mimetype: string) {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  expect(view.getUint32(0, true)).toBe(0x04034b50);
  expect(view.getUint16(8, true)).toBe(0);
  const nameLength = view.getUint16(26, true);
  expect(strFromU8(bytes.subarray(30, 30 + nameLength))).toBe('mimetype');
  const extra = view.getUint16(28, true);
  expect(strFromU8(bytes.subarray(30 + nameLength + extra, 30 + nameLength + extra + mimetype.length))).toBe(mimetype);
}

// A text document with what the editor does not edit: declarations, a frame, a bookmark, a section.
const ODT_STYLES =
  '<style:style style:name="T1" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>' +
  '<style:style style:name="P1" style:family="paragraph" style:parent-style-name="Heading_20_1"/>' +
  '<style:style style:name="Cell1" style:family="table-cell"><style:table-cell-properties fo:background-color="#ffff00"/></style:style>' +
  '<text:list-style style:name="L1"><text:list-level-style-number text:level="1" style:num-format="1"/></text:list-style>';
const ODT_BODY =
  '<text:sequence-decls><text:sequence-decl text:display-outline-level="0" text:name="Table"/></text:sequence-decls>' +
  '<text:p text:style-name="P1">Gezi planı</text:p>' +
  '<text:p>Balon <text:span text:style-name="T1">sabah</text:span><text:s text:c="2"/>kalkar.<text:bookmark text:name="b"/></text:p>' +
  '<text:list text:style-name="L1"><text:list-item><text:p>Göreme</text:p></text:list-item><text:list-item><text:p>Uçhisar</text:p></text:list-item></text:list>' +
  '<table:table table:name="Plan"><table:table-column table:number-columns-repeated="2"/>' +
  '<table:table-row><table:table-cell table:style-name="Cell1" office:value-type="string"><text:p>Gün</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>Yer</text:p></table:table-cell></table:table-row>' +
  '<table:table-row><table:table-cell table:style-name="Cell1" office:value-type="string"><text:p>Cuma</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>Avanos</text:p></table:table-cell></table:table-row></table:table>' +
  '<text:section text:name="Ek"><text:p>Bölüm</text:p></text:section>';
const ODT = odfPackage('text', ODT_STYLES, ODT_BODY, { 'styles.xml': STYLES, 'meta.xml': META });

function roundTrip(blocks: Block[]): { root: HTMLElement; read: () => Block[] } {
  const root = document.createElement('div');
  renderBlocks(root, blocks, () => undefined, (k) => k);
  const kept = new Map<number, Block>(blocks.filter((b) => b.kind === 'keep').map((b): [number, Block] => [b.source!, b]));
  return { root, read: () => readBlocks(root, (s) => kept.get(s)) };
}

describe('OpenDocument text in the document editor', () => {
  it('reads headings (by outline level or heading style), marks, spaces, lists and tables', () => {
    const doc = readOdt(ODT);
    expect(plainText(doc.blocks)).toEqual(['Gezi planı', 'Balon sabah  kalkar.', 'Göreme', 'Uçhisar', 'Gün\tYer', 'Cuma\tAvanos']);
    expect(doc.blocks.map((b) => (b.kind === 'p' ? b.style : b.kind))).toEqual(['h1', 'p', 'ol', 'ol', 'table', 'keep']);
    expect(doc.blocks[1]).toMatchObject({ inlines: [{ text: 'Balon ' }, { text: 'sabah', b: true }, { text: '  kalkar.' }] });
  });

  it('an unchanged document is written back as it was: the same body, the same other parts, mimetype first and stored', () => {
    const doc = readOdt(ODT);
    const { read } = roundTrip(doc.blocks);
    const saved = writeOdt(doc, read());
    expectOdfZip(saved, 'application/vnd.oasis.opendocument.text');
    expect(bodyXml(saved)).toBe(bodyXml(ODT));
    const files = unzipSync(saved);
    expect(strFromU8(files['styles.xml']!)).toBe(STYLES);
    expect(strFromU8(files['meta.xml']!)).toBe(META);
  });

  it('edits: a paragraph, a new heading and list, a table row and column; the rest stays', () => {
    const doc = readOdt(ODT);
    const { root, read } = roundTrip(doc.blocks);
    const second = root.children[1] as HTMLElement;
    const u = document.createElement('u');
    u.textContent = ' erken';
    second.appendChild(u);
    // A row and a column added to the table, as the toolbar does: clones of the caret's row and cell.
    const table = root.querySelector('table')!;
    const row = table.rows[1]!.cloneNode(true) as HTMLTableRowElement;
    delete row.dataset.row;
    row.cells[0]!.textContent = 'Cumartesi';
    row.cells[1]!.textContent = 'Ürgüp';
    table.tBodies[0]!.appendChild(row);
    for (const tr of table.rows) {
      const td = document.createElement('td');
      td.textContent = tr === table.rows[0] ? 'Saat' : '09:00';
      tr.appendChild(td);
    }
    root.insertAdjacentHTML('beforeend', '<h2>Notlar</h2><ul><li>Mont</li></ul>');
    const saved = writeOdt(doc, read());
    const reread = readOdt(saved);
    expect(plainText(reread.blocks)).toEqual(['Gezi planı', 'Balon sabah  kalkar. erken', 'Göreme', 'Uçhisar', 'Gün\tYer\tSaat', 'Cuma\tAvanos\t09:00', 'Cumartesi\tÜrgüp\t09:00', 'Notlar', 'Mont']);
    const body = bodyXml(saved);
    // Untouched: the declarations, the numbered list, the section; the new row keeps its cells' style.
    expect(body).toContain('<text:sequence-decls>');
    expect(body).toContain('<text:list text:style-name="L1">');
    expect(body).toContain('<text:section text:name="Ek">');
    expect(body.match(/table:style-name="Cell1"/g)).toHaveLength(3);
    expect(body.match(/<table:table-column/g)).toHaveLength(3);
    expect(body).toContain('<text:h text:outline-level="2"');
    const edited = reread.blocks[1];
    expect(edited?.kind === 'p' && edited.inlines.find((i) => i.kind === 'text' && i.u)).toMatchObject({ text: ' erken' });
    expect(reread.blocks.at(-1)).toMatchObject({ kind: 'p', style: 'ul' });
  });

  it('a row and a column removed from a table', () => {
    const doc = readOdt(ODT);
    const { root, read } = roundTrip(doc.blocks);
    const table = root.querySelector('table')!;
    table.rows[0]!.remove();
    for (const tr of table.rows) tr.cells[0]!.remove();
    const saved = writeOdt(doc, read());
    const table2 = readOdt(saved).blocks.find((b): b is Table => b.kind === 'table')!;
    expect(plainText([table2])).toEqual(['Avanos']);
    expect(bodyXml(saved).match(/<table:table-column/g)).toHaveLength(1);
  });
});

// A sheet as LibreOffice writes one: repeated rows and cells, OpenFormula, a percentage, a second sheet.
const ODS = odfPackage(
  'spreadsheet',
  '',
  '<table:table table:name="Satış"><table:table-column table:number-columns-repeated="1024"/>' +
    '<table:table-row><table:table-cell office:value-type="string"><text:p>Elma</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="4"><text:p>4</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="3"><text:p>3</text:p></table:table-cell><table:table-cell table:formula="of:=[.B1]*[.C1]" office:value-type="float" office:value="12"><text:p>12</text:p></table:table-cell><table:table-cell table:number-columns-repeated="1020"/></table:table-row>' +
    '<table:table-row table:number-rows-repeated="3"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>' +
    '<table:table-row><table:table-cell table:formula="of:=SUM([.D1:.D4])&amp;&quot;a;b&quot;" office:value-type="string"><text:p>12a;b</text:p></table:table-cell><table:table-cell table:number-columns-repeated="1023"/></table:table-row>' +
    '<table:table-row table:number-rows-repeated="1048571"><table:table-cell table:number-columns-repeated="1024"/></table:table-row></table:table>' +
    "<table:table table:name=\"Oran Tablosu\"><table:table-row><table:table-cell table:formula=\"of:=[$'Satış'.D1]/200\" office:value-type=\"percentage\" office:value=\"0.06\"><text:p>6.00%</text:p></table:table-cell></table:table-row></table:table>",
  { 'styles.xml': STYLES },
);

describe('OpenDocument spreadsheets in the spreadsheet editor', () => {
  it('translates OpenFormula both ways: references, other sheets, separators, strings left alone', () => {
    expect(fromOpenFormula('of:=SUM([.A1:.B2];[$Sheet2.C3])')).toBe('SUM(A1:B2,Sheet2!C3)');
    expect(fromOpenFormula("of:=[$'Oran Tablosu'.$A$1]&\"x;[.A1]\"")).toBe("'Oran Tablosu'!$A$1&\"x;[.A1]\"");
    expect(toOpenFormula("SUM(A1:B2,'Oran Tablosu'!C3)+LOG10(D$4)")).toBe("of:=SUM([.A1:.B2];[$'Oran Tablosu'.C3])+LOG10([.D$4])");
    expect(toOpenFormula('IF(A1>0,"a,b",Satış!B2)')).toBe('of:=IF([.A1]>0;"a,b";[$Satış.B2])');
  });

  it('reads values and formulas through repeated rows, evaluates, and writes a changed cell and the results in place', () => {
    const book = readOds(ODS);
    const [sales, ratio] = book.sheets as [(typeof book.sheets)[0], (typeof book.sheets)[0]];
    expect(book.sheets.map((s) => s.name)).toEqual(['Satış', 'Oran Tablosu']);
    expect(inputOf(sales.cells.get('D1'))).toBe('=B1*C1');
    expect(inputOf(sales.cells.get('A5'))).toBe('=SUM(D1:D4)&"a;b"');
    const ev = createEvaluator(book);
    expect(formatValue(ev.cell(ratio, 'A1'), book.formats)).toBe('6.00%');
    setCell(book, sales, 'B1', '10');
    setCell(book, sales, 'C3', 'orta');
    setCell(book, sales, 'B2', '=B1+1');
    ev.invalidate();
    expect(ev.cell(sales, 'D1')?.value).toBe(30);
    const saved = writeOds(book, (s, r) => ev.cell(s, r)!, (c) => formatValue(c, book.formats));
    expectOdfZip(saved, 'application/vnd.oasis.opendocument.spreadsheet');
    const body = bodyXml(saved);
    expect(body).toContain('table:formula="of:=[.B1]*[.C1]" office:value-type="float" office:value="30"><text:p>30</text:p>');
    expect(body).toContain('table:formula="of:=[.B1]+1"');
    // The three repeated empty rows were split around row 3: one before, row 3 itself, one after.
    expect(body).toContain('<text:p>orta</text:p>');
    expect(body).toContain('<text:p>30a;b</text:p>');
    expect(body).toContain('office:value-type="percentage" office:value="0.15"><text:p>15.00%</text:p>');
    const reread = readOds(saved);
    expect(inputOf(reread.sheets[0]!.cells.get('C3'))).toBe('orta');
    expect(inputOf(reread.sheets[0]!.cells.get('A5'))).toBe('=SUM(D1:D4)&"a;b"');
    expect(reread.sheets[0]!.cells.get('B2')).toMatchObject({ formula: 'B1+1', value: 11 });
    expect(strFromU8(unzipSync(saved)['styles.xml']!)).toBe(STYLES);
  });

  it('a row and a column inserted: cells and formulas move, the sheet keeps its size, the other sheet’s reference follows', () => {
    const book = readOds(ODS);
    const [sales, ratio] = book.sheets as [(typeof book.sheets)[0], (typeof book.sheets)[0]];
    shiftOdsSheet(book, sales, 'row', 0, 1);
    shiftOdsSheet(book, sales, 'col', 1, 1);
    expect(inputOf(sales.cells.get('E2'))).toBe('=C2*D2');
    expect(inputOf(sales.cells.get('A6'))).toBe('=SUM(E2:E5)&"a;b"');
    expect(inputOf(ratio.cells.get('A1'))).toBe('=Satış!E2/200');
    const ev = createEvaluator(book);
    const saved = writeOds(book, (s, r) => ev.cell(s, r)!, (c) => formatValue(c, book.formats));
    const body = bodyXml(saved);
    expect(body).toContain('table:formula="of:=[.C2]*[.D2]"');
    expect(body).toContain("table:formula=\"of:=[$Satış.E2]/200\"");
    // A million rows and 1,024 columns before, the same after: the inserted ones came out of the empty filler.
    const table = new DOMParser().parseFromString(strFromU8(unzipSync(saved)['content.xml']!), 'application/xml').getElementsByTagName('table:table')[0]!;
    const count = (name: string, repeat: string, parent: Element) =>
      [...parent.children].filter((e) => e.tagName === name).reduce((n, e) => n + Number(e.getAttribute(repeat) ?? 1), 0);
    expect(count('table:table-row', 'table:number-rows-repeated', table)).toBe(1048576);
    expect(count('table:table-column', 'table:number-columns-repeated', table)).toBe(1024);
    for (const row of table.getElementsByTagName('table:table-row')) expect(count('table:table-cell', 'table:number-columns-repeated', row)).toBe(1024);
    const reread = readOds(saved);
    expect(reread.sheets[0]!.cells.get('A2')?.value).toBe('Elma');
    expect(reread.sheets[0]!.cells.get('B2')).toBeUndefined();
    expect(reread.sheets[0]!.cells.get('E2')).toMatchObject({ formula: 'C2*D2', value: 12 });
  });

  it('a row deleted: the cells below move up, a reference into it becomes #REF!', () => {
    const book = readOds(ODS);
    const sales = book.sheets[0]!;
    shiftOdsSheet(book, sales, 'row', 0, -1);
    expect(inputOf(sales.cells.get('A4'))).toBe('=SUM(D1:D3)&"a;b"');
    expect(inputOf(book.sheets[1]!.cells.get('A1'))).toBe('=#REF!/200');
    const ev = createEvaluator(book);
    const reread = readOds(writeOds(book, (s, r) => ev.cell(s, r)!, (c) => formatValue(c, book.formats)));
    expect(reread.sheets[0]!.cells.get('A1')).toBeUndefined();
    expect(inputOf(reread.sheets[0]!.cells.get('A4'))).toBe('=SUM(D1:D3)&"a;b"');
  });

  it('adds a sheet after the others', () => {
    const book = readOds(ODS);
    const sheet = addOdsSheet(book, 'Özet');
    setCell(book, sheet, 'A1', '7');
    const ev = createEvaluator(book);
    const saved = writeOds(book, (s, r) => ev.cell(s, r)!, (c) => formatValue(c, book.formats));
    const reread = readOds(saved);
    expect(reread.sheets.map((s) => s.name)).toEqual(['Satış', 'Oran Tablosu', 'Özet']);
    expect(reread.sheets[2]!.cells.get('A1')?.value).toBe(7);
  });
});

const ODP = odfPackage(
  'presentation',
  '',
  '<draw:page draw:name="1"><draw:frame svg:x="2cm" svg:y="1cm" svg:width="24cm" svg:height="3cm"><draw:text-box><text:p><text:span text:style-name="T1">Merhaba</text:span></text:p><text:p>İkinci</text:p></draw:text-box></draw:frame>' +
    '<draw:frame svg:x="2cm" svg:y="6cm" svg:width="10cm" svg:height="6cm"><draw:image xlink:href="Pictures/a.png"/></draw:frame>' +
    '<presentation:notes><draw:frame><draw:text-box><text:p>Not</text:p></draw:text-box></draw:frame></presentation:notes></draw:page>',
  { 'styles.xml': '<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"><office:automatic-styles><style:page-layout style:name="PM1"><style:page-layout-properties fo:page-width="28cm" fo:page-height="15.75cm"/></style:page-layout></office:automatic-styles></office:document-styles>' },
);

describe('OpenDocument presentations in the slides editor', () => {
  it('reads the slide’s text boxes where they sit (not the notes) and writes an edited paragraph into its span', () => {
    const pres = readOdp(ODP);
    expect(pres.ratio).toBeCloseTo(28 / 15.75);
    expect(pres.slides[0]!.boxes).toHaveLength(1);
    expect(pres.slides[0]!.boxes[0]).toMatchObject({ paragraphs: ['Merhaba', 'İkinci'] });
    expect(pres.slides[0]!.boxes[0]!.x).toBeCloseTo(2 / 28);
    const slides = pres.slides.map((s) => ({ ...s, boxes: s.boxes.map((b) => ({ ...b, paragraphs: ['Merhaba  dünya', 'İkinci'] })) }));
    const saved = writeOdp(pres, slides);
    expectOdfZip(saved, 'application/vnd.oasis.opendocument.presentation');
    expect(bodyXml(saved)).toContain('<text:p><text:span text:style-name="T1">Merhaba <text:s/>dünya</text:span></text:p><text:p>İkinci</text:p>');
    expect(readOdp(saved).slides[0]!.boxes[0]!.paragraphs).toEqual(['Merhaba  dünya', 'İkinci']);
  });
});

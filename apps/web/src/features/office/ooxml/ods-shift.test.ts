import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createEvaluator } from './formula';
import { formatValue } from './number-format';
import { readOds, shiftOdsSheet, writeOds } from './ods';
import { shiftAddressList, shiftBracketed } from './ods-shift';
import { odfPackage } from '@/test/office-packages';

// An .ods keeps the same kinds of references outside its cells as an .xlsx (xlsx-shift.test.ts): they follow inserted
// and deleted rows and columns too.

const CALCEXT = 'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"';
const rows = Array.from({ length: 10 }, (_, i) => `<table:table-row><table:table-cell office:value-type="float" office:value="${i + 1}"><text:p>${i + 1}</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="${(i + 1) * 10}"><text:p>${(i + 1) * 10}</text:p></table:table-cell></table:table-row>`).join('');
const ODS = odfPackage(
  'spreadsheet',
  '',
  `<table:content-validations><table:content-validation table:name="val1" table:condition="of:cell-content-is-in-list([.$B$8:.$B$10])" table:base-cell-address="Veri.A4"/></table:content-validations>` +
    `<table:table table:name="Veri"><table:shapes><draw:frame><draw:object draw:notify-on-update-of-ranges="Veri.B2:Veri.B10" xlink:href="./Object 1"/></draw:frame></table:shapes><table:table-column table:number-columns-repeated="2"/>${rows}` +
    `<calcext:conditional-formats ${CALCEXT}><calcext:conditional-format calcext:target-range-address="Veri.B5:Veri.B10"><calcext:condition calcext:apply-style-name="Good" calcext:value="formula-is([.B5]&gt;[.$A$1])" calcext:base-cell-address="Veri.B5"/></calcext:conditional-format>` +
    `<calcext:conditional-format calcext:target-range-address="Veri.A3:Veri.A3"><calcext:condition calcext:apply-style-name="Bad" calcext:value="=1" calcext:base-cell-address="Veri.A3"/></calcext:conditional-format></calcext:conditional-formats></table:table>` +
    `<table:table table:name="Özet"><table:table-row><table:table-cell table:formula="of:=SUM([$Veri.B2:.B10])" office:value-type="float" office:value="540"><text:p>540</text:p></table:table-cell></table:table-row></table:table>` +
    `<table:named-expressions><table:named-range table:name="Fiyatlar" table:base-cell-address="$Veri.$A$1" table:cell-range-address="$Veri.$B$2:.$B$10"/>` +
    `<table:named-range table:name="Tek" table:base-cell-address="$Veri.$A$1" table:cell-range-address="$Veri.$A$3"/>` +
    `<table:named-expression table:name="Toplam" table:base-cell-address="$Veri.$A$1" table:expression="of:=SUM([$Veri.$B$2:.$B$10])"/></table:named-expressions>`,
  {
    'Object 1/content.xml':
      '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:chart="urn:oasis:names:tc:opendocument:xmlns:chart:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0">' +
      '<office:body><office:chart><chart:chart><chart:plot-area table:cell-range-address="Veri.$A$2:.$B$10"><chart:series chart:values-cell-range-address="Veri.$B$2:.$B$10" chart:label-cell-address="Veri.$B$1"/></chart:plot-area></chart:chart></office:chart></office:body></office:document-content>',
  },
);

const parse = (text: string) => new DOMParser().parseFromString(text, 'application/xml');
/** Every attribute with this local name in the document, in order. */
const values = (doc: Document, local: string) => [...doc.getElementsByTagName('*')].flatMap((e) => [...e.attributes].filter((a) => a.localName === local).map((a) => a.value));

function saved(book: ReturnType<typeof readOds>) {
  const ev = createEvaluator(book);
  const bytes = writeOds(book, (s, r) => ev.cell(s, r)!, (c) => formatValue(c, book.formats));
  const files = unzipSync(bytes);
  return { bytes, content: parse(strFromU8(files['content.xml']!)), chart: parse(strFromU8(files['Object 1/content.xml']!)) };
}

describe('ODF addresses after rows or columns change', () => {
  it('move, grow, shrink and vanish; bracketed references in conditions too', () => {
    expect(shiftAddressList('$Veri.$B$2:.$B$10 Veri.C4', '', 'Veri', 'row', 3, 2)).toBe('$Veri.$B$2:.$B$12 Veri.C6');
    expect(shiftAddressList("'Veri 2'.A1:'Veri 2'.A3", '', 'Veri 2', 'row', 0, -2)).toBe("'Veri 2'.A1:'Veri 2'.A1");
    expect(shiftAddressList('Veri.A2', '', 'Veri', 'row', 1, -1)).toBeNull();
    expect(shiftAddressList('Başka.A2', '', 'Veri', 'row', 0, 5)).toBe('Başka.A2');
    expect(shiftBracketed('of:cell-content-is-in-list([.$B$8:.$B$10];"[.B1]")', 'Veri', 'Veri', 'col', 0, 1)).toBe('of:cell-content-is-in-list([.$C$8:.$C$10];"[.B1]")');
    expect(shiftBracketed('of:=[.B1]+[$Veri.A1]', 'Veri', 'Veri', 'row', 0, -1)).toBe('of:=#REF!+#REF!');
  });
});

describe('the spreadsheet editor on an .ods: what follows inserted and deleted rows', () => {
  it('inserted rows move named ranges, validations, conditional formats and the chart, and read back after a save', () => {
    const book = readOds(ODS);
    shiftOdsSheet(book, book.sheets[0]!, 'row', 4, 2);
    const { bytes, content, chart } = saved(book);
    expect(values(content, 'cell-range-address')).toEqual(['$Veri.$B$2:.$B$12', '$Veri.$A$3']);
    expect(values(content, 'expression')).toEqual(['of:=SUM([$Veri.$B$2:.$B$12])']);
    expect(values(content, 'condition')).toEqual(['of:cell-content-is-in-list([.$B$10:.$B$12])']);
    expect(values(content, 'target-range-address')).toEqual(['Veri.B7:Veri.B12', 'Veri.A3:Veri.A3']);
    expect(values(content, 'value').filter((v) => v.startsWith('formula-is'))).toEqual(['formula-is([.B7]>[.$A$1])']);
    expect(values(content, 'notify-on-update-of-ranges')).toEqual(['Veri.B2:Veri.B12']);
    expect(values(chart, 'cell-range-address')).toEqual(['Veri.$A$2:.$B$12']);
    expect(values(chart, 'values-cell-range-address')).toEqual(['Veri.$B$2:.$B$12']);
    expect(values(chart, 'label-cell-address')).toEqual(['Veri.$B$1']);
    const again = readOds(bytes);
    expect(again.sheets[1]!.cells.get('A1')?.formula).toBe('SUM(Veri!B2:B12)');
    expect(again.sheets[0]!.cells.get('B9')?.value).toBe(70);
  });

  it('deleted rows shrink them; a named range or a conditional format left without cells goes', () => {
    const book = readOds(ODS);
    shiftOdsSheet(book, book.sheets[0]!, 'row', 1, -2);
    const { content, chart } = saved(book);
    expect(values(content, 'cell-range-address')).toEqual(['$Veri.$B$2:.$B$8']);
    expect([...content.getElementsByTagName('table:named-range')].map((e) => e.getAttribute('table:name'))).toEqual(['Fiyatlar']);
    expect(values(content, 'condition')).toEqual(['of:cell-content-is-in-list([.$B$6:.$B$8])']);
    expect(values(content, 'base-cell-address')).toContain('Veri.A2');
    expect(values(content, 'target-range-address')).toEqual(['Veri.B3:Veri.B8']);
    expect(values(content, 'value').filter((v) => v.startsWith('formula-is'))).toEqual(['formula-is([.B3]>[.$A$1])']);
    expect(values(chart, 'values-cell-range-address')).toEqual(['Veri.$B$2:.$B$8']);
  });
});

// A conditional format read from A3 over A3:B6 and A9, and a validation read from A3 (its cells name it).
const REBASE = odfPackage(
  'spreadsheet',
  '',
  `<table:content-validations><table:content-validation table:name="val1" table:condition="of:cell-content()&lt;[.B3]" table:base-cell-address="Veri.A3"/></table:content-validations>` +
    `<table:table table:name="Veri"><table:table-column table:number-columns-repeated="2"/>${rows}` +
    `<calcext:conditional-formats ${CALCEXT}><calcext:conditional-format calcext:target-range-address="Veri.A3:Veri.B6 Veri.A9">` +
    `<calcext:condition calcext:apply-style-name="Good" calcext:value="formula-is([.A3]&gt;[.B3]+[.$B$1])" calcext:base-cell-address="Veri.A3"/></calcext:conditional-format></calcext:conditional-formats></table:table>`,
);

describe('the spreadsheet editor on an .ods: a rule whose base cell is deleted', () => {
  it('is read from the new top-left cell of its range, so every cell left keeps its rule', () => {
    const book = readOds(REBASE);
    shiftOdsSheet(book, book.sheets[0]!, 'row', 2, -2); // rows 3 and 4
    const { content } = saved(book);
    expect(values(content, 'target-range-address')).toEqual(['Veri.A3:Veri.B4 Veri.A7']);
    // Was read from A3 (deleted); now from A3, which was A5: A5 compared itself with B5, and still does.
    expect(values(content, 'value').filter((v) => v.startsWith('formula-is'))).toEqual(['formula-is([.A3]>[.B3]+[.$B$1])']);
    // The validation is read from the cell that took A3's place (was A5).
    expect(values(content, 'condition')).toEqual(['of:cell-content()<[.B3]']);
    expect(values(content, 'base-cell-address')).toEqual(['Veri.A3', 'Veri.A3']);
  });

  it('a deleted column: the rule is read from the column that moved into its place', () => {
    const book = readOds(REBASE);
    shiftOdsSheet(book, book.sheets[0]!, 'col', 0, -1); // column A
    const { content } = saved(book);
    expect(values(content, 'target-range-address')).toEqual(['Veri.A3:Veri.A6']);
    // Read from A3 now (was B3): each cell still against the one right of it (was C3, now B3).
    expect(values(content, 'value').filter((v) => v.startsWith('formula-is'))).toEqual(['formula-is([.A3]>[.B3]+[.$A$1])']);
    expect(values(content, 'condition')).toEqual(['of:cell-content()<[.B3]']);
    expect(values(content, 'base-cell-address')).toEqual(['Veri.A3', 'Veri.A3']);
  });
});

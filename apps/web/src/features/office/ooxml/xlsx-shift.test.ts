import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createEvaluator } from './formula';
import { readXlsx, shiftSheet, writeXlsx, type Workbook } from './xlsx';
import { shiftSqref } from './xlsx-shift';
import { pack, PKG, REL, xlsxPackage } from '@/test/office-packages';

// Inserting and deleting rows and columns moves what refers to cells besides formulas, as Excel does: conditional
// formats, data validations, defined names and chart ranges.

const S = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const C = 'http://schemas.openxmlformats.org/drawingml/2006/chart';
const X14 = 'http://schemas.microsoft.com/office/spreadsheetml/2009/9/main';
const XM = 'http://schemas.microsoft.com/office/excel/2006/main';

const rows = Array.from({ length: 10 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i + 1}</v></c><c r="B${i + 1}"><v>${(i + 1) * 10}</v></c></row>`).join('');

const BOOK = xlsxPackage({
  'workbook.xml':
    `<workbook xmlns="${S}" xmlns:r="${REL}"><sheets><sheet name="Veri" sheetId="1" r:id="rId1"/><sheet name="Özet" sheetId="2" r:id="rId2"/></sheets>` +
    `<definedNames><definedName name="Fiyatlar">Veri!$B$2:$B$10</definedName><definedName name="Tek">Veri!$A$3</definedName>` +
    `<definedName name="_xlnm.Print_Area" localSheetId="0">Veri!$A$1:$B$10</definedName><definedName name="Yerel" localSheetId="0">$A$5</definedName>` +
    `<definedName name="Baska">'Özet'!$A$1</definedName></definedNames></workbook>`,
  '_rels/workbook.xml.rels': `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/worksheet" Target="worksheets/sheet2.xml"/></Relationships>`,
  'worksheets/sheet1.xml':
    `<worksheet xmlns="${S}" xmlns:r="${REL}"><sheetData>${rows}</sheetData>` +
    `<conditionalFormatting sqref="B2:B10"><cfRule type="expression" dxfId="0" priority="1"><formula>B2&gt;$A$1*50</formula></cfRule></conditionalFormatting>` +
    `<conditionalFormatting sqref="A3 A8:B9"><cfRule type="cellIs" dxfId="1" priority="2" operator="greaterThan"><formula>A3</formula></cfRule></conditionalFormatting>` +
    `<dataValidations count="2"><dataValidation type="list" sqref="A4:A10"><formula1>$B$8:$B$10</formula1></dataValidation>` +
    `<dataValidation type="whole" operator="lessThan" sqref="B3"><formula1>A3</formula1></dataValidation></dataValidations>` +
    `<hyperlinks><hyperlink ref="A6" r:id="rId9"/></hyperlinks>` +
    `<extLst><ext uri="{78C0D931-6437-407d-A8EE-F0AAD7539E65}" xmlns:x14="${X14}"><x14:conditionalFormattings><x14:conditionalFormatting xmlns:xm="${XM}">` +
    `<x14:cfRule type="expression" priority="3" id="{1}"><xm:f>A5&gt;Özet!$A$1</xm:f></x14:cfRule><xm:sqref>A5:A7</xm:sqref></x14:conditionalFormatting></x14:conditionalFormattings></ext></extLst>` +
    `</worksheet>`,
  'worksheets/sheet2.xml':
    `<worksheet xmlns="${S}"><sheetData><row r="1"><c r="A1"><f>SUM(Veri!B2:B10)</f><v>540</v></c></row></sheetData>` +
    `<conditionalFormatting sqref="A1"><cfRule type="expression" dxfId="0" priority="1"><formula>A1&gt;Veri!$B$10</formula></cfRule></conditionalFormatting>` +
    `<dataValidations count="1"><dataValidation type="list" sqref="B1"><formula1>Veri!$A$2:$A$4</formula1></dataValidation></dataValidations></worksheet>`,
  'drawings/drawing1.xml': `<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"/>`,
  'charts/chart1.xml':
    `<c:chartSpace xmlns:c="${C}"><c:chart><c:plotArea><c:barChart><c:ser><c:idx val="0"/><c:tx><c:strRef><c:f>Veri!$B$1</c:f></c:strRef></c:tx>` +
    `<c:cat><c:numRef><c:f>Veri!$A$2:$A$10</c:f></c:numRef></c:cat><c:val><c:numRef><c:f>Veri!$B$2:$B$10</c:f><c:numCache><c:ptCount val="9"/></c:numCache></c:numRef></c:val></c:ser>` +
    `<c:ser><c:idx val="1"/><c:val><c:numRef><c:f>'Özet'!$A$1</c:f></c:numRef></c:val></c:ser></c:barChart></c:plotArea></c:chart></c:chartSpace>`,
});

const parse = (text: string) => new DOMParser().parseFromString(text, 'application/xml');
const all = (doc: Document, ns: string, name: string) => [...doc.getElementsByTagNameNS(ns, name)];
const partsOf = (book: Workbook) => {
  const ev = createEvaluator(book);
  const bytes = writeXlsx(book, (s, r) => ev.cell(s, r)!);
  const files = unzipSync(bytes);
  return { bytes, files, xml: (path: string) => parse(strFromU8(files[path]!)) };
};
const names = (doc: Document) => Object.fromEntries(all(doc, S, 'definedName').map((n) => [`${n.getAttribute('name')}${n.getAttribute('localSheetId') ?? ''}`, n.textContent]));
const sqrefs = (doc: Document) => all(doc, S, 'conditionalFormatting').map((cf) => [cf.getAttribute('sqref'), [...cf.getElementsByTagNameNS(S, 'formula')].map((f) => f.textContent)]);
const validations = (doc: Document) => all(doc, S, 'dataValidation').map((dv) => [dv.getAttribute('sqref'), dv.getElementsByTagNameNS(S, 'formula1')[0]?.textContent]);
const chartRefs = (doc: Document) => all(doc, C, 'f').map((f) => f.textContent);

describe('ranges (sqref) after rows or columns change', () => {
  it('move, grow, shrink, and vanish when wholly deleted', () => {
    expect(shiftSqref('B2:B10 D4', 'row', 3, 2)).toBe('B2:B12 D6');
    expect(shiftSqref('B2:B10 D4', 'row', 1, -2)).toBe('B2:B8 D2');
    expect(shiftSqref('B2:B3 D4', 'row', 1, -2)).toBe('D2');
    expect(shiftSqref('B2:B3', 'row', 0, -5)).toBeNull();
    expect(shiftSqref('B2:D2', 'col', 1, -1)).toBe('B2:C2');
    expect(shiftSqref('A:A', 'row', 0, 3)).toBe('A:A');
  });
});

describe('the spreadsheet editor: what follows inserted and deleted rows and columns', () => {
  it('inserting rows moves conditional formats, validations, names, chart ranges and hyperlinks', () => {
    const book = readXlsx(BOOK);
    shiftSheet(book, book.sheets[0]!, 'row', 4, 2); // two rows before row 5
    const { xml } = partsOf(book);
    const sheet1 = xml('xl/worksheets/sheet1.xml');
    expect(sqrefs(sheet1)).toEqual([
      ['B2:B12', ['B2>$A$1*50']],
      ['A3 A10:B11', ['A3']],
    ]);
    expect(validations(sheet1)).toEqual([
      ['A4:A12', '$B$10:$B$12'],
      ['B3', 'A3'],
    ]);
    expect(sheet1.getElementsByTagNameNS(XM, 'sqref')[0]?.textContent).toBe('A7:A9');
    expect(sheet1.getElementsByTagNameNS(XM, 'f')[0]?.textContent).toBe('A7>Özet!$A$1');
    expect(all(sheet1, S, 'hyperlink')[0]?.getAttribute('ref')).toBe('A8');
    // Another sheet's rules and validations that point into the changed sheet follow too.
    const sheet2 = xml('xl/worksheets/sheet2.xml');
    expect(sqrefs(sheet2)).toEqual([['A1', ['A1>Veri!$B$12']]]);
    expect(validations(sheet2)).toEqual([['B1', 'Veri!$A$2:$A$4']]);
    expect(names(xml('xl/workbook.xml'))).toEqual({ Fiyatlar: 'Veri!$B$2:$B$12', Tek: 'Veri!$A$3', '_xlnm.Print_Area0': 'Veri!$A$1:$B$12', Yerel0: '$A$7', Baska: "'Özet'!$A$1" });
    expect(chartRefs(xml('xl/charts/chart1.xml'))).toEqual(['Veri!$B$1', 'Veri!$A$2:$A$12', 'Veri!$B$2:$B$12', "'Özet'!$A$1"]);
  });

  it('deleting rows shrinks ranges, drops rules wholly deleted, and turns names and series into #REF! as Excel does', () => {
    const book = readXlsx(BOOK);
    shiftSheet(book, book.sheets[0]!, 'row', 1, -2); // rows 2 and 3
    const { xml } = partsOf(book);
    const sheet1 = xml('xl/worksheets/sheet1.xml');
    // B2:B10 lost its first two rows: its rule is now read from the cell that moved up into B2 (was B4), so every
    // cell keeps comparing itself; the second format lost A3, keeps A8:B9 moved up, read from there.
    expect(sqrefs(sheet1)).toEqual([
      ['B2:B8', ['B2>$A$1*50']],
      ['A6:B7', ['A6']],
    ]);
    // The validation of B3 was deleted with its row; the count follows.
    expect(validations(sheet1)).toEqual([['A2:A8', '$B$6:$B$8']]);
    expect(all(sheet1, S, 'dataValidations')[0]?.getAttribute('count')).toBe('1');
    expect(names(xml('xl/workbook.xml'))).toEqual({ Fiyatlar: 'Veri!$B$2:$B$8', Tek: 'Veri!#REF!', '_xlnm.Print_Area0': 'Veri!$A$1:$B$8', Yerel0: '$A$3', Baska: "'Özet'!$A$1" });
    expect(chartRefs(xml('xl/charts/chart1.xml'))).toEqual(['Veri!$B$1', 'Veri!$A$2:$A$8', 'Veri!$B$2:$B$8', "'Özet'!$A$1"]);
    expect(validations(xml('xl/worksheets/sheet2.xml'))).toEqual([['B1', 'Veri!$A$2:$A$2']]);
  });

  it('deleting a column drops what lived only in it; inserting one moves what is right of it', () => {
    const book = readXlsx(BOOK);
    shiftSheet(book, book.sheets[0]!, 'col', 1, -1); // column B
    let { xml } = partsOf(book);
    let sheet1 = xml('xl/worksheets/sheet1.xml');
    expect(sqrefs(sheet1)).toEqual([['A3 A8:A9', ['A3']]]);
    expect(validations(sheet1)).toEqual([['A4:A10', '#REF!']]);
    expect(names(xml('xl/workbook.xml'))).toMatchObject({ Fiyatlar: 'Veri!#REF!', '_xlnm.Print_Area0': 'Veri!$A$1:$A$10' });
    expect(chartRefs(xml('xl/charts/chart1.xml'))).toEqual(['Veri!#REF!', 'Veri!$A$2:$A$10', 'Veri!#REF!', "'Özet'!$A$1"]);
    expect(sqrefs(xml('xl/worksheets/sheet2.xml'))).toEqual([['A1', ['A1>#REF!']]]);

    shiftSheet(book, book.sheets[0]!, 'col', 0, 1); // a column before A
    ({ xml } = partsOf(book));
    sheet1 = xml('xl/worksheets/sheet1.xml');
    expect(sqrefs(sheet1)).toEqual([['B3 B8:B9', ['B3']]]);
    expect(names(xml('xl/workbook.xml'))).toMatchObject({ Tek: 'Veri!$B$3', '_xlnm.Print_Area0': 'Veri!$B$1:$B$10', Yerel0: '$B$5' });
    expect(chartRefs(xml('xl/charts/chart1.xml'))).toEqual(['Veri!#REF!', 'Veri!$B$2:$B$10', 'Veri!#REF!', "'Özet'!$A$1"]);
  });

  it('a saved workbook reads back with its cells, formats, validations, names and chart moved', () => {
    const book = readXlsx(BOOK);
    shiftSheet(book, book.sheets[0]!, 'row', 0, 1);
    const { bytes, files } = partsOf(book);
    const again = readXlsx(bytes);
    expect(again.sheets[0]!.cells.get('A2')?.value).toBe(1);
    expect(again.sheets[1]!.cells.get('A1')?.formula).toBe('SUM(Veri!B3:B11)');
    expect(createEvaluator(again).cell(again.sheets[1]!, 'A1')?.value).toBe(540);
    const sheet1 = again.pkg.doc('xl/worksheets/sheet1.xml');
    expect(sqrefs(sheet1)).toEqual([
      ['B3:B11', ['B3>$A$2*50']],
      ['A4 A9:B10', ['A4']],
    ]);
    expect(validations(sheet1)).toEqual([
      ['A5:A11', '$B$9:$B$11'],
      ['B4', 'A4'],
    ]);
    expect(names(again.pkg.doc('xl/workbook.xml'))).toEqual({ Fiyatlar: 'Veri!$B$3:$B$11', Tek: 'Veri!$A$4', '_xlnm.Print_Area0': 'Veri!$A$2:$B$11', Yerel0: '$A$6', Baska: "'Özet'!$A$1" });
    expect(chartRefs(again.pkg.doc('xl/charts/chart1.xml'))).toEqual(['Veri!$B$2', 'Veri!$A$3:$A$11', 'Veri!$B$3:$B$11', "'Özet'!$A$1"]);
    // Parts that did not change are written back byte for byte.
    expect(strFromU8(files['xl/drawings/drawing1.xml']!)).toContain('wsDr');
  });
});

// A sheet with a table (A1:C6: a header and five rows, a filter on its third column) and a pivot cache reading it.
const TABLE_ROWS = Array.from({ length: 6 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c><c r="B${i + 1}"><v>${i * 2}</v></c><c r="C${i + 1}"><v>${i * 3}</v></c></row>`).join('');
const TABLE_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.table+xml';
const PIVOT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.pivotTable+xml';
const TABLE_BOOK = pack({
  '[Content_Types].xml': `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/tables/table1.xml" ContentType="${TABLE_TYPE}"/><Override PartName="/xl/pivotTables/pivotTable1.xml" ContentType="${PIVOT_TYPE}"/></Types>`,
  '_rels/.rels': `<?xml version="1.0"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `<workbook xmlns="${S}" xmlns:r="${REL}"><sheets><sheet name="Veri" sheetId="1" r:id="rId1"/></sheets><pivotCaches><pivotCache cacheId="1" r:id="rId2"/></pivotCaches></workbook>`,
  'xl/_rels/workbook.xml.rels': `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/pivotCacheDefinition" Target="pivotCache/pivotCacheDefinition1.xml"/></Relationships>`,
  'xl/worksheets/sheet1.xml': `<worksheet xmlns="${S}" xmlns:r="${REL}"><sheetData>${TABLE_ROWS}</sheetData><tableParts count="1"><tablePart r:id="rId1"/></tableParts></worksheet>`,
  'xl/worksheets/_rels/sheet1.xml.rels': `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/table" Target="../tables/table1.xml"/><Relationship Id="rId2" Type="${REL}/pivotTable" Target="../pivotTables/pivotTable1.xml"/></Relationships>`,
  'xl/tables/table1.xml':
    `<table xmlns="${S}" id="1" name="Tablo1" displayName="Tablo1" ref="A1:C6"><autoFilter ref="A1:C6"><filterColumn colId="2"><filters><filter val="3"/></filters></filterColumn></autoFilter>` +
    `<tableColumns count="3"><tableColumn id="1" name="Ad"/><tableColumn id="2" name="Adet"/><tableColumn id="3" name="Fiyat"/></tableColumns><tableStyleInfo name="TableStyleMedium2" showRowStripes="1"/></table>`,
  'xl/pivotTables/pivotTable1.xml': `<pivotTableDefinition xmlns="${S}" name="Pivot1" cacheId="1" dataCaption="Values"><location ref="E2:F5" firstHeaderRow="1" firstDataRow="1" firstDataCol="1"/></pivotTableDefinition>`,
  'xl/pivotTables/_rels/pivotTable1.xml.rels': `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/pivotCacheDefinition" Target="../pivotCache/pivotCacheDefinition1.xml"/></Relationships>`,
  'xl/pivotCache/pivotCacheDefinition1.xml': `<pivotCacheDefinition xmlns="${S}" xmlns:r="${REL}" recordCount="5"><cacheSource type="worksheet"><worksheetSource ref="A1:C6" sheet="Veri"/></cacheSource><cacheFields count="0"/></pivotCacheDefinition>`,
});

const shifted = (axis: 'row' | 'col', at: number, count: number) => {
  const book = readXlsx(TABLE_BOOK);
  shiftSheet(book, book.sheets[0]!, axis, at, count);
  const { bytes, files, xml } = partsOf(book);
  const table = files['xl/tables/table1.xml'] && xml('xl/tables/table1.xml');
  return {
    files,
    again: readXlsx(bytes).sheets[0]!,
    xml,
    ref: table ? table.documentElement.getAttribute('ref') : null,
    filter: table ? all(table, S, 'autoFilter')[0]?.getAttribute('ref') : null,
    filterColumns: table ? all(table, S, 'filterColumn').map((f) => f.getAttribute('colId')) : [],
    columns: table ? all(table, S, 'tableColumn').map((c) => `${c.getAttribute('id')}:${c.getAttribute('name')}`) : [],
    count: table ? all(table, S, 'tableColumns')[0]?.getAttribute('count') : null,
    source: all(xml('xl/pivotCache/pivotCacheDefinition1.xml'), S, 'worksheetSource')[0]?.getAttribute('ref'),
    pivot: files['xl/pivotTables/pivotTable1.xml'] ? all(xml('xl/pivotTables/pivotTable1.xml'), S, 'location')[0]?.getAttribute('ref') : null,
  };
};

describe('tables and pivot cache sources follow inserted and deleted rows and columns', () => {
  it('rows inserted inside a table grow it, deleted ones shrink it, inserted above move it; the pivot source follows', () => {
    expect(shifted('row', 3, 2)).toMatchObject({ ref: 'A1:C8', filter: 'A1:C8', source: 'A1:C8', count: '3' });
    expect(shifted('row', 1, -2)).toMatchObject({ ref: 'A1:C4', filter: 'A1:C4', source: 'A1:C4' });
    expect(shifted('row', 0, 1)).toMatchObject({ ref: 'A2:C7', filter: 'A2:C7', source: 'A2:C7' });
    // Below the table: nothing moves.
    expect(shifted('row', 6, 3)).toMatchObject({ ref: 'A1:C6', source: 'A1:C6' });
  });

  it('a table whose data rows are all deleted keeps one (empty) data row', () => {
    expect(shifted('row', 1, -5)).toMatchObject({ ref: 'A1:C2', filter: 'A1:C2', source: 'A1:C1' });
  });

  it('a column inserted inside a table adds a tableColumn, a deleted one removes its own; filters keep their column', () => {
    expect(shifted('col', 1, 1)).toMatchObject({ ref: 'A1:D6', filter: 'A1:D6', source: 'A1:D6', count: '4', columns: ['1:Ad', '4:Column1', '2:Adet', '3:Fiyat'], filterColumns: ['3'] });
    // The new column's header cell carries its name, as Excel expects.
    expect(shifted('col', 1, 1).again.cells.get('B1')?.value).toBe('Column1');
    expect(shifted('col', 2, 2)).toMatchObject({ ref: 'A1:E6', count: '5', columns: ['1:Ad', '2:Adet', '4:Column1', '5:Column2', '3:Fiyat'] });
    expect(shifted('col', 1, -1)).toMatchObject({ ref: 'A1:B6', filter: 'A1:B6', source: 'A1:B6', count: '2', columns: ['1:Ad', '3:Fiyat'], filterColumns: ['1'] });
    expect(shifted('col', 2, -1)).toMatchObject({ ref: 'A1:B6', count: '2', columns: ['1:Ad', '2:Adet'], filterColumns: [] });
    // A column inserted before the table moves it whole.
    expect(shifted('col', 0, 1)).toMatchObject({ ref: 'B1:D6', source: 'B1:D6', count: '3', filterColumns: ['2'] });
  });

  it('a table whose every column is deleted goes with its relationship, tablePart and content type', () => {
    const { files, xml, ref, source } = shifted('col', 0, -3);
    expect(ref).toBeNull();
    expect(files['xl/tables/table1.xml']).toBeUndefined();
    expect(strFromU8(files['[Content_Types].xml']!)).not.toContain('table1.xml');
    expect(all(xml('xl/worksheets/_rels/sheet1.xml.rels'), PKG, 'Relationship').map((r) => r.getAttribute('Id'))).toEqual(['rId2']);
    expect(all(xml('xl/worksheets/sheet1.xml'), S, 'tableParts')).toHaveLength(0);
    // The pivot source wholly deleted keeps its address (its cached data stays).
    expect(source).toBe('A1:C6');
  });

  it('a deleted header row: the row that becomes the header gets the column names, as text', () => {
    const { again, ref, filter } = shifted('row', 0, -1);
    expect({ ref, filter }).toEqual({ ref: 'A1:C5', filter: 'A1:C5' });
    expect(['A1', 'B1', 'C1'].map((r) => again.cells.get(r)?.value)).toEqual(['Ad', 'Adet', 'Fiyat']);
    // The rows below keep their data.
    expect(again.cells.get('A2')?.value).toBe(2);
    // Deleted with the rows above it and all but one data row: the one left is the header, an empty row below it.
    const rest = shifted('row', 0, -5);
    expect(rest.ref).toBe('A1:C2');
    expect(['A1', 'B1', 'C1', 'A2'].map((r) => rest.again.cells.get(r)?.value)).toEqual(['Ad', 'Adet', 'Fiyat', undefined]);
    // A name that reads as a number stays text, as header cells are.
    const book = readXlsx(TABLE_BOOK);
    all(book.pkg.edit('xl/tables/table1.xml'), S, 'tableColumn')[2]!.setAttribute('name', '2024');
    shiftSheet(book, book.sheets[0]!, 'row', 0, -1);
    expect(book.sheets[0]!.cells.get('C1')?.value).toBe('2024');
    // A header row left in place is not written.
    expect(shifted('row', 1, -1).again.cells.get('A1')?.value).toBe(0);
  });

  it('a deleted totals row turns the totals row off; the last data row stays data', () => {
    const withTotals = (axis: 'row' | 'col', at: number, count: number) => {
      const book = readXlsx(TABLE_BOOK);
      // Rows 2–5 data, row 6 the totals row.
      book.pkg.edit('xl/tables/table1.xml').documentElement.setAttribute('totalsRowCount', '1');
      shiftSheet(book, book.sheets[0]!, axis, at, count);
      return book.pkg.doc('xl/tables/table1.xml').documentElement;
    };
    const gone = withTotals('row', 5, -1);
    expect(gone.getAttribute('ref')).toBe('A1:C5');
    expect(gone.getAttribute('totalsRowCount')).toBeNull();
    // The filter covers every row left: they are all data now.
    expect(all(gone.ownerDocument, S, 'autoFilter')[0]?.getAttribute('ref')).toBe('A1:C5');
    // A data row deleted: the totals row stays one.
    const kept = withTotals('row', 2, -1);
    expect(kept.getAttribute('ref')).toBe('A1:C5');
    expect(kept.getAttribute('totalsRowCount')).toBe('1');
  });
});

describe('pivot tables follow inserted and deleted rows and columns on their sheet', () => {
  it('their location grows, shrinks and moves like the other ranges', () => {
    expect(shifted('row', 2, 2).pivot).toBe('E2:F7');
    expect(shifted('row', 0, 1).pivot).toBe('E3:F6');
    expect(shifted('row', 1, -2).pivot).toBe('E2:F3');
    expect(shifted('col', 0, 1).pivot).toBe('F2:G5');
    expect(shifted('col', 5, -1).pivot).toBe('E2:E5');
    // Right of it or below it: nothing moves.
    expect(shifted('col', 6, 2).pivot).toBe('E2:F5');
  });

  it('a pivot table whose every cell is deleted goes with its relationships and content type; its cache stays', () => {
    const { files, xml, pivot } = shifted('col', 4, -2);
    expect(pivot).toBeNull();
    expect(files['xl/pivotTables/_rels/pivotTable1.xml.rels']).toBeUndefined();
    expect(strFromU8(files['[Content_Types].xml']!)).not.toContain('pivotTable1.xml');
    expect(all(xml('xl/worksheets/_rels/sheet1.xml.rels'), PKG, 'Relationship').map((r) => r.getAttribute('Id'))).toEqual(['rId1']);
    expect(files['xl/pivotCache/pivotCacheDefinition1.xml']).toBeDefined();
  });
});

import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readBlocks, renderBlocks } from '../components/docx-html';
import { plainText, readDocx, writeDocx, type Block } from './docx';
import { createEvaluator, formatValue } from './formula';
import { readXlsx, setCell, shiftSheet, writeXlsx } from './xlsx';
import { docxPackage, PKG, REL, xlsxPackage } from '@/test/office-packages';

// A document with things the editor does not edit: a bookmark, a field-like run, an unknown block and section properties.
const BODY =
  `<w:p><w:pPr><w:jc w:val="center"/></w:pPr><w:bookmarkStart w:id="0" w:name="top"/><w:r><w:rPr><w:b/></w:rPr><w:t>Başlık</w:t></w:r><w:bookmarkEnd w:id="0"/></w:p>` +
  `<w:p><w:r><w:t xml:space="preserve">Birinci </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:t>paragraf</w:t></w:r></w:p>` +
  `<w:sdt><w:sdtContent><w:p><w:r><w:t>Denetim</w:t></w:r></w:p></w:sdtContent></w:sdt>` +
  `<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr>`;
const DOCX = docxPackage(BODY, { 'word/styles.xml': '<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>' });

const documentXml = (bytes: Uint8Array) => strFromU8(unzipSync(bytes)['word/document.xml']!);

describe('the document editor’s model and HTML', () => {
  it('reads the body, shows it as HTML and reads the HTML back unchanged: the saved XML is the original', () => {
    const doc = readDocx(DOCX);
    expect(plainText(doc.blocks)).toEqual(['Başlık', 'Birinci paragraf']);
    const root = document.createElement('div');
    renderBlocks(root, doc.blocks, () => undefined, (k) => k);
    expect(root.querySelectorAll('[data-keep]')).toHaveLength(1);
    const kept = new Map<number, Block>(doc.blocks.filter((b) => b.kind === 'keep').map((b): [number, Block] => [b.source!, b]));
    const back = readBlocks(root, (s) => kept.get(s));
    const saved = writeDocx(doc, back);
    expect(documentXml(saved)).toContain(BODY);
    // Parts the editor never opened are the same bytes.
    expect(strFromU8(unzipSync(saved)['word/styles.xml']!)).toBe('<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>');
  });

  it('an edit in the HTML rewrites that paragraph only, keeping its properties and the runs it does not understand', () => {
    const doc = readDocx(DOCX);
    const root = document.createElement('div');
    renderBlocks(root, doc.blocks, () => undefined, (k) => k);
    const second = root.children[1] as HTMLElement;
    const added = document.createElement('u');
    added.textContent = ' düzenlendi';
    second.appendChild(added);
    const heading = document.createElement('h2');
    heading.textContent = 'Yeni bölüm';
    root.appendChild(heading);
    const kept = new Map<number, Block>(doc.blocks.filter((b) => b.kind === 'keep').map((b): [number, Block] => [b.source!, b]));
    const saved = writeDocx(doc, readBlocks(root, (s) => kept.get(s)));
    const xml = documentXml(saved);
    // Untouched: the centred heading with its bookmark, the content control, the section.
    expect(xml).toContain('<w:p><w:pPr><w:jc w:val="center"/></w:pPr><w:bookmarkStart w:id="0" w:name="top"/>');
    expect(xml).toContain('<w:sdt>');
    expect(xml).toMatch(/<w:sectPr>.*<\/w:sectPr><\/w:body>/);
    expect(xml).toContain('<w:fldChar w:fldCharType="begin"/>');
    const reread = readDocx(saved);
    expect(plainText(reread.blocks)).toEqual(['Başlık', 'Birinci paragraf düzenlendi', 'Yeni bölüm']);
    const edited = reread.blocks[1];
    expect(edited?.kind === 'p' && edited.inlines.find((i) => i.kind === 'text' && i.u)).toMatchObject({ text: ' düzenlendi' });
    expect(reread.blocks[3]).toMatchObject({ kind: 'p', style: 'h2' });
  });
});

const S = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const XLSX = xlsxPackage({
  'workbook.xml': `<workbook xmlns="${S}" xmlns:r="${REL}"><sheets><sheet name="Satış" sheetId="1" r:id="rId1"/><sheet name="Oran" sheetId="2" r:id="rId2"/></sheets></workbook>`,
  '_rels/workbook.xml.rels': `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/worksheet" Target="worksheets/sheet2.xml"/><Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId4" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  'sharedStrings.xml': `<sst xmlns="${S}"><si><t>Elma</t></si></sst>`,
  'styles.xml': `<styleSheet xmlns="${S}"><numFmts count="1"><numFmt numFmtId="164" formatCode="0.0%"/></numFmts><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164"/></cellXfs></styleSheet>`,
  'worksheets/sheet1.xml': `<worksheet xmlns="${S}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>40</v></c><c r="C1"><f>B1*2</f><v>80</v></c></row></sheetData></worksheet>`,
  'worksheets/sheet2.xml': `<worksheet xmlns="${S}"><sheetData><row r="1"><c r="A1" s="1"><f>Satış!B1/200</f><v>0.2</v></c></row></sheetData></worksheet>`,
});

describe('the spreadsheet editor’s model', () => {
  it('reads shared strings, numbers, formulas and number formats; evaluates across sheets; writes cells in place', () => {
    const book = readXlsx(XLSX);
    const [sales, ratio] = book.sheets as [(typeof book.sheets)[0], (typeof book.sheets)[0]];
    const ev = createEvaluator(book);
    expect(ev.cell(sales, 'A1')?.value).toBe('Elma');
    expect(formatValue(ev.cell(ratio, 'A1'), book.formats)).toBe('20.0%');
    setCell(book, sales, 'B1', '50');
    setCell(book, sales, 'B3', 'not');
    ev.invalidate();
    expect(ev.cell(sales, 'C1')?.value).toBe(100);
    expect(formatValue(ev.cell(ratio, 'A1'), book.formats)).toBe('25.0%');
    const saved = writeXlsx(book, (s, r) => ev.cell(s, r)!);
    const files = unzipSync(saved);
    const sheet1 = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet1).toContain('<c r="A1" t="s"><v>0</v></c><c r="B1"><v>50</v></c><c r="C1"><f>B1*2</f><v>100</v></c>');
    expect(sheet1).toContain('<row r="3"><c r="B3" t="inlineStr"><is><t xml:space="preserve">not</t></is></c></row>');
    // The other sheet's formula keeps its style and gets its new result.
    expect(strFromU8(files['xl/worksheets/sheet2.xml']!)).toContain('<c r="A1" s="1"><f>Satış!B1/200</f><v>0.25</v></c>');
    expect(strFromU8(files['xl/sharedStrings.xml']!)).toBe(`<sst xmlns="${S}"><si><t>Elma</t></si></sst>`);
    expect(strFromU8(files['xl/workbook.xml']!)).toContain('fullCalcOnLoad="1"');
  });
});

// A sheet with a shared formula (C1:C4 from C1's text), merged cells, column widths, and a second sheet referring to it.
const SHARED = xlsxPackage({
  'workbook.xml': `<workbook xmlns="${S}" xmlns:r="${REL}"><sheets><sheet name="Veri" sheetId="1" r:id="rId1"/><sheet name="Özet" sheetId="2" r:id="rId2"/></sheets></workbook>`,
  '_rels/workbook.xml.rels': `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/worksheet" Target="worksheets/sheet2.xml"/></Relationships>`,
  'worksheets/sheet1.xml':
    `<worksheet xmlns="${S}"><dimension ref="A1:C4"/><cols><col min="1" max="1" width="20" customWidth="1"/><col min="2" max="3" width="9" customWidth="1"/></cols><sheetData>` +
    [1, 2, 3, 4].map((r) => `<row r="${r}"><c r="A${r}"><v>${r}</v></c><c r="B${r}"><v>${r * 10}</v></c><c r="C${r}">${r === 1 ? '<f t="shared" ref="C1:C4" si="0">A1+B$1</f>' : '<f t="shared" si="0"/>'}<v>${r + 10}</v></c></row>`).join('') +
    `</sheetData><mergeCells count="1"><mergeCell ref="A3:B4"/></mergeCells></worksheet>`,
  'worksheets/sheet2.xml': `<worksheet xmlns="${S}"><sheetData><row r="1"><c r="A1"><f>SUM(Veri!C2:C4)</f><v>39</v></c><c r="B1"><f>Veri!A3</f><v>3</v></c></row></sheetData></worksheet>`,
});

describe('the spreadsheet editor: shared formulas, rows and columns', () => {
  it('reads a shared formula in every cell of its group, moved to that cell', () => {
    const book = readXlsx(SHARED);
    const data = book.sheets[0]!;
    expect([1, 2, 3, 4].map((r) => data.cells.get(`C${r}`)?.formula)).toEqual(['A1+B$1', 'A2+B$1', 'A3+B$1', 'A4+B$1']);
    setCell(book, data, 'B1', '100');
    const ev = createEvaluator(book);
    expect(ev.cell(data, 'C4')?.value).toBe(104);
    // Changing one cell of the group writes the whole group out: the others no longer lean on a changed first cell.
    setCell(book, data, 'C1', '=A1*2');
    ev.invalidate();
    const saved = writeXlsx(book, (s, r) => ev.cell(s, r)!);
    const sheet1 = strFromU8(unzipSync(saved)['xl/worksheets/sheet1.xml']!);
    expect(sheet1).not.toContain('t="shared"');
    expect(sheet1).toContain('<c r="C3"><f>A3+B$1</f><v>103</v></c>');
    expect(readXlsx(saved).sheets[0]!.cells.get('C4')).toMatchObject({ formula: 'A4+B$1', value: 104 });
  });

  it('inserting a row moves the cells below and every formula that refers past it, in this sheet and others', () => {
    const book = readXlsx(SHARED);
    const [data, summary] = book.sheets as [(typeof book.sheets)[0], (typeof book.sheets)[0]];
    shiftSheet(book, data, 'row', 1, 2);
    const ev = createEvaluator(book);
    expect(data.cells.get('A4')?.value).toBe(2);
    expect(data.cells.get('C6')?.formula).toBe('A6+B$1');
    expect(summary.cells.get('A1')?.formula).toBe('SUM(Veri!C4:C6)');
    expect(summary.cells.get('B1')?.formula).toBe('Veri!A5');
    expect(ev.cell(summary, 'A1')?.value).toBe(39);
    const saved = writeXlsx(book, (s, r) => ev.cell(s, r)!);
    const files = unzipSync(saved);
    const sheet1 = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet1).toContain('<mergeCell ref="A5:B6"/>');
    expect(sheet1).toContain('<row r="6"><c r="A6"><v>4</v></c><c r="B6"><v>40</v></c><c r="C6"><f>A6+B$1</f><v>14</v></c></row>');
    expect(strFromU8(files['xl/worksheets/sheet2.xml']!)).toContain('<f>SUM(Veri!C4:C6)</f><v>39</v>');
    const reread = readXlsx(saved);
    expect(reread.sheets[0]!.cells.get('A1')?.value).toBe(1);
    expect(reread.sheets[0]!.cells.get('A2')).toBeUndefined();
  });

  it('deleting a column shrinks ranges across it and turns references into it into #REF!', () => {
    const book = readXlsx(SHARED);
    const [data, summary] = book.sheets as [(typeof book.sheets)[0], (typeof book.sheets)[0]];
    shiftSheet(book, data, 'col', 0, -1);
    expect(data.cells.get('A1')?.value).toBe(10);
    expect(data.cells.get('B2')?.formula).toBe('#REF!+A$1');
    expect(summary.cells.get('A1')?.formula).toBe('SUM(Veri!B2:B4)');
    expect(summary.cells.get('B1')?.formula).toBe('#REF!');
    const ev = createEvaluator(book);
    const saved = writeXlsx(book, (s, r) => ev.cell(s, r)!);
    const sheet1 = strFromU8(unzipSync(saved)['xl/worksheets/sheet1.xml']!);
    // The merge A3:B4 lost column A; column widths moved left.
    expect(sheet1).toContain('<mergeCell ref="A3:A4"/>');
    expect(sheet1).toContain('<col min="1" max="2" width="9" customWidth="1"/>');
    expect(sheet1).not.toContain('width="20"');
    // Deleting a row range through a formula's range: the range shrinks.
    shiftSheet(book, data, 'row', 2, -1);
    expect(summary.cells.get('A1')?.formula).toBe('SUM(Veri!B2:B3)');
  });
});

describe('the document editor: table rows and columns', () => {
  const TABLE = `<w:tbl><w:tblPr><w:tblStyle w:val="Grid"/></w:tblPr><w:tblGrid><w:gridCol w:w="2000"/><w:gridCol w:w="3000"/></w:tblGrid>` +
    [1, 2].map((r) => `<w:tr><w:trPr><w:trHeight w:val="${r * 300}"/></w:trPr>` + ['a', 'b'].map((c) => `<w:tc><w:tcPr><w:shd w:fill="${c === 'a' ? 'FF0000' : '00FF00'}"/></w:tcPr><w:p><w:r><w:t>${c}${r}</w:t></w:r></w:p></w:tc>`).join('') + '</w:tr>').join('') + '</w:tbl>';
  const TABLE_DOCX = docxPackage(`${TABLE}<w:p/>`);

  it('a row added after the first and the first column removed: rows and cells keep the properties of those they came from', () => {
    const doc = readDocx(TABLE_DOCX);
    const root = document.createElement('div');
    renderBlocks(root, doc.blocks, () => undefined, (k) => k);
    const table = root.querySelector('table')!;
    const row = table.rows[0]!.cloneNode(true) as HTMLTableRowElement;
    delete row.dataset.row;
    row.cells[1]!.textContent = 'yeni';
    table.rows[0]!.after(row);
    for (const tr of table.rows) tr.cells[0]!.remove();
    const saved = writeDocx(doc, readBlocks(root, () => undefined));
    expect(plainText(readDocx(saved).blocks)).toEqual(['b1', 'yeni', 'b2', '']);
    const xml = documentXml(saved);
    expect(xml).toContain('<w:tblStyle w:val="Grid"/>');
    expect(xml).toContain('<w:tblGrid><w:gridCol w:w="3000"/></w:tblGrid>');
    expect(xml.match(/<w:shd w:fill="00FF00"\/>/g)).toHaveLength(3);
    expect(xml).not.toContain('FF0000');
    // The new row copies the row above it (its height); the old second row keeps its own.
    expect(xml.match(/<w:trHeight w:val="300"\/>/g)).toHaveLength(2);
    expect(xml.match(/<w:trHeight w:val="600"\/>/g)).toHaveLength(1);
  });
});

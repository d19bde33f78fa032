import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readBlocks, renderBlocks } from '../components/docx-html';
import { plainText, readDocx, writeDocx, type Block } from './docx';
import { createEvaluator, formatValue } from './formula';
import { readXlsx, setCell, writeXlsx } from './xlsx';
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

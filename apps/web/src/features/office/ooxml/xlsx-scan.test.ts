import { describe, expect, it } from 'vitest';
import { domSheetCells, readXlsx, scanSheetCells } from './xlsx';
import { PKG, REL, xlsxPackage } from '@/test/office-packages';

// A sheet's cells read from the part's text (how the editor opens a workbook, without a DOM of a large sheet) are the
// cells the DOM gives.

const S = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const dom = (xml: string) => {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  return domSheetCells(doc.getElementsByTagNameNS(S, 'sheetData')[0]);
};

const SHEETS = {
  plain:
    `<worksheet xmlns="${S}"><dimension ref="A1:D3"/><sheetData>` +
    `<row r="1" spans="1:4"><c r="A1" t="s"><v>0</v></c><c r="B1" s="2"><v>3.5</v></c><c r="C1" t="b"><v>1</v></c><c r="D1" t="e"><v>#DIV/0!</v></c></row>` +
    `<row r="3"><c r="A3"><f t="shared" ref="A3:C3" si="0">B1*2</f><v>7</v></c><c r="B3"><f t="shared" si="0"/><v>2</v></c><c r="C3" s="1"/></row>` +
    `</sheetData><mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells></worksheet>`,
  text:
    `<worksheet xmlns="${S}"><sheetData><row><c t="inlineStr"><is><t xml:space="preserve"> Kapadokya &amp; &lt;Ege&gt; &#x130;zmir &#231;</t></is></c>` +
    `<c t="inlineStr"><is><r><rPr><b/></rPr><t>Kalın</t></r><r><t xml:space="preserve"> yazı</t></r><rPh sb="0" eb="1"><t>ふり</t></rPh></is></c>` +
    `<c t="str"><f>"a"&amp;"b"</f><v>ab</v></c></row><row><c><v></v></c><c r="C2"><f>SUM(A1:B1)&gt;2</f><v>1</v></c></row></sheetData></worksheet>`,
  prefixed:
    `<x:worksheet xmlns:x="${S}"><x:sheetData><x:row r="2"><x:c r="B2"><x:v>5</x:v></x:c><x:c r="C2" t="inlineStr"><x:is><x:t>metin</x:t></x:is></x:c></x:row><x:row r="4"/></x:sheetData></x:worksheet>`,
  empty: `<worksheet xmlns="${S}"><sheetData/></worksheet>`,
};

describe('reading a sheet’s cells from its text', () => {
  for (const [name, xml] of Object.entries(SHEETS))
    it(`gives what the DOM gives: ${name}`, () => {
      expect(scanSheetCells(xml)).toEqual(dom(xml));
    });

  it('leaves a sheet with CDATA or comments among the cells to the DOM', () => {
    expect(scanSheetCells(`<worksheet xmlns="${S}"><sheetData><row><c t="str"><v><![CDATA[a<b]]></v></c></row></sheetData></worksheet>`)).toBeNull();
    expect(scanSheetCells(`<worksheet xmlns="${S}"><sheetData><!-- x --><row/></sheetData></worksheet>`)).toBeNull();
  });

  it('a workbook opened either way has the same cells, shared formulas moved to each cell', () => {
    const parts = (sheet: string) =>
      xlsxPackage({
        'workbook.xml': `<workbook xmlns="${S}" xmlns:r="${REL}"><sheets><sheet name="Veri" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        '_rels/workbook.xml.rels': `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
        'sharedStrings.xml': `<sst xmlns="${S}"><si><t>Başlık</t></si></sst>`,
        'worksheets/sheet1.xml': sheet,
      });
    const fast = readXlsx(parts(SHEETS.plain)).sheets[0]!;
    // A comment before the rows sends the reader to the DOM.
    const slow = readXlsx(parts(SHEETS.plain.replace('<sheetData>', '<sheetData><!-- dom -->'))).sheets[0]!;
    expect([...fast.cells]).toEqual([...slow.cells]);
    expect(fast.cells.get('A1')).toEqual({ value: 'Başlık' });
    expect(fast.cells.get('B3')).toMatchObject({ formula: 'C1*2', value: 2 });
    expect(fast.cells.get('C3')).toEqual({ value: null, style: 1 });
    expect([fast.rows, fast.cols]).toEqual([3, 4]);
  });
});

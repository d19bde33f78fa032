import { ZipFile } from 'yazl';

// Blank Office Open XML documents, written here rather than shipped as binaries or built with a generator library:
// the smallest packages Microsoft Office and LibreOffice open without a repair prompt. Tests pass text to get a
// document with content (what an editor's save would hold).

export type BlankKind = 'WORD' | 'CELL' | 'SLIDE';

export const OFFICE_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const;

export const EXTENSION_OF: Record<BlankKind, keyof typeof OFFICE_TYPES> = { WORD: 'docx', CELL: 'xlsx', SLIDE: 'pptx' };

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'http://schemas.openxmlformats.org/package/2006/content-types';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const OOX = 'application/vnd.openxmlformats-officedocument';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function types(overrides: Array<[string, string]>): string {
  return (
    `${XML}<Types xmlns="${CT}"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    overrides.map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`).join('') +
    '</Types>'
  );
}

function rels(list: Array<[id: string, type: string, target: string]>): string {
  return `${XML}<Relationships xmlns="${PKG_REL}">${list.map(([id, type, target]) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`).join('')}</Relationships>`;
}

function zip(parts: Array<[string, string]>): Promise<Buffer> {
  const z = new ZipFile();
  // A fixed date keeps the bytes of a template the same on every call.
  const mtime = new Date(Date.UTC(2026, 0, 1));
  for (const [name, text] of parts) z.addBuffer(Buffer.from(text, 'utf8'), name, { mtime, compress: true });
  z.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => chunks.push(c));
    z.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    z.outputStream.on('error', reject);
  });
}

/** A document: one paragraph per line of `text` (none: one empty paragraph), A4 with 2.5 cm margins. */
export function docx(text: readonly string[] = []): Promise<Buffer> {
  const paragraphs = text.length === 0 ? '<w:p/>' : text.map((t) => `<w:p><w:r><w:t xml:space="preserve">${esc(t)}</w:t></w:r></w:p>`).join('');
  return zip([
    ['[Content_Types].xml', types([['/word/document.xml', `${OOX}.wordprocessingml.document.main+xml`]])],
    ['_rels/.rels', rels([['rId1', 'officeDocument', 'word/document.xml']])],
    [
      'word/document.xml',
      `${XML}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs}` +
        '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1417" w:right="1417" w:bottom="1417" w:left="1417" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>' +
        '</w:body></w:document>',
    ],
  ]);
}

const column = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : column(Math.floor(i / 26) - 1) + String.fromCharCode(65 + (i % 26)));

/** A workbook with one sheet; `rows` fill it from A1 (numbers as numbers, text inline). */
export function xlsx(rows: ReadonlyArray<ReadonlyArray<string | number>> = []): Promise<Buffer> {
  const data = rows
    .map(
      (row, r) =>
        `<row r="${r + 1}">` +
        row
          .map((v, c) =>
            typeof v === 'number' ? `<c r="${column(c)}${r + 1}"><v>${v}</v></c>` : `<c r="${column(c)}${r + 1}" t="inlineStr"><is><t xml:space="preserve">${esc(v)}</t></is></c>`,
          )
          .join('') +
        '</row>',
    )
    .join('');
  return zip([
    [
      '[Content_Types].xml',
      types([
        ['/xl/workbook.xml', `${OOX}.spreadsheetml.sheet.main+xml`],
        ['/xl/worksheets/sheet1.xml', `${OOX}.spreadsheetml.worksheet+xml`],
      ]),
    ],
    ['_rels/.rels', rels([['rId1', 'officeDocument', 'xl/workbook.xml']])],
    [
      'xl/workbook.xml',
      `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    ['xl/_rels/workbook.xml.rels', rels([['rId1', 'worksheet', 'worksheets/sheet1.xml']])],
    ['xl/worksheets/sheet1.xml', `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${data}</sheetData></worksheet>`],
  ]);
}

const GROUP = '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>';
const NS = `xmlns:a="${A}" xmlns:r="${REL}" xmlns:p="${P}"`;

function theme(): string {
  const colors = [
    ['dk1', '<a:sysClr val="windowText" lastClr="000000"/>'],
    ['lt1', '<a:sysClr val="window" lastClr="FFFFFF"/>'],
    ['dk2', '<a:srgbClr val="1F2937"/>'],
    ['lt2', '<a:srgbClr val="E5E7EB"/>'],
    ['accent1', '<a:srgbClr val="2563EB"/>'],
    ['accent2', '<a:srgbClr val="DC2626"/>'],
    ['accent3', '<a:srgbClr val="16A34A"/>'],
    ['accent4', '<a:srgbClr val="CA8A04"/>'],
    ['accent5', '<a:srgbClr val="7C3AED"/>'],
    ['accent6', '<a:srgbClr val="0891B2"/>'],
    ['hlink', '<a:srgbClr val="2563EB"/>'],
    ['folHlink', '<a:srgbClr val="7C3AED"/>'],
  ];
  const font = (face: string) => `<a:latin typeface="${face}"/><a:ea typeface=""/><a:cs typeface=""/>`;
  const fill = '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>';
  const line = `<a:ln w="9525">${fill}</a:ln>`;
  return (
    `${XML}<a:theme xmlns:a="${A}" name="Bulut"><a:themeElements>` +
    `<a:clrScheme name="Bulut">${colors.map(([n, c]) => `<a:${n}>${c}</a:${n}>`).join('')}</a:clrScheme>` +
    `<a:fontScheme name="Bulut"><a:majorFont>${font('Calibri Light')}</a:majorFont><a:minorFont>${font('Calibri')}</a:minorFont></a:fontScheme>` +
    `<a:fmtScheme name="Bulut"><a:fillStyleLst>${fill.repeat(3)}</a:fillStyleLst><a:lnStyleLst>${line.repeat(3)}</a:lnStyleLst>` +
    `<a:effectStyleLst>${'<a:effectStyle><a:effectLst/></a:effectStyle>'.repeat(3)}</a:effectStyleLst><a:bgFillStyleLst>${fill.repeat(3)}</a:bgFillStyleLst></a:fmtScheme>` +
    '</a:themeElements></a:theme>'
  );
}

/** A 16:9 presentation with one blank slide; `text` puts one text box on it. */
export function pptx(text?: string): Promise<Buffer> {
  const box =
    text === undefined
      ? ''
      : '<p:sp><p:nvSpPr><p:cNvPr id="2" name="TextBox 1"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>' +
        '<p:spPr><a:xfrm><a:off x="914400" y="914400"/><a:ext cx="9144000" cy="1371600"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr>' +
        `<p:txBody><a:bodyPr wrap="square"/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US" sz="3200"/><a:t>${esc(text)}</a:t></a:r></a:p></p:txBody></p:sp>`;
  const clrMap =
    '<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>';
  return zip([
    [
      '[Content_Types].xml',
      types([
        ['/ppt/presentation.xml', `${OOX}.presentationml.presentation.main+xml`],
        ['/ppt/slideMasters/slideMaster1.xml', `${OOX}.presentationml.slideMaster+xml`],
        ['/ppt/slideLayouts/slideLayout1.xml', `${OOX}.presentationml.slideLayout+xml`],
        ['/ppt/slides/slide1.xml', `${OOX}.presentationml.slide+xml`],
        ['/ppt/theme/theme1.xml', `${OOX}.theme+xml`],
      ]),
    ],
    ['_rels/.rels', rels([['rId1', 'officeDocument', 'ppt/presentation.xml']])],
    [
      'ppt/presentation.xml',
      `${XML}<p:presentation ${NS}><p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst>` +
        '<p:sldIdLst><p:sldId id="256" r:id="rId2"/></p:sldIdLst><p:sldSz cx="12192000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>',
    ],
    [
      'ppt/_rels/presentation.xml.rels',
      rels([
        ['rId1', 'slideMaster', 'slideMasters/slideMaster1.xml'],
        ['rId2', 'slide', 'slides/slide1.xml'],
        ['rId3', 'theme', 'theme/theme1.xml'],
      ]),
    ],
    [
      'ppt/slideMasters/slideMaster1.xml',
      `${XML}<p:sldMaster ${NS}><p:cSld><p:spTree>${GROUP}</p:spTree></p:cSld>${clrMap}` +
        '<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst></p:sldMaster>',
    ],
    [
      'ppt/slideMasters/_rels/slideMaster1.xml.rels',
      rels([
        ['rId1', 'slideLayout', '../slideLayouts/slideLayout1.xml'],
        ['rId2', 'theme', '../theme/theme1.xml'],
      ]),
    ],
    [
      'ppt/slideLayouts/slideLayout1.xml',
      `${XML}<p:sldLayout ${NS} type="blank" preserve="1"><p:cSld name="Blank"><p:spTree>${GROUP}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>`,
    ],
    ['ppt/slideLayouts/_rels/slideLayout1.xml.rels', rels([['rId1', 'slideMaster', '../slideMasters/slideMaster1.xml']])],
    ['ppt/slides/slide1.xml', `${XML}<p:sld ${NS}><p:cSld><p:spTree>${GROUP}${box}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>`],
    ['ppt/slides/_rels/slide1.xml.rels', rels([['rId1', 'slideLayout', '../slideLayouts/slideLayout1.xml']])],
    ['ppt/theme/theme1.xml', theme()],
  ]);
}

export function blank(kind: BlankKind): Promise<Buffer> {
  return kind === 'WORD' ? docx() : kind === 'CELL' ? xlsx() : pptx();
}

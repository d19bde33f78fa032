import { strToU8, zipSync } from 'fflate';

// Small Office Open XML packages for the office editor's tests, written by hand like the server's blank templates.

export const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
export const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
export const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'http://schemas.openxmlformats.org/package/2006/content-types';
const DEFAULTS = `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>`;

export function pack(parts: Record<string, string>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, strToU8(v)])));
}

/** A .docx whose body is `body` (WordprocessingML), plus any extra parts. */
export function docxPackage(body: string, extra: Record<string, string> = {}): Uint8Array {
  return pack({
    '[Content_Types].xml': `<?xml version="1.0"?><Types xmlns="${CT}">${DEFAULTS}<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`,
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`,
    ...extra,
  });
}

/** A .xlsx with the given parts under xl/ (workbook, its rels, sheets, styles, shared strings). */
export function xlsxPackage(xl: Record<string, string>): Uint8Array {
  return pack({
    '[Content_Types].xml': `<?xml version="1.0"?><Types xmlns="${CT}">${DEFAULTS}</Types>`,
    '_rels/.rels': `<?xml version="1.0"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ...Object.fromEntries(Object.entries(xl).map(([k, v]) => [`xl/${k}`, v])),
  });
}

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

export const ODF_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" ' +
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ' +
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" ' +
  'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"';

/** An OpenDocument package: `mimetype` first and stored, content.xml with `automatic` styles and `body`, plus other parts. */
export function odfPackage(kind: 'text' | 'spreadsheet' | 'presentation', automatic: string, body: string, extra: Record<string, string> = {}): Uint8Array {
  const mimetype = `application/vnd.oasis.opendocument.${kind}`;
  return zipSync({
    mimetype: [strToU8(mimetype), { level: 0 }],
    'content.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content ${ODF_NS} office:version="1.3"><office:automatic-styles>${automatic}</office:automatic-styles><office:body><office:${kind}>${body}</office:${kind}></office:body></office:document-content>`,
    ),
    'META-INF/manifest.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mimetype}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`),
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, strToU8(v)])),
  });
}

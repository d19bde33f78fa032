// The documents the office benchmarks open (office.mjs, office-trace.mjs): a large .docx with text and a photo, and a
// 10,000-row .xlsx with text, numbers and a formula per row, made the same way for both.
import crypto from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OOX = 'application/vnd.openxmlformats-officedocument';
export const DOCX_TYPE = `${OOX}.wordprocessingml.document`;
export const XLSX_TYPE = `${OOX}.spreadsheetml.sheet`;
const WORDS = 'Bulut belge düzenleyici Kapadokya balon sabah gezi plan rapor bütçe toplantı karar proje takvim ekip müşteri'.split(' ');

const sentence = (n) => Array.from({ length: n }, () => WORDS[crypto.randomInt(WORDS.length)]).join(' ');
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A .docx of `paragraphs` paragraphs (every tenth a heading) and, when `photoPixels` > 0, one noisy JPEG photo of that size. */
export async function makeDocx(paragraphs, photoPixels) {
  const body = [];
  for (let i = 0; i < paragraphs; i++) {
    const heading = i % 10 === 0;
    body.push(
      `<w:p>${heading ? '<w:pPr><w:pStyle w:val="Heading2"/></w:pPr>' : ''}<w:r>${heading ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${esc(sentence(heading ? 4 : 40))}</w:t></w:r></w:p>`,
    );
  }
  const parts = {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="jpeg" ContentType="image/jpeg"/><Override PartName="/word/document.xml" ContentType="${OOX}.wordprocessingml.document.main+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${R}/officeDocument" Target="word/document.xml"/></Relationships>`,
  };
  let picture = '';
  const rels = [];
  if (photoPixels > 0) {
    const side = Math.round(Math.sqrt(photoPixels));
    const jpeg = await sharp(crypto.randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
    parts['word/media/photo.jpeg'] = jpeg;
    rels.push(`<Relationship Id="rId10" Type="${R}/image" Target="media/photo.jpeg"/>`);
    const emu = 5_000_000;
    picture =
      `<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:extent cx="${emu}" cy="${emu}"/><wp:docPr id="1" name="Photo"/>` +
      `<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
      `<pic:nvPicPr><pic:cNvPr id="1" name="photo.jpeg"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip xmlns:r="${R}" r:embed="rId10"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
      `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${emu}" cy="${emu}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
  }
  parts['word/_rels/document.xml.rels'] = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}">${rels.join('')}</Relationships>`;
  parts['word/document.xml'] =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>${body.slice(0, 5).join('')}${picture}${body.slice(5).join('')}` +
    '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>';
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, typeof v === 'string' ? strToU8(v) : new Uint8Array(v)])), { level: 6 }));
}

/** A .xlsx of `rows` rows: a name, a quantity, a price, a formula (quantity × price) and a date with a date format. */
export function makeXlsx(rows) {
  const data = [];
  for (let r = 1; r <= rows; r++) {
    const qty = 1 + crypto.randomInt(100);
    const price = Number((crypto.randomInt(10_000) / 100).toFixed(2));
    data.push(
      `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>${esc(sentence(2))}</t></is></c><c r="B${r}"><v>${qty}</v></c><c r="C${r}" s="1"><v>${price}</v></c>` +
        `<c r="D${r}" s="1"><f>B${r}*C${r}</f><v>${(qty * price).toFixed(2)}</v></c><c r="E${r}" s="2"><v>${45000 + (r % 700)}</v></c></row>`,
    );
  }
  const parts = {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${OOX}.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${OOX}.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="${OOX}.spreadsheetml.styles+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${R}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${R}"><sheets><sheet name="Orders" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${R}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${R}/styles" Target="styles.xml"/></Relationships>`,
    'xl/styles.xml': `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="4"/><xf numFmtId="14"/></cellXfs></styleSheet>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:E${rows}"/><sheetData>${data.join('')}</sheetData></worksheet>`,
  };
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, strToU8(v)])), { level: 6 }));
}

import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { OoxmlPackage } from './package';

// Pictures and other non-XML parts stay in the zip until read (opening a large document does not wait for them), and
// are written back whole and in their place.

describe('a package’s parts', () => {
  const photo = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 251);
  const zip = zipSync({
    '[Content_Types].xml': strToU8('<Types/>'),
    'word/media/photo.jpeg': [photo, { level: 6 }],
    'word/document.xml': strToU8('<w:document xmlns:w="urn:w"><w:body/></w:document>'),
    'word/embeddings/sheet.bin': strToU8('binary'),
  });

  it('lists every part in the zip’s order and reads a picture when asked for it', () => {
    const pkg = OoxmlPackage.open(zip);
    expect(pkg.paths()).toEqual(['[Content_Types].xml', 'word/media/photo.jpeg', 'word/document.xml', 'word/embeddings/sheet.bin']);
    expect(pkg.has('word/media/photo.jpeg')).toBe(true);
    expect(pkg.bytes('word/media/photo.jpeg')).toEqual(photo);
    expect(pkg.doc('word/document.xml').documentElement.localName).toBe('document');
  });

  it('writes parts never read back whole, in the same order, beside an edited one', () => {
    const pkg = OoxmlPackage.open(zip);
    pkg.edit('word/document.xml').documentElement.setAttribute('edited', '1');
    pkg.remove('word/embeddings/sheet.bin');
    const out = unzipSync(pkg.toBytes());
    expect(Object.keys(out)).toEqual(['[Content_Types].xml', 'word/media/photo.jpeg', 'word/document.xml']);
    expect(out['word/media/photo.jpeg']).toEqual(photo);
    expect(strFromU8(out['word/document.xml']!)).toContain('edited="1"');
  });
});

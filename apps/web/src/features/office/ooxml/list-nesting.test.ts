import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readBlocks, renderBlocks } from '../components/docx-html';
import { readDocx, writeDocx, type Block, type Paragraph } from './docx';
import { readOdt, writeOdt } from './odt';
import { docxPackage, odfPackage, W } from '@/test/office-packages';

// Nested lists keep their levels through the editor: read from the file, shown nested in the HTML, read back from it,
// and written nested again, in OpenDocument text as in Word documents.

const LIST_STYLES =
  '<text:list-style style:name="L1"><text:list-level-style-bullet text:level="1" text:bullet-char="•"/>' +
  '<text:list-level-style-number text:level="2" style:num-format="1"/><text:list-level-style-bullet text:level="3" text:bullet-char="-"/></text:list-style>';
const item = (text: string, nested = '') => `<text:list-item><text:p>${text}</text:p>${nested}</text:list-item>`;
const NESTED = `<text:list text:style-name="L1">${item('Kapadokya', `<text:list>${item('Göreme', `<text:list>${item('Açık hava müzesi')}</text:list>`)}${item('Uçhisar')}</text:list>`)}${item('Ege')}</text:list><text:p>Son</text:p>`;
const ODT = odfPackage('text', LIST_STYLES, NESTED);

const outline = (blocks: readonly Block[]) =>
  blocks.filter((b): b is Paragraph => b.kind === 'p').map((p) => `${'  '.repeat(p.level ?? 0)}${p.style} ${p.inlines.map((i) => (i.kind === 'text' ? i.text : '')).join('')}`);
const EXPECTED = ['ul Kapadokya', '  ol Göreme', '    ul Açık hava müzesi', '  ol Uçhisar', 'ul Ege', 'p Son'];

/** The blocks as the editor shows them and reads them back (what a save writes). */
function throughHtml(blocks: readonly Block[], edit?: (root: HTMLElement) => void): Block[] {
  const root = document.createElement('div');
  renderBlocks(root, blocks, () => undefined, (k) => k);
  edit?.(root);
  return readBlocks(root, () => undefined);
}

const odtBody = (bytes: Uint8Array) => /<office:text>.*<\/office:text>/s.exec(strFromU8(unzipSync(bytes)['content.xml']!))![0];

describe('nested lists in OpenDocument text', () => {
  it('are read with their levels and the kind each level’s style gives', () => {
    expect(outline(readOdt(ODT).blocks)).toEqual(EXPECTED);
  });

  it('are shown nested in the editor and read back the same, so an unchanged list is written back as it was', () => {
    const doc = readOdt(ODT);
    const root = document.createElement('div');
    renderBlocks(root, doc.blocks, () => undefined, (k) => k);
    expect(root.querySelector('ul > li > ol > li > ul > li')?.textContent).toBe('Açık hava müzesi');
    const back = readBlocks(root, () => undefined);
    expect(back).toEqual(doc.blocks);
    expect(odtBody(writeOdt(doc, back))).toContain(NESTED);
  });

  it('an edited nested item: the list is written again with its nesting, and reads back with the same levels', () => {
    const doc = readOdt(ODT);
    const blocks = throughHtml(doc.blocks, (root) => {
      root.querySelector('ol > li')!.firstChild!.textContent = 'Göreme vadisi';
    });
    const saved = writeOdt(doc, blocks);
    const body = odtBody(saved);
    // The outer list keeps its style; the nested lists follow it (no style of their own, as the kinds match L1's levels).
    expect(body).toContain(
      '<text:list text:style-name="L1"><text:list-item><text:p>Kapadokya</text:p><text:list><text:list-item><text:p>Göreme vadisi</text:p><text:list><text:list-item><text:p>Açık hava müzesi</text:p></text:list-item></text:list></text:list-item>',
    );
    expect(outline(readOdt(saved).blocks)).toEqual(['ul Kapadokya', '  ol Göreme vadisi', '    ul Açık hava müzesi', '  ol Uçhisar', 'ul Ege', 'p Son']);
  });

  it('a new nested list (the browser’s indent puts the list straight in the list) is written nested with the editor’s list styles', () => {
    const doc = readOdt(odfPackage('text', '', '<text:p>Plan</text:p>'));
    const blocks = throughHtml(doc.blocks, (root) => {
      root.insertAdjacentHTML('beforeend', '<ul><li>Sabah</li><ul><li>Balon</li><li>Kahvaltı</li></ul><li>Öğle</li></ul><ol><li>Bir</li></ol>');
    });
    expect(outline(blocks)).toEqual(['p Plan', 'ul Sabah', '  ul Balon', '  ul Kahvaltı', 'ul Öğle', 'ol Bir']);
    const saved = writeOdt(doc, blocks);
    const again = readOdt(saved);
    expect(outline(again.blocks)).toEqual(['p Plan', 'ul Sabah', '  ul Balon', '  ul Kahvaltı', 'ul Öğle', 'ol Bir']);
    const content = strFromU8(unzipSync(saved)['content.xml']!);
    // The editor's bullet style has every level, each indented further.
    expect(content).toContain('text:level="2" text:bullet-char="◦"');
    expect(content).toContain('fo:margin-left="2.54cm"');
  });

  it('a nested list of another kind than its level in the style names a style of its own', () => {
    const doc = readOdt(odfPackage('text', '', ''));
    const saved = writeOdt(doc, [
      { kind: 'p', style: 'ol', inlines: [{ kind: 'text', text: 'Bir' }] },
      { kind: 'p', style: 'ul', level: 1, inlines: [{ kind: 'text', text: 'madde' }] },
      { kind: 'p', style: 'ul', level: 3, inlines: [{ kind: 'text', text: 'derin' }] },
    ]);
    expect(odtBody(saved)).toContain('<text:list text:style-name="BulutOL"><text:list-item><text:p>Bir</text:p><text:list text:style-name="BulutUL">');
    expect(outline(readOdt(saved).blocks)).toEqual(['ol Bir', '  ul madde', '      ul derin']);
  });
});

describe('nested lists in Word documents', () => {
  const p = (text: string, ilvl: number, numId = '1') => `<w:p><w:pPr><w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="${numId}"/></w:numPr></w:pPr><w:r><w:t>${text}</w:t></w:r></w:p>`;
  const DOCX = docxPackage(p('Kapadokya', 0) + p('Göreme', 1) + p('Müze', 2) + p('Ege', 0));
  const documentXml = (bytes: Uint8Array) => strFromU8(unzipSync(bytes)['word/document.xml']!);

  it('read w:ilvl as the level, show it nested and write it back as it was when unchanged', () => {
    const doc = readDocx(DOCX);
    expect(outline(doc.blocks)).toEqual(['ul Kapadokya', '  ul Göreme', '    ul Müze', 'ul Ege']);
    const back = throughHtml(doc.blocks);
    expect(back).toEqual(doc.blocks);
    expect(documentXml(writeDocx(doc, back))).toContain(p('Göreme', 1) + p('Müze', 2));
  });

  it('an item moved to another level, and a new nested item, get their w:ilvl; the numbering has every level', () => {
    const doc = readDocx(DOCX);
    const blocks = throughHtml(doc.blocks, (root) => {
      // Müze moves out one level; a new item under Ege.
      const deep = root.querySelector('ul ul ul')!;
      const mid = root.querySelector('ul ul')!;
      mid.appendChild(deep.firstElementChild!);
      deep.remove();
      root.querySelector(':scope > ul')!.insertAdjacentHTML('beforeend', '<ul><li>Bodrum</li></ul>');
    });
    expect(outline(blocks)).toEqual(['ul Kapadokya', '  ul Göreme', '  ul Müze', 'ul Ege', '  ul Bodrum']);
    const saved = writeDocx(doc, blocks);
    const xml = documentXml(saved);
    expect(xml).toContain(`<w:ilvl w:val="1"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t xml:space="preserve">Müze</w:t>`);
    expect(xml).toMatch(/<w:ilvl w:val="1"\/><w:numId w:val="9001"\/><\/w:numPr><\/w:pPr><w:r><w:t xml:space="preserve">Bodrum/);
    expect(outline(readDocx(saved).blocks)).toEqual(['ul Kapadokya', '  ul Göreme', '  ul Müze', 'ul Ege', '  ul Bodrum']);
    const numbering = new DOMParser().parseFromString(strFromU8(unzipSync(saved)['word/numbering.xml']!), 'application/xml');
    const bullet = [...numbering.getElementsByTagNameNS(W, 'abstractNum')].find((a) => a.getAttributeNS(W, 'abstractNumId') === '9001')!;
    expect(bullet.getElementsByTagNameNS(W, 'lvl')).toHaveLength(9);
  });
});

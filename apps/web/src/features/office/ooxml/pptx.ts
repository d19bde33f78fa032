import { child, descendants, elements, OoxmlPackage, setText, textOf, type XmlCodec } from './package';

// A .pptx as the editor sees it: its slides in order, each with the text boxes placed where they are on the slide
// (as fractions of the slide's size) and their paragraphs' text. Saving writes a changed paragraph's text into its
// first run (keeping that run's formatting); shapes, pictures, layouts and everything else stay as they were.

const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export interface TextBox {
  x: number;
  y: number;
  w: number;
  h: number;
  paragraphs: string[];
}

export interface Slide {
  path: string;
  boxes: TextBox[];
}

export interface Presentation {
  pkg: OoxmlPackage;
  slides: Slide[];
  /** Width / height of a slide. */
  ratio: number;
  /** The paragraph elements, by slide, box and paragraph index. */
  elements: Element[][][];
}

export function readPptx(bytes: Uint8Array, xml?: XmlCodec): Presentation {
  const pkg = OoxmlPackage.open(bytes, xml);
  const presPath = [...pkg.rels('').values()].find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'ppt/presentation.xml';
  const pres = pkg.doc(presPath).documentElement;
  const size = child(pres, 'sldSz');
  const cx = Number(size?.getAttribute('cx') ?? 12192000);
  const cy = Number(size?.getAttribute('cy') ?? 6858000);
  const rels = pkg.rels(presPath);
  const out: Presentation = { pkg, slides: [], ratio: cx / cy, elements: [] };
  for (const id of elements(child(pres, 'sldIdLst') ?? pres, 'sldId')) {
    const path = rels.get(id.getAttributeNS(R, 'id') ?? '')?.target;
    if (!path || !pkg.has(path)) continue;
    const slide: Slide = { path, boxes: [] };
    const paras: Element[][] = [];
    for (const sp of descendants(pkg.doc(path).documentElement, 'sp')) {
      const body = child(sp, 'txBody');
      if (!body) continue;
      const xfrm = descendants(child(sp, 'spPr') ?? sp, 'xfrm')[0];
      const off = xfrm && child(xfrm, 'off');
      const ext = xfrm && child(xfrm, 'ext');
      const ps = elements(body, 'p');
      // A placeholder without a position of its own takes its layout's; it is shown full width at the top.
      slide.boxes.push({
        x: off ? Number(off.getAttribute('x')) / cx : 0.05,
        y: off ? Number(off.getAttribute('y')) / cy : 0.05 + 0.2 * slide.boxes.length,
        w: ext ? Number(ext.getAttribute('cx')) / cx : 0.9,
        h: ext ? Number(ext.getAttribute('cy')) / cy : 0.18,
        paragraphs: ps.map(paragraphText),
      });
      paras.push(ps);
    }
    out.slides.push(slide);
    out.elements.push(paras);
  }
  return out;
}

function paragraphText(p: Element): string {
  return elements(p)
    .map((e) => (e.localName === 'r' || e.localName === 'fld' ? textOf(child(e, 't') ?? e) : e.localName === 'br' ? '\n' : ''))
    .join('');
}

/** Writes the slides' changed paragraphs; `slides` has the same shape as read. */
export function writePptx(pres: Presentation, slides: readonly Slide[]): Uint8Array {
  slides.forEach((slide, s) =>
    slide.boxes.forEach((box, b) =>
      box.paragraphs.forEach((text, i) => {
        const p = pres.elements[s]?.[b]?.[i];
        if (!p || paragraphText(p) === text) return;
        pres.pkg.edit(slide.path);
        const runs = elements(p).filter((e) => e.localName === 'r' || e.localName === 'br' || e.localName === 'fld');
        const first = runs.find((e) => e.localName === 'r');
        const doc = p.ownerDocument;
        const run = first ?? doc.createElementNS(A, 'a:r');
        for (const r of runs) if (r !== first) p.removeChild(r);
        let t = child(run, 't');
        if (!t) {
          t = doc.createElementNS(A, 'a:t');
          run.appendChild(t);
        }
        setText(t, text.replace(/\n/g, ' '));
        if (!first) {
          const end = child(p, 'endParaRPr');
          if (end) p.insertBefore(run, end);
          else p.appendChild(run);
        }
      }),
    ),
  );
  return pres.pkg.toBytes();
}

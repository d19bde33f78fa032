import { appendText, attr, bodyOf, odfText, openOdf, toCm } from './odf';
import { child, descendants, elements, type XmlCodec } from './package';
import type { Presentation, Slide, TextBox } from './pptx';

// An OpenDocument presentation (.odp) as the slides editor sees it: the same model as a .pptx (slides, text boxes
// placed as fractions of the page, their paragraphs' text), from content.xml's draw:page elements. Saving writes a
// changed paragraph's text into its first span (keeping that span's style); shapes, pictures, master pages and every
// other part stay as they were.

/** The page size from styles.xml (the first page layout with a size), in cm; a 16:9 page when absent. */
function pageSize(pres: { pkg: Presentation['pkg'] }): { w: number; h: number } {
  if (pres.pkg.has('styles.xml'))
    for (const props of descendants(pres.pkg.doc('styles.xml').documentElement, 'page-layout-properties')) {
      const w = toCm(attr(props, 'fo', 'page-width'));
      const h = toCm(attr(props, 'fo', 'page-height'));
      if (w && h) return { w, h };
    }
  return { w: 28, h: 15.75 };
}

/** A shape's paragraphs, in lists too. */
function paragraphsOf(parent: Element): Element[] {
  const out: Element[] = [];
  for (const e of elements(parent)) {
    if (e.localName === 'p' || e.localName === 'h') out.push(e);
    else if (e.localName === 'list' || e.localName === 'list-item' || e.localName === 'list-header') out.push(...paragraphsOf(e));
  }
  return out;
}

export function readOdp(bytes: Uint8Array, xml?: XmlCodec): Presentation {
  const pkg = openOdf(bytes, xml);
  const { w, h } = pageSize({ pkg });
  const out: Presentation = { pkg, slides: [], ratio: w / h, elements: [] };
  for (const page of elements(bodyOf(pkg, 'presentation'), 'page')) {
    const slide: Slide = { path: `content.xml#${out.slides.length}`, boxes: [] };
    const paras: Element[][] = [];
    // Text frames and shapes with text, at any depth (groups); speaker notes (presentation:notes) are not the slide.
    const shapes: Element[] = [];
    const walk = (el: Element) => {
      for (const e of elements(el)) {
        if (e.localName === 'notes') continue;
        const box = e.localName === 'frame' ? child(e, 'text-box') : ['custom-shape', 'rect', 'ellipse', 'polygon'].includes(e.localName) ? e : undefined;
        if (box && paragraphsOf(box).length) shapes.push(e);
        else if (e.localName === 'g') walk(e);
      }
    };
    walk(page);
    for (const shape of shapes) {
      const holder = shape.localName === 'frame' ? child(shape, 'text-box')! : shape;
      const ps = paragraphsOf(holder);
      const x = toCm(attr(shape, 'svg', 'x'));
      const y = toCm(attr(shape, 'svg', 'y'));
      const bw = toCm(attr(shape, 'svg', 'width'));
      const bh = toCm(attr(shape, 'svg', 'height'));
      const box: TextBox = {
        x: x !== null ? x / w : 0.05,
        y: y !== null ? y / h : 0.05 + 0.2 * slide.boxes.length,
        w: bw !== null ? bw / w : 0.9,
        h: bh !== null ? bh / h : 0.18,
        paragraphs: ps.map(odfText),
      };
      slide.boxes.push(box);
      paras.push(ps);
    }
    out.slides.push(slide);
    out.elements.push(paras);
  }
  return out;
}

/** Writes the slides' changed paragraphs; `slides` has the same shape as read. */
export function writeOdp(pres: Presentation, slides: readonly Slide[]): Uint8Array {
  let edited = false;
  slides.forEach((slide, s) =>
    slide.boxes.forEach((box, b) =>
      box.paragraphs.forEach((text, i) => {
        const p = pres.elements[s]?.[b]?.[i];
        if (!p || odfText(p) === text) return;
        edited = true;
        // The first span keeps its style and takes the text; the rest of the paragraph's content goes.
        const span = elements(p).find((e) => e.localName === 'span');
        for (const n of Array.from(p.childNodes)) if (n !== span) p.removeChild(n);
        const target = span ?? p;
        while (target.firstChild) target.removeChild(target.firstChild);
        appendText(target, text);
      }),
    ),
  );
  // The paragraphs live in content.xml's parsed tree: marking it edited writes it again.
  if (edited) pres.pkg.edit('content.xml');
  return pres.pkg.toBytes();
}

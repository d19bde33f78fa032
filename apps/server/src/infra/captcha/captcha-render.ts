import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

export const CAPTCHA_IMAGE_WIDTH = 260;
export const CAPTCHA_IMAGE_HEIGHT = 64;

/**
 * How many digits a challenge has, drawn per challenge: a program must find the count as well as the digits, and every
 * digit it must get right multiplies its misses (issue 30: 7 or 8 clean digits instead of 5 or 6 behind clutter).
 */
export const CAPTCHA_LENGTHS: readonly number[] = [7, 8];

export function generateCaptchaText(length = CAPTCHA_LENGTHS[randomInt(CAPTCHA_LENGTHS.length)] as number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += String(randomInt(10));
  return text;
}

function assertDigits(text: string): void {
  if (!/^[0-9]+$/.test(text)) throw new Error('captcha text must be a non-empty string of digits');
}

/** Uniform floats in [0, 1): crypto-backed in production; tests pass a seeded source to replay challenges. */
export type RandomSource = () => number;
const cryptoRandom: RandomSource = () => randomInt(1 << 30) / (1 << 30);

/** Uniform float in [min, max) from `random`; crypto-backed by default so the distortion can't be predicted. */
type Range = (min: number, max: number) => number;
const rangeOf =
  (random: RandomSource): Range =>
  (min, max) =>
    min + random() * (max - min);

// Hand-drawn stroke digits in a 10×16 box (y down), several hands per digit — the ways people write them (open and
// closed 4, 7 with and without its bar, 9 with a straight or a bent tail…). Paths instead of SVG <text> because
// production hosts may have no fonts installed for librsvg to use.
export const GLYPH_W = 10;
export const GLYPH_H = 16;
export const DIGIT_SHAPES: readonly (readonly string[])[] = [
  [
    'M5 1 C8.2 1 9.4 4.2 9.4 8 C9.4 11.8 8.2 15 5 15 C1.8 15 0.6 11.8 0.6 8 C0.6 4.2 1.8 1 5 1 Z',
    'M5 1 C7.4 1 8.6 2.2 8.9 4 L8.9 12 C8.6 13.8 7.4 15 5 15 C2.6 15 1.4 13.8 1.1 12 L1.1 4 C1.4 2.2 2.6 1 5 1 Z',
  ],
  // Both ones keep their foot: a slanted one without it reads as a 7.
  ['M2.2 4.2 L6 1 L6 15 M2.4 15 L9.4 15', 'M3 4 L6.2 1 L6.2 15 M3.4 15 L8.8 15'],
  [
    'M1 4.6 C1 2.4 2.8 1 5 1 C7.4 1 9 2.4 9 4.6 C9 7.4 5.6 10 1 15 L9.4 15',
    'M1.2 3.8 C2.2 1.8 3.6 1 5.2 1 C7.4 1 8.8 2.4 8.8 4.4 C8.8 5.6 8.2 6.6 7.2 7.6 L1 15 L9.4 15',
  ],
  [
    'M1 2.6 C2 1.5 3.4 1 5 1 C7.4 1 9 2.4 9 4.3 C9 6.3 7.2 7.6 4.4 7.6 C7.6 7.6 9.4 9.1 9.4 11.3 C9.4 13.6 7.5 15 5 15 C3.2 15 1.8 14.5 0.8 13.3',
    'M1.2 1 L8.8 1 L4.4 6.6 C7.6 6.4 9.4 8.4 9.4 10.9 C9.4 13.4 7.4 15 5 15 C3.2 15 1.8 14.4 0.8 13.2',
  ],
  ['M7.2 15 L7.2 1 L0.6 11 L9.6 11', 'M2.2 1 L1 10.2 L9.4 10.2 M7.2 4.6 L7.2 15'],
  [
    'M8.8 1 L2.2 1 L1.4 7.3 C2.4 6.6 3.6 6.2 5 6.2 C7.8 6.2 9.4 8.2 9.4 10.6 C9.4 13.2 7.6 15 5 15 C3.2 15 1.8 14.4 0.8 13.2',
    'M9 1 L2.6 1 L1.8 7 C2.8 6.2 4 5.8 5.3 5.9 C7.8 6.1 9.3 8 9.3 10.5 C9.3 13.2 7.4 15 4.9 15 C3 15 1.6 14.2 0.8 13',
  ],
  [
    'M8.6 2 C7.7 1.3 6.5 1 5.3 1 C2.3 1 0.8 4.5 0.8 9.5 C0.8 13 2.5 15 5 15 C7.6 15 9.3 13.2 9.3 10.5 C9.3 7.9 7.6 6.3 5.2 6.3 C3.2 6.3 1.6 7.5 0.9 9',
    'M7.8 1 L2.2 8.6 C1.2 9.8 0.8 10.6 0.8 11.3 C0.8 13.5 2.6 15 5 15 C7.4 15 9.2 13.5 9.2 11.2 C9.2 8.9 7.4 7.4 5 7.4 C3.8 7.4 2.8 7.8 2.1 8.5',
  ],
  ['M0.8 1 L9.4 1 C6.6 5 4.9 9.5 4.2 15', 'M0.8 1 L9.4 1 C6.6 5 4.9 9.5 4.2 15 M2.6 8 L8.2 8', 'M0.8 1 L9.4 1 L3.6 15'],
  [
    'M5 7.5 C2.6 7.5 1.3 6.1 1.3 4.2 C1.3 2.3 2.9 1 5 1 C7.1 1 8.7 2.3 8.7 4.2 C8.7 6.1 7.4 7.5 5 7.5 C2.4 7.5 0.7 9 0.7 11.2 C0.7 13.5 2.5 15 5 15 C7.5 15 9.3 13.5 9.3 11.2 C9.3 9 7.6 7.5 5 7.5 Z',
    'M5 1 C7.3 1 8.6 2.4 8.6 4.3 C8.6 6.2 7.3 7.4 5 7.4 C2.7 7.4 1.4 6.2 1.4 4.3 C1.4 2.4 2.7 1 5 1 Z M5 7.4 C7.6 7.4 9.3 9 9.3 11.2 C9.3 13.5 7.6 15 5 15 C2.4 15 0.7 13.5 0.7 11.2 C0.7 9 2.4 7.4 5 7.4 Z',
  ],
  [
    'M1.4 14 C2.3 14.7 3.5 15 4.7 15 C7.7 15 9.2 11.5 9.2 6.5 C9.2 3 7.5 1 5 1 C2.4 1 0.7 2.8 0.7 5.5 C0.7 8.1 2.4 9.7 4.8 9.7 C6.8 9.7 8.4 8.5 9.1 7',
    'M9 5 C9 7.4 7.2 9 5 9 C2.6 9 1 7.4 1 5 C1 2.6 2.6 1 5 1 C7.4 1 9 2.6 9 5 L9 15',
    'M8.8 5 C8.8 7.3 7.1 8.8 5 8.8 C2.7 8.8 1.2 7.3 1.2 5 C1.2 2.7 2.8 1 5 1 C7.3 1 8.8 2.7 8.8 5 C8.6 8 6.6 11.6 4.4 15',
  ],
];

/**
 * Moves every point of a glyph by up to `amount` units (of its 10×16 box): each challenge draws its own hand of the
 * digit, so no template of our glyphs fits it closely (issue 30, H6: the plain glyphs fell to template matching).
 */
function jitterPath(path: string, amount: number, rand: Range): string {
  return path.replace(/-?\d+(?:\.\d+)?/g, (n) => (Number(n) + rand(-amount, amount)).toFixed(2));
}

/**
 * Reshapes a glyph with a smooth random bend of its own box (points and control points alike, so curves stay curves):
 * the waist moves up or down (an 8 with a small or a big top loop), the glyph tapers, bows and swells at the middle.
 * A reader sees the same digit in any of these; a program that learnt some of them finds its features in other
 * places in the next one (issue 30: with fixed hands, a k-NN trained on 300 renders read 98 % of digits at their boxes).
 */
function reshape(path: string, rand: Range): string {
  const [waist, taper, bow, swell] = [rand(-0.22, 0.22), rand(-0.3, 0.3), rand(-1.6, 1.6), rand(-0.22, 0.22)];
  const tokens = path.match(/[MLCZ]|-?\d+(?:\.\d+)?/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    if (/[MLCZ]/.test(token)) {
      out.push(token);
      continue;
    }
    // Every command here takes x y pairs.
    const [x, u] = [Number(token), Math.min(1, Math.max(0, Number(tokens[++i]) / GLYPH_H))];
    const y = GLYPH_H * (u + (waist * Math.sin(Math.PI * u)) / Math.PI);
    const t = (2 * y) / GLYPH_H - 1;
    const nx = GLYPH_W / 2 + (x - GLYPH_W / 2) * (1 + taper * t) * (1 + swell * Math.sin(Math.PI * u)) + bow * (t * t - 0.5);
    out.push(nx.toFixed(2), y.toFixed(2));
  }
  return out.join(' ').replace(/([MLCZ]) /g, '$1');
}

/** One or two consecutive pieces (a line or a curve) of a digit's path: the stuff of the clutter. */
function pathPiece(path: string, rand: Range): string {
  const pieces: { start: string; draw: string; joined: boolean }[] = [];
  let at = '';
  let joined = false;
  for (const [, op, args] of path.matchAll(/([MLCZ])([^MLCZ]*)/g)) {
    const nums = (args as string).trim().split(/\s+/);
    if (op === 'M') {
      at = nums.join(' ');
      joined = false;
    } else if (op === 'L' || op === 'C') {
      pieces.push({ start: at, draw: `${op}${nums.join(' ')}`, joined });
      at = nums.slice(-2).join(' ');
      joined = true;
    }
  }
  const first = Math.floor(rand(0, pieces.length));
  const { start, draw } = pieces[first] as (typeof pieces)[number];
  const next = pieces[first + 1];
  // A second piece only when it continues the same stroke.
  return next?.joined && rand(0, 1) < 0.5 ? `M${start} ${draw} ${next.draw}` : `M${start} ${draw}`;
}

function hsl(hue: number, saturation: number, lightness: number): string {
  return `hsl(${hue.toFixed(0)},${saturation.toFixed(0)}%,${lightness.toFixed(0)}%)`;
}

/** Where a digit was drawn (before the warp), in image pixels: what the learned attack in the tests trains on. */
export type DigitBox = { x: number; y: number; width: number; height: number };

export type Pen = 'solid' | 'outline' | 'dotted' | 'sketch';
const PEN_ORDER: readonly Pen[] = ['outline', 'sketch', 'dotted', 'solid'];

/**
 * One shape drawn with one of four pens (solid, hollow outline, a row of dots, a sketch of overlaid thin strokes):
 * a reader sees the same digit in each, while the pixels a program learns from differ completely between pens.
 * Widths are in glyph units (the transform scales them with the digit).
 */
function draw(shape: string, transform: string, ink: string, paper: string, rand: Range, design: Pick<ImageDesign, 'pens' | 'stroke'>): string {
  const pen = design.pens[Math.floor(rand(0, design.pens.length))] as Pen;
  const common = `fill="none" stroke-linecap="round" stroke-linejoin="round" transform="${transform}"`;
  const stroke = (d: string, color: string, width: number, extra = '') =>
    `<path d="${d}" ${common} stroke="${color}" stroke-width="${width.toFixed(2)}"${extra}/>`;
  switch (pen) {
    case 'solid':
      return stroke(shape, ink, rand(...design.stroke));
    case 'outline': {
      const outer = rand(1.9, 2.3);
      return stroke(shape, ink, outer) + stroke(shape, paper, outer - rand(0.9, 1.1));
    }
    case 'dotted': {
      const width = rand(1.3, 1.5);
      return stroke(shape, ink, width, ` stroke-dasharray="0 ${(width * rand(1.3, 1.45)).toFixed(2)}"`);
    }
    case 'sketch':
      return [0, 1, 2].map(() => stroke(jitterPath(shape, 0.3, rand), ink, rand(0.55, 0.75))).join('');
  }
}

/**
 * A dark ink of any hue, darkened until its luminance is at most 0.02–0.09 (WCAG), so every digit stands at least
 * 5:1 against the paper whatever its colour (a yellow at the lightness of a dark blue would not).
 */
function inkColor(rand: Range): string {
  const [hue, saturation, target] = [rand(0, 360), rand(0.45, 0.85), rand(0.02, 0.09)];
  const lin = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  for (let lightness = 0.32; ; lightness -= 0.01) {
    const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
    const h = hue / 60;
    const second = chroma * (1 - Math.abs((h % 2) - 1));
    const [r, g, b] = ([[chroma, second, 0], [second, chroma, 0], [0, chroma, second], [0, second, chroma], [second, 0, chroma], [chroma, 0, second]][Math.floor(h) % 6] as number[]).map(
      (c) => c + lightness - chroma / 2,
    ) as [number, number, number];
    if (0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b) <= target || lightness <= 0.05) {
      return `rgb(${[r, g, b].map((c) => Math.round(c * 255)).join(',')})`;
    }
  }
}

/** What a challenge picture is made of; `IMAGE_DESIGN` is the one served (tests may render others to compare). */
export type ImageDesign = {
  width: number;
  lengths: readonly number[];
  pens: readonly Pen[];
  /** Solid pen's stroke width, in glyph units. */
  stroke: readonly [number, number];
  /** Scraps of digits off the row (count drawn in [min, max)) and decoy scraps at the digits' edges. */
  scraps: readonly [number, number];
  decoys: number;
  /** Arcs over the row (the first across all of it, the others across half) and their width in px. */
  arcs: number;
  arcWidth: readonly [number, number];
  /**
   * Fine diagonal lines in the ink over the whole picture (spacing, width in px, opacity). Measured and not used: an
   * attacker who zeroes everything fainter than the strokes removes them (docs/decisions.md, issue 30).
   */
  hatch: { spacing: readonly [number, number]; width: readonly [number, number]; opacity: readonly [number, number] } | undefined;
  /** Digit height in px, width as a share of its glyph's width at that height, gap to the next as a share of its width. */
  heights: readonly [number, number];
  widths: readonly [number, number];
  gaps: readonly [number, number];
  /** When set, the row is stretched to this share of the free width, the extra shared unevenly between the gaps. */
  fill?: readonly [number, number];
  rotate: number;
  speckles: number;
};

/**
 * Clean digits, more of them, spread unevenly (docs/decisions.md, issue 30): no scraps, decoys, arcs or dots, which
 * tripped readers; 7–8 digits of many sizes and widths, neighbours overlapping by up to 30 %, and the row stretched over
 * the picture with the free space in one or two wide gaps, so no pitch holds for a window.
 */
export const IMAGE_DESIGN: ImageDesign = {
  width: CAPTCHA_IMAGE_WIDTH,
  lengths: CAPTCHA_LENGTHS,
  pens: ['solid', 'outline', 'sketch'],
  stroke: [1.1, 1.7],
  scraps: [0, 0],
  decoys: 0,
  arcs: 0,
  arcWidth: [1.6, 2.6],
  hatch: undefined,
  heights: [28, 58],
  widths: [0.45, 1.1],
  gaps: [-0.3, 0],
  fill: [0.95, 1],
  rotate: 20,
  speckles: 60,
};

/** The design before (issue 30, "one ink and two arcs"; its row margin is now 12 px, was 8): for comparisons. */
export const PREVIOUS_IMAGE_DESIGN: ImageDesign = {
  width: 200,
  lengths: [5, 6],
  pens: ['solid', 'outline', 'dotted', 'sketch'],
  stroke: [0.8, 1.45],
  scraps: [6, 10],
  decoys: 4,
  arcs: 2,
  arcWidth: [1.6, 2.6],
  hatch: undefined,
  heights: [28, 50],
  widths: [0.55, 1.2],
  gaps: [-0.06, 0.35],
  rotate: 18,
  speckles: 60,
};

function buildCaptchaSvg(text: string, rand: Range, design: ImageDesign): { svg: string; boxes: DigitBox[] } {
  const W = design.width;
  const H = CAPTCHA_IMAGE_HEIGHT;
  const parts: string[] = [];
  const bgHue = rand(0, 360);
  const paper = hsl(bgHue, 40, 95);
  parts.push(
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${paper}"/>` +
      `<stop offset="1" stop-color="${hsl(bgHue + rand(60, 180), 40, 90)}"/>` +
      `</linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
  );
  // Faint speckles under everything: noise for OCR's threshold, nothing a reader notices.
  for (let i = 0; i < design.speckles; i++) {
    parts.push(
      `<circle cx="${rand(0, W).toFixed(1)}" cy="${rand(0, H).toFixed(1)}" r="${rand(0.6, 1.6).toFixed(1)}" ` +
        `fill="${hsl(rand(0, 360), 50, rand(50, 80))}" fill-opacity="${rand(0.4, 0.9).toFixed(2)}"/>`,
    );
  }
  // One ink for everything drawn. With an ink per digit, colour alone cut the row into its digits.
  const ink = inkColor(rand);

  if (design.hatch) {
    // Fine diagonal lines over the whole picture, never near upright (an upright line reads as a 1) nor flat.
    const { spacing, width, opacity } = design.hatch;
    const angle = (rand(0, 1) < 0.5 ? -1 : 1) * rand(30, 60);
    const step = rand(...spacing);
    const lines: string[] = [];
    for (let d = -W; d < 2 * W; d += step) lines.push(`M${d.toFixed(1)} ${-W} L${d.toFixed(1)} ${W + H}`);
    parts.push(
      `<path d="${lines.join(' ')}" stroke="${ink}" stroke-width="${rand(...width).toFixed(2)}" stroke-opacity="${rand(...opacity).toFixed(2)}" ` +
        `fill="none" transform="translate(${W / 2} ${H / 2}) rotate(${angle.toFixed(1)}) translate(${-W / 2} ${-H / 2})"/>`,
    );
  }

  // No fixed cells and no common size: each digit its own height, width, slant and gap (neighbours may overlap), the
  // row squeezed to fit: a window sized for one digit takes in too much or too little of its neighbour.
  const n = text.length;
  const heights = [...text].map(() => rand(...design.heights));
  const widths = heights.map((h) => (h / GLYPH_H) * GLYPH_W * rand(...design.widths));
  const gaps = widths.slice(1).map((w) => w * rand(...design.gaps));
  // A margin of 12 px, so a big digit turned by 20° stays inside the picture.
  const room = W - 24;
  if (design.fill) {
    // The row spread over part of the picture: the free space shared unevenly between the gaps, so neighbours stand
    // close in one place and apart in the next and no pitch holds along the row.
    const target = room * rand(...design.fill);
    const free = target - widths.reduce((s, w) => s + w, 0) - gaps.reduce((s, g) => s + g, 0);
    // Weights u⁴: most of the extra goes to one or two gaps.
    const weights = gaps.map(() => rand(0, 1) ** 4);
    const sum = weights.reduce((s, v) => s + v, 0) || 1;
    if (free > 0) gaps.forEach((_, i) => (gaps[i] = (gaps[i] as number) + (free * (weights[i] as number)) / sum));
  }
  const natural = widths.reduce((s, w) => s + w, 0) + gaps.reduce((s, g) => s + g, 0);
  const squeeze = Math.min(1, room / natural);
  let x = 12 + rand(0, room - natural * squeeze);
  const boxes: DigitBox[] = [];
  for (let i = 0; i < n; i++) {
    const width = (widths[i] as number) * squeeze;
    const height = heights[i] as number;
    const cy = H / 2 + rand(-1, 1) * Math.max(0, (H - height) / 2 - 3);
    boxes.push({ x, y: cy - height / 2, width, height });
    x += width + (gaps[i] ?? 0) * squeeze;
  }
  const [rowStart, rowEnd] = [(boxes[0] as DigitBox).x, (boxes[n - 1] as DigitBox).x + (boxes[n - 1] as DigitBox).width];

  // Scraps: pieces of digits off the digits' inner parts and, beside the row, only along the top and bottom edges.
  const scraps = Math.floor(rand(...design.scraps));
  for (let i = 0, tries = 0; i < scraps && tries < 200; tries++) {
    const [cx, cy] = [rand(0, W), rand(0, H)];
    if (boxes.some((b) => Math.abs(cx - (b.x + b.width / 2)) < b.width * 0.42 && Math.abs(cy - (b.y + b.height / 2)) < b.height * 0.42)) continue;
    if ((cx < rowStart || cx > rowEnd) && cy > 12 && cy < H - 12) continue;
    const shapes = DIGIT_SHAPES[Math.floor(rand(0, 10))] as readonly string[];
    const piece = pathPiece(jitterPath(shapes[Math.floor(rand(0, shapes.length))] as string, 0.6, rand), rand);
    const scale = rand(0.9, 1.5);
    parts.push(
      draw(piece, `translate(${cx.toFixed(1)} ${cy.toFixed(1)}) rotate(${rand(-90, 90).toFixed(1)}) scale(${scale.toFixed(2)}) translate(-5 -8)`, ink, paper, rand, design),
    );
    i++;
  }
  // Decoys: scraps at a digit's left or right edge, at most half the smallest digit's height.
  const smallest = Math.min(...boxes.map((b) => b.height));
  for (let i = 0; i < design.decoys; i++) {
    const b = boxes[Math.floor(rand(0, n))] as DigitBox;
    const cx = rand(0, 1) < 0.5 ? b.x + rand(-0.1, 0.15) * b.width : b.x + b.width * rand(0.85, 1.1);
    const cy = b.y + b.height / 2 + rand(-0.3, 0.3) * b.height;
    const shapes = DIGIT_SHAPES[Math.floor(rand(0, 10))] as readonly string[];
    const piece = pathPiece(jitterPath(shapes[Math.floor(rand(0, shapes.length))] as string, 0.6, rand), rand);
    const scale = (smallest / GLYPH_H) * rand(0.4, 0.55);
    parts.push(
      draw(piece, `translate(${cx.toFixed(1)} ${cy.toFixed(1)}) rotate(${rand(-40, 40).toFixed(1)}) scale(${scale.toFixed(2)}) translate(-5 -8)`, ink, paper, rand, design),
    );
  }

  // Hollow and sketched digits first, solid ones over them: where neighbours overlap, a hollow digit's paper-coloured
  // core never cuts a gap into a solid one.
  const digits: { rank: number; svg: string }[] = [];
  boxes.forEach((b, i) => {
    const shapes = DIGIT_SHAPES[Number(text[i])] as readonly string[];
    const shape = reshape(jitterPath(shapes[Math.floor(rand(0, shapes.length))] as string, 0.6, rand), rand);
    const transform =
      `translate(${(b.x + b.width / 2).toFixed(1)} ${(b.y + b.height / 2).toFixed(1)}) rotate(${rand(-design.rotate, design.rotate).toFixed(1)}) ` +
      `skewX(${rand(-12, 12).toFixed(1)}) scale(${(b.width / GLYPH_W).toFixed(3)} ${(b.height / GLYPH_H).toFixed(3)}) translate(-5 -8)`;
    // A small digit in dots falls apart into specks; it gets one of the other pens.
    const pens = b.height >= 34 ? design.pens : design.pens.filter((p) => p !== 'dotted');
    const pen = (pens[Math.floor(rand(0, pens.length))] ?? 'solid') as Pen;
    digits.push({ rank: PEN_ORDER.indexOf(pen), svg: draw(shape, transform, ink, paper, rand, { ...design, pens: [pen] }) });
  });
  parts.push(...digits.sort((a, c) => a.rank - c.rank).map((d) => d.svg));

  // Arcs over the digits in their ink: one across the whole row, the others across half of it.
  for (let a = 0; a < design.arcs; a++) {
    let [from, to] = [rowStart - rand(2, 10), rowEnd + rand(2, 10)];
    if (a > 0) {
      const span = (rowEnd - rowStart) * rand(0.45, 0.7);
      from = rowStart + rand(0, rowEnd - rowStart - span);
      to = from + span;
    }
    const [mid, amp, wave, phase] = [H / 2 + rand(-8, 8), rand(3, 8), rand(50, 130), rand(0, 2 * Math.PI)];
    const points: string[] = [];
    for (let px = from; px <= to; px += 3) points.push(`${px.toFixed(1)} ${(mid + amp * Math.sin(phase + (2 * Math.PI * px) / wave)).toFixed(1)}`);
    parts.push(
      `<path d="M${points.join(' L')}" fill="none" stroke="${ink}" stroke-width="${rand(...design.arcWidth).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  }

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
  return { svg, boxes };
}

/**
 * Bends the rendered picture: a smooth random displacement field (a coarse grid of random shifts, eased between
 * points) plus a sideways wave, so straight strokes become curves and no two digits bend alike; a reader does not
 * mind, a template does.
 */
function bend(rgba: Buffer, width: number, height: number, rand: Range): Buffer {
  const out = Buffer.alloc(rgba.length);
  const [gx, gy] = [8, 4];
  const amount = rand(1.6, 2.4);
  const grid = Array.from({ length: (gx + 1) * (gy + 1) }, () => [rand(-amount, amount), rand(-amount, amount)] as const);
  const ease = (t: number) => t * t * (3 - 2 * t);
  const shift = (x: number, y: number, axis: 0 | 1) => {
    const [u, v] = [(x / width) * gx, (y / height) * gy];
    const [i, j] = [Math.min(gx - 1, Math.floor(u)), Math.min(gy - 1, Math.floor(v))];
    const [fu, fv] = [ease(u - i), ease(v - j)];
    const g = (a: number, b: number) => (grid[b * (gx + 1) + a] as readonly [number, number])[axis];
    return (g(i, j) * (1 - fu) + g(i + 1, j) * fu) * (1 - fv) + (g(i, j + 1) * (1 - fu) + g(i + 1, j + 1) * fu) * fv;
  };
  const [ax, lx, px] = [rand(0.8, 1.4), rand(30, 45), rand(0, 2 * Math.PI)];
  // Sampling clamps at the edges; indices and weights are worked out once per pixel for all four channels.
  const clampX = (x: number) => Math.min(width - 1, Math.max(0, x));
  const clampY = (y: number) => Math.min(height - 1, Math.max(0, y));
  for (let y = 0; y < height; y++) {
    const wave = ax * Math.sin(px + (2 * Math.PI * y) / lx);
    for (let x = 0; x < width; x++) {
      const sx = x + shift(x, y, 0) + wave;
      const sy = y + shift(x, y, 1);
      const [x0, y0] = [Math.floor(sx), Math.floor(sy)];
      const [fx, fy] = [sx - x0, sy - y0];
      const [xa, xb, ya, yb] = [clampX(x0), clampX(x0 + 1), clampY(y0), clampY(y0 + 1)];
      const [p00, p10, p01, p11] = [(ya * width + xa) * 4, (ya * width + xb) * 4, (yb * width + xa) * 4, (yb * width + xb) * 4];
      const o = (y * width + x) * 4;
      // Bilinear, so bent strokes stay smooth rather than jagged.
      for (let c = 0; c < 4; c++) {
        const top = (rgba[p00 + c] as number) * (1 - fx) + (rgba[p10 + c] as number) * fx;
        const bottom = (rgba[p01 + c] as number) * (1 - fx) + (rgba[p11 + c] as number) * fx;
        out[o + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return out;
}

/** The challenge and where each digit sits (tests train their attacks on this; the service sends only the PNG). */
export async function renderCaptchaImageWithLayout(
  text: string,
  random: RandomSource = cryptoRandom,
  design: ImageDesign = IMAGE_DESIGN,
): Promise<{ png: Buffer; boxes: DigitBox[] }> {
  assertDigits(text);
  const rand = rangeOf(random);
  const { svg, boxes } = buildCaptchaSvg(text, rand, design);
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: 4 as const };
  return { png: await sharp(bend(data, info.width, info.height, rand), { raw }).png().toBuffer(), boxes };
}

export async function renderCaptchaImage(text: string, random: RandomSource = cryptoRandom): Promise<Buffer> {
  return (await renderCaptchaImageWithLayout(text, random)).png;
}

const SAMPLE_RATE = 16_000;
// Relative to this module so it resolves the same from src/infra/captcha/ and dist/infra/captcha/.
const AUDIO_DIR = new URL('../../../assets/captcha-audio/', import.meta.url);

/** Extracts the PCM samples of a mono 16-bit WAV at SAMPLE_RATE, walking the RIFF chunks. */
function parseDigitWav(buf: Buffer, name: string): Int16Array {
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error(`${name}: not a RIFF/WAVE file`);
  }
  let format: { audioFormat: number; channels: number; sampleRate: number; bitsPerSample: number } | undefined;
  let data: Buffer | undefined;
  let offset = 12;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    const body = buf.subarray(offset + 8, Math.min(offset + 8 + size, buf.length));
    if (id === 'fmt ' && body.length >= 16) {
      format = {
        audioFormat: body.readUInt16LE(0),
        channels: body.readUInt16LE(2),
        sampleRate: body.readUInt32LE(4),
        bitsPerSample: body.readUInt16LE(14),
      };
    } else if (id === 'data') {
      data = body;
    }
    offset += 8 + size + (size % 2); // chunks are word-aligned
  }
  if (!format || !data) throw new Error(`${name}: missing fmt or data chunk`);
  if (format.audioFormat !== 1 || format.channels !== 1 || format.bitsPerSample !== 16 || format.sampleRate !== SAMPLE_RATE) {
    throw new Error(`${name}: expected 16-bit mono PCM at ${SAMPLE_RATE} Hz`);
  }
  const samples = new Int16Array(Math.floor(data.length / 2));
  for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(i * 2);
  return samples;
}

let digitSamples: Int16Array[] | undefined;

function loadDigitSamples(): Int16Array[] {
  digitSamples ??= Array.from({ length: 10 }, (_, d) => {
    const url = new URL(`${d}.wav`, AUDIO_DIR);
    return parseDigitWav(readFileSync(url), url.pathname);
  });
  return digitSamples;
}

function encodeWav(samples: Int16Array): Buffer {
  const dataSize = samples.length * 2;
  const buf = Buffer.alloc(44 + dataSize);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + dataSize, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(SAMPLE_RATE, 24);
  buf.writeUInt32LE(SAMPLE_RATE * 2, 28); // byte rate
  buf.writeUInt16LE(2, 32); // block align
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(dataSize, 40);
  for (let i = 0; i < samples.length; i++) buf.writeInt16LE(samples[i] as number, 44 + i * 2);
  return buf;
}

const msToSamples = (ms: number): number => Math.round((ms * SAMPLE_RATE) / 1000);

/**
 * Plays `clip` with a speed that wanders around `rate` (pitch and tempo change together, like a different voice,
 * and the slow wobble bends the timing inside the digit), so no stretch of it matches the recording sample for sample.
 */
export function warp(clip: Int16Array, rate: number, wobble: number, random: RandomSource): Float64Array {
  const hz = 2 + random() * 4;
  const phase = random() * 2 * Math.PI;
  const out: number[] = [];
  let pos = 0;
  for (let i = 0; pos < clip.length - 1; i++) {
    const k = Math.floor(pos);
    const f = pos - k;
    out.push((clip[k] as number) * (1 - f) + (clip[k + 1] as number) * f);
    pos += rate * (1 + wobble * Math.sin(phase + (2 * Math.PI * hz * i) / SAMPLE_RATE));
  }
  return Float64Array.from(out);
}

const peak = (x: Float64Array): number => x.reduce((m, v) => Math.max(m, Math.abs(v)), 1);

/** RBJ peaking equaliser at `hz` with `gainDb` boost or cut, applied in place. */
function peakingEq(x: Float64Array, hz: number, gainDb: number, q: number): void {
  const a = 10 ** (gainDb / 40);
  const w = (2 * Math.PI * hz) / SAMPLE_RATE;
  const alpha = Math.sin(w) / (2 * q);
  const a0 = 1 + alpha / a;
  const [b0, b1, b2] = [(1 + alpha * a) / a0, (-2 * Math.cos(w)) / a0, (1 - alpha * a) / a0];
  const [a1, a2] = [(-2 * Math.cos(w)) / a0, (1 - alpha / a) / a0];
  let [x1, x2, y1, y2] = [0, 0, 0, 0];
  for (let i = 0; i < x.length; i++) {
    const x0 = x[i] as number;
    const y0 = b0 * x0 + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    [x2, x1, y2, y1] = [x1, x0, y1, y0];
    x[i] = y0;
  }
}

/** Timbre of one challenge's speaker: resonances that move the formants' balance, like another vocal tract. */
type Voice = { rate: number; bands: { hz: number; gainDb: number; q: number }[] };

function pickVoice(random: RandomSource): Voice {
  const between = rangeOf(random);
  return {
    rate: between(0.85, 1.15),
    bands: Array.from({ length: 3 }, () => ({ hz: between(250, 3500), gainDb: between(-14, 14), q: between(0.8, 2.5) })),
  };
}

/**
 * One spoken digit: the challenge's voice, then per digit its own speed (±8 % around the voice's), a speed wobble
 * that bends the timing inside the word, and its own resonance drift, so no two utterances of a digit are alike.
 */
function speak(digit: number, voice: Voice, random: RandomSource): Float64Array {
  const between = rangeOf(random);
  const clip = warp(loadDigitSamples()[digit] as Int16Array, voice.rate * between(0.92, 1.08), between(0.03, 0.07), random);
  for (const band of voice.bands) peakingEq(clip, band.hz * between(0.85, 1.15), band.gainDb + between(-4, 4), band.q);
  peakingEq(clip, between(400, 3000), between(-12, 12), between(1, 3));
  // Two deep cuts of their own per digit: a template's strongest bands go missing in different places each time, while
  // a listener fills a missing band in (issue 30, H6: without them a babble-aware spectral solver read 2 of 40).
  for (let n = 0; n < 2; n++) peakingEq(clip, between(300, 3400), between(-24, -14), between(1.5, 3));
  return clip;
}

/** One digit as the renderer speaks it, in a random voice (attack tests build their templates from this). */
export function renderDigitVoice(digit: number, random: RandomSource = cryptoRandom): Float64Array {
  return speak(digit, pickVoice(random), random);
}

/** Random positive weights summing to 1 (a flat Dirichlet), so pauses share the free time unevenly. */
function shares(count: number, random: RandomSource): number[] {
  const raw = Array.from({ length: count }, () => -Math.log(1 - random() * 0.999));
  const sum = raw.reduce((s, v) => s + v, 0);
  return raw.map((v) => v / sum);
}

export const AUDIO_MIN_SECONDS = 4;
export const AUDIO_MAX_SECONDS = 8;

/**
 * Continuous murmur: two overlapping streams of digits in other voices, half of them backwards (speech sounds, no
 * words), then levelled to a steady loudness (RMS 7–10 % of full scale, 50 ms at a time) so it never swells
 * into something that sounds like one more digit.
 */
function babble(total: number, random: RandomSource): Float64Array {
  const between = rangeOf(random);
  const samples = loadDigitSamples();
  const out = new Float64Array(total);
  for (let stream = 0; stream < 2; stream++) {
    for (let at = -msToSamples(between(0, 300)); at < total; at += msToSamples(between(200, 420))) {
      const other = pickVoice(random);
      const clip = warp(samples[Math.floor(random() * 10)] as Int16Array, other.rate * between(0.85, 1.15), between(0.03, 0.08), random);
      for (const band of other.bands) peakingEq(clip, band.hz, band.gainDb, band.q);
      if (random() < 0.5) clip.reverse();
      const gain = 1 / peak(clip);
      for (let i = 0; i < clip.length; i++) {
        const j = at + i;
        if (j >= 0 && j < total) out[j] = (out[j] as number) + (clip[i] as number) * gain;
      }
    }
  }
  const win = msToSamples(50);
  const target = between(0.07, 0.1) * 32767;
  const level = new Float64Array(Math.ceil(total / win));
  for (let w = 0; w < level.length; w++) {
    let sum = 0;
    const end = Math.min(total, (w + 1) * win);
    for (let i = w * win; i < end; i++) sum += (out[i] as number) ** 2;
    level[w] = Math.sqrt(sum / Math.max(1, end - w * win));
  }
  for (let i = 0; i < total; i++) {
    // Gain interpolated between window centres, so levelling does not click.
    const pos = Math.max(0, Math.min(level.length - 1, i / win - 0.5));
    const k = Math.floor(pos);
    const here = (level[k] as number) * (1 - (pos - k)) + (level[Math.min(level.length - 1, k + 1)] as number) * (pos - k);
    out[i] = (out[i] as number) * target / Math.max(here, 1e-6);
  }
  return out;
}

/**
 * Speaks the digits in a voice picked for this challenge over continuous speech-like babble (other digits forwards
 * and backwards in other voices) and noise. A person follows the one loud voice and hears one burst per digit; a
 * program finds no stretch that equals any recording, and the babble under each digit changes its spectrum.
 * A challenge of up to 6 digits lasts between AUDIO_MIN_SECONDS and AUDIO_MAX_SECONDS.
 */
export function renderCaptchaAudio(text: string, random: RandomSource = cryptoRandom): Buffer {
  assertDigits(text);
  const between = rangeOf(random);
  const voice = pickVoice(random);
  const clips = [...text].map((ch) => speak(Number(ch), voice, random));
  const spoken = clips.reduce((n, c) => n + c.length, 0);
  // The length is chosen first; the pauses (edges included) share what the words leave, each at least 250 ms.
  const minPause = msToSamples(250);
  const pauses = clips.length + 1;
  const target = Math.max(msToSamples(between(4.6, 7.4) * 1000), spoken + pauses * minPause);
  const free = target - spoken - pauses * minPause;
  const pause = shares(pauses, random).map((w) => minPause + Math.round(w * free));
  const placements: { clip: Float64Array; start: number; gain: number }[] = [];
  let cursor = pause[0] as number;
  clips.forEach((clip, i) => {
    // Each digit at an RMS of 18–24 % of full scale (peaks kept under 95 %), 2–3× the murmur's: one clear burst.
    const level = Math.sqrt(clip.reduce((s, v) => s + v * v, 0) / clip.length) || 1;
    placements.push({ clip, start: cursor, gain: Math.min((between(0.18, 0.24) * 32767) / level, (0.95 * 32767) / peak(clip)) });
    cursor += clip.length + (pause[i + 1] as number);
  });
  const total = cursor;
  const mix = babble(total, random);
  const noiseLevel = between(0.02, 0.04) * 32767;
  for (let i = 0; i < total; i++) mix[i] = (mix[i] as number) + (random() * 2 - 1) * noiseLevel;
  for (const { clip, start, gain } of placements) {
    for (let i = 0; i < clip.length; i++) mix[start + i] = (mix[start + i] as number) + (clip[i] as number) * gain;
  }
  const out = new Int16Array(total);
  for (let i = 0; i < total; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(mix[i] as number)));
  return encodeWav(out);
}

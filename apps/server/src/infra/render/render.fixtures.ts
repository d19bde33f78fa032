// Test images made with sharp (blocks, gradients, SVG drawings) and the colour measurements the render tests use.
import sharp from 'sharp';
import type { Rect } from './image.js';

export type Rgb = [number, number, number];

export const COLOURS: Record<string, string> = {
  red: '#d02020',
  green: '#20a040',
  blue: '#2040d0',
  yellow: '#e0c020',
  magenta: '#c030b0',
  cyan: '#20b0c0',
  orange: '#e07020',
  purple: '#6030a0',
  brown: '#805030',
};

export function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** A plain JPEG block of one colour. */
export function block(colour: string, w: number, h: number): Promise<Buffer> {
  return sharp({ create: { width: w, height: h, channels: 3, background: colour } }).jpeg({ quality: 95 }).toBuffer();
}

/** A JPEG of one colour with a marker square of another at box (pixels). */
export function withMarker(colour: string, w: number, h: number, marker: string, box: Rect): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="${colour}"/>` +
    `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" fill="${marker}"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 95 }).toBuffer();
}

/** A busy, well-exposed picture: a gradient under stripes, circles and text, so it has plenty of edges. */
export function detailedPhoto(w: number, h: number): Promise<Buffer> {
  const stripes = Array.from({ length: 40 }, (_, i) => `<rect x="${(i * w) / 40}" y="0" width="${w / 80}" height="${h / 3}" fill="#222"/>`).join('');
  const circles = Array.from({ length: 12 }, (_, i) => `<circle cx="${((i + 0.5) * w) / 12}" cy="${h / 2}" r="${w / 40}" fill="#f4f4f4" stroke="#111" stroke-width="3"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g"><stop offset="0" stop-color="#5a7fa8"/><stop offset="1" stop-color="#c9a070"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>${stripes}${circles}` +
    `<text x="${w / 20}" y="${(h * 5) / 6}" font-family="DejaVu Sans" font-size="${h / 10}" fill="#101010">Bulut 2026 photos</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 95 }).toBuffer();
}

/** Mean RGB of an image or a region of it (a one-channel image gives its grey three times). */
export async function meanColour(image: Buffer, region?: Rect): Promise<Rgb> {
  let img = sharp(image);
  if (region) img = sharp(await img.extract({ left: region.x, top: region.y, width: region.w, height: region.h }).toBuffer());
  const { channels } = await img.stats();
  const m = channels.map((c) => c.mean);
  return m.length >= 3 ? [m[0] as number, m[1] as number, m[2] as number] : [m[0] as number, m[0] as number, m[0] as number];
}

/** Euclidean distance between two colours (0 for equal, ~441 for black against white). */
export function colourDistance(a: Rgb, b: Rgb): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** Mean saturation (max − min over max, 0..1) over all pixels. */
export async function meanSaturation(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (info.channels < 3) return 0;
  let sum = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const r = data[i] as number;
    const g = data[i + 1] as number;
    const b = data[i + 2] as number;
    const max = Math.max(r, g, b);
    sum += max === 0 ? 0 : (max - Math.min(r, g, b)) / max;
  }
  return sum / (data.length / info.channels);
}

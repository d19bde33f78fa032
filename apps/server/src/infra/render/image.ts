// Image helpers shared by the renderers: oriented sizes, focus-aware cover crops, text drawn with DejaVu Sans.
import sharp from 'sharp';

/** A box in fractions (0..1) of the oriented photo, e.g. a face box. */
export interface FocusBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A rectangle in pixels of an output image. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PixelSize {
  w: number;
  h: number;
}

// The font covers every script of the product's 11 languages (Latin incl. Turkish, Cyrillic, Arabic, Georgian).
export const FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
export const FONT_FILE_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

const UNFOCUSED_CENTRE_Y = 0.4;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Width and height after EXIF orientation; throws sharp's own error on an unreadable image. */
export async function orientedSize(image: Buffer): Promise<PixelSize> {
  const meta = await sharp(image).metadata();
  return { w: meta.autoOrient.width, h: meta.autoOrient.height };
}

/** The smallest box holding every focus box, clamped to the photo; null when there is none. */
export function unionOfFocus(boxes: readonly FocusBox[] | undefined): FocusBox | null {
  if (!boxes?.length) return null;
  const x0 = clamp(Math.min(...boxes.map((b) => b.x)), 0, 1);
  const y0 = clamp(Math.min(...boxes.map((b) => b.y)), 0, 1);
  const x1 = clamp(Math.max(...boxes.map((b) => b.x + b.w)), 0, 1);
  const y1 = clamp(Math.max(...boxes.map((b) => b.y + b.h)), 0, 1);
  return { x: x0, y: y0, w: Math.max(0, x1 - x0), h: Math.max(0, y1 - y0) };
}

/**
 * Where a cover crop of a `src`-sized photo into a `dst`-sized cell lands: the photo scaled to `scaled` and the
 * window `left/top` inside it, centred on the focus (or a little above the photo's middle) and kept inside the photo.
 */
export function coverWindow(src: PixelSize, dst: PixelSize, focus: FocusBox | null) {
  const scale = Math.max(dst.w / src.w, dst.h / src.h);
  const scaled = { w: Math.max(dst.w, Math.round(src.w * scale)), h: Math.max(dst.h, Math.round(src.h * scale)) };
  const cx = focus ? (focus.x + focus.w / 2) * scaled.w : scaled.w / 2;
  // Without a focus, a little above the middle: heads sit in the upper part of most photos, so a centred crop of a
  // portrait into a landscape cell cuts them off first.
  const cy = focus ? (focus.y + focus.h / 2) * scaled.h : scaled.h * UNFOCUSED_CENTRE_Y;
  return {
    scaled,
    left: Math.round(clamp(cx - dst.w / 2, 0, scaled.w - dst.w)),
    top: Math.round(clamp(cy - dst.h / 2, 0, scaled.h - dst.h)),
  };
}

/**
 * The photo oriented, scaled to cover `dst` and cropped around its focus boxes, as a sharp pipeline (so callers pick
 * the encoding). Resizing before extracting lets libvips shrink JPEGs on load, the bulk of the saving on 12 MP input.
 */
export async function coverCrop(image: Buffer, dst: PixelSize, focus?: readonly FocusBox[]): Promise<sharp.Sharp> {
  const src = await orientedSize(image);
  const win = coverWindow(src, dst, unionOfFocus(focus));
  return sharp(image)
    .autoOrient()
    .resize(win.scaled.w, win.scaled.h, { fit: 'fill' })
    .extract({ left: win.left, top: win.top, width: dst.w, height: dst.h })
    .flatten({ background: '#000000' })
    .toColourspace('srgb');
}

const escapeMarkup = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A transparent PNG of `text` in DejaVu Sans, centred and wrapped to `maxWidth`; shrunk to fit `maxHeight` when long.
 * libvips lays the text out with Pango (shaping and right-to-left for Arabic), so no ffmpeg drawtext is needed.
 */
export async function renderText(opts: {
  text: string;
  fontPx: number;
  maxWidth: number;
  maxHeight: number;
  colour: string;
  bold?: boolean;
}): Promise<{ image: Buffer; w: number; h: number }> {
  const markup = `<span foreground="${opts.colour}">${escapeMarkup(opts.text)}</span>`;
  const base = {
    text: markup,
    fontfile: opts.bold ? FONT_FILE_BOLD : FONT_FILE,
    font: `DejaVu Sans${opts.bold ? ' Bold' : ''}`,
    width: Math.max(1, Math.floor(opts.maxWidth)),
    align: 'centre' as const,
    rgba: true,
    wrap: 'word-char' as const,
  };
  // At 72 dpi a point is a pixel, so fontPx is the size asked for.
  let out = await sharp({ text: { ...base, font: `${base.font} ${Math.max(1, Math.round(opts.fontPx))}`, dpi: 72 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  if (out.info.height > opts.maxHeight) {
    // Too long for the space: let libvips pick the largest size that fits the box.
    out = await sharp({ text: { ...base, height: Math.max(1, Math.floor(opts.maxHeight)) } })
      .png()
      .toBuffer({ resolveWithObject: true });
  }
  return { image: out.data, w: out.info.width, h: out.info.height };
}

// A title card: the title (and subtitle) centred on a plain background, in DejaVu Sans so every script renders.
import sharp from 'sharp';
import { renderText, type PixelSize } from './image.js';

export interface TitleCardOptions {
  title: string;
  subtitle?: string;
  size: PixelSize;
  background?: string;
  colour?: string;
}

export const TITLE_CARD_BACKGROUND = '#1d2733';

/** The card as a PNG of exactly size.w × size.h. */
export async function renderTitleCard(opts: TitleCardOptions): Promise<Buffer> {
  const { w, h } = opts.size;
  const textWidth = Math.round(w * 0.84);
  const title = opts.title.trim()
    ? await renderText({ text: opts.title.trim(), fontPx: h * 0.09, maxWidth: textWidth, maxHeight: h * 0.5, colour: opts.colour ?? '#ffffff', bold: true })
    : null;
  const subtitle = opts.subtitle?.trim()
    ? await renderText({ text: opts.subtitle.trim(), fontPx: h * 0.05, maxWidth: textWidth, maxHeight: h * 0.2, colour: opts.colour ?? '#d5dce4' })
    : null;
  const blocks = [title, subtitle].filter((b) => b !== null);
  const spacing = Math.round(h * 0.03);
  const total = blocks.reduce((sum, b) => sum + b.h, 0) + spacing * Math.max(0, blocks.length - 1);
  let top = Math.round((h - total) / 2);
  const layers: sharp.OverlayOptions[] = [];
  for (const b of blocks) {
    // A text wider than the card (a single unbreakable word) is cut at the card's edge rather than failing.
    const input = b.w > w || b.h > h ? await sharp(b.image).extract({ left: 0, top: 0, width: Math.min(w, b.w), height: Math.min(h, b.h) }).toBuffer() : b.image;
    layers.push({ input, left: Math.max(0, Math.round((w - Math.min(w, b.w)) / 2)), top: Math.max(0, top) });
    top += b.h + spacing;
  }
  return sharp({ create: { width: w, height: h, channels: 3, background: opts.background ?? TITLE_CARD_BACKGROUND } })
    .composite(layers)
    .png({ compressionLevel: 1 })
    .toBuffer();
}

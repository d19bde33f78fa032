import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { assignCells, COLLAGE_LAYOUTS, pickCollageLayout, renderCollage, type CollageLayout } from './collage.js';
import type { Rect } from './image.js';
import { block, colourDistance, COLOURS, hexToRgb, meanColour, withMarker } from './render.fixtures.js';

const palette = Object.values(COLOURS);
/** The middle of a cell: away from its edges, where JPEG ringing and the gap blur the colour. */
const inner = (c: Rect): Rect => ({ x: c.x + Math.floor(c.w / 4), y: c.y + Math.floor(c.h / 4), w: Math.floor(c.w / 2), h: Math.floor(c.h / 2) });

/** How many pixels of `region` are close to `colour`. */
async function countNear(image: Buffer, region: Rect, colour: string): Promise<number> {
  const { data } = await sharp(image).extract({ left: region.x, top: region.y, width: region.w, height: region.h }).raw().toBuffer({ resolveWithObject: true });
  const [r, g, b] = hexToRgb(colour);
  let n = 0;
  for (let i = 0; i < data.length; i += 3) {
    if (colourDistance([data[i] as number, data[i + 1] as number, data[i + 2] as number], [r, g, b]) < 60) n++;
  }
  return n;
}

describe('renderCollage', () => {
  for (let count = 2; count <= 9; count++) {
    it(`lays out ${count} photos: the expected size, each cell the colour of its photo`, async () => {
      // Mixed orientations, so the cover crop runs both ways.
      const photos = await Promise.all(
        palette.slice(0, count).map(async (c, i) => ({ image: await block(c, i % 2 ? 300 : 400, i % 2 ? 400 : 300) })),
      );
      const out = await renderCollage({ photos, size: 1024, gap: 8 });
      const meta = await sharp(out.image).metadata();
      expect(meta.format).toBe('jpeg');
      expect([meta.width, meta.height]).toEqual([out.width, out.height]);
      expect(Math.max(out.width, out.height)).toBe(1024);
      expect(out.cells).toHaveLength(count);
      for (const [i, cell] of out.cells.entries()) {
        expect(cell.x + cell.w).toBeLessThanOrEqual(out.width);
        expect(cell.y + cell.h).toBeLessThanOrEqual(out.height);
        expect(colourDistance(await meanColour(out.image, inner(cell)), hexToRgb(palette[i] as string))).toBeLessThan(20);
      }
      // The gap is the background (white by default), not a photo.
      expect(colourDistance(await meanColour(out.image, { x: 0, y: 0, w: 4, h: 4 }), [255, 255, 255])).toBeLessThan(20);
    });
  }

  it('puts two portraits side by side and stacks two landscapes', async () => {
    const portraits = [{ image: await block(COLOURS.red as string, 300, 400) }, { image: await block(COLOURS.blue as string, 300, 400) }];
    const side = await renderCollage({ photos: portraits, size: 800 });
    expect(side.width).toBeGreaterThan(side.height);
    expect(side.cells[1]?.x).toBeGreaterThan(side.cells[0]?.x as number);
    const landscapes = [{ image: await block(COLOURS.red as string, 400, 300) }, { image: await block(COLOURS.blue as string, 400, 300) }];
    const stack = await renderCollage({ photos: landscapes, size: 800 });
    expect(stack.height).toBeGreaterThan(stack.width);
    expect(stack.cells[1]?.y).toBeGreaterThan(stack.cells[0]?.y as number);
  });

  it('keeps a focus box near the edge of a photo inside its cell', async () => {
    // A wide photo in a portrait cell: a centred crop would cut the marker at the far right off.
    const marker = { x: 1420, y: 350, w: 120, h: 120 };
    const image = await withMarker('#808080', 1600, 800, COLOURS.red as string, marker);
    const other = { image: await block(COLOURS.blue as string, 300, 400) };
    const focus = [{ x: marker.x / 1600, y: marker.y / 800, w: marker.w / 1600, h: marker.h / 800 }];

    const centred = await renderCollage({ photos: [{ image }, other], layout: 'two-side', size: 800 });
    expect(await countNear(centred.image, centred.cells[0] as Rect, COLOURS.red as string)).toBe(0);

    const focused = await renderCollage({ photos: [{ image, focus }, other], layout: 'two-side', size: 800 });
    const cell = focused.cells[0] as Rect;
    // The marker scales with the photo (the cell's height over 800) and lands whole inside the cell.
    const side = (marker.w * cell.h) / 800;
    expect(await countNear(focused.image, cell, COLOURS.red as string)).toBeGreaterThan(0.8 * side * side);
  });

  it('applies the EXIF orientation of a photo', async () => {
    // Stored 400×200, red on the left; orientation 6 shows it 200×400 with red on top.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="200" height="200" fill="#d02020"/><rect x="200" width="200" height="200" fill="#2040d0"/></svg>';
    const rotated = await sharp(Buffer.from(svg)).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const out = await renderCollage({ photos: [{ image: rotated }, { image: await block('#20a040', 200, 400) }], layout: 'two-side', size: 800 });
    const cell = out.cells[0] as Rect;
    const top = await meanColour(out.image, { x: cell.x + 10, y: cell.y + 10, w: cell.w - 20, h: Math.floor(cell.h / 3) });
    const bottom = await meanColour(out.image, { x: cell.x + 10, y: cell.y + Math.floor((cell.h * 2) / 3), w: cell.w - 20, h: Math.floor(cell.h / 3) - 10 });
    expect(colourDistance(top, hexToRgb('#d02020'))).toBeLessThan(25);
    expect(colourDistance(bottom, hexToRgb('#2040d0'))).toBeLessThan(25);
  });

  it('refuses too few or too many photos and a layout for another count', async () => {
    const one = { image: await block('#808080', 100, 100) };
    await expect(renderCollage({ photos: [one] })).rejects.toThrow(RangeError);
    await expect(renderCollage({ photos: Array.from({ length: 10 }, () => one) })).rejects.toThrow(RangeError);
    await expect(renderCollage({ photos: [one, one, one], layout: 'four-grid' })).rejects.toThrow(RangeError);
  });

  it('offers a layout for every count from 2 to 9', () => {
    for (let n = 2; n <= 9; n++) {
      const layout: CollageLayout = pickCollageLayout(Array.from({ length: n }, () => 'landscape'));
      expect(COLLAGE_LAYOUTS[layout].cells).toHaveLength(n);
    }
  });

  it('gives each photo after the first the free cell closest to its shape', () => {
    const cells = [{ x: 0, y: 0, w: 300, h: 300 }, { x: 0, y: 300, w: 200, h: 100 }, { x: 200, y: 300, w: 100, h: 200 }];
    // A portrait and a landscape after the hero: swapped into the cells that fit them.
    expect(assignCells([1, 0.5, 2], cells)).toEqual([0, 2, 1]);
    // The hero keeps the big cell even when another cell fits it better.
    expect(assignCells([0.5, 2, 2], cells)).toEqual([0, 1, 2]);
  });
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { block, detailedPhoto, meanColour, meanSaturation } from './render.fixtures.js';
import { PHOTO_STYLES, renderStyled } from './styles.js';

/** A colourful photo: four saturated quadrants. */
function quadrants(w: number, h: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">` +
    `<rect width="${w / 2}" height="${h / 2}" fill="#b05050"/><rect x="${w / 2}" width="${w / 2}" height="${h / 2}" fill="#50a060"/>` +
    `<rect y="${h / 2}" width="${w / 2}" height="${h / 2}" fill="#5060b0"/><rect x="${w / 2}" y="${h / 2}" width="${w / 2}" height="${h / 2}" fill="#b0a050"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 95 }).toBuffer();
}

describe('renderStyled', () => {
  it('keeps the oriented size of the input for every style, as JPEG', async () => {
    // Stored 300×200 with orientation 8: shown 200×300.
    const rotated = await sharp(await quadrants(300, 200)).withMetadata({ orientation: 8 }).jpeg().toBuffer();
    for (const style of PHOTO_STYLES) {
      const meta = await sharp(await renderStyled(rotated, style)).metadata();
      expect({ style, format: meta.format, width: meta.width, height: meta.height }).toEqual({ style, format: 'jpeg', width: 200, height: 300 });
    }
  });

  it('shrinks to maxSize when asked, never enlarges', async () => {
    const photo = await quadrants(400, 200);
    expect(await sharp(await renderStyled(photo, 'warm', { maxSize: 100 })).metadata()).toMatchObject({ width: 100, height: 50 });
    expect(await sharp(await renderStyled(photo, 'warm', { maxSize: 1000 })).metadata()).toMatchObject({ width: 400, height: 200 });
  });

  it('bw has no colour at all', async () => {
    expect(await meanSaturation(await renderStyled(await quadrants(200, 200), 'bw'))).toBeLessThan(0.01);
  });

  it('vivid is more saturated than the source', async () => {
    const photo = await quadrants(200, 200);
    expect(await meanSaturation(await renderStyled(photo, 'vivid'))).toBeGreaterThan((await meanSaturation(photo)) * 1.15);
  });

  it('warm shifts a grey towards red and cool towards blue', async () => {
    const grey = await block('#808080', 100, 100);
    const [wr, , wb] = await meanColour(await renderStyled(grey, 'warm'));
    const [cr, , cb] = await meanColour(await renderStyled(grey, 'cool'));
    expect(wr - wb).toBeGreaterThan(15);
    expect(cb - cr).toBeGreaterThan(15);
  });

  it('vintage is brownish: red over blue, less saturated than the source', async () => {
    const photo = await quadrants(200, 200);
    const out = await renderStyled(photo, 'vintage');
    const [r, , b] = await meanColour(out);
    expect(r - b).toBeGreaterThan(15);
    expect(await meanSaturation(out)).toBeLessThan(await meanSaturation(photo));
    // The vignette: on an even grey, the corners come out darker than the middle.
    const grey = await renderStyled(await block('#a0a0a0', 300, 200), 'vintage');
    const [middle] = await meanColour(grey, { x: 130, y: 80, w: 40, h: 40 });
    const [corner] = await meanColour(grey, { x: 0, y: 0, w: 15, h: 15 });
    expect(middle - corner).toBeGreaterThan(20);
  });

  it('sketch is mostly light, with dark lines along the edges of a drawn shape', async () => {
    // A dark-blue square on light grey: its outline should be drawn, its inside and the background left light.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="#dddddd"/><rect x="100" y="100" width="200" height="200" fill="#203070"/></svg>';
    const out = await renderStyled(await sharp(Buffer.from(svg)).png().toBuffer(), 'sketch');
    const [mean] = await meanColour(out);
    expect(mean).toBeGreaterThan(200);
    const [inside] = await meanColour(out, { x: 150, y: 150, w: 100, h: 100 });
    const [outside] = await meanColour(out, { x: 10, y: 10, w: 60, h: 60 });
    expect(inside).toBeGreaterThan(200);
    expect(outside).toBeGreaterThan(200);
    // Along the square's left and top edges: a dark stroke, one or two pixels wide.
    const columns = await Promise.all(Array.from({ length: 10 }, (_, i) => meanColour(out, { x: 95 + i, y: 150, w: 1, h: 100 })));
    const rows = await Promise.all(Array.from({ length: 10 }, (_, i) => meanColour(out, { x: 150, y: 95 + i, w: 100, h: 1 })));
    expect(Math.min(...columns.map((c) => c[0]))).toBeLessThan(120);
    expect(Math.min(...rows.map((c) => c[0]))).toBeLessThan(120);
  });

  it('handles a detailed photo and a transparent PNG for every style', async () => {
    const photo = await detailedPhoto(320, 240);
    const transparent = await sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 10, g: 200, b: 10, alpha: 0.3 } } }).png().toBuffer();
    for (const style of PHOTO_STYLES) {
      expect((await sharp(await renderStyled(photo, style)).metadata()).width).toBe(320);
      expect((await sharp(await renderStyled(transparent, style)).metadata()).width).toBe(64);
    }
  });
});

import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { account, downloadUrls, sha256 } from '../upload/upload.fixtures.js';
import { fetchImage, mediaJobsOf, mediaOf, processUpload, uploadAll } from './fixtures/media.fixtures.js';
import { rasteriseSvg, svgRefusal, svgText } from './media.svg.js';

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';

/** Billion laughs with <use>: nine levels of ten references each, 10^8 rectangles from under 3 KB. */
function nestedUse(levels = 8): string {
  let s = `<svg ${NS} width="1000" height="1000"><defs><rect id="l0" width="1" height="1" fill="red"/>`;
  for (let i = 1; i <= levels; i++) {
    s += `<g id="l${i}">`;
    for (let j = 0; j < 10; j++) s += `<use xlink:href="#l${i - 1}" x="${j}"/>`;
    s += '</g>';
  }
  return `${s}</defs><use xlink:href="#l${levels}"/></svg>`;
}

/** A drawing inside every limit that librsvg needs minutes for: forty huge blurs over a 2880 px canvas. */
function slowDrawing(): string {
  let s = `<svg ${NS} width="2880" height="2880"><defs>`;
  for (let i = 0; i < 40; i++) s += `<filter id="f${i}"><feGaussianBlur stdDeviation="${300 + i}"/><feMorphology operator="dilate" radius="200"/></filter>`;
  s += '</defs>';
  for (let i = 0; i < 40; i++) s += `<rect width="2880" height="2880" fill="#${(i * 4999).toString(16).padStart(6, '0')}" filter="url(#f${i})"/>`;
  return `${s}</svg>`;
}

const drawing = `<?xml version="1.0"?>\n<svg ${NS} viewBox="0 0 400 300"><defs><circle id="dot" r="20" fill="blue"/></defs>
  <rect width="400" height="300" fill="red"/><use href="#dot" x="100" y="100"/><use xlink:href="#dot" x="300" y="200"/>
  <a href="https://example.com/about"><text x="10" y="290">about</text></a></svg>`;

describe('SVG checks', () => {
  it('accepts an ordinary drawing with a few <use>s and a hyperlink', () => {
    expect(svgRefusal(drawing)).toBeNull();
  });

  it('refuses nested <use> that expands past the element limit', () => {
    expect(svgRefusal(nestedUse())).toBe('SVG draws too many elements: over 50,000 once <use> is expanded');
    // Three levels (1,000 rectangles) are an ordinary pattern.
    expect(svgRefusal(nestedUse(3))).toBeNull();
  });

  it('refuses cycles, entities, XInclude and every kind of external reference', () => {
    const cases = {
      cycle: `<svg ${NS}><g id="a"><use href="#b"/></g><g id="b"><use xlink:href="#a"/></g></svg>`,
      entity: `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;">]><svg ${NS}><text>&b;</text></svg>`,
      xinclude: `<svg ${NS} xmlns:xi="http://www.w3.org/2001/XInclude"><xi:include href="/etc/passwd" parse="text"/></svg>`,
      image: `<svg ${NS}><image xlink:href="http://127.0.0.1:1/x.png" width="10" height="10"/></svg>`,
      file: `<svg ${NS}><image href="file:///etc/passwd" width="10" height="10"/></svg>`,
      useOther: `<svg ${NS}><use href="other.svg#shape"/></svg>`,
      fill: `<svg ${NS}><rect width="9" height="9" fill="url(https://evil.test/p.svg#g)"/></svg>`,
      css: `<svg ${NS}><style>@import url("https://evil.test/a.css");</style></svg>`,
    };
    expect(Object.fromEntries(Object.entries(cases).map(([k, v]) => [k, svgRefusal(v)]))).toEqual({
      cycle: 'SVG has a <use> element that refers to itself',
      entity: 'SVG declares XML entities, which are not allowed',
      xinclude: 'SVG includes other files, which is not allowed',
      image: 'SVG refers to an external resource, which is not allowed',
      file: 'SVG refers to an external resource, which is not allowed',
      useOther: 'SVG refers to an external resource, which is not allowed',
      fill: 'SVG refers to an external resource, which is not allowed',
      css: 'SVG refers to an external resource, which is not allowed',
    });
  });

  it('recognises SVG by content, compressed or not, and leaves other images alone', async () => {
    expect(svgText(Buffer.from(drawing))).toBe(drawing);
    expect(svgText(zlib.gzipSync(drawing))).toBe(drawing);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } }).png().toBuffer();
    expect(svgText(png)).toBeNull();
    expect(svgText(Buffer.from('<html><body>not a drawing</body></html>'))).toBeNull();
  });

  it('a drawing that outlives its time limit is stopped and refused', async () => {
    await expect(rasteriseSvg(slowDrawing(), 1_000)).rejects.toThrow('SVG took too long to draw: stopped after 1 s');
  });

  it('a drawing too large to scale down to the raster limit is refused before it is drawn', async () => {
    const huge = `<svg ${NS} width="10000000" height="10000000"><rect width="10" height="10"/></svg>`;
    await expect(rasteriseSvg(huge)).rejects.toThrow('SVG is too large: 10000000 × 10000000 pixels');
  });
});

describe.each(DIALECTS)('SVG in the media pipeline (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('an ordinary SVG gets its size, a thumbnail and a preview', async () => {
    const { item } = await processUpload(t, 'logo.svg', Buffer.from(drawing), 'image/svg+xml');
    expect(item).toMatchObject({ mediaStatus: 'READY', width: 400, height: 300, placeholder: expect.any(String) });
    const thumb = await fetchImage(t, item.thumbnailUrl);
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 333, 250]);
  });

  it('a nested-<use> SVG is FAILED with the reason and its original is still downloadable', async () => {
    const bomb = Buffer.from(nestedUse());
    const { item, row, token, accountId } = await processUpload(t, 'laughs.svg', bomb, 'image/svg+xml');
    expect(item).toMatchObject({ mediaStatus: 'FAILED', thumbnailUrl: null });
    expect(row.media_error).toBe('SVG draws too many elements: over 50,000 once <use> is expanded');
    const [link] = await downloadUrls(t, token, (await account(t, accountId)).project_id, [item.uuid as string]);
    const res = await t.app.inject({ method: 'GET', url: link!.url });
    expect(res.statusCode).toBe(200);
    expect(sha256(res.rawPayload)).toBe(sha256(bomb));
  });

  it('an SVG disguised as a PNG, or compressed, is checked the same way', async () => {
    const disguised = await processUpload(t, 'holiday.png', Buffer.from(nestedUse()), 'image/png');
    expect(disguised.row.media_error).toBe('SVG draws too many elements: over 50,000 once <use> is expanded');
    const svgz = await processUpload(t, 'laughs.svgz', zlib.gzipSync(nestedUse()), 'image/svg+xml');
    expect(svgz.row.media_error).toBe('SVG draws too many elements: over 50,000 once <use> is expanded');
  });

  it('hostile SVGs among photos fail alone, once, and the photos are all processed', async () => {
    const user = await signUp(t);
    const photo = (shade: number) =>
      sharp({ create: { width: 640, height: 480, channels: 3, background: { r: shade, g: 100, b: 50 } } }).jpeg().toBuffer();
    const uploads: Array<[string, Buffer, string]> = [
      ['a.jpg', await photo(20), 'image/jpeg'],
      ['laughs.svg', Buffer.from(nestedUse()), 'image/svg+xml'],
      ['b.jpg', await photo(40), 'image/jpeg'],
      ['huge.svg', Buffer.from(`<svg ${NS} width="10000000" height="10000000"><rect width="1" height="1"/></svg>`), 'image/svg+xml'],
      ['remote.svg', Buffer.from(`<svg ${NS} width="10" height="10"><image href="http://127.0.0.1:9/x.png"/></svg>`), 'image/svg+xml'],
      ['c.jpg', await photo(60), 'image/jpeg'],
    ];
    const ids = await uploadAll(t, user.token, uploads);
    const rows = await Promise.all(ids.map(async (id) => (await mediaOf(t, user.token, id)).row));
    expect(rows.map((r) => [r.media_status, r.media_error])).toEqual([
      ['READY', null],
      ['FAILED', 'SVG draws too many elements: over 50,000 once <use> is expanded'],
      ['READY', null],
      ['FAILED', 'SVG is too large: 10000000 × 10000000 pixels'],
      ['FAILED', 'SVG refers to an external resource, which is not allowed'],
      ['READY', null],
    ]);
    const jobs = await mediaJobsOf(t, ids);
    expect(jobs.map((j) => [j.status, j.attempts])).toEqual(ids.map(() => ['done', 1]));
  });
});

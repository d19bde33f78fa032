// SVG is a program, not a picture: nested <use> can multiply a few KB into millions of drawn elements, and librsvg
// renders synchronously, so one file could hold a media slot for as long as it likes. An SVG is therefore read whole,
// checked as text, and rasterised in a child process that is killed at a deadline; the main process never hands SVG
// to libvips.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { MediaDecodeError } from './media.tools.js';

/** Larger than any drawing or icon set a person keeps; an SVG is parsed whole, so its size bounds the parse. */
export const SVG_MAX_BYTES = 5 * 1024 ** 2;
/** Elements drawn once every <use> is expanded; librsvg's own ceiling (500,000) already takes seconds. */
export const SVG_MAX_ELEMENTS = 50_000;
/** Pixels of the raster; it only feeds a 1440 px preview, so it is drawn at most 2880 px on its long side. */
export const SVG_MAX_PIXELS = 2880 * 2880;
const SVG_LONG_SIDE = 2880;
/** Longest a rasterisation may hold a media slot; a legitimate drawing takes well under a second. */
export const SVG_TIMEOUT_MS = 5_000;
/** What the sniffer reads to tell an SVG from other images (libvips looks at a similar head). */
const SNIFF_BYTES = 64 * 1024;

export interface SvgRaster {
  /** The drawing's own size in CSS pixels, as a browser shows it. */
  width: number;
  height: number;
  png: Buffer;
}

/**
 * The document if these bytes are an SVG (plain or gzip-compressed, whatever the file is called), else null. libvips
 * sniffs content, not names, so a drawing uploaded as "photo.png" is caught here too.
 */
export function svgText(bytes: Buffer): string | null {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    let plain: Buffer;
    try {
      plain = zlib.gunzipSync(bytes, { maxOutputLength: SVG_MAX_BYTES + 1 });
    } catch (err) {
      if (err instanceof RangeError) throw new MediaDecodeError(`SVG is too large: over ${SVG_MAX_BYTES / 1024 ** 2} MB uncompressed`);
      return null;
    }
    return looksLikeSvg(plain) ? checkedSize(plain) : null;
  }
  return looksLikeSvg(bytes) ? checkedSize(bytes) : null;
}

/** Reads just enough of a file to sniff it, and the whole of it only when it is an SVG. */
export async function svgTextOfFile(file: string): Promise<string | null> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    const gzip = head[0] === 0x1f && head[1] === 0x8b;
    if (!gzip && !looksLikeSvg(head.subarray(0, bytesRead))) return null;
    const { size } = await handle.stat();
    // A compressed file is bounded after inflating; a plain one before it is read.
    if (!gzip && size > SVG_MAX_BYTES) throw new MediaDecodeError(`SVG is too large: over ${SVG_MAX_BYTES / 1024 ** 2} MB`);
    if (gzip && size > SVG_MAX_BYTES) return null;
    return svgText(await handle.readFile());
  } finally {
    await handle.close();
  }
}

function looksLikeSvg(bytes: Buffer): boolean {
  // Markup starts with "<" after an optional BOM and blanks; binary formats start with their magic number.
  const head = bytes.subarray(0, SNIFF_BYTES).toString('latin1').replace(/^\xef\xbb\xbf/, '').trimStart();
  return head.startsWith('<') && /<svg[\s>]/i.test(head);
}

function checkedSize(bytes: Buffer): string {
  if (bytes.length > SVG_MAX_BYTES) throw new MediaDecodeError(`SVG is too large: over ${SVG_MAX_BYTES / 1024 ** 2} MB`);
  return bytes.toString('utf8');
}

interface Tag {
  name: string;
  attrs: Map<string, string>;
  closing: boolean;
  selfClosing: boolean;
}

const TAG = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[^\s=>/]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
const ATTR = /([^\s=>/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function* tags(text: string): Generator<Tag> {
  for (const m of text.matchAll(TAG)) {
    const attrs = new Map<string, string>();
    for (const a of (m[3] ?? '').matchAll(ATTR)) attrs.set(a[1]!.toLowerCase(), a[2] ?? a[3] ?? '');
    yield { name: m[2]!.toLowerCase(), attrs, closing: m[1] === '/', selfClosing: m[4] === '/' };
  }
}

/** Places a drawing could pull something in from: only same-document fragments and inline data are allowed. */
const isLocalRef = (ref: string) => /^\s*(#|data:)/i.test(ref);

/**
 * Why this SVG must not be rasterised, or null. Refuses entity declarations (the "billion laughs"), XInclude,
 * references to anything outside the document, <use> cycles, and more than SVG_MAX_ELEMENTS elements once every
 * <use> is expanded. Works on the text alone, in time linear in its length.
 */
export function svgRefusal(text: string): string | null {
  if (/<!ENTITY/i.test(text)) return 'SVG declares XML entities, which are not allowed';
  const body = text.replace(/<!--[\s\S]*?-->/g, '').replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, (cdata) => (/@import|url\(/i.test(cdata) ? cdata : ''));
  if (/xinclude|<xi:include/i.test(body)) return 'SVG includes other files, which is not allowed';
  if (/@import/i.test(body)) return 'SVG refers to an external resource, which is not allowed';
  for (const m of body.matchAll(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
    if (!isLocalRef(m[2]!)) return 'SVG refers to an external resource, which is not allowed';
  }

  // Each element with an id: how many elements its subtree holds, and which ids its <use>s point at.
  interface Node { id: string | null; own: number; uses: string[] }
  const stack: Node[] = [{ id: null, own: 0, uses: [] }];
  const byId = new Map<string, Node>();
  let elements = 0;
  for (const tag of tags(body)) {
    if (tag.closing) {
      if (stack.length > 1) {
        const done = stack.pop()!;
        const parent = stack.at(-1)!;
        parent.own += done.own;
        parent.uses.push(...done.uses);
      }
      continue;
    }
    elements += 1;
    const href = tag.attrs.get('href') ?? tag.attrs.get('xlink:href');
    // A hyperlink's target is not loaded while drawing; every other href is.
    if (href !== undefined && tag.name !== 'a' && !isLocalRef(href)) return 'SVG refers to an external resource, which is not allowed';
    const node: Node = { id: tag.attrs.get('id') ?? null, own: 1, uses: [] };
    if (tag.name === 'use' && href !== undefined) node.uses.push(href.trim().slice(1));
    if (node.id !== null) byId.set(node.id, node);
    if (tag.selfClosing) {
      const parent = stack.at(-1)!;
      parent.own += 1;
      parent.uses.push(...node.uses);
    } else {
      stack.push(node);
    }
  }
  if (elements > SVG_MAX_ELEMENTS) return tooManyElements;

  // Expanded size of each referenced subtree, memoised; a reference back into itself is a cycle.
  const expanded = new Map<string, number>();
  const visiting = new Set<string>();
  const size = (id: string): number => {
    const known = expanded.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    if (!node) return 0;
    if (visiting.has(id)) throw new SvgCycle();
    visiting.add(id);
    let total = node.own;
    for (const ref of node.uses) {
      total += size(ref);
      if (total > SVG_MAX_ELEMENTS) break;
    }
    visiting.delete(id);
    expanded.set(id, total);
    return total;
  };
  try {
    let total = elements;
    for (const ref of stack[0]!.uses) {
      total += size(ref);
      if (total > SVG_MAX_ELEMENTS) return tooManyElements;
    }
  } catch (err) {
    if (err instanceof SvgCycle) return 'SVG has a <use> element that refers to itself';
    throw err;
  }
  return null;
}

class SvgCycle extends Error {}
const tooManyElements = `SVG draws too many elements: over ${SVG_MAX_ELEMENTS.toLocaleString('en')} once <use> is expanded`;

const sharpPath = createRequire(import.meta.url).resolve('sharp');

// The child: the SVG arrives on stdin (so it has no file name to resolve relative references against), the drawing's
// size is checked before anything is drawn, and one line of JSON then the PNG come back on stdout.
const CHILD_SOURCE = `
const sharp = require(process.argv[1]);
const [longSide, maxPixels] = [Number(process.argv[2]), Number(process.argv[3])];
const fail = (message) => { process.stderr.write(message); process.exit(2); };
(async () => {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const input = Buffer.concat(chunks);
  sharp.cache(false);
  sharp.concurrency(1);
  const meta = await sharp(input, { limitInputPixels: false }).metadata();
  if (meta.format !== 'svg') return fail('Could not draw SVG: not an SVG document');
  if (!meta.width || !meta.height) return fail('Could not draw SVG: it has no size');
  // librsvg draws at density / 72 of the size it reports; density cannot go below 1.
  const density = Math.min(72, (72 * longSide) / Math.max(meta.width, meta.height));
  if (density < 1) return fail('SVG is too large: ' + meta.width + ' × ' + meta.height + ' pixels');
  const out = await sharp(input, { density, limitInputPixels: maxPixels }).png({ compressionLevel: 1 }).toBuffer();
  process.stdout.write(JSON.stringify({ width: meta.width, height: meta.height }) + '\\n');
  process.stdout.write(out);
})().catch((err) => fail('Could not draw SVG: ' + (err && err.message ? err.message : String(err))));
`;

/**
 * The SVG drawn as a PNG at most 2880 px on its long side, in a child process killed after `timeoutMs`. Anything
 * wrong with the drawing (refused by svgRefusal, unreadable, too large, too slow) is a MediaDecodeError.
 */
export function rasteriseSvg(text: string, timeoutMs = SVG_TIMEOUT_MS): Promise<SvgRaster> {
  const refusal = svgRefusal(text);
  if (refusal) return Promise.reject(new MediaDecodeError(refusal));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CHILD_SOURCE, sharpPath, String(SVG_LONG_SIDE), String(SVG_MAX_PIXELS)], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    // The child may die before it has read everything; that shows in its exit, not as a write error here.
    child.stdin.on('error', () => {});
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (timedOut) return reject(new MediaDecodeError(`SVG took too long to draw: stopped after ${timeoutMs / 1000} s`));
      const stdout = Buffer.concat(out);
      const nl = stdout.indexOf(0x0a);
      if (code !== 0 || nl < 0) {
        const reason = Buffer.concat(err).toString('utf8').trim().replace(/\s*\n\s*/g, '; ');
        return reject(new MediaDecodeError((reason || `Could not draw SVG: renderer exited (${code})`).slice(0, 1000)));
      }
      const size = JSON.parse(stdout.subarray(0, nl).toString('utf8')) as { width: number; height: number };
      resolve({ width: size.width, height: size.height, png: stdout.subarray(nl + 1) });
    });
    child.stdin.end(Buffer.from(text, 'utf8'));
  });
}

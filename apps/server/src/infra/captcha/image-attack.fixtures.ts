import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

/**
 * The usual attack on an image captcha: clean the picture (grey, median filter, Otsu threshold, drop specks by
 * connected components, enlarge) and hand it to an off-the-shelf OCR (Tesseract, digits only, one text line).
 */

export const tesseractAvailable = (): boolean => spawnSync('sh', ['-c', 'command -v tesseract'], { stdio: 'ignore' }).status === 0;

function otsu(pixels: Uint8Array): number {
  const hist = new Float64Array(256);
  for (const p of pixels) hist[p] = (hist[p] as number) + 1;
  const total = pixels.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * (hist[i] as number);
  let [sumB, wB, best, threshold] = [0, 0, -1, 128];
  for (let t = 0; t < 256; t++) {
    wB += hist[t] as number;
    const wF = total - wB;
    if (wB === 0 || wF === 0) continue;
    sumB += t * (hist[t] as number);
    const between = wB * wF * (sumB / wB - (sum - sumB) / wF) ** 2;
    if (between > best) [best, threshold] = [between, t];
  }
  return threshold;
}

/** Ink (1) where the pixel is darker than Otsu's threshold, with components smaller than `minArea` removed. */
function inkWithoutSpecks(grey: Uint8Array, width: number, height: number, minArea: number): Uint8Array {
  const t = otsu(grey);
  const ink = grey.map((p) => (p < t ? 1 : 0));
  const seen = new Uint8Array(ink.length);
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || seen[start]) continue;
    const component = [start];
    seen[start] = 1;
    for (let k = 0; k < component.length; k++) {
      const i = component[k] as number;
      const [x, y] = [i % width, Math.floor(i / width)];
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
        const [nx, ny] = [x + dx, y + dy];
        const j = ny * width + nx;
        if (nx >= 0 && ny >= 0 && nx < width && ny < height && ink[j] && !seen[j]) {
          seen[j] = 1;
          component.push(j);
        }
      }
    }
    if (component.length < minArea) for (const i of component) ink[i] = 0;
  }
  return ink;
}

/** The cleaned picture as Tesseract likes it: black digits on white, three times larger, with a white border. */
export async function cleanCaptchaImage(png: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(png).greyscale().median(3).raw().toBuffer({ resolveWithObject: true });
  const ink = inkWithoutSpecks(new Uint8Array(data), info.width, info.height, 12);
  return sharp(Buffer.from(ink.map((v) => (v ? 0 : 255))), { raw: { width: info.width, height: info.height, channels: 1 } })
    .resize(info.width * 3, info.height * 3, { kernel: 'cubic' })
    .extend({ top: 20, bottom: 20, left: 20, right: 20, background: '#ffffff' })
    .png()
    .toBuffer();
}

/** Tesseract's reading of the cleaned image, digits only. */
export async function ocrCaptchaImage(png: Buffer): Promise<string> {
  const res = spawnSync('tesseract', ['stdin', 'stdout', '--psm', '7', '-c', 'tessedit_char_whitelist=0123456789'], {
    input: await cleanCaptchaImage(png),
    encoding: 'buffer',
  });
  if (res.status !== 0) throw new Error(`tesseract failed: ${res.stderr.toString()}`);
  return res.stdout.toString().replace(/[^0-9]/g, '');
}

/**
 * Tesseract's readings of many images from one process (a list file; pages come back separated by form feeds): the
 * same reading as one call per image, without loading the language model once per challenge.
 */
export async function ocrCaptchaImages(pngs: readonly Buffer[]): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'captcha-ocr-'));
  try {
    const files = await Promise.all(
      pngs.map(async (png, i) => {
        const file = join(dir, `${i}.png`);
        writeFileSync(file, await cleanCaptchaImage(png));
        return file;
      }),
    );
    writeFileSync(join(dir, 'list.txt'), `${files.join('\n')}\n`);
    const res = spawnSync('tesseract', [join(dir, 'list.txt'), 'stdout', '--psm', '7', '-c', 'tessedit_char_whitelist=0123456789'], { encoding: 'buffer' });
    if (res.status !== 0) throw new Error(`tesseract failed: ${res.stderr.toString()}`);
    const pages = res.stdout.toString().split('\f');
    return pngs.map((_, i) => (pages[i] ?? '').replace(/[^0-9]/g, ''));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

import zlib from 'node:zlib';

/**
 * Test helper: the text of an uncompressed pdfkit PDF, decoded through each embedded font's ToUnicode map (there is no
 * pdftotext on the machines). Enough for pdfkit's own output; not a general PDF parser.
 */
export function pdfText(pdf: Buffer): string {
  const src = pdf.toString('latin1');
  const objects = new Map<string, string>();
  for (const m of src.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)) objects.set(m[1]!, m[2]!);
  const cmaps = new Map<string, Map<number, string>>();
  for (const [num, body] of objects) {
    const ref = body.match(/\/ToUnicode (\d+) 0 R/)?.[1];
    if (!ref || !body.includes('/Type /Font')) continue;
    const map = new Map<number, string>();
    const cmap = objects.get(ref) ?? '';
    for (const r of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
      const start = parseInt(r[1]!, 16);
      // A ligature maps to several code units, written with spaces: <0066 0069>.
      [...r[3]!.matchAll(/<([0-9a-f ]+)>/gi)].forEach((u, i) => map.set(start + i, hexToUtf16(u[1]!.replaceAll(' ', ''))));
    }
    cmaps.set(num, map);
  }
  const fonts = new Map<string, string>();
  for (const body of objects.values()) {
    for (const f of body.matchAll(/\/(F\d+) (\d+) 0 R/g)) fonts.set(f[1]!, f[2]!);
  }
  let out = '';
  let current: Map<number, string> | undefined;
  for (const body of objects.values()) {
    const stream = body.match(/stream\r?\n([\s\S]*?)endstream/)?.[1];
    if (!stream || !stream.includes('TJ')) continue;
    for (const op of stream.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (op[1]) current = cmaps.get(fonts.get(op[1]) ?? '');
      else {
        for (const h of op[2]!.matchAll(/<([0-9a-f]+)>/gi)) {
          for (let i = 0; i < h[1]!.length; i += 4) out += current?.get(parseInt(h[1]!.slice(i, i + 4), 16)) ?? '';
        }
        out += '\n';
      }
    }
  }
  return out;
}

const hexToUtf16 = (hex: string) => {
  const units: number[] = [];
  for (let i = 0; i < hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
};

/**
 * Test helper: a compressed pdfkit PDF (as served and mailed) with its Flate streams inflated, for pdfText. Each stream
 * is cut by its /Length, not by searching for "endstream": compressed bytes may end in \r or hold anything.
 */
export function inflatePdf(pdf: Buffer): Buffer {
  const src = pdf.toString('latin1');
  const head = /<<((?:(?!>>)[\s\S])*?\/Filter \/FlateDecode(?:(?!>>)[\s\S])*?)>>\s*stream\r?\n/g;
  let out = '';
  let from = 0;
  for (let m = head.exec(src); m; m = head.exec(src)) {
    const length = Number(m[1]!.match(/\/Length (\d+)(?!\d)(?! \d+ R)/)?.[1]);
    if (!Number.isInteger(length)) throw new Error(`a Flate stream without a direct /Length at ${m.index}`);
    const start = m.index + m[0].length;
    out += src.slice(from, start) + zlib.inflateSync(pdf.subarray(start, start + length)).toString('latin1');
    from = start + length;
    head.lastIndex = from;
  }
  return Buffer.from(out + src.slice(from), 'latin1');
}

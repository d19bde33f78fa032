import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inflatePdf } from './invoice.fixtures.js';

describe('inflatePdf (test helper)', () => {
  it('inflates a stream whose compressed bytes end in \\r, cut by /Length', () => {
    // About 1 stream in 256 ends in 0x0D; searching for "\r?\nendstream" cut that byte off (a flaky CI failure).
    let n = 0;
    let data = zlib.deflateSync('BT (0) Tj ET');
    while (data.at(-1) !== 0x0d) data = zlib.deflateSync(`BT (${++n}) Tj ET`);
    const pdf = Buffer.concat([
      Buffer.from(`1 0 obj\n<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
      data,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ]);
    expect(inflatePdf(pdf).toString('latin1')).toBe(`1 0 obj\n<< /Length ${data.length} /Filter /FlateDecode >>\nstream\nBT (${n}) Tj ET\nendstream\nendobj\n`);
  });
});

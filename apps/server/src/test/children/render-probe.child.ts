// Run as a child process by media.limits.test.ts: one image through the real render step, then the process's peak
// resident memory, so the measurement is not mixed with the test runner's own.
import { renderImage } from '../../modules/media/media.render.js';

const file = process.argv[2];
if (!file) throw new Error('usage: render-probe.child.ts <image file>');
const r = await renderImage({ file });
process.stdout.write(
  JSON.stringify({ width: r.width, height: r.height, thumbBytes: r.thumb.length, peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024) }),
);

#!/usr/bin/env node
// First step of `npm test`: the end-to-end suite needs Debian's Chromium, the media tests ffmpeg and heif-enc, invoices DejaVu,
// the captcha attack test Tesseract, the WebDAV tests litmus and rclone, the office document tests LibreOffice and pdftoppm,
// the data export and Takeout tests zip and unzip.
// Whatever is missing is installed through apt-get when running as root; otherwise one line names the packages.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const onPath = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

/** Debian package → whether what the tests use from it is here. */
const needed = {
  chromium: () => fs.existsSync('/usr/bin/chromium'),
  // The end-to-end suite runs in Chromium's headless shell (e2e/playwright.config.ts: a third less CPU than the full browser).
  'chromium-headless-shell': () => fs.existsSync('/usr/bin/chromium-headless-shell'),
  ffmpeg: () => onPath('ffmpeg') && onPath('ffprobe'),
  // heif-enc makes the real HEIC photos the media tests decode (the server itself decodes HEIC with libheif WASM).
  'libheif-examples': () => onPath('heif-enc'),
  // Invoice PDFs embed DejaVu Sans (Latin, Cyrillic, Georgian and Arabic glyphs in one font).
  'fonts-dejavu-core': () => fs.existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'),
  // The captcha attack test reads the image captcha with Tesseract (its English model comes with the package).
  'tesseract-ocr': () => onPath('tesseract'),
  // litmus, the WebDAV server test suite, runs against the WebDAV mount.
  litmus: () => onPath('litmus'),
  // rclone syncs a tree to the WebDAV mount and back as a real client.
  rclone: () => onPath('rclone'),
  // Office documents (issue 33): LibreOffice converts documents headless for their previews (and the tests read saved
  // documents back with it); pdftoppm renders a PDF's first page. Writer, Calc and Impress without the desktop.
  'libreoffice-writer-nogui': () => onPath('soffice') && fs.existsSync('/usr/lib/libreoffice/program/libswlo.so'),
  'libreoffice-calc-nogui': () => onPath('soffice') && fs.existsSync('/usr/lib/libreoffice/program/libsclo.so'),
  'libreoffice-impress-nogui': () => onPath('soffice') && fs.existsSync('/usr/lib/libreoffice/program/libsdlo.so'),
  'poppler-utils': () => onPath('pdftoppm'),
  // The data-export test opens its zip parts with Info-ZIP's unzip; the Takeout e2e packs its archive with zip.
  unzip: () => onPath('unzip'),
  zip: () => onPath('zip'),
};

const missing = Object.entries(needed)
  .filter(([, present]) => !present())
  .map(([pkg]) => pkg);
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || !onPath('apt-get')) {
  console.error(`npm test needs these Debian packages: ${missing.join(' ')} — install them with: sudo apt-get install -y --no-install-recommends ${missing.join(' ')}`);
  process.exit(1);
}

console.log(`installing ${missing.join(' ')} (apt-get)`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const apt = (args) => {
  const res = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (res.status !== 0) {
    console.error(`apt-get ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
    process.exit(1);
  }
};
apt(['update', '-qq']);
apt(['install', '-y', '-qq', '--no-install-recommends', ...missing]);
const still = missing.filter((pkg) => !needed[pkg]());
if (still.length > 0) {
  console.error(`still missing after apt-get: ${still.join(' ')}`);
  process.exit(1);
}

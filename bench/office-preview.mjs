// Document previews with LibreOffice (issue 33): the CPU-seconds one preview costs, per kind of document, through the
// product's own code (office.convert.ts: `soffice --headless --convert-to pdf` with a fresh profile, then `pdftoppm`
// of the first page at 1440 px), exactly as the office.preview job runs it. CPU is the children's user + system time
// (/proc/self/stat cutime + cstime: LibreOffice and pdftoppm are waited-for children), so other load on the machine
// does not count, though it stretches the wall time.
// Documents: a .docx of 2,700 words, a 1,000-row .xlsx, a one-slide .pptx (the server's own writers), the same three as
// LibreOffice's .odt/.ods/.odp, and a PDF of the document.
// Usage: node --import tsx bench/office-preview.mjs [runs=3]
import fs from 'node:fs';
import os from 'node:os';
import { Readable } from 'node:stream';
import { median } from './lib.mjs';
import { docx, pptx, xlsx } from '../apps/server/src/modules/office/office.templates.ts';
import { convert, firstPage, hasTool, withWorkDir, writeInput } from '../apps/server/src/modules/office/office.convert.ts';

const runs = Number(process.argv[2] ?? 3);
if (!hasTool('soffice') || !hasTool('pdftoppm')) {
  console.error('LibreOffice (soffice) and pdftoppm are needed');
  process.exit(1);
}

const TICK = 100; // USER_HZ on Linux
function childCpuSeconds() {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  // After "pid (comm) ": field 3 is state; cutime and cstime are fields 16 and 17 of the whole line.
  return (Number(fields[13]) + Number(fields[14])) / TICK;
}

const WORDS = 'Bulut belge Kapadokya balon sabah gezi plan rapor bütçe toplantı karar proje takvim ekip müşteri'.split(' ');
const sentence = (n, seed) => Array.from({ length: n }, (_, i) => WORDS[(seed * 7 + i * 3) % WORDS.length]).join(' ');

async function convertTo(bytes, from, to) {
  return withWorkDir(async (dir) => fs.promises.readFile(await convert(await writeInput(dir, `in.${from}`, Readable.from([bytes])), to, dir)));
}

/** One preview as the job makes it; returns [cpu seconds, wall seconds, png bytes]. */
async function preview(bytes, ext) {
  const cpu0 = childCpuSeconds();
  const t0 = performance.now();
  const png = await withWorkDir(async (dir) => {
    const input = await writeInput(dir, `document.${ext}`, Readable.from([bytes]));
    return firstPage(ext === 'pdf' ? input : await convert(input, 'pdf', dir), dir, 1440);
  });
  return [childCpuSeconds() - cpu0, (performance.now() - t0) / 1000, png.length];
}

const documents = {};
documents.docx = await docx(Array.from({ length: 90 }, (_, i) => sentence(30, i)));
documents.xlsx = await xlsx([['Ürün', 'Adet', 'Fiyat'], ...Array.from({ length: 1000 }, (_, i) => [sentence(2, i), i % 17, (i * 13) % 101])]);
documents.pptx = await pptx('Kapadokya gezisi');
documents.odt = await convertTo(documents.docx, 'docx', 'odt');
documents.ods = await convertTo(documents.xlsx, 'xlsx', 'ods');
documents.odp = await convertTo(documents.pptx, 'pptx', 'odp');
documents.pdf = await convertTo(documents.docx, 'docx', 'pdf');

console.log(`load ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}, ${os.cpus().length} cores, ${runs} runs each`);
console.log('| Document | Size | CPU-s (median) | CPU-s (runs) | Wall s (median) |');
console.log('|---|---|---|---|---|');
for (const [ext, bytes] of Object.entries(documents)) {
  const cpu = [];
  const wall = [];
  for (let i = 0; i < runs; i++) {
    const [c, w] = await preview(bytes, ext);
    cpu.push(c);
    wall.push(w);
  }
  console.log(`| ${ext} | ${(bytes.length / 1024).toFixed(0)} KiB | ${median(cpu).toFixed(2)} | ${cpu.map((c) => c.toFixed(2)).join(', ')} | ${median(wall).toFixed(2)} |`);
}
console.log(`load after: ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`);

#!/usr/bin/env node
// Lists the slowest test files of a vitest JSON report (issue 28's CI note lists the slowest 10 before and after).
// Usage: cd apps/server && npx vitest run --reporter=default --reporter=json --outputFile=/tmp/server.json
//        node scripts/slowest-tests.mjs /tmp/server.json [count]
import fs from 'node:fs';
import path from 'node:path';

const [file, count = '10'] = process.argv.slice(2);
if (!file) {
  console.error('usage: slowest-tests.mjs <vitest-json-report> [count]');
  process.exit(2);
}
const report = JSON.parse(fs.readFileSync(file, 'utf8'));
// A file's wall time: from its first test's start to its last test's end (the report's startTime/endTime), which
// includes its hooks (beforeAll starting apps, afterAll) but not the module import before them.
const rows = report.testResults.map((r) => ({
  file: path.relative(process.cwd(), r.name),
  seconds: (r.endTime - r.startTime) / 1000,
  tests: r.assertionResults.length,
}));
rows.sort((a, b) => b.seconds - a.seconds);
const total = rows.reduce((sum, r) => sum + r.seconds, 0);
console.log(`${rows.length} files, ${total.toFixed(0)} s summed`);
for (const r of rows.slice(0, Number(count))) console.log(`${r.seconds.toFixed(1).padStart(7)} s  ${String(r.tests).padStart(3)} tests  ${r.file}`);

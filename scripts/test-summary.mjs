// Sums the "Tests  N passed | M failed (T)" lines that vitest prints per package into the
// single closing line CI reads: "N passed, M failed".
import { readFileSync } from 'node:fs';

const text = readFileSync(process.argv[2], 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
let passed = 0;
let failed = 0;
let skipped = 0;
let runs = 0;
for (const line of text.split('\n')) {
  const m = /\bTests\s+(.*)\(\d+\)\s*$/.exec(line);
  if (!m) continue;
  runs++;
  passed += Number(/(\d+) passed/.exec(m[1])?.[1] ?? 0);
  failed += Number(/(\d+) failed/.exec(m[1])?.[1] ?? 0);
  skipped += Number(/(\d+) skipped/.exec(m[1])?.[1] ?? 0);
}
console.log(`\n${runs} test runs`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);

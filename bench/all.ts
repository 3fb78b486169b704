/**
 * `npm run bench`: every benchmark, one process each (two of them build the test harness's world),
 * each printing its own details; then one table of every figure against its goal, so a regression is
 * seen at a glance. The ratio is the figure ÷ its goal: above 1 is over the goal.
 *
 * Nothing gates CI and goals decide no exit code; a benchmark that crashes (or finds its own
 * instruments broken) is reported in the table and makes the command exit non-zero, since its
 * figures are then missing. `bench/sheet.ts` reads dist/gng.css: run `npm run build` first.
 * `npm run bench -- cards odds` runs only the benchmarks named (run, sheet, cards, odds, simulate, seam, playground-log).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIGURES_ENV, meetsGoal, type Figure } from './figures.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const BENCHMARKS = ['run', 'sheet', 'cards', 'odds', 'simulate', 'seam', 'playground-log'];
/** `npm run bench -- cards odds` runs only those. */
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !BENCHMARKS.includes(name));
if (unknown.length)
  throw new Error(`No benchmark ${unknown.join(', ')}: choose among ${BENCHMARKS.join(', ')}`);

/** Three significant digits, no exponent for the usual sizes. */
function number(value: number): string {
  if (value === 0 || Number.isInteger(value)) return value.toLocaleString('en');
  const digits = Math.max(0, 2 - Math.floor(Math.log10(Math.abs(value))));
  return value.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

const withUnit = (value: number, unit: string) =>
  unit === '×' ? `${number(value)}×` : `${number(value)} ${unit}`;

function row(entry: Figure): string[] {
  const met = meetsGoal(entry);
  if (entry.goal === undefined)
    return [entry.bench, entry.name, withUnit(entry.value, entry.unit), 'none', '', ''];
  const goal = `${entry.strict ? '<' : '≤'} ${withUnit(entry.goal, entry.unit)}`;
  const ratio = entry.goal > 0 ? (entry.value / entry.goal).toFixed(2) : '';
  return [entry.bench, entry.name, withUnit(entry.value, entry.unit), goal, ratio, met ? 'OK' : 'OVER'];
}

function printTable(rows: string[][]): void {
  const head = ['bench', 'figure', 'value', 'goal', 'ratio', ''];
  const widths = head.map((_, c) => Math.max(...[head, ...rows].map((r) => (r[c] ?? '').length)));
  const line = (r: string[]) =>
    r
      .map((cell, c) =>
        c >= 2 && c <= 4 ? cell.padStart(widths[c] as number) : cell.padEnd(widths[c] as number),
      )
      .join('  ')
      .trimEnd();
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

const work = mkdtempSync(join(tmpdir(), 'gng-bench-'));
const failed: string[] = [];
const figures: Figure[] = [];
try {
  for (const name of chosen.length ? BENCHMARKS.filter((b) => chosen.includes(b)) : BENCHMARKS) {
    const file = join(work, `${name}.jsonl`);
    console.log(`\n▶ bench/${name}.ts`);
    const result = spawnSync(TSX, [`bench/${name}.ts`], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, [FIGURES_ENV]: file },
    });
    if (result.status !== 0)
      failed.push(`bench/${name}.ts (${result.error?.message ?? `exit ${result.status}`})`);
    let lines: string[] = [];
    try {
      lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    } catch {
      // No figure written: the benchmark failed before its first one.
    }
    figures.push(...lines.map((text) => JSON.parse(text) as Figure));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const over = figures.filter((entry) => meetsGoal(entry) === false).length;
const goals = figures.filter((entry) => entry.goal !== undefined).length;
console.log(
  `\n${figures.length} figures, ${goals} with a goal: ${over ? `${over} OVER their goal` : 'every one within its goal'}` +
    ' (ratio = value ÷ goal; the machine is shared, so compare ratios between runs)\n',
);
printTable(figures.map(row));
if (failed.length) {
  console.log(`\nFailed, so their figures are missing: ${failed.join('; ')}`);
  process.exitCode = 1;
}

/**
 * `npm test`: every check, in order, then one summary line over all of them.
 *   build      npm run build (the browser and build tests read dist/)
 *   typecheck  tsc --noEmit, strict, all of src/, test/, scripts/, bench/
 *   lint       ESLint
 *   format     Prettier --check
 *   vitest     the unit, integration and browser projects (each test counted)
 * The last line is `N passed, N failed`: each Vitest test counts one, and each other check counts
 * one. Exits non-zero when anything failed or when Vitest ran no test.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'node_modules/.bin');

interface Step {
  name: string;
  command: string;
  args: string[];
}

const steps: Step[] = [
  { name: 'build', command: join(BIN, 'tsx'), args: ['scripts/build.ts'] },
  { name: 'typecheck', command: join(BIN, 'tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', command: join(BIN, 'eslint'), args: ['.', '--max-warnings', '0'] },
  { name: 'format', command: join(BIN, 'prettier'), args: ['--check', '--log-level', 'warn', '.'] },
];

function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
  if (result.error) console.error(result.error.message);
  return result.status ?? 1;
}

let passed = 0;
let failed = 0;
const failures: string[] = [];

for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  if (run(step.command, step.args) === 0) {
    passed += 1;
  } else {
    failed += 1;
    failures.push(step.name);
  }
}

console.log('\n▶ vitest (unit, integration, browser)');
const report = join(ROOT, 'test-results/vitest.json');
rmSync(report, { force: true });
mkdirSync(join(ROOT, 'test-results'), { recursive: true });
const vitestStatus = run(join(BIN, 'vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
]);
let vitestRan = 0;
try {
  const results = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    numTotalTests: number;
  };
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  vitestRan = results.numTotalTests;
  if (results.numPendingTests + results.numTodoTests > 0) {
    failed += results.numPendingTests + results.numTodoTests;
    failures.push(
      `vitest: ${results.numPendingTests + results.numTodoTests} skipped or todo tests (none may be left behind)`,
    );
  }
  if (vitestStatus !== 0 && results.numFailedTests === 0) {
    failed += 1;
    failures.push('vitest exited with an error outside any test');
  }
} catch {
  failed += 1;
  failures.push('vitest produced no report');
}
if (vitestRan === 0) {
  failed += 1;
  failures.push('vitest ran no test');
}

console.log('');
if (failures.length) console.log(`Failed: ${failures.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;

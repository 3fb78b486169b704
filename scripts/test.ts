/**
 * `npm test`: every check, then one summary line over all of them.
 *   build      npm run build (the browser tests and the build, release and start tests read dist/)
 *   typecheck  TypeScript 7's tsc --noEmit, strict, all of src/, test/, scripts/, bench/, playground/
 *   lint       ESLint
 *   format     Prettier --check
 *   vitest     the unit, integration and browser projects (each test counted); the browser files
 *              write no screenshots unless GNG_SCREENSHOTS=1 (test/browser/chromium.ts)
 * Two lanes run side by side, so that both cores of the 2-core CI machine work from the start:
 *   - build, then Vitest (its files in parallel: the browser files two per core, then the unit and
 *     integration files one per core: vitest.config.ts);
 *   - typecheck, lint and format one after another (each one process on one core; none reads
 *     dist/), their output kept and shown after Vitest's, each announced as it ends.
 * The unit and integration tests are not started before the build: one Vitest run counts every test
 * in one report, and while the build runs (seconds) the typecheck already keeps the other core busy.
 *
 * The end of the output profiles the run: the slowest test files and each project's sum
 * (scripts/slowest-files.ts; every file in test-results/test-profile.json), then
 * when each check started and how long it took. The last line is `N passed, N failed`: each Vitest
 * test counts one, and each other check counts one. Exits non-zero when anything failed, when a test
 * was skipped or left as todo, or when Vitest ran no test.
 */
import { spawn } from 'node:child_process';
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

interface Outcome {
  name: string;
  status: number;
  /** ms from the start of `npm test`. */
  start: number;
  end: number;
  /** What it printed, when it was not shown as it ran. */
  output: string;
}

const report = join(ROOT, 'test-results/vitest.json');
/** Every test file's wall time (scripts/slowest-files.ts), for docs/performance.md's profile. */
const profile = join(ROOT, 'test-results/test-profile.json');

const build: Step = { name: 'build', command: join(BIN, 'tsx'), args: ['scripts/build.ts'] };
const checks: Step[] = [
  // TypeScript 7 (the native compiler, package alias typescript-7): the same strict check in about a
  // quarter of 5.9's CPU (docs/performance.md). typescript 5.9 stays for typescript-eslint's parser.
  {
    name: 'typecheck',
    command: process.execPath,
    args: [join(ROOT, 'node_modules/typescript-7/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'],
  },
  { name: 'lint', command: join(BIN, 'eslint'), args: ['.', '--max-warnings', '0'] },
  { name: 'format', command: join(BIN, 'prettier'), args: ['--check', '--log-level', 'warn', '.'] },
];
const vitest: Step = {
  name: 'vitest',
  command: join(BIN, 'vitest'),
  args: [
    'run',
    '--reporter=default',
    '--reporter=json',
    '--reporter=./scripts/slowest-files.ts',
    `--outputFile.json=${report}`,
  ],
};

const started = performance.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Runs a step; `shown`: its output goes straight to ours, else it is kept for later. */
function run(step: Step, shown: boolean): Promise<Outcome> {
  const start = performance.now() - started;
  let output = '';
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: ROOT,
      // No screenshots in the whole run unless asked for (test/browser/chromium.ts: SCREENSHOTS).
      env: { PROFILE_OUT: profile, GNG_SCREENSHOTS: '0', ...process.env },
      stdio: shown ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('error', (error) => {
      output += `${error.message}\n`;
    });
    child.once('close', (code) =>
      resolve({ name: step.name, status: code ?? 1, start, end: performance.now() - started, output }),
    );
  });
}

const checksDone = (async () => {
  const outcomes: Outcome[] = [];
  for (const step of checks) {
    const outcome = await run(step, false);
    console.log(
      `\n▷ ${step.name} ${outcome.status === 0 ? 'passed' : 'FAILED'} in ${seconds(outcome.end - outcome.start)} (its output follows Vitest's)`,
    );
    outcomes.push(outcome);
  }
  return outcomes;
})();

console.log(`\n▶ build (beside it: ${checks.map((step) => step.name).join(', ')})`);
const built = await run(build, true);
console.log('\n▶ vitest (unit, integration, browser)');
rmSync(report, { force: true });
mkdirSync(join(ROOT, 'test-results'), { recursive: true });
const tested = await run(vitest, true);
const checked = await checksDone;

let passed = 0;
let failed = 0;
const failures: string[] = [];

for (const outcome of [built, ...checked]) {
  if (outcome.output.trim()) {
    console.log(`\n▶ ${outcome.name}`);
    process.stdout.write(outcome.output.endsWith('\n') ? outcome.output : `${outcome.output}\n`);
  }
  if (outcome.status === 0) {
    passed += 1;
  } else {
    failed += 1;
    failures.push(outcome.name);
  }
}

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
  if (tested.status !== 0 && results.numFailedTests === 0) {
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

console.log('\nTimes (from the start of npm test):');
for (const outcome of [built, tested, ...checked])
  console.log(
    `  ${outcome.name.padEnd(10)} ${seconds(outcome.start).padStart(7)} → ${seconds(outcome.end).padStart(7)}  ${seconds(outcome.end - outcome.start).padStart(7)}`,
  );
console.log(`  ${'all'.padEnd(10)} ${seconds(performance.now() - started).padStart(25)}`);

console.log('');
if (failures.length) console.log(`Failed: ${failures.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;

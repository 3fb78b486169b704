/**
 * A Vitest reporter for `npm test` (scripts/test.ts): after the run, the slowest test files by wall
 * time from their start to their end in the worker (import, hooks and tests: what the file costs the
 * run), with the share of it spent importing the file and its modules; then each project's files
 * and the sum of their wall times (what the project costs the workers). With PROFILE_OUT set, every
 * file's figures are also written there as JSON (docs/performance.md's profile of the suite).
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 8;

interface FileTime {
  file: string;
  project: string;
  /** From the worker's start on the file to its end, in ms. */
  wall: number;
  /** Importing the file (and the modules it imports) and collecting its tests, in ms. */
  collect: number;
  /** Its tests and hooks, in ms. */
  run: number;
}

export default class SlowestFiles implements Reporter {
  readonly #started = new Map<string, number>();
  readonly #times: FileTime[] = [];

  onTestModuleQueued(module: TestModule): void {
    this.#started.set(module.id, performance.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const started = this.#started.get(module.id);
    const diagnostic = module.diagnostic();
    this.#times.push({
      file: relative(process.cwd(), module.moduleId),
      project: module.project.name,
      wall:
        started === undefined
          ? diagnostic.collectDuration + diagnostic.duration
          : performance.now() - started,
      collect: diagnostic.collectDuration,
      run: diagnostic.duration,
    });
  }

  onTestRunEnd(): void {
    const times = this.#times.sort((a, b) => b.wall - a.wall);
    if (process.env.PROFILE_OUT)
      writeFileSync(process.env.PROFILE_OUT, `${JSON.stringify(times, null, 2)}\n`);
    if (!times.length) return;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(7);
    console.log(`\nSlowest test files (wall, of which importing):`);
    for (const time of times.slice(0, SHOWN))
      console.log(
        `  ${seconds(time.wall)} ${seconds(time.collect)}  ${time.project.padEnd(11)} ${time.file}`,
      );
    const projects = new Map<string, FileTime[]>();
    for (const time of times) projects.set(time.project, [...(projects.get(time.project) ?? []), time]);
    console.log(`Per project (files, sum of their wall times, of which importing):`);
    for (const [project, files] of [...projects].sort(([a], [b]) => a.localeCompare(b))) {
      const sum = (key: 'wall' | 'collect') => files.reduce((total, time) => total + time[key], 0);
      console.log(
        `  ${project.padEnd(11)} ${String(files.length).padStart(4)} ${seconds(sum('wall'))} ${seconds(sum('collect'))}`,
      );
    }
  }
}

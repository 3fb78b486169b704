/**
 * The figures of `npm run bench`, gathered into one table at its end (bench/all.ts). Each benchmark
 * still prints its own details; `figure()` also appends the figure, as one JSON line, to the file
 * bench/all.ts names in BENCH_FIGURES, and does nothing when a benchmark runs alone.
 */
import { appendFileSync } from 'node:fs';

export interface Figure {
  /** The benchmark it comes from ("engine", "sheet", "cards", "odds", "simulate"). */
  bench: string;
  /** What was measured. */
  name: string;
  value: number;
  /** The unit of the value and of the goal: "ms", "×" (a ratio of two times) or "reads". */
  unit: string;
  /** The most the figure may be (its issue's goal); absent when no goal was set for it. */
  goal?: number;
  /** The goal is "under" (value < goal) rather than "at most" (value ≤ goal). */
  strict?: boolean;
}

export const FIGURES_ENV = 'BENCH_FIGURES';

export function figure(entry: Figure): void {
  const file = process.env[FIGURES_ENV];
  if (file) appendFileSync(file, `${JSON.stringify(entry)}\n`);
}

/** Whether a figure meets its goal; undefined when it has none. */
export function meetsGoal(entry: Figure): boolean | undefined {
  if (entry.goal === undefined) return undefined;
  return entry.strict ? entry.value < entry.goal : entry.value <= entry.goal;
}

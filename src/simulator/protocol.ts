/**
 * Messages between the simulator's page side and its Web Worker (issue #20), and the chunked run
 * both use: fights in chunks, progress after each, the aggregate at the end.
 */
import { seededDice } from '../rules/dice.js';
import {
  FightAggregator,
  simulateFight,
  type FightPolicies,
  type FightSides,
  type SimulationAggregate,
  type SimVariants,
} from '../rules/simulate/index.js';

/** What a run needs (plain data). */
export interface SimulationJob {
  sides: FightSides;
  policies: FightPolicies;
  variants: SimVariants;
  n: number;
  seed: number;
  roundCap?: number;
}

/** Worker → page. */
export type WorkerMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; result: SimulationAggregate }
  | { type: 'error'; message: string };

/** Fights per chunk: progress is reported (and the event loop let go) between chunks. */
export const CHUNK = 250;

/**
 * Runs `job` chunk by chunk: `between(done)` is awaited after each chunk (a progress message, a
 * yield to the event loop, a cancellation check) and may return false to stop.
 */
export async function runChunked(
  job: SimulationJob,
  between: (done: number, total: number) => Promise<boolean> | boolean,
): Promise<SimulationAggregate | null> {
  const dice = seededDice(job.seed);
  const agg = new FightAggregator(job.sides, job.roundCap);
  const options = job.roundCap === undefined ? {} : { roundCap: job.roundCap };
  for (let done = 0; done < job.n;) {
    const end = Math.min(job.n, done + CHUNK);
    for (; done < end; done++) agg.add(simulateFight(job.sides, job.policies, job.variants, dice, options));
    if (!(await between(done, job.n))) return null;
  }
  return agg.result();
}

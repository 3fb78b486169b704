/**
 * Messages between the simulator's page side and its Web Worker (issue #20), and the chunked run
 * both use: fights in chunks, progress after each, the aggregate at the end. Each fight is the
 * combat model's own (`analysis().fight`, issue #26): the job names the model by id and the side
 * running it finds the model in its registry (the worker's has the built-in models only).
 */
import { seededDice } from '../rules/dice.js';
import { DEFAULT_COMBAT_MODEL, loadCombatModel } from '../rules/models/registry.js';
import {
  FightAggregator,
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
  /** The combat model's id (absent: GnG, as before the models). */
  model?: string;
}

/** Worker → page. `unknownModel`: the job's model is none the worker has. */
export type WorkerMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; result: SimulationAggregate }
  | { type: 'error'; message: string; unknownModel?: string };

/** The job's model is not registered where the run takes place. */
export class UnknownModelError extends Error {
  constructor(readonly model: string) {
    super(`no combat model "${model}" is registered here`);
    this.name = 'UnknownModelError';
  }
}

/** Fights per chunk: progress is reported (and the event loop let go) between chunks. */
export const CHUNK = 250;

/**
 * Runs `job` chunk by chunk with its model's fight loop: `between(done)` is awaited after each chunk
 * (a progress message, a yield to the event loop, a cancellation check) and may return false to stop.
 * Rejects with {@link UnknownModelError} when the model is not registered.
 */
export async function runChunked(
  job: SimulationJob,
  between: (done: number, total: number) => Promise<boolean> | boolean,
): Promise<SimulationAggregate | null> {
  const id = job.model ?? DEFAULT_COMBAT_MODEL;
  // A model registered by its loader is loaded here (the worker's Saga-style model: worker-models.ts).
  const model = await loadCombatModel(id);
  if (!model) throw new UnknownModelError(id);
  const { fight } = await model.analysis();
  const dice = seededDice(job.seed);
  const agg = new FightAggregator(job.sides, job.roundCap);
  const options = job.roundCap === undefined ? {} : { roundCap: job.roundCap };
  for (let done = 0; done < job.n;) {
    const end = Math.min(job.n, done + CHUNK);
    for (; done < end; done++) agg.add(fight(job.sides, job.policies, job.variants, dice, options));
    if (!(await between(done, job.n))) return null;
  }
  return agg.result();
}

/**
 * `game.gng.simulate(…)` (issue #20): two sides of actors (documents or uuids, world or compendium)
 * become snapshots, and N fights run in a Web Worker with progress messages; cancelling terminates
 * the worker. Where Workers are unavailable (Node tests) or the worker fails to start, the same
 * chunked run goes on in-process, yielding to the event loop between chunks. The fights are the
 * world's combat model's (issue #26): the job carries its id (protocol.ts).
 */
import { models, type CombatModel } from '../rules/index.js';
import type { FightPolicies, SimulationAggregate, SimVariants } from '../rules/simulate/index.js';
import { variantRules } from '../settings/variant-rules.js';
import { combatModelId } from '../settings/combat-model.js';
import { actorSnapshot } from './snapshot.js';
import { runChunked, UnknownModelError, type SimulationJob, type WorkerMessage } from './protocol.js';

/** Options of {@link simulate}. */
export interface SimulateOptions {
  sideA: readonly (Actor | string)[];
  sideB: readonly (Actor | string)[];
  /** Fights (default 10,000). */
  n?: number;
  policies?: FightPolicies;
  /** The variants (default: the world's `variantRules()`). */
  variants?: SimVariants;
  /** Seed of the dice (default: random). */
  seed?: number;
  roundCap?: number;
  onProgress?: (done: number, total: number) => void;
  /** Aborting it cancels the run: the promise rejects with an `AbortError`. */
  signal?: AbortSignal;
  /** `auto` (default): a Worker where there is one; `never`: in-process. */
  worker?: 'auto' | 'never';
  /** The combat model's id (default: the world's, `combatModelId()`). */
  model?: string;
}

/** The default number of fights. */
export const DEFAULT_FIGHTS = 10_000;
/** At most this many fights per run (a runaway N would keep a core busy for minutes). */
export const MAX_FIGHTS = 1_000_000;

async function actorOf(entry: Actor | string): Promise<Actor> {
  if (typeof entry !== 'string') return entry;
  const doc = (await fromUuid(entry)) as { documentName?: string } | null;
  if (!doc || doc.documentName !== 'Actor')
    throw new Error(game.i18n.format('GNG.Simulator.Error.NoActor', { uuid: entry }));
  return doc as unknown as Actor;
}

/** The sides as snapshots: ids unique per fight, a repeated actor's name numbered. */
export async function snapshotsOf(
  sideA: SimulateOptions['sideA'],
  sideB: SimulateOptions['sideB'],
  model: CombatModel | null = null,
) {
  const seen = new Map<string, number>();
  const side = async (entries: SimulateOptions['sideA'], key: string) => {
    const out = [];
    for (const [index, entry] of entries.entries()) {
      const actor = await actorOf(entry);
      const count = (seen.get(actor.name) ?? 0) + 1;
      seen.set(actor.name, count);
      const name = count > 1 ? `${actor.name} (${count})` : actor.name;
      out.push(actorSnapshot(actor, `${key}${index}:${actor.uuid}`, name, model ?? undefined));
    }
    return out;
  };
  return { a: await side(sideA, 'a'), b: await side(sideB, 'b') };
}

function abortError(): Error {
  const error = new Error(game.i18n.localize('GNG.Simulator.Cancelled'));
  error.name = 'AbortError';
  return error;
}

/** The simulator's message for a model it cannot run. */
function unknownModel(model: string): Error {
  return new Error(game.i18n.format('GNG.Simulator.Error.UnknownModel', { model }));
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function inProcess(job: SimulationJob, options: SimulateOptions): Promise<SimulationAggregate> {
  return runChunked(job, async (done, total) => {
    options.onProgress?.(done, total);
    await yieldToEventLoop();
    return !options.signal?.aborted;
  }).then(
    (result) => {
      if (!result) throw abortError();
      return result;
    },
    (error: unknown) => {
      throw error instanceof UnknownModelError ? unknownModel(error.model) : error;
    },
  );
}

/** A new worker for the run, or null where there is none. */
function newWorker(): Worker | null {
  if (typeof Worker !== 'function') return null;
  try {
    return new Worker(new URL('./simulate-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

function inWorker(
  worker: Worker,
  job: SimulationJob,
  options: SimulateOptions,
): Promise<SimulationAggregate> {
  return new Promise((resolve, reject) => {
    let started = false;
    const stop = () => {
      worker.terminate();
      reject(abortError());
    };
    options.signal?.addEventListener('abort', stop, { once: true });
    const finish = () => options.signal?.removeEventListener('abort', stop);
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      started = true;
      if (message.type === 'progress') options.onProgress?.(message.done, message.total);
      else {
        finish();
        worker.terminate();
        if (message.type === 'done') resolve(message.result);
        else if (message.unknownModel !== undefined) reject(unknownModel(message.unknownModel));
        else reject(new Error(message.message));
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish();
      worker.terminate();
      // A worker that never ran (its script could not load): the same run in-process.
      if (!started) inProcess(job, options).then(resolve, reject);
      else reject(new Error(event.message));
    };
    worker.postMessage(job);
  });
}

/** GnG's Appendix 1 variants that only its wound rules read (capability `woundVariants`). */
const WOUND_VARIANTS = ['advancedWoundTrauma', 'woundsCauseBleeding'] as const;

/**
 * `variants` without what `model` does not offer (the world's stored Appendix 1 wound variants stay
 * set when a world changes its model; they mean nothing under a model without GnG's wounds).
 */
export function offeredVariants(variants: SimVariants, model: CombatModel): SimVariants {
  if (models.hasCapability(model, 'woundVariants')) return variants;
  const out = { ...variants };
  for (const key of WOUND_VARIANTS) delete out[key];
  return out;
}

/**
 * The first thing of `options` that `model` does not offer (Block, a called shot, a wound variant),
 * as a localized refusal; null when it offers all. Defaults (`spare`, `none`, off) ask for nothing.
 */
function notOffered(options: SimulateOptions, model: CombatModel): Error | null {
  const refuse = (option: string) =>
    new Error(
      game.i18n.format('GNG.Simulator.Error.NotOffered', {
        option,
        model: game.i18n.has(model.label) ? game.i18n.localize(model.label) : model.label,
      }),
    );
  for (const policy of [options.policies?.a, options.policies?.b]) {
    if (!models.hasCapability(model, 'aborts') && policy?.block !== undefined && policy.block !== 'spare')
      return refuse(game.i18n.localize('GNG.Simulator.Block.label'));
    if (
      !models.hasCapability(model, 'calledShots') &&
      policy?.calledShot !== undefined &&
      policy.calledShot !== 'none'
    )
      return refuse(game.i18n.localize('GNG.Simulator.CalledShot.label'));
  }
  if (!models.hasCapability(model, 'woundVariants'))
    for (const key of WOUND_VARIANTS)
      if (options.variants?.[key] === true) return refuse(game.i18n.localize(`GNG.Variants.${key}.name`));
  return null;
}

/**
 * Runs `options.n` fights between the two sides; resolves with the aggregate. What the model does not
 * offer (GnG's Block and called shots, its wound variants under the Saga-style model) is refused
 * with a localized message; the world's stored wound variants are left out under such a model.
 */
export async function simulate(options: SimulateOptions): Promise<SimulationAggregate> {
  const n = Math.trunc(options.n ?? DEFAULT_FIGHTS);
  if (!(n >= 1 && n <= MAX_FIGHTS))
    throw new RangeError(game.i18n.format('GNG.Simulator.Error.Fights', { max: MAX_FIGHTS }));
  if (options.sideA.length === 0 || options.sideB.length === 0)
    throw new Error(game.i18n.localize('GNG.Simulator.Error.EmptySide'));
  const model = options.model ?? combatModelId();
  // A model registered by its loader is loaded first (the in-process run finds it in the registry).
  const loaded = await models.loadCombatModel(model);
  if (!loaded) throw unknownModel(model);
  const refusal = notOffered(options, loaded);
  if (refusal) throw refusal;
  const sides = await snapshotsOf(options.sideA, options.sideB, loaded);
  const job: SimulationJob = {
    sides,
    policies: options.policies ?? {},
    variants: options.variants ?? offeredVariants(variantRules(), loaded),
    n,
    seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
    ...(options.roundCap === undefined ? {} : { roundCap: options.roundCap }),
    model,
  };
  if (options.signal?.aborted) throw abortError();
  // The worker's bundle holds the built-in models only: another (a module's) runs in-process.
  const builtIn = (models.BUILT_IN_MODEL_IDS as readonly string[]).includes(model);
  const worker = options.worker === 'never' || !builtIn ? null : newWorker();
  return worker ? inWorker(worker, job, options) : inProcess(job, options);
}

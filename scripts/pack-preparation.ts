/**
 * The preparation check of compendium pack sources, run by the build (`scripts/packs.ts`) after the
 * data models accepted a source (`scripts/pack-models.ts`): each Actor is created as a compendium
 * document on the test runtime (`test/harness/`), which prepares it as Foundry does — base data, its
 * items and effects, the active effects applied, derived data through the rules engine — with the
 * system's own document classes and data models (`src/gng.ts` is loaded). Each Item is created the
 * same way, and then held by a character (so its transferred effects, weapon, armor or class reach an
 * actor's preparation). A preparation that throws, or a prepared actor whose `system.derived` is
 * missing or holds a number that is not finite (NaN, Infinity), is refused.
 *
 * Decision: the build loads the test runtime (happy-dom and the harness, devDependencies, nothing of
 * it shipped) because it is the one place where the real preparation runs outside Foundry; the
 * integration tests hold it to v13's order of preparation (test/harness/README.md). Loading it costs
 * about 2–3 s of the build, preparing every pack document about as much again (docs/performance.md).
 */
import type { ModelProblem } from './pack-models.js';
import { skippedEffectChanges, type SkippedEffectChange } from '../src/data/actor/effect-guard.js';

type Source = Record<string, unknown>;

/** The holder of an Item source while it is prepared: a character with nothing else. */
const HOLDER_ID = 'packCheckHolder0';

/**
 * Where a prepared actor's derived data is not finite: each number of `system.derived` (plain objects
 * and arrays, at any depth) must be a finite number. The path is spelt only for a number at fault.
 */
function nonFiniteNumbers(derived: unknown, rootPath: string): ModelProblem[] {
  const problems: ModelProblem[] = [];
  const seen = new Set<unknown>();
  const keys: (string | number)[] = [];
  const pathOf = () => rootPath + keys.map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`)).join('');
  const visit = (value: unknown): void => {
    if (typeof value === 'number') {
      if (!Number.isFinite(value))
        problems.push({ field: pathOf(), reason: `${value} is not a finite number` });
      return;
    }
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      value.forEach((entry: unknown, index) => {
        keys.push(index);
        visit(entry);
        keys.pop();
      });
      return;
    }
    const prototype = Object.getPrototypeOf(value) as unknown;
    if (prototype !== Object.prototype && prototype !== null) return; // a document or model: not derived data
    for (const [key, entry] of Object.entries(value)) {
      keys.push(key);
      visit(entry);
      keys.pop();
    }
  };
  visit(derived);
  return problems;
}

/** One effect change that preparation skipped (src/data/actor/effect-guard.ts), as a build problem. */
function skippedChangeProblem(change: SkippedEffectChange): ModelProblem {
  const where = change.source ? `${change.source}: ` : '';
  const detail = change.detail ? ` (${change.detail})` : '';
  return {
    field: `effects.${change.effectId ?? change.effectName}.changes`,
    reason: `${where}${change.key} = ${JSON.stringify(change.value)} is ignored in play: ${change.reason}${detail}`,
  };
}

/**
 * The one judgement of a prepared actor: its problems, with the field at fault — `system.derived`
 * missing, a number in it that is not finite, or an effect change that preparation skipped because
 * the data model refuses its value (the effect guard: in play the change would do nothing), the
 * actor's own and its items'.
 */
export function preparedActorProblems(actor: Actor): ModelProblem[] {
  const items = (actor as { items?: Iterable<object> }).items ?? [];
  const skipped = [actor, ...items].flatMap((doc) => skippedEffectChanges(doc).map(skippedChangeProblem));
  const derived = (actor.system as { derived?: unknown }).derived;
  if (!derived || typeof derived !== 'object')
    return [...skipped, { field: 'system.derived', reason: 'missing after preparation' }];
  return [...skipped, ...nonFiniteNumbers(derived, 'system.derived')];
}

/** The preparation check: `problems` of one source, `done` when every source was checked. */
export interface PackPreparation {
  problems(pack: string, documentName: string, data: Source): ModelProblem[];
  done(): void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Loads the test runtime (once per process) and returns the preparation check on it. */
export async function loadPackPreparation(): Promise<PackPreparation> {
  const { getHarness } = await import('../test/harness/index.js');
  const h = await getHarness();
  // The runtime copies the source it is given (the validated source stays as it is). One document in
  // its packs at a time: the next one starts from an empty runtime, as each test does.
  const create = (pack: string, data: Source, documentName: 'Actor' | 'Item') => {
    h.reset();
    return h.registerCompendiumDocument(pack, data, documentName);
  };

  const actorProblems = (pack: string, data: Source): ModelProblem[] => {
    let actor: Actor;
    try {
      actor = create(pack, data, 'Actor') as unknown as Actor;
    } catch (error) {
      return [{ field: 'system', reason: `preparation throws: ${messageOf(error)}` }];
    }
    return preparedActorProblems(actor);
  };

  const itemProblems = (pack: string, data: Source): ModelProblem[] => {
    try {
      create(pack, data, 'Item');
    } catch (error) {
      return [{ field: 'system', reason: `preparation throws: ${messageOf(error)}` }];
    }
    const holder = { _id: HOLDER_ID, name: 'Pack check', type: 'character', items: [data] };
    let actor: Actor;
    try {
      actor = create(pack, holder, 'Actor') as unknown as Actor;
    } catch (error) {
      return [{ field: 'system', reason: `a character holding it cannot be prepared: ${messageOf(error)}` }];
    }
    return preparedActorProblems(actor).map(({ field, reason }) => ({
      field: 'system',
      reason: `a character holding it gets ${field}: ${reason}`,
    }));
  };

  return {
    problems(pack, documentName, data) {
      if (documentName === 'Actor') return actorProblems(pack, data);
      if (documentName === 'Item') return itemProblems(pack, data);
      return [];
    },
    done: () => h.reset(),
  };
}

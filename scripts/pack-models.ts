/**
 * The data-model check of compendium pack sources, run by the build (`scripts/packs.ts`): every
 * Actor and Item source, and every item embedded in an actor, is given to the system's own data
 * model (`src/data/actor/creature-data.ts`, `src/data/item/item-data.ts`) — migrated, cleaned and
 * validated field by field, then `validateJoint`. A source the models refuse, or one whose stored
 * value cleaning would change (the string "2" for a number, an unknown key that would be dropped, an
 * old shape that would be migrated), stops the build, with the file and the field. What the models
 * accept is then prepared, effects included, by `scripts/pack-preparation.ts`.
 *
 * Decision: the data models need `foundry.data.fields` and `foundry.abstract.TypeDataModel`, which
 * only Foundry provides — and, in Node, our test runtime. The build borrows the runtime's field
 * implementation (`test/harness/fields.ts`, `data-model.ts`) and its `game.i18n` (`i18n.ts`, for the
 * models' localized messages) for this check: these three files are plain TypeScript with no DOM and
 * no Foundry code, and the integration tests already hold them to the behaviour the data models rely
 * on. (The preparation check after it loads the whole runtime: `scripts/pack-preparation.ts`.) So
 * the runtime is a build dependency of the repository (not of `dist/`: nothing of it is shipped). What this cannot prove is that Foundry's own fields agree; the check is therefore
 * stricter than the fields where it matters — a source value must survive cleaning unchanged, so a
 * numeric string is refused whether or not Foundry would cast it — and every bound of ours is in
 * `validateJoint`, our code, not a field option (test/harness/README.md, "Limits of the stand-in").
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fields, FieldValidationError } from '../test/harness/fields.js';
import { TypeDataModelImpl } from '../test/harness/data-model.js';
import { HarnessLocalization } from '../test/harness/i18n.js';

type Source = Record<string, unknown>;

/** The data model of each Actor and Item type (`CONFIG.<Document>.dataModels` in Foundry). */
export interface PackModels {
  Actor: Record<string, TypeDataModelConstructor>;
  Item: Record<string, TypeDataModelConstructor>;
}

/** One problem of a source: the field at fault (a path from the document, e.g. `system.size`) and why. */
export interface ModelProblem {
  field: string;
  reason: string;
}

const isRecord = (value: unknown): value is Source =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface Globals {
  foundry?: unknown;
  game?: unknown;
}

/**
 * Runs `fn` with the globals the data models read (`foundry.data.fields`,
 * `foundry.abstract.TypeDataModel`, `game.i18n`), installed only where missing and removed again
 * afterwards; a test runtime that installed them already is left alone.
 */
async function withModelGlobals<T>(fn: () => T | Promise<T>): Promise<T> {
  const g = globalThis as Globals;
  const installed: (keyof Globals)[] = [];
  if (g.foundry === undefined) {
    g.foundry = { abstract: { TypeDataModel: TypeDataModelImpl }, data: { fields } };
    installed.push('foundry');
  }
  if (g.game === undefined) {
    const lang = readFileSync(fileURLToPath(new URL('../lang/en.json', import.meta.url)), 'utf8');
    g.game = { i18n: new HarnessLocalization(lang) };
    installed.push('game');
  }
  try {
    return await fn();
  } finally {
    for (const key of installed) delete g[key];
  }
}

/** Loads the system's data models (once per process) with the globals they need. */
export async function loadPackModels(): Promise<PackModels> {
  return withModelGlobals(async () => {
    const { CharacterData, NpcData } = await import('../src/data/actor/creature-data.js');
    const { ITEM_DATA_MODELS } = await import('../src/data/item/item-data.js');
    return { Actor: { character: CharacterData, npc: NpcData }, Item: { ...ITEM_DATA_MODELS } };
  });
}

/** `field: reason` of an error thrown while constructing a model from `system`. */
function problemOf(error: unknown, prefix: string): ModelProblem {
  if (error instanceof FieldValidationError)
    return { field: error.path ? `${prefix}.${error.path}` : prefix, reason: error.reason };
  const { field, message } = error as { field?: unknown; message?: unknown };
  return {
    field: typeof field === 'string' && field ? `${prefix}.${field}` : prefix,
    reason: typeof message === 'string' ? message : String(error),
  };
}

/**
 * Where `cleaned` differs from `source` for the keys `source` sets: nested objects compared key by
 * key, so fields the model adds with their defaults are fine.
 */
function cleaningChanges(source: Source, cleaned: unknown, path: string): ModelProblem[] {
  if (!isRecord(cleaned))
    return [
      { field: path, reason: `${JSON.stringify(source)} would be stored as ${JSON.stringify(cleaned)}` },
    ];
  return Object.entries(source).flatMap(([key, value]): ModelProblem[] => {
    const field = `${path}.${key}`;
    if (!(key in cleaned))
      return [{ field, reason: `not a field of the data model: ${JSON.stringify(value)} would be dropped` }];
    if (isRecord(value)) return cleaningChanges(value, cleaned[key], field);
    if (JSON.stringify(value) === JSON.stringify(cleaned[key])) return [];
    return [
      {
        field,
        reason: `${JSON.stringify(value)} would be stored as ${JSON.stringify(cleaned[key])}: write the stored value`,
      },
    ];
  });
}

/** The problems of one document's `system` under its data model; `prefix` names the document. */
function systemProblems(
  models: PackModels,
  documentName: 'Actor' | 'Item',
  data: Source,
  prefix: string,
): ModelProblem[] {
  const Model = models[documentName][String(data.type)];
  // An undeclared type is the structural check's problem (scripts/packs.ts).
  if (!Model) return [];
  const system = data.system ?? {};
  if (!isRecord(system)) return [{ field: `${prefix}system`, reason: 'must be an object' }];
  // The owner as the model sees it while it is built (its migrations and checks may read it).
  const parent = { documentName, id: data._id, name: data.name, type: data.type };
  let model: TypeDataModel;
  try {
    model = new Model(structuredClone(system), { parent: parent as unknown as FoundryDocument });
  } catch (error) {
    return [problemOf(error, `${prefix}system`)];
  }
  return cleaningChanges(system, model.toObject(), `${prefix}system`);
}

/** The problems of one Actor or Item pack source (empty when the data models accept it). */
export function modelProblems(models: PackModels, documentName: string, data: Source): ModelProblem[] {
  if (documentName === 'Item') return systemProblems(models, 'Item', data, '');
  if (documentName !== 'Actor') return [];
  const entries = Array.isArray(data.items) ? data.items : [];
  return [
    // An entry that is no object is the structural check's problem.
    ...entries.flatMap((entry: unknown, index) =>
      isRecord(entry) ? systemProblems(models, 'Item', entry, `items[${index}].`) : [],
    ),
    ...systemProblems(models, 'Actor', data, ''),
  ];
}

/** Runs {@link modelProblems} with the globals the data models read while they work. */
export function withPackModels<T>(fn: () => T): Promise<T> {
  return withModelGlobals(fn);
}

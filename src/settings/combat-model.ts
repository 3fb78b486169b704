/**
 * The world's combat model (issue #26): the one way the glue reads it. `combatModel()` is the
 * model of the world setting `gng.combatModel` (GnG when unset, unknown or not registered yet, so
 * that a world from before the setting plays as it did); every caller of a rule that differs between
 * the models asks it instead of calling GnG's functions.
 *
 * A model registered by its loader (the Saga-style model, issue #30) is loaded from `init` on
 * ({@link worldModelReady}). Foundry's boot does not wait for it: until it arrives, `combatModel()`
 * stands in with GnG for data preparation, and every actor prepared with the stand-in is prepared
 * again when it arrives; nothing that decides an outcome uses the stand-in — every GM query (the card
 * kernel), dialog and sheet awaits `worldModelReady()` first.
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { models, type CombatModel, type CombatModelId, type ModelCapability } from '../rules/index.js';
import { track } from '../cards/kernel/in-flight.js';
import { Refusal } from '../cards/kernel/result.js';
import { rulesChanged } from './variant-rules.js';

/** The world setting's key. */
export const COMBAT_MODEL_SETTING = 'combatModel';

/**
 * The Saga-style model (seed 001, issue #30): a choice from the start, its code a chunk loaded on
 * first use (nothing of it is in the code a world loads at start). Its turns at the table (the
 * action budget on the tracker, refilled at each turn start; refooting: src/combat/saga-turns.ts)
 * are registered as it arrives — at `init` when the world plays it, or when the world's model is
 * changed to it (the setting's `onChange` loads it); their hooks do nothing under another model.
 */
export const SAGA_LOADER: models.LazyCombatModel = {
  id: 'saga',
  label: 'GNG.Model.Saga.label',
  load: async () => {
    const [{ SAGA_MODEL }, turns] = await Promise.all([
      import('../rules/models/saga/model.js'),
      import('../combat/saga-turns.js'),
    ]);
    turns.registerSagaTurns();
    return SAGA_MODEL;
  },
};
models.registerCombatModel(SAGA_LOADER);

/**
 * The Enlightened Grognard model (seed 003, issue #31), registered as the Saga-style model is: its
 * code and its glue at the table — the tokens' cards, gifts and end of the encounter
 * (src/models/eg-tokens.ts); the sheet block, the tracker's tokens and bloodied marker, the dying
 * save at each turn start and the sheet's actions (src/models/eg-table.ts); the action budget and
 * attacks of opportunity (src/combat/eg-turns.ts) — a chunk loaded on first use; the glue's hooks do
 * nothing under another model.
 */
export const EG_LOADER: models.LazyCombatModel = {
  id: 'eg',
  label: 'GNG.Model.EG.label',
  load: async () => {
    const [{ EG_MODEL }, tokens, table, turns] = await Promise.all([
      import('../rules/models/eg/model.js'),
      import('../models/eg-tokens.js'),
      import('../models/eg-table.js'),
      import('../combat/eg-turns.js'),
    ]);
    tokens.registerEgTokens();
    table.registerEgTable();
    turns.registerEgTurns();
    return EG_MODEL;
  },
};
models.registerCombatModel(EG_LOADER);

/**
 * The Time Count and Threshold of Pain model (seed 002, issue #32), registered as the other two: its
 * engine and its glue at the table — the Time Count tracker, its act card and settings
 * (src/models/tc-tracker.ts); the sheet block and the GM's Heal (src/models/tc-table.ts) — a chunk
 * loaded on first use; the glue's hooks do nothing under another model.
 */
export const TC_LOADER: models.LazyCombatModel = {
  id: 'tc',
  label: 'GNG.Model.TC.label',
  load: async () => {
    const [{ TC_MODEL }, tracker, table] = await Promise.all([
      import('../rules/models/tc/model.js'),
      import('../models/tc-tracker.js'),
      import('../models/tc-table.js'),
    ]);
    tracker.registerTcTracker();
    table.registerTcTable();
    return TC_MODEL;
  },
};
models.registerCombatModel(TC_LOADER);

/** The id the world setting holds (GnG when unset, unreadable or no registered model's). */
export function combatModelId(): CombatModelId {
  try {
    const value = game.settings.get(SYSTEM_ID, COMBAT_MODEL_SETTING);
    return models.combatModelLabel(value) ? (value as string) : models.DEFAULT_COMBAT_MODEL;
  } catch {
    return models.DEFAULT_COMBAT_MODEL;
  }
}

/** How the world's model was loaded this session (the self-test reports it). */
export const worldModelLoad = {
  /** Reads of `combatModel()` that GnG answered while the world's model was loading. */
  standIns: 0,
  /** Whether every actor was prepared again when it arrived (because of those reads). */
  reprepared: false,
  /** Why the last load failed ('' when none did). */
  error: '',
};

let pending: { id: CombatModelId; load: Promise<CombatModel> } | undefined;

/**
 * The world's model, loaded if it is not yet (one load per model; again after a failure). When it
 * arrives after `combatModel()` stood in with GnG, every actor is prepared again and open windows
 * redrawn. Rejects with a localized {@link Refusal} when it cannot be loaded.
 */
export function worldModelReady(): Promise<CombatModel> {
  const id = combatModelId();
  const model = models.combatModelById(id);
  if (model) return Promise.resolve(model);
  if (pending?.id !== id) {
    const load = models.loadCombatModel(id).then(
      (loaded) => {
        if (worldModelLoad.standIns) {
          worldModelLoad.reprepared = true;
          rulesChanged();
        }
        return loaded ?? models.GNG_MODEL;
      },
      (error: unknown) => {
        pending = undefined;
        worldModelLoad.error = String(error);
        console.error(error);
        throw new Refusal('GNG.Model.Error.NotLoaded', { model: modelName(id) });
      },
    );
    pending = { id, load: track(load) };
  }
  return pending.load;
}

/** A model's name in words (its label is a lang key; a test's or a module's may be plain text). */
export function modelName(id: CombatModelId): string {
  const label = models.combatModelLabel(id) ?? id;
  return game.i18n.has(label) ? game.i18n.localize(label) : label;
}

/** The world's combat model now (GnG while the world's is loading: see the file's comment). */
export function combatModel(): CombatModel {
  const id = combatModelId();
  const model = models.combatModelById(id);
  if (model) return model;
  worldModelLoad.standIns++;
  void worldModelReady().catch(() => {});
  return models.GNG_MODEL;
}

/** Whether the world's model offers `capability` (a card or button that needs it is hidden and refused). */
export function modelOffers(capability: ModelCapability): boolean {
  return models.hasCapability(combatModel(), capability);
}

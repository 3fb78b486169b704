/**
 * The world setting `gng.combatModel` (issue #26): which combat model the world plays, GnG by
 * default. Read only through `combatModel()` (combat-model.ts). Edited at the top of the "Variant
 * rules" window (variants-app.ts); not in the core list.
 *
 * A change is refused while any Combat document exists (a combat's budgets, trauma and turn records
 * are the old model's) and from anyone but a GM: the window refuses it before writing, and the
 * setting's own `preCreateSetting` / `preUpdateSetting` hooks refuse a write from anywhere else (a
 * macro, the console) on the writing client: returning false cancels it and the value stays
 * (test/harness/README.md). A change re-prepares every actor and redraws open windows, as a variant
 * does (variant-rules.ts `rulesChanged`); the active GM's client then moves each creature's HP with
 * its new maximum, keeping the HP lost (combat-model-hp.ts), and puts the token markers of the
 * new model's condition track on (or takes them off): the Saga-style model's statuses join
 * `CONFIG.statusEffects` when first set (hooks/condition-step.ts), so no reload is asked for.
 * An actor created under another model than GnG with GnG's full HP stored starts at full HP under
 * it (the active GM's client, after creation: combat-model-hp.ts `fullHpAtCreation`).
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { models } from '../rules/index.js';
import { COMBAT_MODEL_SETTING, combatModelId, worldModelReady } from './combat-model.js';
import { setReadyGate, track } from '../cards/kernel/in-flight.js';
import { allActors } from '../documents/all-actors.js';
import { syncConditionStepStatus } from '../hooks/condition-step.js';
import { rulesChanged } from './variant-rules.js';
import { isActiveGM } from '../documents/active-gm.js';

/** Each creature's maximum HP as prepared now (under the model that is changing). */
function hpMaxima(): Map<Actor, number> {
  const maxima = new Map<Actor, number>();
  for (const actor of allActors()) {
    const max = actor.system?.hp?.max;
    if (typeof max === 'number') maxima.set(actor, max);
  }
  return maxima;
}

/** The setting's id as a Setting document's `key`. */
export const COMBAT_MODEL_KEY = `${SYSTEM_ID}.${COMBAT_MODEL_SETTING}`;

/**
 * The setting's choices: every model registered now (a model registered after `init` is a choice
 * too), each with its label's lang key. A live view of the registry, not a copy.
 */
export const COMBAT_MODEL_CHOICES: Record<string, string> = new Proxy({} as Record<string, string>, {
  get: (_target, key) => models.combatModelLabel(key) ?? undefined,
  has: (_target, key) => models.combatModelLabel(key) !== null,
  ownKeys: () => models.combatModelIds(),
  getOwnPropertyDescriptor: (_target, key) => {
    const value = models.combatModelLabel(key);
    return value ? { value, enumerable: true, configurable: true, writable: false } : undefined;
  },
});

/**
 * Why `userIsGM` may not change the model now (a lang key), or null: only a GM, and only while no
 * Combat document exists.
 */
export function combatModelChangeRefusal(userIsGM: boolean = game.user.isGM): string | null {
  if (!userIsGM) return 'GNG.Model.Error.GMOnly';
  if (game.combats.size > 0) return 'GNG.Model.Error.CombatActive';
  return null;
}

/** The value a Setting document's data or change holds (stored as JSON). */
function storedValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/**
 * `preCreateSetting` / `preUpdateSetting`: a write of the model that changes it is cancelled (false)
 * with the refusal's message, when one applies, or when the id is no registered model.
 */
function guardWrite(setting: { key?: unknown }, change: { value?: unknown } | undefined): boolean | void {
  if (setting?.key !== COMBAT_MODEL_KEY || !change || !('value' in change)) return;
  const value = storedValue(change.value);
  if (value === combatModelId()) return;
  const refusal =
    models.combatModelLabel(value) === null ? 'GNG.Model.Error.Unknown' : combatModelChangeRefusal();
  if (!refusal) return;
  ui.notifications.warn(game.i18n.format(refusal, { model: String(value) }));
  return false;
}

/**
 * On `init`: the setting and its guard; the world's model starts loading (a model registered by its
 * loader), and every GM query and module loaded on first use (dialogs, sheets' parts, cards) waits
 * for it.
 */
export function registerCombatModelSetting(): void {
  game.settings.register(SYSTEM_ID, COMBAT_MODEL_SETTING, {
    name: 'GNG.Model.Group.legend',
    hint: 'GNG.Model.Group.intro',
    scope: 'world',
    config: false,
    type: String,
    default: models.DEFAULT_COMBAT_MODEL,
    choices: COMBAT_MODEL_CHOICES,
    // Every actor prepared again; once the model is at hand (actors prepared under it), the active
    // GM's client keeps each creature's HP lost under the new maximum (combat-model-hp.ts), and the
    // token markers of its condition track (or none, under a model without one: condition-step.ts).
    onChange: () => {
      const maxima = isActiveGM() ? hpMaxima() : null;
      rulesChanged();
      const after = async () => {
        if (maxima) await (await import('./combat-model-hp.js')).keepHpLost(maxima);
        await Promise.all(allActors().map(syncConditionStepStatus));
      };
      void track(worldModelReady().then(after)).catch(() => {});
    },
  });
  setReadyGate(worldModelReady);
  void worldModelReady().catch(() => {});
}

/** The hooks' handlers (src/hooks/register-hooks.ts). */
export const combatModelHooks = {
  // An actor created under another model than GnG from data holding GnG's full HP starts at full HP
  // under it: after creation, on the active GM's client only (combat-model-hp.ts, loaded then).
  createActor(actor: Actor): void {
    if (isActiveGM() && combatModelId() !== models.DEFAULT_COMBAT_MODEL)
      void track(import('./combat-model-hp.js').then((m) => m.fullHpAtCreation(actor))).catch(() => {});
  },
  /** `preCreateSetting` and `preUpdateSetting`: a write of the model's setting guarded. */
  guardWrite: (setting: { key?: unknown }, change: { value?: unknown }) => guardWrite(setting, change),
};

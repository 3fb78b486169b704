/**
 * HP across a change of the world's combat model (docs/rules.md "Changing the model"): the setting's
 * change (combat-model-setting.ts) notes each creature's maximum HP before its actors are prepared
 * again; once the new model has loaded and re-prepared them, the active GM's client moves each
 * creature's current HP with its maximum (the HP lost are kept: `hpAfterModelChange`) and says so in
 * a notice. Nonlethal damage, temporary HP and the stored condition step are left as they are.
 * An actor created while the world plays another model than GnG from data holding GnG's full HP
 * starts at full HP under the world's model (`fullHpAtCreation`).
 * Loaded on first use: nothing of it is in the code a world loads at start but the note of maxima
 * and the `createActor` hook that calls it.
 */
import { hpAfterModelChange, hpAtCreation } from '../rules/models/model-change.js';
import { models, type CombatModel } from '../rules/index.js';
import { LIMITS } from '../data/validation.js';
import { modelCreatureOf } from '../combat/model-health.js';
import { combatModelId, modelName, worldModelReady } from './combat-model.js';

/**
 * Moves each noted creature's HP with its new maximum (`before`: its maximum under the old model);
 * resolves with the number of creatures whose HP changed. Active GM's client only (the caller checks).
 */
export async function keepHpLost(before: ReadonlyMap<Actor, number>): Promise<number> {
  let changed = 0;
  for (const [actor, oldMax] of before) {
    const hp = actor.system.hp;
    if (typeof hp?.max !== 'number' || typeof hp.value !== 'number') continue;
    const value = hpAfterModelChange(hp.value, oldMax, hp.max);
    if (value === hp.value) continue;
    await actor.update({ 'system.hp.value': value });
    changed++;
  }
  if (changed > 0)
    ui.notifications.info(
      game.i18n.format('GNG.Model.HpKept', { model: modelName(combatModelId()), count: changed }),
    );
  return changed;
}

/** `actor`'s full HP under `model`, bounded as data preparation bounds them (derive-creature.ts). */
const fullHp = (actor: Actor, model: CombatModel) =>
  Math.min(model.maxHitPoints(modelCreatureOf(actor)).max, LIMITS.hitPoints);

/**
 * `actor`'s current HP under `model` when its data were written for GnG (a pack's creature read as
 * it is, as the simulator reads one): its GnG full HP are its full HP under `model`, other HP as
 * stored (`hpAtCreation`). Unprepared: as stored.
 */
export function hpFromGnG(actor: Actor, model: CombatModel): number {
  const system = actor.system;
  const stored = system.hp.value;
  if (model.id === models.DEFAULT_COMBAT_MODEL || !system.derived?.modelCreature) return stored;
  return hpAtCreation(stored, fullHp(actor, models.GNG_MODEL), fullHp(actor, model));
}

/**
 * A creature just created (a world actor, not a pack's) while the world plays a model other than
 * GnG: stored HP equal to its full HP under GnG, from the same data (packs, the importer and the
 * playground store creatures unhurt, at GnG's maximum), become its full HP under the world's model;
 * other stored HP stay. Resolves with whether it wrote. Active GM's client only (the caller checks):
 * what the creating client wrote decides nothing but the data the rules read.
 */
export async function fullHpAtCreation(actor: Actor): Promise<boolean> {
  if (actor.pack || !(actor.type === 'character' || actor.type === 'npc')) return false;
  const model = await worldModelReady();
  if (model.id === models.DEFAULT_COMBAT_MODEL) return false;
  const stored = actor.system.hp?.value;
  if (typeof stored !== 'number') return false;
  // Not prepared (test/harness/README.md, not assumed): no maximum to compare with, nothing written.
  const value = hpFromGnG(actor, model);
  if (value === stored) return false;
  await actor.update({ 'system.hp.value': value });
  return true;
}

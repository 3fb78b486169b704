/**
 * HP across a change of the world's combat model (docs/rules.md "Changing the model"): the setting's
 * change (combat-model-setting.ts) notes each creature's maximum HP before its actors are prepared
 * again; once the new model has loaded and re-prepared them, the active GM's client moves each
 * creature's current HP with its maximum (the HP lost are kept: `hpAfterModelChange`) and says so in
 * a notice. Nonlethal damage, temporary HP and the stored condition step are left as they are.
 * Loaded on first use: nothing of it is in the code a world loads at start but the note of maxima.
 */
import { hpAfterModelChange } from '../rules/models/model-change.js';
import type { CreatureData } from '../data/actor/creature-data.js';
import { combatModelId, modelName } from './combat-model.js';

/**
 * Moves each noted creature's HP with its new maximum (`before`: its maximum under the old model);
 * resolves with the number of creatures whose HP changed. Active GM's client only (the caller checks).
 */
export async function keepHpLost(before: ReadonlyMap<Actor, number>): Promise<number> {
  let changed = 0;
  for (const [actor, oldMax] of before) {
    const hp = (actor.system as CreatureData).hp;
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

/**
 * The sheet header's health label under the Enlightened Grognard model (issue #31), in place of
 * GnG's injury grade ("Unhurt" on a bloodied creature said the wrong thing): dead, dying, stable
 * below 0, disabled at 0 (003:1006), bloodied below half its maximum (003:968), else not bloodied.
 * Loaded with the model's glue (src/combat/eg-table.ts), never at start.
 */
import { healthStatusesOf } from '../../combat/model-health.js';
import { bloodiedNow } from '../../combat/eg-creature.js';

export function egHeaderLabel(actor: Actor): string {
  const health = healthStatusesOf(actor);
  const hp = actor.system?.hp?.value ?? 0;
  const state =
    actor.statuses.has('dead') || health.includes('dead')
      ? 'dead'
      : health.includes('dying')
        ? 'dying'
        : hp < 0
          ? 'stable'
          : hp === 0
            ? 'disabled'
            : bloodiedNow(actor)
              ? 'bloodied'
              : 'fine';
  return game.i18n.localize(`GNG.Model.EG.Sheet.Header.${state}`);
}

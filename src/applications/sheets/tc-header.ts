/**
 * The sheet header's health label under the Time Count model (issue #32), in place of GnG's injury
 * grade: dead at 0 HP (002:145), dying at fatigue ≥ twice the current HP (002:160), unconscious (a
 * failed check's status), at risk of falling unconscious at fatigue ≥ the current HP (002:160),
 * wounded at an effective ToP of 0 (002:78, A15), fatigued with any fatigue, else fresh. Loaded with
 * the model's glue (src/combat/tc-table.ts), never at start.
 */
import { healthOf } from '../../combat/model-health.js';
import { tcFatigueCondition, tcLethalCondition } from '../../rules/models/tc/health.js';
import { isWounded, tcThreshold } from '../../rules/models/tc/threshold.js';

export function tcHeaderLabel(actor: Actor): string {
  const health = healthOf(actor);
  const lethal = tcLethalCondition(health);
  const creature = actor.system.derived.modelCreature;
  const state =
    actor.statuses.has('dead') || lethal === 'dead'
      ? 'dead'
      : lethal === 'dying'
        ? 'dying'
        : actor.statuses.has('unconscious')
          ? 'unconscious'
          : tcFatigueCondition(health) === 'atRisk'
            ? 'atRisk'
            : isWounded(tcThreshold(creature))
              ? 'wounded'
              : (health.fatigue ?? 0) > 0
                ? 'fatigued'
                : 'fresh';
  return game.i18n.localize(`GNG.Model.TC.Sheet.Header.${state}`);
}

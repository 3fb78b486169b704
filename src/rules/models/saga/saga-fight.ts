/**
 * One simulated fight under the Saga-style model (seed 001; issue #30): initiative d20 + bonus each
 * fight, then rounds of turns until one side has no one left fighting, or the round cap (a draw).
 * Each turn a fighter still up spends its standard action on one attack at the first foe still up,
 * with the weapon of the highest expected damage by the exact odds (saga-odds.ts); the loop is
 * static-fight.ts's. Every rule is the model's own: the static defense of the moment
 * (`defenseAgainst` with the condition step), `resolve` (A9's natural 20 and 1), `damage`,
 * `applyDamage` (the damage threshold's step, nonlethal, HP below 0) and `healthStatus`. The
 * simulation decides only the turn order and who attacks whom (docs/rules.md "Odds, turns and the
 * simulator").
 */
import type { EndState } from '../../simulate/types.js';
import {
  bestStaticAttack,
  playStaticFight,
  staticEndState,
  staticFighters,
  staticStrike,
  type ModelFight,
  type StaticFighter,
} from '../static-fight.js';
import type { CombatModel, HealthVector, ModelCreature } from '../types.js';
import { CONDITION_PENALTIES } from './condition-track.js';
import { sagaAttackOdds, sagaState } from './saga-odds.js';

const stepOf = (health: HealthVector) => health.conditionStep ?? 0;

/**
 * The creature as the model reads it now: the condition step of its health among its stored fields
 * (the defenses and the damage threshold carry the step's penalty, A1).
 */
function creatureNow(f: Pick<StaticFighter, 'creature' | 'health'>): ModelCreature {
  const model = f.creature.model ?? {};
  return { ...f.creature, model: { ...model, saga: { ...model.saga, conditionStep: stepOf(f.health) } } };
}

function stateOf(model: CombatModel, f: Pick<StaticFighter, 'health' | 'creature'>): StaticFighter['state'] {
  const statuses = model.healthStatus(f.health, creatureNow(f));
  const lethal = statuses.includes('dead')
    ? 'dead'
    : statuses.includes('dying')
      ? 'dying'
      : statuses.includes('disabled')
        ? 'disabled'
        : 'normal';
  return sagaState({
    after: f.health,
    statuses,
    conditions: { lethal, nonlethal: statuses.includes('unconscious') ? 'unconscious' : 'normal' },
  });
}

function endStateOf(model: CombatModel, f: StaticFighter): EndState {
  const statuses = model.healthStatus(f.health, creatureNow(f));
  return staticEndState(statuses, statuses.includes('disabled'), f.state);
}

/**
 * One fight between `sides` under `model` (the Saga-style model). `policies` are GnG's (Block, called
 * shots) and change nothing here: the chapter has neither.
 */
export const sagaFight: ModelFight = (model, sides, _policies, variants, dice, options = {}) => {
  const fighters = staticFighters(sides, (snap, side, start) => {
    const f: StaticFighter = { snap, side, ...start, state: 'up', attacks: 0, hits: 0 };
    f.state = stateOf(model, f);
    return f;
  });
  return playStaticFight(fighters, dice, options, {
    turn: (f, target) => {
      const attack = bestStaticAttack(model, sagaAttackOdds, creatureNow, f, target, variants);
      // The attack is the turn's standard action (001:7); nothing else of the budget is used. The
      // attacker's condition step counts on its roll.
      if (attack)
        staticStrike(model, f, target, attack, variants, dice, {
          bonus: CONDITION_PENALTIES[stepOf(f.health)] ?? 0,
          defender: creatureNow(target),
          landsOn: target.creature,
          maxedCritical: false,
          stateOf: sagaState,
        });
    },
    endState: (f) => endStateOf(model, f),
  });
};

/**
 * One simulated fight under the Saga-style model (seed 001; issue #30): initiative d20 + bonus each
 * fight, then rounds of turns until one side has no one left fighting, or the round cap (a draw).
 * Each turn a fighter still up spends its standard action on one attack at the first foe still up, with the weapon of the highest expected damage by the
 * exact odds (saga-odds.ts). Every rule is the model's own: the static defense of the moment
 * (`defenseAgainst` with the condition step), `resolve` (A9's natural 20 and 1), `damage`,
 * `applyDamage` (the damage threshold's step, nonlethal, HP below 0) and `healthStatus`. The
 * simulation decides only the turn order and who attacks whom (docs/rules.md "Odds, turns and the
 * simulator").
 */
import { rollEach } from '../../dice.js';
import { weightedSum } from '../../odds/distribution.js';
import { strengthOf } from '../../simulate/resolve-attack.js';
import { initiativeOrder, playRounds } from '../../simulate/rounds.js';
import type { FightOptions, FightPolicies } from '../../simulate/fight.js';
import type {
  CombatantSnapshot,
  EndState,
  FightResult,
  FightSides,
  SideId,
  SimAttack,
  SimVariants,
} from '../../simulate/types.js';
import type { DiceSource } from '../../types.js';
import type { CombatModel, HealthVector, ModelCreature } from '../types.js';
import { CONDITION_PENALTIES } from './condition-track.js';
import { sagaAttackOdds, sagaState } from './saga-odds.js';

/** A fight still going after this many rounds is a draw (the GnG simulator's cap). */
const ROUND_CAP = 100;

/** A combatant during one fight. */
interface SagaFighter {
  snap: CombatantSnapshot;
  side: SideId;
  creature: ModelCreature;
  health: HealthVector;
  state: 'up' | 'down' | 'dead';
  attacks: number;
  hits: number;
}

/** The snapshot's creature and health under the model (the glue's `snapshot.model`). */
function modelOf(snap: CombatantSnapshot): { creature: ModelCreature; health: HealthVector } {
  const m = snap.model;
  if (!m) throw new RangeError(`combatant ${snap.id} has no snapshot for this combat model`);
  return { creature: { ...m.creature, statuses: new Set(m.creature.statuses) }, health: { ...m.health } };
}

const stepOf = (health: HealthVector) => health.conditionStep ?? 0;

/**
 * The creature as the model reads it now: the condition step of its health among its stored fields
 * (the defenses and the damage threshold carry the step's penalty, A1).
 */
function creatureNow(f: Pick<SagaFighter, 'creature' | 'health'>): ModelCreature {
  const model = f.creature.model ?? {};
  return { ...f.creature, model: { ...model, saga: { ...model.saga, conditionStep: stepOf(f.health) } } };
}

function stateOf(model: CombatModel, f: Pick<SagaFighter, 'health' | 'creature'>): SagaFighter['state'] {
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

function endStateOf(model: CombatModel, f: SagaFighter): EndState {
  const statuses = model.healthStatus(f.health, creatureNow(f));
  if (statuses.includes('dead')) return 'dead';
  if (statuses.includes('dying')) return statuses.includes('stable') ? 'stable' : 'dying';
  if (statuses.includes('disabled')) return 'disabled';
  return f.state === 'down' ? 'unconscious' : 'standing';
}

function damageInput(attack: SimAttack, variants: SimVariants) {
  return {
    weaponBonus: attack.weaponBonus,
    strengthBonus: strengthOf(attack, variants),
    protection: 0,
    nonlethal: attack.nonlethal === true,
  };
}

/** The static defense `attack` meets on `f` now. */
function defenseOf(model: CombatModel, attack: SimAttack, f: SagaFighter): number {
  const spec = model.defenseAgainst({ mode: attack.mode, touch: attack.touch === true }, creatureNow(f));
  if (spec.kind !== 'static') throw new RangeError(`combat model ${model.id} rolls its defense`);
  return spec.value;
}

const bestCache = new WeakMap<CombatantSnapshot, Map<string, SimAttack | null>>();

/** The attack with the highest expected damage against `target` as the fight begins (ties: the first). */
function bestAttack(model: CombatModel, f: SagaFighter, target: SagaFighter, variants: SimVariants) {
  let byTarget = bestCache.get(f.snap);
  if (!byTarget) bestCache.set(f.snap, (byTarget = new Map()));
  const key = `${model.id}|${target.snap.id}|${variants.strengthBonusLimitation === true}`;
  if (byTarget.has(key)) return byTarget.get(key) ?? null;
  const start = modelOf(target.snap);
  let best: SimAttack | null = null;
  let bestMean = -1;
  for (const attack of f.snap.attacks) {
    const o = sagaAttackOdds(model, {
      attack: { bonus: attack.bonus },
      defense: { bonus: defenseOf(model, attack, { ...target, ...start }) },
      damage: { weaponDice: attack.dice, ...damageInput(attack, variants) },
      target: { hp: target.snap.hp, size: target.snap.size },
      model: { health: start.health, creature: creatureNow(start) },
    });
    const mean = weightedSum(o.damage.final);
    if (mean > bestMean) {
      best = attack;
      bestMean = mean;
    }
  }
  byTarget.set(key, best);
  return best;
}

/** One attack, as the card resolves it under the model. */
function strike(
  model: CombatModel,
  f: SagaFighter,
  target: SagaFighter,
  attack: SimAttack,
  variants: SimVariants,
  dice: DiceSource,
): void {
  const natural = dice.roll(20);
  const total = natural + attack.bonus + (CONDITION_PENALTIES[stepOf(f.health)] ?? 0);
  const res = model.resolve(total, defenseOf(model, attack, target), natural);
  f.attacks += 1;
  if (!res.hit) return;
  f.hits += 1;
  const d = model.damage({
    ...damageInput(attack, variants),
    weaponDice: rollEach(dice, attack.dice.count, attack.dice.faces),
    margin: res.margin,
    critical: res.critical,
  });
  const o = model.applyDamage(target.health, { lethal: d.lethal, nonlethal: d.nonlethal }, target.creature, {
    nonlethalAttack: attack.nonlethal === true,
  });
  target.health = o.after;
  target.state = sagaState(o);
}

/**
 * One fight between `sides` under `model` (the Saga-style model). `policies` are GnG's (Block, called
 * shots) and change nothing here: the chapter has neither.
 */
export function sagaFight(
  model: CombatModel,
  sides: FightSides,
  _policies: FightPolicies,
  variants: SimVariants,
  dice: DiceSource,
  options: FightOptions = {},
): FightResult {
  const cap = options.roundCap ?? ROUND_CAP;
  const fighters: SagaFighter[] = (['a', 'b'] as const).flatMap((side) =>
    sides[side].map((snap) => {
      const { creature, health } = modelOf(snap);
      const f: SagaFighter = { snap, side, creature, health, state: 'up', attacks: 0, hits: 0 };
      f.state = stateOf(model, f);
      return f;
    }),
  );
  // Initiative and rounds as the GnG simulator's (its decision on ties).
  const { winner, rounds } = playRounds(
    initiativeOrder(fighters, dice),
    (f) => f.state === 'up',
    cap,
    (f) => {
      if (f.state !== 'up') return;
      const target = fighters.find((o) => o.side !== f.side && o.state === 'up');
      if (!target) return;
      const attack = bestAttack(model, f, target, variants);
      // The attack is the turn's standard action (001:7); nothing else of the budget is used.
      if (attack) strike(model, f, target, attack, variants, dice);
    },
  );
  return {
    winner,
    rounds,
    combatants: fighters.map((f) => ({
      id: f.snap.id,
      side: f.side,
      hp: f.health.value ?? 0,
      nonlethal: f.health.nonlethal ?? 0,
      state: endStateOf(model, f),
      attacks: f.attacks,
      hits: f.hits,
    })),
  };
}

/**
 * The Saga-style model's exact odds (saga-odds.ts) against the model rolling the attack as the card
 * does: the d20 through `resolve`, the weapon's dice one by one through `damage`, the hit through
 * `applyDamage`, with a seeded DiceSource. Every probability the odds give lies within 4.5 standard
 * errors of the observed frequency; values whose expected count is under 20 are lumped into one
 * "rest" cell per family. The first case rolls 10⁶ attacks (the figure), the others 2·10⁵
 * (the tolerance is each case's own standard error).
 */
import { describe, expect, it } from 'vitest';
import { rollEach, type DiceSource } from '../../../src/rules/index.js';
import { disagreements, oddsWant, type Tally } from '../../fixtures/odds-sampling.js';
import { saga } from '../../../src/rules/on-demand.js';
import { sagaAttackOdds, sagaState } from '../../../src/rules/models/saga/saga-odds.js';
import type { ModelCreature } from '../../../src/rules/models/types.js';
import type { AttackOddsInput } from '../../../src/rules/odds/index.js';

const { SAGA_MODEL } = saga;

function rollOnce(dice: DiceSource, input: AttackOddsInput, t: Tally): void {
  const natural = dice.roll(20);
  const res = SAGA_MODEL.resolve(natural + input.attack.bonus, input.defense.bonus, natural);
  const { health, creature } = input.model as NonNullable<AttackOddsInput['model']>;
  if (!res.hit) {
    t.add('miss');
    t.value('final', 0);
    t.value('stepAfter', health.conditionStep);
    t.value('hpAfter', health.value);
    return;
  }
  t.add('hit');
  if (res.critical) t.add('critical');
  const { weaponDice, ...rest } = input.damage;
  // Object.assign, not a spread: on Node 20 a spread followed by more properties costs microseconds
  // an attack (issue #29).
  const d = SAGA_MODEL.damage(
    Object.assign(rest, {
      weaponDice: rollEach(dice, weaponDice?.count ?? 0, weaponDice?.faces ?? 1),
      margin: res.margin,
      critical: res.critical,
    }),
  );
  t.value('final', d.final);
  const o = SAGA_MODEL.applyDamage(health, { lethal: d.lethal, nonlethal: d.nonlethal }, creature, {
    nonlethalAttack: input.damage.nonlethal === true,
  });
  t.value('stepAfter', o.after.conditionStep);
  t.value('hpAfter', o.after.value);
  const state = sagaState(o);
  const changed = Object.keys(o.after).some((k) => o.after[k] !== health[k]);
  if (d.final === 0 || !changed) t.add('absorbed');
  else if (state === 'dead') t.add('dead');
  else if (state === 'down') t.add('down');
  else if ((o.after.conditionStep ?? 0) > (health.conditionStep ?? 0)) t.add('step');
  else t.add('hurt');
}

function expected(input: AttackOddsInput): Map<string, number> {
  const o = sagaAttackOdds(SAGA_MODEL, input);
  return oddsWant(
    [
      ['hit', o.hit.hit],
      ['critical', o.saga.critical],
    ],
    o.saga.exclusive,
    { final: o.damage.final, stepAfter: o.saga.stepAfter, hpAfter: o.outcome.hpAfter },
  );
}

function agree(input: AttackOddsInput, n: number, seed: number): string[] {
  return disagreements((dice, tally) => rollOnce(dice, input, tally), expected(input), n, seed);
}

function target(hp: number, step: number, fortitude: number): AttackOddsInput['model'] {
  const creature: ModelCreature = {
    size: 'medium',
    defense: { dexMod: 0, classes: [], size: 'medium' },
    hitPoints: { con: 10, classes: [], size: 'medium' },
    saves: { fortitude, reflex: 0, will: 0 },
    statuses: new Set(),
    model: { saga: { conditionStep: step } },
  };
  return { health: { value: hp, temp: 0, nonlethal: 0, conditionStep: step }, creature };
}

const CASES: { name: string; n: number; input: AttackOddsInput }[] = [
  {
    name: 'a longsword (1d8+3) at +6 against Reflex 16, threshold 12, 14 HP',
    n: 1_000_000,
    input: {
      attack: { bonus: 6 },
      defense: { bonus: 16 },
      damage: { weaponDice: { count: 1, faces: 8 }, weaponBonus: 3, protection: 0 },
      target: { hp: { value: 14, max: 14 }, size: 'medium' },
      model: target(14, 0, 2),
    },
  },
  {
    name: 'a greatsword (2d6+4) at +3 against 18, DR 2, a target three steps down at 9 HP',
    n: 200_000,
    input: {
      attack: { bonus: 3 },
      defense: { bonus: 18 },
      damage: { weaponDice: { count: 2, faces: 6 }, weaponBonus: 4, protection: 0, damageReduction: 2 },
      target: { hp: { value: 9, max: 20 }, size: 'medium' },
      model: target(9, 3, 5),
    },
  },
  {
    name: 'a nonlethal 1d6+1 at +8 against 12, a target at 5 HP',
    n: 200_000,
    input: {
      attack: { bonus: 8 },
      defense: { bonus: 12 },
      damage: { weaponDice: { count: 1, faces: 6 }, weaponBonus: 1, protection: 0, nonlethal: true },
      target: { hp: { value: 5, max: 10 }, size: 'medium' },
      model: target(5, 0, 0),
    },
  },
];

describe('Saga-style exact odds agree with the model rolling the attack (sampling)', () => {
  for (const [i, c] of CASES.entries()) {
    it(`${c.name} (${c.n.toLocaleString('en')} attacks)`, { timeout: 120_000 }, () => {
      expect(agree(c.input, c.n, 3030 + i)).toEqual([]);
    });
  }
});

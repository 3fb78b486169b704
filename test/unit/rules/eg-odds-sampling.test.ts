/**
 * The Enlightened Grognard exact odds (eg-odds.ts) against the model rolling the attack as the card
 * does: the d20 through `resolve`, a critical's dice at their maximum, the others rolled one by one
 * through `damage` with the policy's tokens, the hit through `applyDamage`, with a seeded DiceSource.
 * Every probability the odds give lies within 4.5 standard errors of the observed frequency; values
 * whose expected count is under 20 are lumped into one "rest" cell per family. The first case rolls
 * 10⁶ attacks, the others 2·10⁵ (the tolerance is each case's own standard error).
 */
import { describe, expect, it } from 'vitest';
import { rollEach, type DiceSource } from '../../../src/rules/index.js';
import { disagreements, oddsWant, type Tally } from '../../fixtures/odds-sampling.js';
import { EG_MODEL } from '../../../src/rules/models/eg/model.js';
import { egAttackOdds, egState, egTokenPolicy } from '../../../src/rules/models/eg/eg-odds.js';
import type { ModelCreature } from '../../../src/rules/models/types.js';
import { egAbility } from '../../fixtures/eg-kara.js';
import type { AttackOddsInput } from '../../../src/rules/odds/index.js';

function rollOnce(dice: DiceSource, input: AttackOddsInput, t: Tally): void {
  const policy = egTokenPolicy(input.tokens);
  const natural = dice.roll(20);
  const res = EG_MODEL.resolve(
    natural + input.attack.bonus + policy.attack,
    input.defense.bonus + policy.defense,
    natural,
  );
  const { health, creature } = input.model as NonNullable<AttackOddsInput['model']>;
  if (!res.hit) {
    t.add('miss');
    t.value('final', 0);
    t.value('valueAfter', health.value ?? 0);
    t.value('conDamageAfter', health.conDamage ?? 0);
    return;
  }
  t.add('hit');
  if (res.critical) t.add('critical');
  const { weaponDice, ...rest } = input.damage;
  const count = weaponDice?.count ?? 0;
  const faces = new Array<number>(count).fill(weaponDice?.faces ?? 1);
  // Object.assign, not a spread: on Node 20 a spread followed by more properties costs microseconds
  // an attack (issue #29).
  const d = EG_MODEL.damage(
    Object.assign(
      rest,
      {
        weaponDice: res.critical ? faces : rollEach(dice, count, weaponDice?.faces ?? 1),
        tokens: { added: policy.damage, prevented: policy.soak },
        margin: res.margin,
        critical: res.critical,
      },
      res.critical ? { diceFaces: faces } : {},
    ),
  );
  t.value('final', d.final);
  const o = EG_MODEL.applyDamage(health, { lethal: d.lethal, nonlethal: d.nonlethal }, creature);
  t.value('valueAfter', o.after.value);
  t.value('conDamageAfter', o.after.conDamage);
  const state = egState(o);
  const bloodied = (o.after.bloodied ?? 0) > (health.bloodied ?? 0);
  if (bloodied) t.add('bloodiedAny');
  const changed = Object.keys(o.after).some((k) => o.after[k] !== health[k]);
  if (d.final === 0 || !changed) t.add('absorbed');
  else if (state !== 'up') t.add(state);
  else if (bloodied) t.add('bloodied');
  else t.add('hurt');
}

function expected(input: AttackOddsInput): Map<string, number> {
  const o = egAttackOdds(EG_MODEL, input);
  return oddsWant(
    [
      ['hit', o.hit.hit],
      ['critical', o.eg.critical],
      ['bloodiedAny', o.eg.bloodied],
    ],
    o.eg.exclusive,
    { final: o.damage.final, valueAfter: o.outcome.hpAfter, conDamageAfter: o.eg.conDamageAfter },
  );
}

function agree(input: AttackOddsInput, n: number, seed: number): string[] {
  return disagreements((dice, tally) => rollOnce(dice, input, tally), expected(input), n, seed);
}

const ability = egAbility;

/** A fighter 3 (d10), Con `con`: 10 + 12 + 3 × the Con modifier HP. */
function target(health: Record<string, number>, con = 14): AttackOddsInput['model'] {
  const conDamage = health.conDamage ?? 0;
  const creature: ModelCreature = {
    size: 'medium',
    defense: { dexMod: 0, classes: [], size: 'medium' },
    hitPoints: {
      con: con - conDamage,
      classes: [{ progression: 'good', levels: 3, hitDie: 10 }],
      size: 'medium',
    },
    saves: { fortitude: 0, reflex: 0, will: 0 },
    statuses: new Set(),
    abilities: {
      str: ability(10),
      dex: ability(10),
      con: ability(con, conDamage),
      int: ability(10),
      wis: ability(10),
      cha: ability(10),
    },
  };
  return { health: { value: 0, temp: 0, nonlethal: 0, conDamage: 0, bloodied: 0, ...health }, creature };
}

const CASES: { name: string; n: number; input: AttackOddsInput }[] = [
  {
    name: 'a longsword (1d8+3) at +5 against AC 15, a 28-HP target at 20 HP',
    n: 1_000_000,
    input: {
      attack: { bonus: 5 },
      defense: { bonus: 15 },
      damage: { weaponDice: { count: 1, faces: 8 }, strengthBonus: 3, protection: 0 },
      target: { hp: { value: 20, max: 28 }, size: 'medium' },
      model: target({ value: 20 }),
    },
  },
  {
    name: 'a greatsword (2d6+4) at +3 against 18 with 2 attack and 3 damage tokens, DR 2, 5 temporary HP, at 9 HP',
    n: 200_000,
    input: {
      attack: { bonus: 3 },
      defense: { bonus: 18 },
      damage: { weaponDice: { count: 2, faces: 6 }, weaponBonus: 4, protection: 0, damageReduction: 2 },
      target: { hp: { value: 9, max: 28 }, size: 'medium' },
      model: target({ value: 9, temp: 5, bloodied: 1, conDamage: 1 }),
      tokens: { attack: 2, damage: 3 },
    },
  },
  {
    name: 'a 1d6+1 at +8 against 12 on a dying target (−2 HP, Con 10, 9 Con damage: 5 HP more kill it), the defender soaking 1',
    n: 200_000,
    input: {
      attack: { bonus: 8 },
      defense: { bonus: 12 },
      damage: { weaponDice: { count: 1, faces: 6 }, weaponBonus: 1, protection: 0 },
      target: { hp: { value: -2, max: 22 }, size: 'medium' },
      model: target({ value: -2, bloodied: 1, conDamage: 9 }, 10),
      tokens: { soak: 1, defense: 2 },
    },
  },
];

describe('EG exact odds agree with the model rolling the attack (sampling)', () => {
  for (const [i, c] of CASES.entries()) {
    it(`${c.name} (${c.n.toLocaleString('en')} attacks)`, { timeout: 120_000 }, () => {
      expect(agree(c.input, c.n, 3131 + i)).toEqual([]);
    });
  }
});

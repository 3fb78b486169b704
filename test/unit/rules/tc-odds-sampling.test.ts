/**
 * The Time Count model's exact odds (tc-odds.ts) against the model rolling the attack as the card
 * does: the d20 through `resolve`, a critical's dice at their maximum, the others rolled through
 * `damage`, the hit through `applyDamage`, the consciousness check it owes rolled (d20 + Con −
 * penalty ≥ DC), with a seeded DiceSource. Every probability the odds give lies within 4.5 standard
 * errors of the observed frequency; values whose expected count is under 20 are lumped into one
 * "rest" cell per family. The first case rolls 10⁶ attacks, the others 2·10⁵.
 */
import { describe, expect, it } from 'vitest';
import { rollEach, type DiceSource } from '../../../src/rules/index.js';
import { disagreements, oddsWant, type Tally } from '../../fixtures/odds-sampling.js';
import { TC_MODEL } from '../../../src/rules/models/tc/model.js';
import {
  constitutionOf,
  owedCheck,
  rollConsciousness,
  tcAttackOdds,
  tcOutcomeState,
  THRESHOLD_PASSED,
} from '../../../src/rules/models/tc/tc-odds.js';
import type { AttackOddsInput } from '../../../src/rules/odds/index.js';
import { tcCreature, tcHealth, tcOddsInput } from '../../fixtures/tc-analysis.js';

function rollOnce(dice: DiceSource, input: AttackOddsInput, t: Tally): void {
  const { health, creature } = input.model as NonNullable<AttackOddsInput['model']>;
  const natural = dice.roll(20);
  const res = TC_MODEL.resolve(natural + input.attack.bonus, input.defense.bonus, natural);
  if (res.fumble) t.add('fumble');
  if (!res.hit) {
    t.add('miss');
    t.value('final', 0);
    t.value('valueAfter', health.value);
    t.value('fatigueAfter', health.fatigue);
    return;
  }
  t.add('hit');
  if (res.critical) t.add('critical');
  const { weaponDice, ...rest } = input.damage;
  const count = weaponDice?.count ?? 0;
  const faces = new Array<number>(count).fill(weaponDice?.faces ?? 1);
  // Object.assign, not a spread: on Node 20 a spread followed by more properties costs microseconds
  // an attack (issue #29).
  const d = TC_MODEL.damage(
    Object.assign(
      rest,
      {
        weaponDice: res.critical ? faces : rollEach(dice, count, weaponDice?.faces ?? 1),
        margin: res.margin,
        critical: res.critical,
      },
      res.critical ? { diceFaces: faces } : {},
    ),
  );
  t.value('final', d.final);
  const o = TC_MODEL.applyDamage(
    health,
    { lethal: d.lethal, nonlethal: d.nonlethal },
    creature,
    Object.assign({}, input.apply, {
      nonlethalAttack: input.damage.nonlethal === true,
    }),
  );
  t.value('valueAfter', o.after.value);
  t.value('fatigueAfter', o.after.fatigue);
  if (o.events.includes(THRESHOLD_PASSED)) t.add('passTop');
  const state = tcOutcomeState(o);
  const owed = owedCheck(o);
  const con = constitutionOf(creature);
  const awake = !owed || con === null || rollConsciousness(dice.roll(20), con, owed.dc, owed.penalty).passed;
  if (owed) t.add('check');
  if (!awake) t.add('unconsciousAny');
  if (state !== 'up') t.add(state);
  else if (owed) t.add(awake ? 'awake' : 'unconscious');
  else t.add(o.events.includes(THRESHOLD_PASSED) ? 'passed' : 'fatigue');
}

function expected(input: AttackOddsInput): Map<string, number> {
  const o = tcAttackOdds(TC_MODEL, input);
  return oddsWant(
    [
      ['hit', o.hit.hit],
      ['critical', o.tc.critical],
      ['fumble', o.tc.fumble],
      ['passTop', o.tc.passTop],
      ['check', o.tc.check],
      ['unconsciousAny', o.tc.unconscious],
    ],
    o.tc.exclusive,
    { final: o.damage.final, valueAfter: o.outcome.hpAfter, fatigueAfter: o.tc.fatigueAfter },
  );
}

const agree = (input: AttackOddsInput, n: number, seed: number) =>
  disagreements((dice, tally) => rollOnce(dice, input, tally), expected(input), n, seed);

describe('the TC odds agree with sampling', () => {
  it(
    '2d6 + 2 against a tired target: ToP passed, checks owed and failed, dying (10⁶ attacks)',
    { timeout: 120_000 },
    () => {
      // ToP 3 + Persona 1; 12 HP with 8 fatigue, Con 12 (+1): every outcome has some mass.
      const input = {
        ...tcOddsInput(
          { bonus: 4, defense: 14, faces: 6, flat: 2 },
          tcCreature({ persona: 1, con: 12 }),
          tcHealth(12, { fatigue: 8 }),
        ),
        damage: { weaponDice: { count: 2, faces: 6 }, weaponBonus: 2, protection: 0 },
      };
      expect(agree(input, 1_000_000, 32)).toEqual([]);
    },
  );

  it('a wounded target with impairments on: deaths and the −2 a check (2·10⁵)', { timeout: 120_000 }, () => {
    const input: AttackOddsInput = {
      ...tcOddsInput(
        { bonus: 6, defense: 13, faces: 8, flat: 1 },
        tcCreature(),
        tcHealth(9, { fatigue: 4, topLost: 2 }),
      ),
      apply: { impairments: true, damageType: 'piercing' },
    };
    expect(agree(input, 200_000, 7)).toEqual([]);
  });

  it('a nonlethal attack (2·10⁵)', { timeout: 120_000 }, () => {
    const input = tcOddsInput(
      { bonus: 2, defense: 12, faces: 4, flat: 3, nonlethal: true },
      tcCreature({ persona: 2 }),
      tcHealth(6, { fatigue: 3 }),
    );
    expect(agree(input, 200_000, 11)).toEqual([]);
  });
});

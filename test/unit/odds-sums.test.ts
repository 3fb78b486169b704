/**
 * The exact odds (issue #20) are a whole distribution whatever the attack: "the sum of all outcomes is
 * 1 within 1e-9" — hit and miss, the RD and damage distributions, and each record of outcomes — over
 * random attacks (bonuses, Defense kinds, dice, Protection with bypass and fortification, DR, energy
 * resistance, the after-Protection multiplier, lethal or nonlethal, every size, temporary HP, stable
 * targets, both wound variants, called shots with saves). Also: the odds are probabilities (none below
 * 0 or above 1), a shallow chain cut stays within its stated bound, the damage of a sure hit is
 * damagePipeline over every face of the dice (brute force), and a bigger bonus never lowers P(hit).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SIZES, damagePipeline, type CalledShotEffect } from '../../src/rules/index.js';
import { odds } from '../../src/rules/on-demand.js';

const { attackOdds, hitOdds, mass, probabilityOf } = odds;
type Input = Parameters<typeof attackOdds>[0];
const EPS = 1e-9;

/** Mostly false, so most attacks are rolled against a rolled Defense. */
const rarely = fc.constantFrom(false, false, false, true);
const effects = fc.subarray<CalledShotEffect>(['penetration', 'stun', 'vital-strike', 'daze', 'blindness']);

const input: fc.Arbitrary<Input> = fc.record({
  attack: fc.record({ bonus: fc.integer({ min: -10, max: 25 }), take10: rarely }),
  defense: fc.record({
    bonus: fc.integer({ min: -5, max: 30 }),
    autoRollOne: rarely,
    fixed: rarely,
  }),
  coupDeGrace: rarely,
  damage: fc.record({
    weaponDice: fc.record({
      count: fc.integer({ min: 0, max: 4 }),
      faces: fc.constantFrom(1, 4, 6, 8, 10, 12, 20),
    }),
    weaponBonus: fc.integer({ min: -3, max: 5 }),
    strengthBonus: fc.integer({ min: -2, max: 6 }),
    protection: fc.record({ armor: fc.nat(10), naturalArmor: fc.nat(6), monk: fc.nat(3) }),
    bypass: fc.constantFrom('none' as const, 'piercing' as const, 'ignoring' as const),
    fortification: fc.constantFrom('none' as const, 'light' as const, 'heavy' as const),
    damageReduction: fc.nat(5),
    energyResistance: fc.nat(3),
    afterProtectionMultiplier: fc.integer({ min: 1, max: 2 }),
    applyRelativeDegree: fc.boolean(),
    nonlethal: fc.boolean(),
  }),
  target: fc.record({
    hp: fc.record({
      value: fc.integer({ min: -9, max: 40 }),
      max: fc.integer({ min: 1, max: 40 }),
      temp: fc.nat(6),
      nonlethal: fc.nat(6),
    }),
    size: fc.constantFrom(...SIZES),
    immuneToInjury: fc.boolean(),
    stable: fc.boolean(),
    saves: fc.record({
      fortitude: fc.integer({ min: -5, max: 15 }),
      reflex: fc.integer({ min: -5, max: 15 }),
    }),
  }),
  variants: fc.record({ advancedWoundTrauma: fc.boolean(), woundsCauseBleeding: fc.boolean() }),
  slashing: fc.boolean(),
  calledShot: fc.record({ effects }),
});

function sumOf(values: readonly (number | null)[]): number {
  return values.reduce<number>((a, b) => a + (b ?? 0), 0);
}

describe('the exact odds sum to 1', () => {
  it('over random attacks, every distribution and record sums to 1 within 1e-9', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(input, (i) => {
        const o = attackOdds(i);
        const sums = {
          hit: o.hit.hit + o.hit.miss,
          rd: mass(o.hit.rd),
          hitRd: mass(o.hit.hitRd) - o.hit.hit + 1,
          final: mass(o.damage.final),
          lethal: mass(o.damage.lethal),
          nonlethalDamage: mass(o.damage.nonlethal),
          hpAfter: mass(o.outcome.hpAfter),
          injury: sumOf(Object.values(o.outcome.injury)),
          condition: sumOf(Object.values(o.outcome.condition)),
          nonlethal: sumOf(Object.values(o.outcome.nonlethal)),
        };
        for (const [name, sum] of Object.entries(sums)) expect(Math.abs(sum - 1), name).toBeLessThan(EPS);
        const w = o.outcome.woundTrauma;
        if (w && w.dazed !== null) {
          const failed = sumOf([w.dazed, w.stunnedOneRound, w.stunnedRolled]);
          expect(failed).toBeLessThanOrEqual(w.owed + EPS);
        }
        const p = o.calledShot?.penetration;
        if (p) expect(Math.abs(p.saved + p.penetrated - o.hit.hit)).toBeLessThan(EPS);
        const every = [
          ...o.hit.rd.p,
          ...o.damage.final.p,
          ...o.outcome.hpAfter.p,
          ...Object.values(o.outcome.injury),
          ...Object.values(o.outcome.condition),
          o.outcome.trauma,
          o.outcome.noEffect,
          o.outcome.injuryWorse,
        ];
        const outside = every.filter((x) => !(x >= 0 && x <= 1 + EPS));
        expect(outside).toEqual([]);
      }),
      { numRuns: 300, seed: 20 },
    );
  });

  it('a shallow chain cut stays within its stated error bound of a deep one', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(input, (i) => {
        const shallow = attackOdds({ ...i, chainDepth: 2 });
        const deep = attackOdds({ ...i, chainDepth: 12 });
        const hitBound = shallow.hit.truncation.hitErrorBound + deep.hit.truncation.hitErrorBound;
        expect(Math.abs(shallow.hit.hit - deep.hit.hit)).toBeLessThanOrEqual(hitBound + EPS);
        const bound = shallow.truncation.errorBound + deep.truncation.errorBound + EPS;
        const pairs: [number, number][] = [
          [shallow.outcome.noEffect, deep.outcome.noEffect],
          [shallow.outcome.trauma, deep.outcome.trauma],
          ...(Object.keys(deep.outcome.condition) as (keyof typeof deep.outcome.condition)[]).map(
            (k): [number, number] => [shallow.outcome.condition[k], deep.outcome.condition[k]],
          ),
          ...(Object.keys(deep.outcome.injury) as (keyof typeof deep.outcome.injury)[]).map(
            (k): [number, number] => [shallow.outcome.injury[k], deep.outcome.injury[k]],
          ),
        ];
        expect(pairs.filter(([a, b]) => Math.abs(a - b) > bound)).toEqual([]);
      }),
      { numRuns: 150, seed: 21 },
    );
  });

  it('the damage odds of a sure hit equal damagePipeline over every face of the dice (brute force)', () => {
    const damage = fc.record({
      count: fc.integer({ min: 0, max: 3 }),
      faces: fc.constantFrom(2, 3, 4, 6, 8),
      rd: fc.nat(12),
      weaponBonus: fc.integer({ min: -4, max: 4 }),
      protection: fc.record({ armor: fc.nat(9), naturalArmor: fc.nat(4) }),
      bypass: fc.constantFrom('none' as const, 'piercing' as const, 'ignoring' as const),
      damageReduction: fc.nat(4),
      energyResistance: fc.nat(3),
      afterProtectionMultiplier: fc.integer({ min: 1, max: 3 }),
      applyRelativeDegree: fc.boolean(),
    });
    fc.assert(
      fc.property(damage, ({ count, faces, rd, ...rest }) => {
        // Take 10 with bonus rd against a fixed 10: a sure hit with exactly that RD.
        const o = attackOdds({
          attack: { bonus: rd, take10: true },
          defense: { bonus: 10, fixed: true },
          damage: { ...rest, weaponDice: { count, faces } },
          target: { hp: { value: 10, max: 10 }, size: 'medium' },
        });
        const want = new Map<number, number>();
        const faces1 = Array.from({ length: faces }, (_, k) => k + 1);
        let rolls: number[][] = [[]];
        for (let k = 0; k < count; k++) rolls = rolls.flatMap((r) => faces1.map((f) => [...r, f]));
        for (const weaponDice of rolls) {
          const final = damagePipeline({ ...rest, weaponDice, relativeDegree: rd }).final;
          want.set(final, (want.get(final) ?? 0) + 1 / rolls.length);
        }
        const wrong = [...want].filter(([v, p]) => Math.abs(probabilityOf(o.damage.final, v) - p) > EPS);
        expect(wrong).toEqual([]);
        expect(Math.abs(mass(o.damage.final) - 1)).toBeLessThan(EPS);
      }),
      { numRuns: 300, seed: 22 },
    );
  });

  it('a bigger attack bonus never lowers P(hit)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 30 }), fc.integer({ min: -10, max: 30 }), (a, d) => {
        expect(hitOdds(a + 1, d).hit).toBeGreaterThanOrEqual(hitOdds(a, d).hit - EPS);
      }),
      { numRuns: 200, seed: 20 },
    );
  });
});

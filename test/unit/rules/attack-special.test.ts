import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  acceleratedPair,
  acceleratedPairAttackPenalty,
  controlledSingleBurstOptions,
  multipleTargetBurst,
  multipleTargetDefenseRolls,
  multiShotDamageInstances,
  resolveMultipleTargetBurst,
  singleTargetBurstHits,
  singleTargetBurstShots,
  strafingConeFeet,
  targetSizeExtraShots,
} from '../../../src/rules/special-attacks.js';
import {
  scattershot,
  suppressingFire,
  suppressingFireFreeAttack,
  suppressingFireShots,
} from '../../../src/rules/scattershot-suppressing-fire.js';
import { damageAfterProtection } from '../../../src/rules/damage.js';
import { fixedDice, seededDice } from '../../../src/rules/dice.js';
import { SIZES, type Size } from '../../../src/rules/types.js';

// Table: Accelerated Pair and Target Size / Table: Single Target Bursts and Target Size (same numbers)
const SIZE_TABLE: [Size, number, number | null][] = [
  ['colossal', 1, 30],
  ['gargantuan', 1, 25],
  ['huge', 2, 20],
  ['large', 3, 15],
  ['medium', 5, 10],
  ['small', 7, null],
  ['tiny', 9, null],
  ['diminutive', 11, null],
  ['fine', 13, null],
];

describe('ACCELERATED PAIR (DOUBLE TAP)', () => {
  it('−4 to the single attack roll; Improved Accelerated Pair negates it', () => {
    expect(acceleratedPairAttackPenalty()).toBe(-4);
    expect(acceleratedPairAttackPenalty(true)).toBe(0);
  });
  it('a hit lands the first shot; RD 5 or more lands the second', () => {
    expect(acceleratedPair({ ammo: 10, hit: true, relativeDegree: 4 })).toMatchObject({
      totalHits: 1,
      ammoUsed: 2,
    });
    expect(acceleratedPair({ ammo: 10, hit: true, relativeDegree: 5 })).toMatchObject({ totalHits: 2 });
    expect(acceleratedPair({ ammo: 10, hit: false, relativeDegree: -1 })).toMatchObject({
      totalHits: 0,
      ammoUsed: 2,
    });
  });
  it('point blank: within 5 feet both shots hit', () => {
    expect(acceleratedPair({ ammo: 2, hit: true, relativeDegree: 0, distanceFeet: 5 })).toMatchObject({
      totalHits: 2,
      pointBlank: true,
    });
    expect(acceleratedPair({ ammo: 2, hit: true, relativeDegree: 0, distanceFeet: 10 })).toMatchObject({
      totalHits: 1,
      pointBlank: false,
    });
  });
  it.each(SIZE_TABLE)(
    'Table: Accelerated Pair and Target Size — %s: RD %i, point blank %s',
    (size, rd, pb) => {
      expect(targetSizeExtraShots(size)).toEqual({ relativeDegreePerExtraShot: rd, pointBlankFeet: pb });
      expect(
        acceleratedPair({ ammo: 2, hit: true, relativeDegree: rd - 1, targetSize: size }).totalHits,
      ).toBe(1);
      expect(acceleratedPair({ ammo: 2, hit: true, relativeDegree: rd, targetSize: size }).totalHits).toBe(2);
      if (pb !== null) {
        expect(
          acceleratedPair({ ammo: 2, hit: true, relativeDegree: 0, targetSize: size, distanceFeet: pb })
            .totalHits,
        ).toBe(2);
      } else {
        expect(
          acceleratedPair({ ammo: 2, hit: true, relativeDegree: 0, targetSize: size, distanceFeet: 0 })
            .pointBlank,
        ).toBe(false);
      }
    },
  );
  it('examples: a tiny target needs RD 9, a gargantuan one RD 1', () => {
    expect(acceleratedPair({ ammo: 2, hit: true, relativeDegree: 8, targetSize: 'tiny' }).totalHits).toBe(1);
    expect(acceleratedPair({ ammo: 2, hit: true, relativeDegree: 9, targetSize: 'tiny' }).totalHits).toBe(2);
    expect(
      acceleratedPair({ ammo: 2, hit: true, relativeDegree: 1, targetSize: 'gargantuan' }).totalHits,
    ).toBe(2);
  });
  it('needs two rounds; bad input throws RangeError', () => {
    expect(() => acceleratedPair({ ammo: 1, hit: true, relativeDegree: 3 })).toThrow(RangeError);
    expect(() => acceleratedPair({ ammo: -2, hit: true, relativeDegree: 3 })).toThrow(RangeError);
    expect(() => acceleratedPair({ ammo: 4, hit: true, relativeDegree: -3 })).toThrow(RangeError);
    expect(() =>
      acceleratedPair({ ammo: 4, hit: true, relativeDegree: 3, targetSize: 'vast' as never }),
    ).toThrow(RangeError);
    expect(() =>
      acceleratedPair({ ammo: 4, hit: true, relativeDegree: 3, distanceFeet: Number.NaN }),
    ).toThrow(RangeError);
  });
});

describe('Single Target Burst', () => {
  it('2d6 shots, capped by the rounds left (example: 4 rounds left, rolled 11 → 4 shots)', () => {
    expect(singleTargetBurstShots({ ammo: 30, rolled: [5, 6] })).toMatchObject({
      shotsFired: 11,
      ammoUsed: 11,
    });
    expect(singleTargetBurstShots({ ammo: 4, rolled: [5, 6] })).toMatchObject({ shotsFired: 4, ammoUsed: 4 });
    expect(singleTargetBurstShots({ ammo: 30, dice: fixedDice([2, 3]) })).toMatchObject({
      rolled: [2, 3],
      shotsFired: 5,
    });
  });
  it('needs at least three rounds', () => {
    expect(() => singleTargetBurstShots({ ammo: 2, rolled: [3, 3] })).toThrow(RangeError);
  });
  it('worked example: "rolled 11 points higher … three shots hit"', () => {
    expect(singleTargetBurstHits({ shotsFired: 8, hit: true, relativeDegree: 11 }).hits).toBe(3);
  });
  it('"You cannot hit a target with more shots than were fired"', () => {
    expect(singleTargetBurstHits({ shotsFired: 2, hit: true, relativeDegree: 30 }).hits).toBe(2);
  });
  it('a miss hits nothing', () => {
    expect(singleTargetBurstHits({ shotsFired: 6, hit: false, relativeDegree: -2 }).hits).toBe(0);
  });
  it('point blank bursts: within 5 feet every shot hits', () => {
    expect(
      singleTargetBurstHits({ shotsFired: 9, hit: true, relativeDegree: 0, distanceFeet: 5 }),
    ).toMatchObject({ hits: 9, pointBlank: true });
  });
  it.each(SIZE_TABLE)(
    'Table: Single Target Bursts and Target Size — %s: every %i RD, point blank %s',
    (size, step, pb) => {
      expect(
        singleTargetBurstHits({ shotsFired: 40, hit: true, relativeDegree: step * 2, targetSize: size }).hits,
      ).toBe(3);
      expect(
        singleTargetBurstHits({ shotsFired: 40, hit: true, relativeDegree: step * 2 - 1, targetSize: size })
          .hits,
      ).toBe(2);
      if (pb !== null)
        expect(
          singleTargetBurstHits({
            shotsFired: 7,
            hit: true,
            relativeDegree: 0,
            targetSize: size,
            distanceFeet: pb,
          }).hits,
        ).toBe(7);
    },
  );
  it('examples: fine target every 13 points, no point blank; colossal every point, point blank within 30 ft', () => {
    expect(
      singleTargetBurstHits({
        shotsFired: 10,
        hit: true,
        relativeDegree: 26,
        targetSize: 'fine',
        distanceFeet: 0,
      }),
    ).toMatchObject({ hits: 3, pointBlank: false });
    expect(
      singleTargetBurstHits({ shotsFired: 10, hit: true, relativeDegree: 3, targetSize: 'colossal' }).hits,
    ).toBe(4);
    expect(
      singleTargetBurstHits({
        shotsFired: 10,
        hit: true,
        relativeDegree: 0,
        targetSize: 'colossal',
        distanceFeet: 30,
      }).hits,
    ).toBe(10);
  });
  it('controlled bursts: Martial Weapons Proficiency (firearms); BAB ≤ 5 → 5 or 10, BAB ≥ 6 → 3, 5 or 10', () => {
    expect(controlledSingleBurstOptions(5, true)).toEqual([5, 10]);
    expect(controlledSingleBurstOptions(6, true)).toEqual([3, 5, 10]);
    expect(controlledSingleBurstOptions(12, false)).toEqual([]);
    expect(
      singleTargetBurstShots({ ammo: 30, controlled: 3, baseAttackBonus: 6, martialFirearms: true }),
    ).toMatchObject({ shotsFired: 3, controlled: true, rolled: [] });
    expect(() =>
      singleTargetBurstShots({ ammo: 30, controlled: 3, baseAttackBonus: 5, martialFirearms: true }),
    ).toThrow(RangeError);
    expect(() => singleTargetBurstShots({ ammo: 30, controlled: 5, baseAttackBonus: 5 })).toThrow(RangeError);
    expect(() => singleTargetBurstShots({ ammo: 30, controlled: 5, martialFirearms: true })).toThrow(
      RangeError,
    );
  });
  it('DECISION controlled bursts are capped by the rounds left too', () => {
    expect(
      singleTargetBurstShots({ ammo: 7, controlled: 10, baseAttackBonus: 2, martialFirearms: true })
        .shotsFired,
    ).toBe(7);
  });
  it('bad input throws RangeError', () => {
    expect(() => singleTargetBurstShots({ ammo: 30 })).toThrow(RangeError);
    expect(() => singleTargetBurstShots({ ammo: 30, rolled: [7, 1] })).toThrow(RangeError);
    expect(() => singleTargetBurstShots({ ammo: 30, rolled: [3] })).toThrow(RangeError);
    expect(() => singleTargetBurstShots({ ammo: Number.NaN, rolled: [3, 3] })).toThrow(RangeError);
    expect(() => singleTargetBurstHits({ shotsFired: 0, hit: true, relativeDegree: 1 })).toThrow(RangeError);
    expect(() => singleTargetBurstHits({ shotsFired: 3, hit: false, relativeDegree: 2 })).toThrow(RangeError);
  });
  it('burst hits never exceed shots fired and grow with RD (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 100 }),
        fc.integer(),
        fc.integer({ min: 0, max: 100 }),
        fc.option(fc.constantFrom(...SIZES), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
        (ammo, seed, rd, targetSize, distanceFeet) => {
          const { shotsFired } = singleTargetBurstShots({ ammo, dice: seededDice(seed) });
          expect(shotsFired).toBeLessThanOrEqual(ammo);
          expect(shotsFired).toBeGreaterThanOrEqual(2);
          const r = singleTargetBurstHits({
            shotsFired,
            hit: true,
            relativeDegree: rd,
            targetSize,
            distanceFeet,
          });
          expect(r.hits).toBeGreaterThanOrEqual(1);
          expect(r.hits).toBeLessThanOrEqual(shotsFired);
          const more = singleTargetBurstHits({
            shotsFired,
            hit: true,
            relativeDegree: rd + 1,
            targetSize,
            distanceFeet,
          });
          expect(more.hits).toBeGreaterThanOrEqual(r.hits);
        },
      ),
    );
  });
});

describe('Multiple Target Burst (linear / strafing)', () => {
  it('linear: Take 10, −4, 2d10 + 10 shots; example 12 rounds left, rolled 21 → 12 shots', () => {
    const b = multipleTargetBurst({ kind: 'linear', attackBonus: 5, ammo: 12, rolled: [5, 6] });
    expect(b).toMatchObject({
      natural: 10,
      attackPenalty: -4,
      attackTotal: 11,
      shotsFired: 12,
      maxTargets: 12,
      appliesRelativeDegree: false,
    });
    expect(multipleTargetBurst({ kind: 'linear', attackBonus: 0, ammo: 50, rolled: [1, 1] }).shotsFired).toBe(
      12,
    );
    expect(() => multipleTargetBurst({ kind: 'linear', attackBonus: 0, ammo: 9, rolled: [1, 1] })).toThrow(
      RangeError,
    );
  });
  it('strafing: Take 10, −8, 2d10 + 20 shots; example 21 rounds left, rolled 36 → 21 shots', () => {
    const b = multipleTargetBurst({ kind: 'strafing', attackBonus: 5, ammo: 21, rolled: [8, 8] });
    expect(b).toMatchObject({ attackPenalty: -8, attackTotal: 7, shotsFired: 21 });
    expect(() => multipleTargetBurst({ kind: 'strafing', attackBonus: 0, ammo: 19, rolled: [1, 1] })).toThrow(
      RangeError,
    );
  });
  it('controlled: 10 or 20 linear, 20 or 40 strafing, with Martial Weapons Proficiency (firearms)', () => {
    expect(
      multipleTargetBurst({ kind: 'linear', attackBonus: 0, ammo: 60, controlled: 20, martialFirearms: true })
        .shotsFired,
    ).toBe(20);
    expect(
      multipleTargetBurst({
        kind: 'strafing',
        attackBonus: 0,
        ammo: 60,
        controlled: 40,
        martialFirearms: true,
      }).shotsFired,
    ).toBe(40);
    expect(() =>
      multipleTargetBurst({
        kind: 'linear',
        attackBonus: 0,
        ammo: 60,
        controlled: 40,
        martialFirearms: true,
      }),
    ).toThrow(RangeError);
    expect(() => multipleTargetBurst({ kind: 'linear', attackBonus: 0, ammo: 60, controlled: 10 })).toThrow(
      RangeError,
    );
    expect(() =>
      multipleTargetBurst({ kind: 'spray' as never, attackBonus: 0, ammo: 60, rolled: [1, 1] }),
    ).toThrow(RangeError);
  });
  it('strafing cone: length = max(first increment, 30 ft), width ≤ half', () => {
    expect(strafingConeFeet(20)).toEqual({ length: 30, maxWidth: 15 });
    expect(strafingConeFeet(80)).toEqual({ length: 80, maxWidth: 40 });
    expect(() => strafingConeFeet(0)).toThrow(RangeError);
  });
  // Table: Multiple Target Bursts and Target Size
  const rolls: [Size, number][] = [
    ['colossal', 5],
    ['gargantuan', 4],
    ['huge', 3],
    ['large', 2],
    ['medium', 1],
    ['small', 1],
    ['tiny', 1],
    ['diminutive', 1],
    ['fine', 1],
  ];
  it.each(rolls)('Table: Multiple Target Bursts and Target Size — %s makes %i defense roll(s)', (size, n) => {
    expect(multipleTargetDefenseRolls({ targetSize: size })).toBe(n);
  });
  it('without the size rule every target makes one roll; barrels multiply the rolls', () => {
    expect(multipleTargetDefenseRolls()).toBe(1);
    expect(multipleTargetDefenseRolls({ barrels: 4 })).toBe(4);
    expect(multipleTargetDefenseRolls({ targetSize: 'huge', barrels: 2 })).toBe(6);
    expect(() => multipleTargetDefenseRolls({ barrels: 0 })).toThrow(RangeError);
  });
  it('example: a gargantuan target might suffer four hits', () => {
    expect(
      resolveMultipleTargetBurst({
        attackTotal: 15,
        shotsFired: 20,
        targets: [{ defenseTotals: [3, 8, 12, 15] }],
      }),
    ).toEqual([{ index: 0, hits: 4 }]);
  });
  it('DECISION targets hit capped by shots fired, nearest first: "If you fire only 10 shots, you hit (at most) only 10 targets"', () => {
    const targets = Array.from({ length: 12 }, () => ({ defenseTotals: [5] }));
    const r = resolveMultipleTargetBurst({ attackTotal: 10, shotsFired: 10, targets });
    expect(r.filter((t) => t.hits > 0)).toHaveLength(10);
    expect(r[10]?.hits).toBe(0);
    expect(r[11]?.hits).toBe(0);
    // a missed target does not use up the cap; several hits on one big target each use a shot
    const mixed = resolveMultipleTargetBurst({
      attackTotal: 10,
      shotsFired: 1,
      targets: [{ defenseTotals: [15] }, { defenseTotals: [3] }],
    });
    expect(mixed).toEqual([
      { index: 0, hits: 0 },
      { index: 1, hits: 1 },
    ]);
    expect(() =>
      resolveMultipleTargetBurst({ attackTotal: 10, shotsFired: 3, targets: [{ defenseTotals: [] }] }),
    ).toThrow(RangeError);
    const big = resolveMultipleTargetBurst({
      attackTotal: 20,
      shotsFired: 10,
      targets: [
        { defenseTotals: [1, 2, 3, 4, 5] },
        { defenseTotals: [1, 2, 3, 4, 5] },
        { defenseTotals: [1] },
      ],
    });
    expect(big.map((t) => t.hits)).toEqual([5, 5, 0]);
    expect(
      resolveMultipleTargetBurst({
        attackTotal: 20,
        shotsFired: 10,
        barrels: 2,
        targets: [{ defenseTotals: Array(12).fill(1) }],
      })[0]?.hits,
    ).toBe(12);
  });
  it('Multiple-barrel: a 20-round burst from a quadruple-barreled cannon uses 80 rounds', () => {
    expect(
      multipleTargetBurst({
        kind: 'strafing',
        attackBonus: 0,
        ammo: 100,
        controlled: 20,
        martialFirearms: true,
        barrels: 4,
      }),
    ).toMatchObject({
      shotsFired: 20,
      ammoUsed: 80,
    });
  });
});

describe('CONTINUOUS BEAM FIRE and MULTIPLE-BARREL FIRE', () => {
  it('beam example: 5-shot burst, RD 16 → four shots hit, 12d8 lumped + RD, Protection applied once', () => {
    const hits = singleTargetBurstHits({ shotsFired: 5, hit: true, relativeDegree: 16 }).hits;
    expect(hits).toBe(4);
    const eachShot = [13, 14, 13, 14]; // 3d8 per shot, average 13.5
    const instances = multiShotDamageInstances({
      perBarrel: [eachShot],
      relativeDegree: 16,
      continuousBeam: true,
    });
    expect(instances).toEqual([70]);
    expect(
      damageAfterProtection({ rolled: (instances[0] as number) - 16, relativeDegree: 16, protection: 10 }),
    ).toBe(60);
  });
  it('DECISION beam example total: 12d8 average + RD 16 is 70, not the text’s "80"', () => {
    expect(12 * 4.5 + 16).toBe(70);
  });
  it('normal bursts: RD only on the first hit, each shot a separate hit', () => {
    expect(multiShotDamageInstances({ perBarrel: [[8, 6, 7]], relativeDegree: 11 })).toEqual([19, 6, 7]);
  });
  it('shotgun example: one attack roll, both barrels hit with RD 11; Protection applied per barrel', () => {
    const instances = multiShotDamageInstances({ perBarrel: [[9], [12]], relativeDegree: 11 });
    expect(instances).toEqual([20, 23]);
    expect(
      instances.map((d) => damageAfterProtection({ rolled: d, relativeDegree: 0, protection: 5 })),
    ).toEqual([15, 18]);
  });
  it('example: 3-round burst from a double-barreled weapon, RD 6 → two shots per barrel, four in all, six rounds', () => {
    const shots = singleTargetBurstShots({
      ammo: 10,
      controlled: 3,
      baseAttackBonus: 6,
      martialFirearms: true,
      barrels: 2,
    });
    expect(shots).toMatchObject({ shotsFired: 3, ammoUsed: 6 });
    expect(singleTargetBurstHits({ shotsFired: 3, hit: true, relativeDegree: 6 }).hits * 2).toBe(4);
  });
  it('example: quad-barreled beam cannon, 5-round burst, RD 7 → four separate hits of 6d8+7', () => {
    const perBarrelHits = singleTargetBurstHits({ shotsFired: 5, hit: true, relativeDegree: 7 }).hits;
    expect(perBarrelHits).toBe(2);
    const shot = 13; // 3d8 each
    const instances = multiShotDamageInstances({
      perBarrel: [
        [shot, shot],
        [shot, shot],
        [shot, shot],
        [shot, shot],
      ],
      relativeDegree: 7,
      continuousBeam: true,
    });
    expect(instances).toEqual([33, 33, 33, 33]);
  });
  it('accelerated pair with two barrels: one roll, a pair from each barrel', () => {
    expect(acceleratedPair({ ammo: 2, hit: true, relativeDegree: 5, barrels: 2 })).toMatchObject({
      hitsPerBarrel: 2,
      totalHits: 4,
      ammoUsed: 4,
    });
  });
  it('bad input throws RangeError', () => {
    expect(() => multiShotDamageInstances({ perBarrel: [], relativeDegree: 1 })).toThrow(RangeError);
    expect(() => multiShotDamageInstances({ perBarrel: [[1]], relativeDegree: -1 })).toThrow(RangeError);
    expect(() => multiShotDamageInstances({ perBarrel: [[Number.NaN]], relativeDegree: 1 })).toThrow(
      RangeError,
    );
  });
});

describe('SCATTERSHOT', () => {
  // increment → damage dice, targets, two-target penalty
  const table: [number, number, 1 | 2 | 'aisle', number][] = [
    [1, 4, 1, 0],
    [2, 3, 1, 0],
    [3, 2, 2, -4],
    [4, 1, 2, 0],
    [5, 1, 'aisle', 0],
  ];
  it.each(table)(
    'increment %i: %id damage, targets %s, two-target penalty %i',
    (inc, dice, targets, penalty) => {
      const r = scattershot({ distanceFeet: inc * 10, rangeIncrementFeet: 10 });
      expect(r).toMatchObject({
        increment: inc,
        damageDice: dice,
        maxTargets: targets,
        rangePenalty: 0,
        attackPenalty: 0,
      });
      if (targets !== 1)
        expect(
          scattershot({ distanceFeet: inc * 10, rangeIncrementFeet: 10, targets: 2 }).attackPenalty,
        ).toBe(penalty);
    },
  );
  it('only one target at one or two increments; nothing past five increments', () => {
    expect(() => scattershot({ distanceFeet: 15, rangeIncrementFeet: 10, targets: 2 })).toThrow(RangeError);
    expect(() => scattershot({ distanceFeet: 51, rangeIncrementFeet: 10 })).toThrow(RangeError);
    expect(() => scattershot({ distanceFeet: Number.NaN, rangeIncrementFeet: 10 })).toThrow(RangeError);
  });
});

describe('SUPPRESSING FIRE', () => {
  it('the shots wasted as the card shows them: 1d10 + 10 (2d10 + 20 automatic) and what the dice ask for', () => {
    // 000 seed l. 2108 "you fire 1d10 + 10 shots into that area" (automatic: 2d10 + 20); 4 → 14, 3 + 7 → 30.
    expect(suppressingFireShots(false, [4])).toEqual({ formula: '1d10 + 10', wanted: 14 });
    expect(suppressingFireShots(true, [3, 7])).toEqual({ formula: '2d10 + 20', wanted: 30 });
  });
  it('single shot: 1d10 + 10 wasted, free attack −8 for two shots', () => {
    const s = suppressingFire({
      fullyAutomatic: false,
      ammo: 30,
      baseAttackBonus: 5,
      dexterityModifier: 3,
      martialFirearms: true,
      rolled: [4],
    });
    expect(s).toEqual({
      rolled: [4],
      shotsWasted: 14,
      ammoLeft: 16,
      active: true,
      reflexDc: 15,
      freeAttackPenalty: -8,
      shotsPerFreeAttack: 2,
    });
    expect(suppressingFireFreeAttack({ fullyAutomatic: false, ammoLeft: 16 })).toEqual({
      attackPenalty: -8,
      ammoUsed: 2,
      ammoLeft: 14,
      active: true,
    });
  });
  it('fully automatic: 2d10 + 20 wasted, free attack −4 for four shots', () => {
    const s = suppressingFire({
      fullyAutomatic: true,
      ammo: 100,
      baseAttackBonus: 4,
      dexterityModifier: 1,
      martialFirearms: true,
      dice: fixedDice([3, 7]),
    });
    expect(s).toMatchObject({
      shotsWasted: 30,
      ammoLeft: 70,
      reflexDc: 13,
      freeAttackPenalty: -4,
      shotsPerFreeAttack: 4,
    });
  });
  it('running dry ends suppression', () => {
    expect(
      suppressingFire({
        fullyAutomatic: false,
        ammo: 12,
        baseAttackBonus: 0,
        dexterityModifier: 0,
        martialFirearms: true,
        rolled: [5],
      }),
    ).toMatchObject({ shotsWasted: 12, ammoLeft: 0, active: false });
    expect(suppressingFireFreeAttack({ fullyAutomatic: true, ammoLeft: 3 })).toMatchObject({
      ammoUsed: 3,
      ammoLeft: 0,
      active: false,
    });
  });
  it('DECISION suppressing fire DC: 10 + ½ BAB (rounded down) + Dexterity modifier, not score', () => {
    expect(
      suppressingFire({
        fullyAutomatic: false,
        ammo: 30,
        baseAttackBonus: 7,
        dexterityModifier: 2,
        martialFirearms: true,
        rolled: [1],
      }).reflexDc,
    ).toBe(15);
  });
  it('needs Martial Weapons Proficiency (firearms) and ammunition', () => {
    expect(() =>
      suppressingFire({
        fullyAutomatic: false,
        ammo: 30,
        baseAttackBonus: 5,
        dexterityModifier: 3,
        martialFirearms: false,
        rolled: [4],
      }),
    ).toThrow(RangeError);
    expect(() =>
      suppressingFire({
        fullyAutomatic: false,
        ammo: 0,
        baseAttackBonus: 5,
        dexterityModifier: 3,
        martialFirearms: true,
        rolled: [4],
      }),
    ).toThrow(RangeError);
    expect(() =>
      suppressingFire({
        fullyAutomatic: true,
        ammo: 30,
        baseAttackBonus: 5,
        dexterityModifier: 3,
        martialFirearms: true,
        rolled: [4],
      }),
    ).toThrow(RangeError);
    expect(() => suppressingFireFreeAttack({ fullyAutomatic: true, ammoLeft: 0 })).toThrow(RangeError);
  });
});

describe('special attack decisions', () => {
  it('multiple target burst hits never exceed shots fired × barrels, nor targets hit (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10, max: 40 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.array(fc.integer({ min: -10, max: 40 }), { minLength: 1, maxLength: 5 }), {
          maxLength: 30,
        }),
        (attackTotal, shotsFired, barrels, defenses) => {
          const r = resolveMultipleTargetBurst({
            attackTotal,
            shotsFired,
            barrels,
            targets: defenses.map((d) => ({ defenseTotals: d })),
          });
          const total = r.reduce((a, t) => a + t.hits, 0);
          expect(total).toBeLessThanOrEqual(shotsFired * barrels);
          expect(r.filter((t) => t.hits > 0).length).toBeLessThanOrEqual(shotsFired * barrels);
          r.forEach((t, i) => {
            expect(t.hits).toBeLessThanOrEqual(defenses[i]?.filter((d) => attackTotal >= d).length ?? 0);
          });
        },
      ),
    );
  });
  it('DECISION point blank: 5 ft without the optional size rule, the size table distance with it ("within" = ≤)', () => {
    expect(acceleratedPair({ ammo: 2, hit: true, relativeDegree: 0, distanceFeet: 10 }).pointBlank).toBe(
      false,
    );
    expect(
      acceleratedPair({ ammo: 2, hit: true, relativeDegree: 0, distanceFeet: 10, targetSize: 'medium' })
        .pointBlank,
    ).toBe(true);
  });
  it('DECISION multiple barrels: the shot count applies to each barrel, ammo is per barrel, each barrel’s first hit adds RD', () => {
    expect(singleTargetBurstShots({ ammo: 8, rolled: [6, 5], barrels: 2 })).toMatchObject({
      shotsFired: 8,
      ammoUsed: 16,
    });
    expect(multiShotDamageInstances({ perBarrel: [[5, 5], [4]], relativeDegree: 3 })).toEqual([8, 5, 7]);
  });
  it('DECISION scattershot increments: a target at exactly N increments is in increment N', () => {
    expect(scattershot({ distanceFeet: 20, rangeIncrementFeet: 20 }).increment).toBe(1);
    expect(scattershot({ distanceFeet: 25, rangeIncrementFeet: 20 }).increment).toBe(2);
  });
  it('DECISION free suppressing shot with too few rounds empties the weapon', () => {
    expect(suppressingFireFreeAttack({ fullyAutomatic: false, ammoLeft: 1 })).toMatchObject({
      ammoUsed: 1,
      active: false,
    });
  });
});

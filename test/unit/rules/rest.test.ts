/**
 * restOutcome: the four rests of GnG "HEALING" and "RECOVERY OF DISABLED BODY PARTS" (core rules for
 * nonlethal damage). Every expected value is worked out by hand from the text in the comment beside it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixedDice, seededDice } from '../../../src/rules/dice.js';
import { REST_KINDS, restOutcome, type RestInput } from '../../../src/rules/rest.js';
import { SIZES } from '../../../src/rules/types.js';

/** Con 13 (mod +1), Medium, 3rd level, 5 of 16 HP. */
const base = (over: Partial<RestInput> = {}): RestInput => ({
  kind: 'night',
  con: 13,
  size: 'medium',
  characterLevel: 3,
  hp: { current: 5, max: 16 },
  ...over,
});
const twoParts = ['left arm', 'right leg'];

describe('a night', () => {
  it('counts one day toward the week, 1 ability point each, one d% per part against Con, 8 hours of nonlethal', () => {
    const out = restOutcome(
      base({ nonlethal: 30, abilityDamage: { str: 3, dex: 1 }, disabledParts: twoParts }),
      fixedDice([13, 14]),
    );
    // HP: weekly rate (1 + 1) × 1 = 2; 0 + 1 = 1 day of 7 → no week completed, 0 HP.
    expect(out.hp).toMatchObject({ before: 5, after: 5, regained: 0, weeklyRate: 2, weekCompleted: false });
    expect(out.hp.progress).toEqual({ days: 1, bedRestDays: 0 });
    // Ability: 1 point per ability per night: Str 3 → 2, Dex 1 → 0.
    expect(out.abilities).toEqual([
      { ability: 'str', before: 3, after: 2, recovered: 1 },
      { ability: 'dex', before: 1, after: 0, recovered: 1 },
    ]);
    // Parts: chance = Con = 13; 13 ≤ 13 recovers, 14 > 13 does not.
    expect(out.rolls).toEqual([
      { part: 'left arm', day: 1, chance: 13, roll: 13, recovers: true },
      { part: 'right leg', day: 1, chance: 13, roll: 14, recovers: false },
    ]);
    expect(out.bodyParts).toEqual([
      { part: 'left arm', recovered: true, day: 1 },
      { part: 'right leg', recovered: false, day: null },
    ]);
    // Nonlethal: 1 per hour per level: 8 × 3 = 24; 30 − 24 = 6.
    expect(out.nonlethal).toEqual({ before: 30, after: 6, recovered: 24 });
    expect(out.hours).toBe(8);
  });

  it('a healer doubles the chance with normal rest: 2 × 13 = 26', () => {
    const out = restOutcome(base({ healer: true, disabledParts: ['left arm'] }), fixedDice([26]));
    expect(out.rolls).toEqual([{ part: 'left arm', day: 1, chance: 26, roll: 26, recovers: true }]);
  });
});

describe('a day of complete bed rest', () => {
  it('2 ability points each, chance 2 × Con, 24 hours of nonlethal', () => {
    const out = restOutcome(
      base({
        kind: 'bed-rest-day',
        nonlethal: 30,
        abilityDamage: { str: 3, dex: 1 },
        disabledParts: twoParts,
      }),
      fixedDice([26, 27]),
    );
    // Str 3 − 2 = 1; Dex 1 − min(1, 2) = 0.
    expect(out.abilities.map((a) => a.after)).toEqual([1, 0]);
    // 2 × 13 = 26: 26 recovers, 27 does not.
    expect(out.rolls.map((r) => [r.chance, r.recovers])).toEqual([
      [26, true],
      [26, false],
    ]);
    // 24 × 3 = 72 ≥ 30 → all nonlethal healed.
    expect(out.nonlethal).toEqual({ before: 30, after: 0, recovered: 30 });
    expect(out.hp.progress).toEqual({ days: 1, bedRestDays: 1 });
  });

  it('bed rest and a healer: 3 × 13 = 39', () => {
    const out = restOutcome(
      base({ kind: 'bed-rest-day', healer: true, disabledParts: ['eye'] }),
      fixedDice([39]),
    );
    expect(out.rolls).toEqual([{ part: 'eye', day: 1, chance: 39, roll: 39, recovers: true }]);
  });

  it('the chance is shown at most 100: Con 40 × 3 = 120 → 100, and a 100 recovers', () => {
    const out = restOutcome(
      base({ kind: 'bed-rest-day', con: 40, healer: true, disabledParts: ['eye'] }),
      fixedDice([100]),
    );
    expect(out.rolls).toEqual([{ part: 'eye', day: 1, chance: 100, roll: 100, recovers: true }]);
  });

  it('the seventh day completes the week; all seven in bed → double rate (progress 6 of 6 bed rest)', () => {
    const out = restOutcome(
      base({ kind: 'bed-rest-day', weekProgress: { days: 6, bedRestDays: 6 } }),
      fixedDice([]),
    );
    // 2 × 2 = 4: 5 → 9.
    expect(out.hp).toMatchObject({ after: 9, regained: 4, weekCompleted: true, bedRestWeek: true });
    expect(out.hp.progress).toEqual({ days: 0, bedRestDays: 0 });
  });

  it('a week with one day out of bed is not bed rest (progress 6 with 5 bed-rest days)', () => {
    const out = restOutcome(
      base({ kind: 'bed-rest-day', weekProgress: { days: 6, bedRestDays: 5 } }),
      fixedDice([]),
    );
    // rate 2, not doubled: 5 → 7.
    expect(out.hp).toMatchObject({ after: 7, regained: 2, weekCompleted: true, bedRestWeek: false });
  });
});

describe('a week', () => {
  it('the weekly rate, 7 ability points each, a d% per part per day until it recovers', () => {
    const out = restOutcome(
      base({ kind: 'week', nonlethal: 600, abilityDamage: { str: 9, dex: 1 }, disabledParts: twoParts }),
      fixedDice([50, 13, 99, 1]),
    );
    // (1 + 1) × 1 = 2: 5 → 7.
    expect(out.hp).toMatchObject({ after: 7, regained: 2, weekCompleted: true, bedRestWeek: false });
    // 7 nights × 1: Str 9 → 2, Dex 1 → 0.
    expect(out.abilities.map((a) => a.after)).toEqual([2, 0]);
    // Day 1: arm 50 > 13, leg 13 ≤ 13 (recovers); day 2: arm 99; day 3: arm 1 recovers. 4 rolls.
    expect(out.rolls.map((r) => [r.part, r.day, r.roll, r.recovers])).toEqual([
      ['left arm', 1, 50, false],
      ['right leg', 1, 13, true],
      ['left arm', 2, 99, false],
      ['left arm', 3, 1, true],
    ]);
    expect(out.bodyParts).toEqual([
      { part: 'left arm', recovered: true, day: 3 },
      { part: 'right leg', recovered: true, day: 1 },
    ]);
    // 168 hours × 3 = 504: 600 → 96.
    expect(out.nonlethal.after).toBe(96);
  });

  it('a week of complete bed rest doubles the rate and gives 14 ability points each', () => {
    const out = restOutcome(base({ kind: 'bed-rest-week', abilityDamage: { con: 20 } }), fixedDice([]));
    // 2 × 2 = 4: 5 → 9; 7 days × 2 = 14: Con damage 20 → 6.
    expect(out.hp).toMatchObject({ after: 9, regained: 4, bedRestWeek: true });
    expect(out.abilities).toEqual([{ ability: 'con', before: 20, after: 6, recovered: 14 }]);
  });

  it('a part that never recovers gets 7 rolls, one per day', () => {
    const out = restOutcome(
      base({ kind: 'week', disabledParts: ['eye'] }),
      fixedDice([99, 99, 99, 99, 99, 99, 99]),
    );
    expect(out.rolls.map((r) => r.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(out.bodyParts).toEqual([{ part: 'eye', recovered: false, day: null }]);
  });

  it('carries the days past the week: progress 3 + 7 = 10 → one week, 3 days carried', () => {
    const out = restOutcome(base({ kind: 'week', weekProgress: { days: 3, bedRestDays: 0 } }), fixedDice([]));
    expect(out.hp).toMatchObject({ regained: 2, weekCompleted: true });
    expect(out.hp.progress).toEqual({ days: 3, bedRestDays: 0 });
  });

  it('never above the maximum: 15 of 16 + 4 → 16', () => {
    const out = restOutcome(base({ kind: 'bed-rest-week', hp: { current: 15, max: 16 } }), fixedDice([]));
    expect(out.hp).toMatchObject({ after: 16, regained: 1 });
  });
});

describe('HP size multiplier and the minimum of 1', () => {
  it.each([
    // (1 + mod) × multiplier, rounded down, at least 1; bed-rest week doubles it.
    ['Small Con 15', 15, 'small', 1, 2], // (1 + 2) × ½ = 1.5 → 1; ×2 = 2
    ['Large Con 13', 13, 'large', 4, 8], // (1 + 1) × 2 = 4; ×2 = 8
    ['Large Con 14', 14, 'large', 6, 12], // (1 + 2) × 2 = 6; ×2 = 12
    ['Medium Con 8 (minimum)', 8, 'medium', 1, 2], // (1 − 1) × 1 = 0 → 1; ×2 = 2
    ['Small Con 3 (minimum)', 3, 'small', 1, 2], // (1 − 4) × ½ = −1.5 → 1; ×2 = 2
  ] as const)('%s: week %d, bed-rest week %d', (_name, con, size, week, bedWeek) => {
    const hp = { current: 0, max: 100 };
    expect(restOutcome(base({ kind: 'week', con, size, hp }), fixedDice([])).hp.regained).toBe(week);
    expect(restOutcome(base({ kind: 'bed-rest-week', con, size, hp }), fixedDice([])).hp.regained).toBe(
      bedWeek,
    );
  });
});

describe('what stops recovery', () => {
  const full = (over: Partial<RestInput>) =>
    base({ nonlethal: 10, abilityDamage: { str: 2 }, disabledParts: twoParts, ...over });

  it('an interrupted night: no day toward the week, no ability points, no d% rolled; nonlethal still heals', () => {
    // fixedDice([]) throws if anything is rolled.
    const out = restOutcome(
      full({ interrupted: true, weekProgress: { days: 2, bedRestDays: 0 } }),
      fixedDice([]),
    );
    expect(out.daysCounted).toBe(0);
    expect(out.hp.progress).toEqual({ days: 2, bedRestDays: 0 });
    expect(out.hp.blocked).toBe('interrupted');
    expect(out.abilities).toEqual([{ ability: 'str', before: 2, after: 2, recovered: 0 }]);
    expect(out.abilitiesBlocked).toBe('interrupted');
    expect(out.rolls).toEqual([]);
    expect(out.bodyPartsBlocked).toBe('interrupted');
    // 8 × 3 = 24 ≥ 10.
    expect(out.nonlethal.after).toBe(0);
  });

  it('an interrupted sixth-day rest does not complete the week', () => {
    const out = restOutcome(
      base({ interrupted: true, weekProgress: { days: 6, bedRestDays: 0 } }),
      fixedDice([]),
    );
    expect(out.hp).toMatchObject({ regained: 0, weekCompleted: false });
  });

  it('a day with a loss (HP and ability): no ability points, no d%; the day still counts for HP', () => {
    const out = restOutcome(full({ dayWithLoss: true }), fixedDice([]));
    expect(out.abilities[0]?.recovered).toBe(0);
    expect(out.abilitiesBlocked).toBe('loss');
    expect(out.rolls).toEqual([]);
    expect(out.bodyPartsBlocked).toBe('loss');
    expect(out.hp.progress.days).toBe(1);
  });

  it('HP loss only stops the parts; ability loss only stops the abilities', () => {
    const hpLoss = restOutcome(full({ dayWithLoss: 'hp' }), fixedDice([]));
    expect(hpLoss.abilities[0]?.recovered).toBe(1);
    expect(hpLoss.rolls).toEqual([]);
    const abilityLoss = restOutcome(full({ dayWithLoss: 'ability' }), fixedDice([5, 6]));
    expect(abilityLoss.abilities[0]?.recovered).toBe(0);
    expect(abilityLoss.rolls.map((r) => r.recovers)).toEqual([true, true]); // 5, 6 ≤ 13
  });

  it('dying and unstable: no HP, no body parts; ability points and nonlethal as usual', () => {
    const out = restOutcome(
      full({ kind: 'week', dyingUnstable: true, hp: { current: -3, max: 16 } }),
      fixedDice([]),
    );
    expect(out.hp).toMatchObject({ before: -3, after: -3, regained: 0, blocked: 'dying-unstable' });
    expect(out.rolls).toEqual([]);
    expect(out.bodyPartsBlocked).toBe('dying-unstable');
    expect(out.abilities[0]?.after).toBe(0); // 7 × 1 ≥ 2
  });

  it('a stable character below 0 heals by the week like anyone: −3 + 2 = −1', () => {
    const out = restOutcome(base({ kind: 'week', hp: { current: -3, max: 16 } }), fixedDice([]));
    expect(out.hp.after).toBe(-1);
  });
});

describe('bad input throws a RangeError', () => {
  it.each<[string, Partial<RestInput> | Record<string, unknown>]>([
    ['negative Con', { con: -1 }],
    ['Con 0', { con: 0 }],
    ['NaN Con', { con: Number.NaN }],
    ['unknown size', { size: 'enormous' }],
    ['unknown kind', { kind: 'nap' }],
    ['level 0', { characterLevel: 0 }],
    ['current above max', { hp: { current: 17, max: 16 } }],
    ['NaN HP', { hp: { current: Number.NaN, max: 16 } }],
    ['no HP', { hp: undefined }],
    ['negative nonlethal', { nonlethal: -1 }],
    ['unknown ability', { abilityDamage: { luck: 2 } }],
    ['fractional ability damage', { abilityDamage: { str: 1.5 } }],
    ['week progress of 7 days', { weekProgress: { days: 7, bedRestDays: 0 } }],
    ['more bed-rest days than days', { weekProgress: { days: 2, bedRestDays: 3 } }],
    ['the same part twice', { disabledParts: ['arm', 'arm'] }],
    ['an empty part name', { disabledParts: [''] }],
    ['unknown loss', { dayWithLoss: 'mana' }],
  ])('%s', (_name, over) => {
    expect(() => restOutcome(base(over as Partial<RestInput>), fixedDice([]))).toThrow(RangeError);
  });
});

describe('properties', () => {
  const input = fc.record({
    kind: fc.constantFrom(...REST_KINDS),
    con: fc.integer({ min: 1, max: 60 }),
    size: fc.constantFrom(...SIZES),
    max: fc.integer({ min: 0, max: 400 }),
    damage: fc.integer({ min: 0, max: 400 }),
    parts: fc.integer({ min: 0, max: 4 }),
    healer: fc.boolean(),
    interrupted: fc.boolean(),
    seed: fc.integer(),
  });

  it('HP never drop and never exceed the maximum; every chance ≤ 100; at most parts × days rolls', () => {
    fc.assert(
      fc.property(input, (v) => {
        const current = v.max - v.damage;
        const out = restOutcome(
          base({
            kind: v.kind,
            con: v.con,
            size: v.size,
            hp: { current, max: v.max },
            healer: v.healer,
            interrupted: v.interrupted,
            disabledParts: Array.from({ length: v.parts }, (_, k) => `part ${k}`),
          }),
          seededDice(v.seed),
        );
        expect(out.hp.after).toBeGreaterThanOrEqual(current);
        expect(out.hp.after).toBeLessThanOrEqual(Math.max(current, v.max));
        for (const r of out.rolls) expect(r.chance).toBeLessThanOrEqual(100);
        const days = v.kind === 'week' || v.kind === 'bed-rest-week' ? 7 : 1;
        expect(out.rolls.length).toBeLessThanOrEqual(v.parts * days);
        if (v.interrupted) expect(out.rolls).toEqual([]);
      }),
    );
  });
});

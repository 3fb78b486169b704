/**
 * Movement, spaces, running and sprinting on the Time Count (seed 002:170–232; design §2.2 R40–R43).
 * Expected values worked out by hand from those lines.
 */
import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../../src/rules/dice.js';
import {
  MOVEMENT_TABLE,
  enteringOrder,
  mayEnterSpace,
  mayPreventEntry,
  movementRow,
  spaceLoad,
  squaresOnCount,
  squaresOver,
} from '../../../src/rules/models/tc/movement.js';
import {
  enduranceCheck,
  enduranceCheckDue,
  mayStartRunning,
  mayStartSprinting,
  restFromRunning,
  runningFatigue,
  runningSpeed,
  sprintingSpeed,
} from '../../../src/rules/models/tc/running.js';

describe('R40: the movement table (002:185–201)', () => {
  it('every row moves its feet ÷ 5 squares in 4 TC', () => {
    for (const [feet, row] of Object.entries(MOVEMENT_TABLE)) {
      expect(row.reduce((a, b) => a + b, 0)).toBe(Number(feet) / 5);
    }
  });

  it('Slow: 1, 1, then none on the third, 1 on the fourth; Fast: 2 on the second (002:199)', () => {
    expect([1, 2, 3, 4].map((step) => squaresOnCount(15, step))).toEqual([1, 1, 0, 1]);
    expect([1, 2, 3, 4].map((step) => squaresOnCount(25, step))).toEqual([1, 2, 1, 1]);
    expect(squaresOnCount(20, 3)).toBe(1); // Normal: a square every TC
  });

  it('the pattern repeats; a new movement starts at the first count', () => {
    expect(squaresOnCount(5, 6)).toBe(1); // step 6 = the second of a new 4
    expect(squaresOver(15, 6)).toBe(1 + 1 + 0 + 1 + 1 + 1);
    expect(squaresOver(5, 1)).toBe(0);
  });

  it('speeds between rows round down; beyond 60 ft, 20 ft more is a square more each count', () => {
    expect(movementRow(22)).toEqual([1, 1, 1, 1]);
    expect(movementRow(0)).toEqual([0, 0, 0, 0]);
    expect(movementRow(65)).toEqual([3, 4, 3, 3]);
    expect(movementRow(80)).toEqual([4, 4, 4, 4]);
  });
});

describe('R41: entering a space together (002:203)', () => {
  it('fastest first, then the highest Dexterity', () => {
    const order = enteringOrder(
      [
        { id: 'dwarf', speed: 15, dex: 16 },
        { id: 'elf', speed: 25, dex: 12 },
        { id: 'human', speed: 20, dex: 14 },
        { id: 'rogue', speed: 20, dex: 17 },
      ],
      fixedDice([]),
    );
    expect(order).toEqual(['elf', 'rogue', 'human', 'dwarf']);
  });

  it('a tie on both: random', () => {
    const two = [
      { id: 'a', speed: 20, dex: 12 },
      { id: 'b', speed: 20, dex: 12 },
    ];
    expect(enteringOrder(two, fixedDice([2]))).toEqual(['b', 'a']);
    expect(enteringOrder(two, fixedDice([1]))).toEqual(['a', 'b']);
  });
});

describe('R42: space capacity (002:207–209)', () => {
  it('halflings and humans by the text', () => {
    expect(spaceLoad(['small', 'small'])).toBe(1);
    // Two halflings and a troll: 1/2 + 1/2 + 3 = 4, the capacity.
    expect(
      mayEnterSpace(
        [
          { size: 'small', allows: true },
          { size: 'small', allows: true },
        ],
        'large',
      ),
    ).toEqual({ ok: true });
    // Four humans fill it; a fifth, or a halfling, does not fit.
    const four = Array.from({ length: 4 }, () => ({ size: 'medium' as const, allows: true }));
    expect(mayEnterSpace(four, 'small')).toEqual({ ok: false, reason: 'full' });
    expect(mayEnterSpace([{ size: 'large', allows: true }], 'medium')).toEqual({ ok: true });
    expect(
      mayEnterSpace(
        [
          { size: 'large', allows: true },
          { size: 'medium', allows: true },
        ],
        'small',
      ),
    ).toEqual({
      ok: false,
      reason: 'full',
    });
  });

  it('only creatures within one size category can refuse entry', () => {
    expect(mayPreventEntry('large', 'small')).toBe(false);
    expect(mayPreventEntry('medium', 'small')).toBe(true);
    expect(mayEnterSpace([{ size: 'large', allows: false }], 'small')).toEqual({ ok: true });
    expect(mayEnterSpace([{ size: 'medium', allows: false }], 'small')).toEqual({
      ok: false,
      reason: 'refused',
    });
  });
});

describe('R43: running and sprinting (002:217–232)', () => {
  it('4 TC at base speed before running, 4 TC running before sprinting; poised skips both', () => {
    expect(mayStartRunning(3, false)).toBe(false);
    expect(mayStartRunning(4, false)).toBe(true);
    expect(mayStartRunning(0, true)).toBe(true);
    expect(mayStartSprinting(3, false)).toBe(false);
    expect(mayStartSprinting(0, true)).toBe(true);
  });

  it('running adds half the base speed, rounded down to 5 ft', () => {
    expect(runningSpeed(20)).toBe(30);
    expect(runningSpeed(15)).toBe(20); // 7.5 → 5
    expect(runningSpeed(25)).toBe(35); // 12.5 → 10
  });

  it('sprinting: DC 10 Str; as if base were 5 ft faster, 5 more per 5 over 10', () => {
    expect(sprintingSpeed(20, 9)).toBeNull();
    expect(sprintingSpeed(20, 10)).toBe(35); // base 25 → 25 + 10
    expect(sprintingSpeed(20, 16)).toBe(45); // base 30 → 30 + 15
    // Base 15: as 20 → 30 ≥ running 20 + 5.
    expect(sprintingSpeed(15, 12)).toBe(30);
  });

  it('checks every 30 TC running, every 20 TC when any of it was sprinting', () => {
    expect(enduranceCheckDue(29, false)).toBe(false);
    expect(enduranceCheckDue(30, false)).toBe(true);
    expect(enduranceCheckDue(20, true)).toBe(true);
  });

  it('DC 20, −1 per earlier running check, −2 per earlier sprinting check; fatigue by the margin', () => {
    // 22 with two running checks and one sprinting check before: 22 − 4 = 18, failed by 2: 1 fatigue.
    expect(enduranceCheck({ total: 22, previousRunChecks: 2, previousSprintChecks: 1, failures: 0 })).toEqual(
      {
        passed: false,
        total: 18,
        penalty: 4,
        fatigue: 1,
        failures: 1,
        mustStop: false,
      },
    );
    // 14 − 2 = 12, failed by 8: 2 fatigue; the third failure stops the run.
    expect(
      enduranceCheck({ total: 14, previousRunChecks: 2, previousSprintChecks: 0, failures: 2 }),
    ).toMatchObject({
      fatigue: 2,
      failures: 3,
      mustStop: true,
    });
    expect(
      enduranceCheck({ total: 20, previousRunChecks: 0, previousSprintChecks: 0, failures: 0 }),
    ).toMatchObject({
      passed: true,
      fatigue: 0,
    });
  });

  it('fatigue that would reach HP stops the run one point below it', () => {
    expect(runningFatigue(5, 10, 2)).toEqual({ fatigue: 7, mustStop: false });
    expect(runningFatigue(8, 10, 2)).toEqual({ fatigue: 9, mustStop: true });
    expect(runningFatigue(12, 10, 1)).toEqual({ fatigue: 12, mustStop: true });
  });

  it('a minute of rest takes 1 off the penalty', () => {
    expect(restFromRunning({ run: 2, sprint: 1 }, 1)).toEqual({ run: 3, sprint: 0 });
    expect(restFromRunning({ run: 2, sprint: 1 }, 10)).toEqual({ run: 0, sprint: 0 });
  });
});

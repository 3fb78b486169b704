/**
 * Spell slots and power points (issue #33): what a cast spends, what Undo gives back, what a rest
 * restores. Worked by hand: APPENDIX 4 "uses up a spell slot two levels higher"; Iron Claw "Power
 * Points: 5" + 4 per extra weapon; docs/rules.md "Spell slots and power points".
 */
import { describe, expect, it } from 'vitest';
import { armorSpellSlot, ironClawCost, type CastingPools } from '../../../src/rules/index.js';
import { refundCast, restoredByRest, spendForCast, tracksPool } from '../../../src/rules/on-demand.js';

/** Level 1: 3 of 4 left, level 3: 1 of 2, level 5: 0 of 1; power points 7 of 20. */
function pools(): CastingPools {
  const slots = Array.from({ length: 10 }, () => ({ value: 0, max: 0 }));
  slots[1] = { value: 3, max: 4 };
  slots[3] = { value: 1, max: 2 };
  slots[5] = { value: 0, max: 1 };
  return { slots, powerPoints: { value: 7, max: 20 } };
}

describe('spendForCast', () => {
  it('a level 3 spell spends one level 3 slot: 1 − 1 = 0 of 2 left', () => {
    expect(spendForCast(pools(), { kind: 'slot', level: 3 })).toEqual({
      kind: 'slot',
      level: 3,
      left: 0,
      max: 2,
    });
  });

  it('Fireball (3) as an armor piercing spell needs a level 5 slot, and none is left', () => {
    const slot = armorSpellSlot(3, 'piercing').slotLevel;
    expect(slot).toBe(5);
    expect(spendForCast(pools(), { kind: 'slot', level: slot })).toEqual({ refused: 'no-slot', level: 5 });
  });

  it('a level 2 spell is refused: no level 2 slot, and a level 3 slot does not pay for it', () => {
    expect(spendForCast(pools(), { kind: 'slot', level: 2 })).toEqual({ refused: 'no-slot', level: 2 });
  });

  it('Iron Claw on two weapons: 5 + 4 = 9 power points, more than the 7 left', () => {
    expect(spendForCast(pools(), { kind: 'points', points: ironClawCost(2) })).toEqual({
      refused: 'no-points',
      points: 9,
      left: 7,
    });
    expect(spendForCast(pools(), { kind: 'points', points: ironClawCost(1) })).toEqual({
      kind: 'points',
      points: 5,
      left: 2,
      max: 20,
    });
  });

  it('exactly the points left is enough: 7 of 7 leaves 0', () => {
    expect(spendForCast(pools(), { kind: 'points', points: 7 })).toMatchObject({ left: 0 });
  });

  it('a caster who keeps no slots (every maximum 0) or no power points spends nothing', () => {
    const none: CastingPools = {
      slots: Array.from({ length: 10 }, () => ({ value: 0, max: 0 })),
      powerPoints: { value: 0, max: 0 },
    };
    expect(tracksPool(none, 'slot')).toBe(false);
    expect(spendForCast(none, { kind: 'slot', level: 9 })).toEqual({ kind: 'untracked' });
    expect(spendForCast(none, { kind: 'points', points: 3 })).toEqual({ kind: 'untracked' });
    // Slots kept, power points not: a power spends nothing, a spell its slot.
    expect(tracksPool(pools(), 'slot')).toBe(true);
  });

  it('refuses a slot level outside 0–9', () => {
    expect(() => spendForCast(pools(), { kind: 'slot', level: 10 })).toThrow();
  });
});

describe('refundCast', () => {
  it('gives the slot back on the pool as it is now: 0 of 2 → 1', () => {
    expect(refundCast({ value: 0, max: 2 }, { kind: 'slot', level: 3, left: 0, max: 2 })).toEqual({
      value: 1,
      kept: 0,
    });
  });

  it('never above the maximum: 5 points back on 18 of 20 → 20, 3 kept', () => {
    expect(refundCast({ value: 18, max: 20 }, { kind: 'points', points: 5, left: 2, max: 20 })).toEqual({
      value: 20,
      kept: 3,
    });
  });

  it('a value already above a lowered maximum stays: nothing comes back', () => {
    expect(refundCast({ value: 4, max: 3 }, { kind: 'slot', level: 1, left: 2, max: 4 })).toEqual({
      value: 4,
      kept: 1,
    });
  });
});

describe('restoredByRest', () => {
  it('a night restores every slot and point: level 1 +1, level 3 +1, level 5 +1, points +13', () => {
    const r = restoredByRest(pools(), 'night');
    expect(r.slots).toEqual([0, 1, 0, 1, 0, 1, 0, 0, 0, 0]);
    expect(r.powerPoints).toBe(13);
  });

  it('an interrupted rest restores nothing', () => {
    const r = restoredByRest(pools(), 'week', true);
    expect(r.slots.every((n) => n === 0)).toBe(true);
    expect(r.powerPoints).toBe(0);
  });
});

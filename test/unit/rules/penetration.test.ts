/**
 * Penetration (GnG CALLED SHOTS › Penetration Effects): "If the save fails, you ignore one-half of your
 * target's Protection score." The score is the whole Protection, every part of it (decision D15:
 * ⌊P/2⌋ left), whether it reaches the damage step as one number or as its parts. Issue #18's case: a
 * monk in full plate, armor 8 + monk 3 = 11 → 5 left (⌊11/2⌋), not the armor alone halved (4 + 3 = 7).
 */
import { describe, expect, it } from 'vitest';
import { damagePipeline } from '../../../src/rules/damage.js';

const hit = (protection: number | Record<string, number>, extra: Record<string, unknown> = {}) =>
  damagePipeline({ weaponDice: [10], relativeDegree: 10, protection, ...extra }).steps.protection;

describe('penetration halves the whole Protection score', () => {
  it('as a number and as parts alike: 11 → 5', () => {
    expect(hit(11, { penetrated: true })).toBe(5);
    expect(hit({ armor: 8, monk: 3 }, { penetrated: true })).toBe(5);
    expect(hit({ armor: 8, monk: 3 })).toBe(11);
  });

  it('every part counts: natural armor, enhancement, the monk bonus', () => {
    expect(hit({ naturalArmor: 4, enhancement: 2, monk: 3 }, { penetrated: true })).toBe(4); // ⌊9/2⌋
  });

  it('with an armor piercing weapon it does not stack: the attacker has the lower', () => {
    // Piercing alone halves armor and natural armor: 4 + 3 = 7; penetration: ⌊11/2⌋ = 5.
    expect(hit({ armor: 8, monk: 3 }, { bypass: 'piercing' })).toBe(7);
    expect(hit({ armor: 8, monk: 3 }, { bypass: 'piercing', penetrated: true })).toBe(5);
    // Armor ignoring leaves the monk's 3, lower than 5.
    expect(hit({ armor: 8, monk: 3 }, { bypass: 'ignoring', penetrated: true })).toBe(3);
  });
});

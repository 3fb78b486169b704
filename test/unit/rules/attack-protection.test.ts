import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  bypassedArmorValue,
  effectiveBypass,
  protection,
  protectionApplies,
  type Fortification,
  type ProtectionBypass,
} from '../../../src/rules/protection.js';

describe('Protection (PROTECTION)', () => {
  it('sums armor, natural armor, enhancement, sacred/profane, monk and circumstance', () => {
    expect(
      protection({ armor: 5, naturalArmor: 2, enhancement: 1, sacredProfane: 2, monk: 1, circumstance: -2 })
        .total,
    ).toBe(9);
    expect(protection({}).total).toBe(0);
  });
  it('Appendix 3 fighter: full plate gives Protection 8; piercing halves it to 4, ignoring removes it', () => {
    expect(protection({ armor: 8 }).total).toBe(8);
    expect(protection({ armor: 8 }, 'piercing').total).toBe(4);
    expect(protection({ armor: 8 }, 'ignoring').total).toBe(0);
  });
  it('Appendix 3 monk: the +3 monk bonus is not armor, so bypasses leave it', () => {
    expect(protection({ monk: 3 }).total).toBe(3);
    expect(protection({ monk: 3 }, 'ignoring').total).toBe(3);
  });
  it('bypass halves / removes only the armor and natural armor parts', () => {
    const parts = { armor: 5, naturalArmor: 3, enhancement: 2, sacredProfane: 1, monk: 1, circumstance: 2 };
    expect(protection(parts, 'piercing')).toEqual({
      bypass: 'piercing',
      armor: 2,
      naturalArmor: 1,
      enhancement: 2,
      sacredProfane: 1,
      monk: 1,
      circumstance: 2,
      total: 9,
    });
    expect(protection(parts, 'ignoring').total).toBe(6);
  });
  it('DECISION piercing rounds the halved armor down', () => {
    expect(bypassedArmorValue(5, 'piercing')).toBe(2);
    expect(bypassedArmorValue(1, 'piercing')).toBe(0);
  });
  it('DECISION Protection total never below 0 (a −2 circumstance cannot add damage)', () => {
    expect(protection({ circumstance: -2 }).total).toBe(0);
    expect(protection({ armor: 1, sacredProfane: -4 }).total).toBe(0);
  });
  it('throws RangeError on negative or non-integer parts and unknown bypass', () => {
    expect(() => protection({ armor: -1 })).toThrow(RangeError);
    expect(() => protection({ naturalArmor: 1.5 })).toThrow(RangeError);
    expect(() => protection({ monk: Number.NaN })).toThrow(RangeError);
    expect(() => protection({ armor: 2 }, 'drilling' as never)).toThrow(RangeError);
  });
});

describe('fortification (Appendix 6, "Fortification")', () => {
  const table: [Fortification, ProtectionBypass, ProtectionBypass][] = [
    ['none', 'piercing', 'piercing'],
    ['none', 'ignoring', 'ignoring'],
    ['light', 'piercing', 'none'],
    ['light', 'ignoring', 'ignoring'],
    ['moderate', 'piercing', 'none'],
    ['moderate', 'ignoring', 'piercing'],
    ['heavy', 'piercing', 'none'],
    ['heavy', 'ignoring', 'none'],
  ];
  it.each(table)('%s fortification turns %s into %s', (fort, bypass, result) => {
    expect(effectiveBypass(bypass, fort)).toBe(result);
  });
  it('moderate fortification: an armor ignoring attack halves 8 armor instead of removing it', () => {
    expect(protection({ armor: 8 }, 'ignoring', 'moderate').total).toBe(4);
    expect(() => effectiveBypass('none', 'adamant' as never)).toThrow(RangeError);
  });
});

describe('Protection exemptions', () => {
  it('no Protection against poison, disease, falling, environmental and ability damage', () => {
    expect(protectionApplies('attack')).toBe(true);
    for (const s of ['poison', 'disease', 'falling', 'environmental', 'ability'] as const)
      expect(protectionApplies(s)).toBe(false);
    expect(() => protectionApplies('gravity' as never)).toThrow(RangeError);
  });
});

describe('protection properties', () => {
  it('bypass never increases Protection; ignoring ≤ piercing ≤ none', () => {
    const n = fc.integer({ min: 0, max: 50 });
    fc.assert(
      fc.property(n, n, n, n, (armor, naturalArmor, enhancement, monk) => {
        const parts = { armor, naturalArmor, enhancement, monk };
        const none = protection(parts).total;
        const pierce = protection(parts, 'piercing').total;
        const ignore = protection(parts, 'ignoring').total;
        expect(ignore).toBeLessThanOrEqual(pierce);
        expect(pierce).toBeLessThanOrEqual(none);
        expect(ignore).toBe(enhancement + monk);
      }),
    );
  });
});

describe('protection decisions', () => {
  it('DECISION enhancement: armor piercing/ignoring leave enhancement, sacred/profane, monk and circumstance untouched', () => {
    expect(protection({ armor: 6, enhancement: 3 }, 'piercing').total).toBe(6);
    expect(protection({ armor: 6, enhancement: 3 }, 'ignoring').total).toBe(3);
  });
});

/**
 * Energy drain's "–1 to effective level" (GnG CONDITIONS, "Energy Drained") and the numbers of
 * Appendix 5 and of the armor metamagic / metapsionic feats of Appendix 4, worked by hand from the
 * text.
 */
import { describe, expect, it } from 'vitest';
import {
  armorPowerCost,
  armorSpellSlot,
  effectiveLevel,
  ironClawCost,
  metamagicProtection,
  weaponEnchantmentSeconds,
  WEAPON_ENCHANTMENTS,
} from '../../src/rules/index.js';

describe('energy drain: –1 effective level per negative level', () => {
  it('"Each negative level gives … –1 to effective level"', () => {
    // A 7th-level caster with 2 negative levels casts as 7 − 2 = 5th level.
    expect(effectiveLevel(7, 2)).toBe(5);
    expect(effectiveLevel(7, 0)).toBe(7);
    // One negative level per level: 3 − 3 = 0; more than the levels stays at 0 (decision).
    expect(effectiveLevel(3, 3)).toBe(0);
    expect(effectiveLevel(3, 5)).toBe(0);
  });

  it('refuses what is not a level', () => {
    expect(() => effectiveLevel(-1, 0)).toThrow(RangeError);
    expect(() => effectiveLevel(4, 1.5)).toThrow(RangeError);
  });

  it('the effective level sets a weapon spell\'s "10 minutes/level"', () => {
    // 7th level, 2 negative levels: 5 × 10 minutes = 50 minutes = 3000 seconds.
    expect(weaponEnchantmentSeconds(effectiveLevel(7, 2))).toBe(3000);
  });
});

describe('Appendix 4: Armor Piercing / Ignoring Spell and Power', () => {
  it('"a spell slot two levels higher" / "four levels higher"', () => {
    expect(armorSpellSlot(3, 'piercing')).toEqual({ slotLevel: 5, possible: true });
    expect(armorSpellSlot(3, 'ignoring')).toEqual({ slotLevel: 7, possible: true });
    // A 6th-level spell made armor ignoring needs a 10th-level slot: there is none.
    expect(armorSpellSlot(6, 'ignoring')).toEqual({ slotLevel: 10, possible: false });
    expect(armorSpellSlot(7, 'piercing')).toEqual({ slotLevel: 9, possible: true });
  });

  it('"increases the power point cost of the power by 4" / "by 8", never above the manifester level', () => {
    // A 5-point power (Armor Piercing Weapon) made armor piercing: 5 + 4 = 9, at manifester level 9.
    expect(armorPowerCost(5, 'piercing', 9)).toEqual({ cost: 9, possible: true });
    // Armor ignoring: 5 + 8 = 13 > 9: "cannot exceed your manifester level".
    expect(armorPowerCost(5, 'ignoring', 9)).toEqual({ cost: 13, possible: false });
  });

  it('"Only one-half of your target\'s Protection applies" / "None … applies", after fortification', () => {
    // Protection 11 (armor 8 + monk 3): half is ⌊11/2⌋ = 5 — the whole score, not only the armor.
    expect(metamagicProtection(11, 'piercing')).toBe(5);
    expect(metamagicProtection(11, 'ignoring')).toBe(0);
    expect(metamagicProtection(11, 'none')).toBe(11);
    // Appendix 6: light fortification negates armor piercing; moderate treats ignoring as piercing.
    expect(metamagicProtection(11, 'piercing', 'light')).toBe(11);
    expect(metamagicProtection(11, 'ignoring', 'moderate')).toBe(5);
    expect(metamagicProtection(11, 'ignoring', 'heavy')).toBe(11);
  });
});

describe('Appendix 5: the weapon spells and powers', () => {
  it('"Duration: 10 minutes/level"', () => {
    expect(weaponEnchantmentSeconds(1)).toBe(600);
    expect(weaponEnchantmentSeconds(12)).toBe(7200);
  });

  it('Iron Claw: "Power Points: 5"; each 4 more power points alter one more natural weapon', () => {
    expect(ironClawCost(1)).toBe(5);
    expect(ironClawCost(2)).toBe(9);
    expect(ironClawCost(3)).toBe(13);
    expect(() => ironClawCost(0)).toThrow(RangeError);
  });

  it('the fangs and Iron Claw take natural weapons, the weapon spells others; piercing halves, ignoring removes', () => {
    expect(WEAPON_ENCHANTMENTS['armor-ignoring-fang']).toEqual({ bypass: 'ignoring', natural: true });
    expect(WEAPON_ENCHANTMENTS['armor-piercing-fang']).toEqual({ bypass: 'piercing', natural: true });
    expect(WEAPON_ENCHANTMENTS['iron-claw']).toEqual({ bypass: 'piercing', natural: true });
    expect(WEAPON_ENCHANTMENTS['armor-piercing-weapon']).toEqual({ bypass: 'piercing', natural: false });
    expect(WEAPON_ENCHANTMENTS['armor-ignoring-weapon']).toEqual({ bypass: 'ignoring', natural: false });
  });
});

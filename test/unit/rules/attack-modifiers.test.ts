import { describe, expect, it } from 'vitest';
import {
  attackRollModifiers,
  CONTINUOUS_BEAM_ATTACK_BONUS,
  ENERGY_WEAPON_ATTACK_BONUS,
  LONGARM_ADJACENT_PENALTY,
  usableWhileProne,
  type AttackerCondition,
} from '../../../src/rules/attack-modifiers.js';

const total = (mode: 'melee' | 'ranged', c: AttackerCondition[], extra = {}) =>
  attackRollModifiers({ mode, conditions: c, rangedWeapon: 'rifle', ...extra }).total;

describe('Table: Attack Roll Modifiers (COMBAT MODIFIERS)', () => {
  // Attacker is . . .       Melee Ranged
  const table: [AttackerCondition, number, number][] = [
    ['dazzled', -1, -1],
    ['entangled', -2, -2],
    ['flanking', 2, 0], // ranged "—"
    ['invisible', 2, 2],
    ['higher-ground', 1, 0],
    ['prone', -4, 0], // ranged "—3": usable weapons at no penalty
    ['shaken', -2, -2],
    ['frightened', -2, -2],
    ['squeezing', -4, -4],
  ];
  it.each(table)('%s: melee %i, ranged %i', (condition, melee, ranged) => {
    expect(total('melee', [condition])).toBe(melee);
    expect(total('ranged', [condition])).toBe(ranged);
  });
  it('conditions add up', () => {
    expect(total('melee', ['dazzled', 'flanking', 'higher-ground'])).toBe(2);
  });
  it('shaken and frightened share one row and do not stack', () => {
    const r = attackRollModifiers({ mode: 'melee', conditions: ['shaken', 'frightened'] });
    expect(r.total).toBe(-2);
    expect(r.parts).toEqual([{ source: 'shaken/frightened', value: -2 }]);
  });
  it('footnote 1: an entangled attacker also takes −4 Dexterity', () => {
    expect(attackRollModifiers({ mode: 'melee', conditions: ['entangled'] }).attackerDexterityPenalty).toBe(
      -4,
    );
    expect(attackRollModifiers({ mode: 'melee', conditions: [] }).attackerDexterityPenalty).toBe(0);
  });
  it('footnote 2: an invisible attacker makes the defender lose Dex; not against a blinded target', () => {
    expect(attackRollModifiers({ mode: 'ranged', conditions: ['invisible'] })).toMatchObject({
      total: 2,
      defenderLosesDexterity: true,
    });
    expect(
      attackRollModifiers({ mode: 'melee', conditions: ['invisible'], targetBlinded: true }),
    ).toMatchObject({
      total: 0,
      defenderLosesDexterity: false,
    });
  });
  it('footnote 3: prone attackers cannot use bows, thrown spears and similar; pistols, rifles, crossbows, small throwing knives at no penalty', () => {
    for (const w of ['bow', 'thrown-spear', 'sling'] as const) {
      expect(usableWhileProne(w)).toBe(false);
      expect(attackRollModifiers({ mode: 'ranged', conditions: ['prone'], rangedWeapon: w })).toMatchObject({
        allowed: false,
      });
    }
    for (const w of ['pistol', 'rifle', 'crossbow', 'small-throwing-knife', 'energy-weapon'] as const) {
      expect(usableWhileProne(w)).toBe(true);
      expect(attackRollModifiers({ mode: 'ranged', conditions: ['prone'], rangedWeapon: w })).toMatchObject({
        allowed: true,
        total: 0,
      });
    }
    expect(() => attackRollModifiers({ mode: 'ranged', conditions: ['prone'] })).toThrow(RangeError);
  });
});

describe('other attacker modifiers', () => {
  it('touch +4 and the target shield bonus is ignored', () => {
    expect(attackRollModifiers({ mode: 'melee', touch: true })).toMatchObject({
      total: 4,
      ignoreShieldBonus: true,
    });
  });
  it('ENERGY WEAPONS +2; CONTINUOUS BEAM +4 does not stack with it', () => {
    expect(ENERGY_WEAPON_ATTACK_BONUS).toBe(2);
    expect(CONTINUOUS_BEAM_ATTACK_BONUS).toBe(4);
    expect(attackRollModifiers({ mode: 'ranged', energyWeapon: true }).total).toBe(2);
    expect(attackRollModifiers({ mode: 'ranged', energyWeapon: true, continuousBeam: true }).total).toBe(4);
  });
  it('SIDEARMS AND LONGARMS IN MELEE: longarm against an adjacent opponent −4', () => {
    expect(LONGARM_ADJACENT_PENALTY).toBe(-4);
    expect(attackRollModifiers({ mode: 'ranged', longarmAgainstAdjacent: true }).total).toBe(-4);
  });
  it('sneak attack dice become an attack bonus (5d6 → +6)', () => {
    expect(attackRollModifiers({ mode: 'melee', sneakAttackDice: 5, conditions: ['flanking'] }).total).toBe(
      8,
    );
  });
  it('Dead Aim: +2 per round aiming, maximum +6', () => {
    expect(attackRollModifiers({ mode: 'ranged', deadAimRounds: 1 }).total).toBe(2);
    expect(attackRollModifiers({ mode: 'ranged', deadAimRounds: 5 }).total).toBe(6);
    expect(() => attackRollModifiers({ mode: 'ranged', deadAimRounds: -1 })).toThrow(RangeError);
  });
  it('nonlethal damage with a lethal weapon −4 unless Nonlethal Force', () => {
    expect(attackRollModifiers({ mode: 'melee', nonlethalWithLethalWeapon: true }).total).toBe(-4);
    expect(
      attackRollModifiers({ mode: 'melee', nonlethalWithLethalWeapon: true, nonlethalForceFeat: true }).total,
    ).toBe(0);
  });
  it('throws RangeError on unknown modes and conditions', () => {
    expect(() => attackRollModifiers({ mode: 'psychic' as never })).toThrow(RangeError);
    expect(() => attackRollModifiers({ mode: 'melee', conditions: ['sleepy' as never] })).toThrow(RangeError);
    expect(() => usableWhileProne('catapult' as never)).toThrow(RangeError);
  });
});

describe('attacker modifier decisions', () => {
  it('DECISION prone sling: a sling counts as "similar" to bows and cannot be used prone', () => {
    expect(usableWhileProne('sling')).toBe(false);
  });
});

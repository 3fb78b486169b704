/**
 * GnG "Table: Attack Roll Modifiers" footnote 3: "You cannot use bows, thrown spears, and similar
 * ranged weapons while prone, but you can use pistols, rifles, crossbows, or small throwing knives
 * while prone at no penalty." Which family a weapon belongs to (decision in docs/rules.md, "Prone
 * ranged attacks") and so whether a prone attacker can use it.
 */
import { describe, expect, it } from 'vitest';
import { attackRollModifiers, rangedWeaponKind, type RangedWeaponFacts } from '../../../src/rules/index.js';

const weapon = (name: string, facts: Partial<RangedWeaponFacts> = {}): RangedWeaponFacts => ({
  name,
  thrown: false,
  firearm: false,
  longarm: false,
  energy: false,
  ...facts,
});
const usableProne = (facts: RangedWeaponFacts) =>
  attackRollModifiers({ mode: 'ranged', conditions: ['prone'], rangedWeapon: rangedWeaponKind(facts) })
    .allowed;

describe('rangedWeaponKind (footnote 3)', () => {
  it.each([
    [weapon('Longbow'), 'bow'],
    [weapon('Shortbow, composite'), 'bow'],
    [weapon('Crossbow, light'), 'crossbow'],
    [weapon('Hand crossbow'), 'crossbow'],
    [weapon('Sling'), 'sling'],
    [weapon('Dagger', { thrown: true }), 'small-throwing-knife'],
    [weapon('Darts', { thrown: true }), 'small-throwing-knife'],
    [weapon('Javelin', { thrown: true }), 'thrown-spear'],
    [weapon('Throwing axe', { thrown: true }), 'thrown-spear'],
    [weapon('Glock 17', { firearm: true }), 'pistol'],
    [weapon('M16A2', { firearm: true, longarm: true }), 'rifle'],
    [weapon('Laser rifle', { firearm: true, longarm: true, energy: true }), 'energy-weapon'],
  ] as const)('%o is a %s', (facts, kind) => {
    expect(rangedWeaponKind(facts)).toBe(kind);
  });

  it('a prone attacker can use pistols, rifles, crossbows and small throwing knives, not bows, slings or javelins', () => {
    expect(usableProne(weapon('Autoloader pistol', { firearm: true }))).toBe(true);
    expect(usableProne(weapon('Hunting rifle', { firearm: true, longarm: true }))).toBe(true);
    expect(usableProne(weapon('Crossbow, heavy'))).toBe(true);
    expect(usableProne(weapon('Dagger', { thrown: true }))).toBe(true);
    expect(usableProne(weapon('Longbow'))).toBe(false);
    expect(usableProne(weapon('Sling'))).toBe(false);
    expect(usableProne(weapon('Javelin', { thrown: true }))).toBe(false);
  });

  it('the prone row adds nothing to a ranged attack that can be made ("at no penalty")', () => {
    const m = attackRollModifiers({ mode: 'ranged', conditions: ['prone'], rangedWeapon: 'pistol' });
    expect(m.total).toBe(0);
  });
});

/**
 * GnG APPENDIX 3: STANDARD V. GRIM-N-GRITTY CHARACTERS — the three sample characters' Defense and HP.
 */
import { describe, expect, it } from 'vitest';
import { defenseClassLevels, hpClassLevels } from '../../../src/rules/classes.js';
import { defenseBonus } from '../../../src/rules/defense.js';
import { encumbranceLoad } from '../../../src/rules/encumbrance.js';
import { hitPointsBreakdown, maxHitPoints } from '../../../src/rules/hit-points.js';

describe('1ST LEVEL ROGUE: "Hit Points: 13 (13 Con + 0 Class)", "Defense: +4 (+3 Dex, +1 Class)"', () => {
  it('HP 13', () => {
    expect(maxHitPoints({ con: 13, classes: [hpClassLevels('Rogue', 1)], size: 'medium' })).toBe(13);
  });
  it('Defense +4 (leather armor: armor check penalty 0)', () => {
    const result = defenseBonus({
      dexMod: 3,
      classes: [defenseClassLevels('Rogue', 1)],
      armorCheckPenalty: 0,
      armorProficient: true,
      size: 'medium',
    });
    expect(result.parts).toMatchObject({ dexterity: 3, class: 1 });
    expect(result.total).toBe(4);
  });
});

describe('5TH LEVEL FIGHTER: "Defense: +4 (+5 Class, +2 large steel shield, -3 armor check penalty)"', () => {
  const fighter = {
    dexMod: 0,
    classes: [defenseClassLevels('Fighter', 5)],
    armorCheckPenalty: -6, // full plate
    armorProficient: true,
    shield: 2, // large steel shield
    size: 'medium' as const,
  };

  it('Defense +4 as printed (no encumbrance penalty printed)', () => {
    const result = defenseBonus({ ...fighter, load: 'none' });
    expect(result.parts).toMatchObject({ dexterity: 0, class: 5, shield: 2, armorCheck: -3, encumbrance: 0 });
    expect(result.total).toBe(4);
  });

  it('decision "encumbrance load names": his 71 lb of gear at Str 18 is a core light load, so no penalty: +4 as printed', () => {
    const load = encumbranceLoad(50 + 15 + 6, 18);
    expect(load).toBe('none');
    expect(defenseBonus({ ...fighter, load }).total).toBe(4);
  });

  it('decision "fighter HP": Con 18 (also Fort +8, standard "+20 Con") gives 23, not the printed "20 (15 Con + 5 Class)"', () => {
    const classes = [hpClassLevels('Fighter', 5)];
    expect(hitPointsBreakdown({ con: 18, classes, size: 'medium' })).toMatchObject({
      constitution: 18,
      classBonus: 5,
      max: 23,
    });
    // The printed sum reproduces the formula with the printed (mistaken) 15 Con.
    expect(maxHitPoints({ con: 15, classes, size: 'medium' })).toBe(20);
  });
});

describe('9TH LEVEL MONK: "Hit Points: 19 (13 Con + 6 Class)", "Defense: +12 (+3 Dexterity, +9 Class)"', () => {
  it('HP 19', () => {
    expect(maxHitPoints({ con: 13, classes: [hpClassLevels('Monk', 9)], size: 'medium' })).toBe(19);
  });
  it('Defense +12', () => {
    const result = defenseBonus({ dexMod: 3, classes: [defenseClassLevels('Monk', 9)], size: 'medium' });
    expect(result.total).toBe(12);
  });
});

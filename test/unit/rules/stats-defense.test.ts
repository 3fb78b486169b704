import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFENSE_ROLL_MODIFIER_ROWS,
  DEFENSE_ROLL_MODIFIERS,
  defenseBonus,
  defenseRollModifier,
  type DefenseInput,
  type DefenseRollModifierRow,
  type DefenseState,
} from '../../../src/rules/defense.js';
import { SIZES, type ClassLevels, type Size } from '../../../src/rules/types.js';

const good = (levels: number): ClassLevels => ({ progression: 'good', levels });
const base = (extra: Partial<DefenseInput> = {}): DefenseInput => ({
  dexMod: 3,
  classes: [good(5)],
  size: 'medium',
  ...extra,
});

describe('Table: Defense Roll Modifiers (defender side), as printed', () => {
  const PRINTED: [DefenseRollModifierRow, number | null, number | null][] = [
    ['behind-cover', 4, 4],
    ['blinded', -2, -2],
    ['concealed-or-invisible', null, null],
    ['cowering', -2, -2],
    ['entangled', 0, 0],
    ['flat-footed', 0, 0],
    ['grappling', 0, 0],
    ['helpless', -4, 0],
    ['kneeling', -2, 2],
    ['locked', -4, 0],
    ['pinned', -4, 0],
    ['prone', -4, 4],
    ['squeezing', -4, -4],
    ['stunned', -2, -2],
  ];
  it.each(PRINTED)('%s: melee %s, ranged %s', (row, melee, ranged) => {
    expect(defenseRollModifier(row, 'melee')).toBe(melee);
    expect(defenseRollModifier(row, 'ranged')).toBe(ranged);
  });

  it('footnotes: 1 loses Dex bonus, 2 entangled −4 Dex, 3 random grappler, 4 automatic 1', () => {
    const losesDex = DEFENSE_ROLL_MODIFIER_ROWS.filter((r) => DEFENSE_ROLL_MODIFIERS[r].losesDexterityBonus);
    expect(losesDex).toEqual(['blinded', 'cowering', 'flat-footed', 'grappling', 'stunned']);
    expect(DEFENSE_ROLL_MODIFIERS.entangled.dexterityPenalty).toBe(-4);
    expect(DEFENSE_ROLL_MODIFIERS.grappling.rangedRandomTarget).toBe(true);
    const autoOne = DEFENSE_ROLL_MODIFIER_ROWS.filter((r) => DEFENSE_ROLL_MODIFIERS[r].autoRollOne);
    expect(autoOne).toEqual(['helpless', 'locked', 'pinned']);
  });

  it('unknown rows or attack types throw RangeError', () => {
    expect(() => defenseRollModifier('hiding' as DefenseRollModifierRow, 'melee')).toThrow(/hiding/);
    expect(() => defenseRollModifier('prone', 'thrown' as 'melee')).toThrow(/thrown/);
  });
});

describe('Defense = Dex modifier + class bonus + equipment penalty + size modifier + shield bonus', () => {
  it('adds every part', () => {
    const result = defenseBonus(
      base({
        armorCheckPenalty: -6,
        armorProficient: true,
        load: 'light',
        size: 'small',
        shield: 2,
        shieldEnhancement: 1,
      }),
    );
    expect(result.parts).toMatchObject({
      dexterity: 3,
      class: 5,
      armorCheck: -3,
      encumbrance: -1,
      size: 1,
      shield: 2,
      shieldEnhancement: 1,
    });
    expect(result.total).toBe(8);
    expect(result.autoRollOne).toBe(false);
    expect(result.removed).toEqual([]);
  });

  it.each([
    ['colossal', -8],
    ['gargantuan', -4],
    ['huge', -2],
    ['large', -1],
    ['medium', 0],
    ['small', 1],
    ['tiny', 2],
    ['diminutive', 4],
    ['fine', 8],
  ] as const)('Table: Size Modifiers: %s %i', (size, modifier) => {
    expect(defenseBonus({ dexMod: 0, classes: [], size }).total).toBe(modifier);
  });

  it('"Armor: In the GnG system, wearing armor does not limit your Dexterity bonus"', () => {
    expect(defenseBonus(base({ dexMod: 8, armorCheckPenalty: -6 })).parts.dexterity).toBe(8);
  });

  it('worked example: full plate −6 non-proficient, −3 proficient', () => {
    const noArmor = defenseBonus(base()).total;
    expect(defenseBonus(base({ armorCheckPenalty: -6 })).total).toBe(noArmor - 6);
    expect(defenseBonus(base({ armorCheckPenalty: -6, armorProficient: true })).total).toBe(noArmor - 3);
  });

  it('decision "typed modifier stacking": dodge bonuses stack, other same-type bonuses take the best, circumstance adds up', () => {
    const result = defenseBonus(
      base({
        modifiers: {
          dodge: [1, 1, 2],
          deflection: [2, 3],
          luck: 1,
          insight: 2,
          circumstance: [2, -2],
          sacred: 1,
        },
      }),
    );
    expect(result.parts).toMatchObject({
      dodge: 4,
      deflection: 3,
      luck: 1,
      insight: 2,
      circumstance: 0,
      sacred: 1,
    });
    expect(result.total).toBe(3 + 5 + 4 + 3 + 1 + 2 + 1);
  });

  it('Touch Attacks: "You also ignore shield bonuses to your target\'s Defense" (with the shield\'s enhancement)', () => {
    const result = defenseBonus(
      base({ shield: 2, shieldEnhancement: 2, armorCheckPenalty: -2, touch: true }),
    );
    expect(result.parts.shield).toBe(0);
    expect(result.parts.shieldEnhancement).toBe(0);
    expect(result.parts.armorCheck).toBe(-2);
    expect(result.removed).toEqual([
      { part: 'shield', value: 2, reasons: ['touch attack'] },
      { part: 'shieldEnhancement', value: 2, reasons: ['touch attack'] },
    ]);
  });
});

describe('states that deny the Dexterity bonus (and with it class, dodge, haste)', () => {
  const full = base({ shield: 2, modifiers: { dodge: 1, haste: 1, insight: 1, luck: 1, deflection: 1 } });

  it('flat-footed: loses Dexterity, class and dodge (and haste); keeps shield, luck, insight, deflection', () => {
    const result = defenseBonus({ ...full, states: ['flat-footed'] });
    expect(result.parts).toMatchObject({
      dexterity: 0,
      class: 0,
      dodge: 0,
      haste: 0,
      shield: 2,
      luck: 1,
      insight: 1,
    });
    expect(result.total).toBe(2 + 1 + 1 + 1);
    expect(result.removed.map((r) => r.part)).toEqual(['dexterity', 'class', 'dodge', 'haste']);
    expect(result.removed[0]).toEqual({ part: 'dexterity', value: 3, reasons: ['flat-footed'] });
    expect(result.autoRollOne).toBe(false);
  });

  it('decision "Dex penalty stays": "If you do not have a Dexterity bonus, nothing happens" (flat-footed, Dex −2)', () => {
    const result = defenseBonus(base({ dexMod: -2, states: ['flat-footed'] }));
    expect(result.parts.dexterity).toBe(-2);
    expect(result.total).toBe(-2);
  });

  it('decision "uncanny dodge": an ability such as Uncanny Dodge keeps the Dexterity (and class) bonus while flat-footed', () => {
    const result = defenseBonus(base({ states: ['flat-footed'], retainsDexterityWhenFlatFooted: true }));
    expect(result.total).toBe(8);
    const unseen = defenseBonus(
      base({ states: ['attacker-invisible'], retainsDexterityWhenFlatFooted: true }),
    );
    expect(unseen.total).toBe(8);
    // It does not help when blinded or stunned.
    expect(defenseBonus(base({ states: ['stunned'], retainsDexterityWhenFlatFooted: true })).total).toBe(-2);
  });

  it.each([
    ['blinded', -2],
    ['cowering', -2],
    ['stunned', -2],
    ['grappling', 0],
    ['attacker-invisible', 0],
  ] as const)('%s: loses Dexterity and class, modifier %i', (state, modifier) => {
    const result = defenseBonus(base({ states: [state] }));
    expect(result.parts.dexterity).toBe(0);
    expect(result.parts.class).toBe(0);
    expect(result.parts.situation).toBe(modifier);
    expect(result.total).toBe(modifier);
  });

  it('grappling: a ranged attacker rolls randomly which grappler is struck', () => {
    expect(defenseBonus(base({ states: ['grappling'], attack: 'ranged' })).notes).toHaveLength(1);
    expect(defenseBonus(base({ states: ['grappling'] })).notes).toHaveLength(0);
  });

  it('decision "entangled Dexterity": −4 Dexterity is −2 to the Dexterity modifier, no other modifier', () => {
    expect(defenseBonus(base({ states: ['entangled'] })).parts.dexterity).toBe(1);
    expect(defenseBonus(base({ dexMod: 0, states: ['entangled'] })).total).toBe(3);
  });
});

describe('immobilized, unconscious, helpless, pinned, locked', () => {
  const full = base({
    dexMod: -1,
    armorCheckPenalty: -4,
    load: 'medium',
    shield: 2,
    shieldEnhancement: 1,
    modifiers: { dodge: 1, haste: 1, insight: 2, luck: 1, deflection: 2, sacred: 1, profane: -1 },
  });

  it('"Immobilized or Unconscious": automatic 1; Dexterity (±), class, equipment, shield ignored; insight lost', () => {
    const result = defenseBonus({ ...full, states: ['immobilized'] });
    expect(result.autoRollOne).toBe(true);
    expect(result.parts).toMatchObject({
      dexterity: 0,
      class: 0,
      armorCheck: 0,
      encumbrance: 0,
      shield: 0,
      shieldEnhancement: 0,
      dodge: 0,
      haste: 0,
      insight: 0,
      luck: 1,
      deflection: 2,
      sacred: 1,
      profane: -1,
    });
    expect(result.total).toBe(3);
    expect(result.removed.find((r) => r.part === 'dexterity')).toEqual({
      part: 'dexterity',
      value: -1,
      reasons: ['immobilized'],
    });
  });

  it('decision "unconscious is helpless" (Conditions: "paralyzed, held, bound, sleeping, unconscious"): −4 against melee', () => {
    const melee = defenseBonus({ ...full, states: ['unconscious'] });
    const ranged = defenseBonus({ ...full, states: ['unconscious'], attack: 'ranged' });
    expect(melee.autoRollOne).toBe(true);
    expect(melee.total).toBe(3 - 4);
    expect(ranged.total).toBe(3);
  });

  it('HELPLESS DEFENDERS: automatic 1, no Dexterity, dodge or class bonus; −4 melee / +0 ranged', () => {
    const result = defenseBonus(base({ states: ['helpless'] }));
    expect(result).toMatchObject({ autoRollOne: true, total: -4 });
    expect(defenseBonus(base({ states: ['helpless'], attack: 'ranged' })).total).toBe(0);
  });

  it('decision "helpless Dexterity": the −5 of Dexterity 0 is not added to Defense', () => {
    expect(defenseBonus(base({ dexMod: 2, classes: [], states: ['helpless'], attack: 'ranged' })).total).toBe(
      0,
    );
  });

  it('decision "held defenders are immobilized": pinned and locked also lose shield, equipment penalty and insight', () => {
    for (const state of ['pinned', 'locked', 'helpless'] as const) {
      const result = defenseBonus({ ...full, states: [state], attack: 'ranged' });
      expect(result.parts).toMatchObject({
        shield: 0,
        armorCheck: 0,
        encumbrance: 0,
        insight: 0,
        dexterity: 0,
      });
      expect(result.total).toBe(3);
    }
  });

  it('pinned: automatic 1, −4 melee, +0 ranged', () => {
    expect(defenseBonus(base({ states: ['pinned'] }))).toMatchObject({ autoRollOne: true, total: -4 });
    expect(defenseBonus(base({ states: ['pinned'], attack: 'ranged' })).total).toBe(0);
  });

  it('decision "locked ranged": locked follows the table, −4 melee and +0 ranged', () => {
    expect(defenseBonus(base({ states: ['locked'] }))).toMatchObject({ autoRollOne: true, total: -4 });
    expect(defenseBonus(base({ states: ['locked'], attack: 'ranged' })).total).toBe(0);
  });
});

describe('position and situation modifiers', () => {
  it('prone: −4 against melee, +4 against ranged; kneeling or sitting −2 / +2', () => {
    expect(defenseBonus(base({ states: ['prone'] })).total).toBe(8 - 4);
    expect(defenseBonus(base({ states: ['prone'], attack: 'ranged' })).total).toBe(8 + 4);
    expect(defenseBonus(base({ states: ['kneeling'] })).total).toBe(8 - 2);
    expect(defenseBonus(base({ states: ['kneeling'], attack: 'ranged' })).total).toBe(8 + 2);
  });

  it('behind cover +4, squeezing through a space −4', () => {
    expect(defenseBonus(base({ states: ['behind-cover'] })).total).toBe(12);
    expect(defenseBonus(base({ states: ['squeezing'], attack: 'ranged' })).total).toBe(4);
  });

  it('decision "posture rows do not stack": prone, kneeling, helpless, pinned, locked → only the worst applies', () => {
    const asleep = defenseBonus(base({ states: ['helpless', 'prone'], attack: 'ranged' }));
    expect(asleep.parts.situation).toBe(0);
    expect(defenseBonus(base({ states: ['pinned', 'helpless'] })).parts.situation).toBe(-4);
    expect(defenseBonus(base({ states: ['prone', 'kneeling'], attack: 'ranged' })).parts.situation).toBe(2);
  });

  it('different rows stack: stunned and blinded and prone', () => {
    expect(defenseBonus(base({ states: ['stunned', 'blinded', 'prone'] })).total).toBe(-2 - 2 - 4);
  });
});

describe('conditions that change Defense rolls (GnG CONDITIONS, called-shot body parts)', () => {
  it('dazed: "no penalty to Defense"', () => {
    expect(defenseBonus(base({ states: ['dazed'] })).total).toBe(8);
  });

  it('dazzled −1, shaken −2, frightened −2, panicked −2, sickened −2', () => {
    expect(defenseBonus(base({ states: ['dazzled'] })).total).toBe(7);
    expect(defenseBonus(base({ states: ['shaken'] })).total).toBe(6);
    expect(defenseBonus(base({ states: ['frightened'] })).total).toBe(6);
    expect(defenseBonus(base({ states: ['panicked'] })).total).toBe(6);
    expect(defenseBonus(base({ states: ['sickened'] })).total).toBe(6);
  });

  it('decision "fear does not stack": shaken + frightened is −2 once; sickened stacks with fear', () => {
    expect(defenseBonus(base({ states: ['shaken', 'frightened'] })).parts.conditions).toBe(-2);
    expect(defenseBonus(base({ states: ['shaken', 'sickened'] })).parts.conditions).toBe(-4);
  });

  it('energy drained: −1 per negative level', () => {
    expect(defenseBonus(base({ negativeLevels: 3 })).total).toBe(5);
  });

  it('disabled ear, eye, leg: −2 each (they stack across body parts); head −2 to all rolls', () => {
    expect(
      defenseBonus(base({ states: ['disabled-ear', 'disabled-eye', 'disabled-leg', 'disabled-head'] })).total,
    ).toBe(0);
  });

  it('all legs disabled: loses the Dexterity bonus to Defense, and the leg penalty', () => {
    const result = defenseBonus(base({ states: ['all-legs-disabled'] }));
    expect(result.parts.dexterity).toBe(0);
    expect(result.total).toBe(-2);
  });

  it('injury penalty applies to defense rolls', () => {
    expect(defenseBonus(base({ injuryPenalty: -4 })).total).toBe(4);
  });
});

describe('properties and invalid input', () => {
  const states = fc.subarray([
    'flat-footed',
    'blinded',
    'stunned',
    'cowering',
    'grappling',
  ] as DefenseState[]);

  it('losing the Dexterity bonus never raises Defense', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 10 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 4 }),
        states,
        (dexMod, levels, dodge, lost) => {
          const input = { dexMod, classes: [good(levels)], size: 'medium' as Size, modifiers: { dodge } };
          expect(defenseBonus({ ...input, states: lost }).total).toBeLessThanOrEqual(
            defenseBonus(input).total,
          );
        },
      ),
    );
  });

  it('every size gives an integer total', () => {
    fc.assert(
      fc.property(fc.constantFrom<Size>(...SIZES), fc.integer({ min: -5, max: 10 }), (size, dexMod) => {
        expect(Number.isInteger(defenseBonus({ dexMod, classes: [], size }).total)).toBe(true);
      }),
    );
  });

  it.each([
    ['unknown size', () => defenseBonus(base({ size: 'enormous' as Size }))],
    ['NaN Dex', () => defenseBonus(base({ dexMod: Number.NaN }))],
    ['fractional Dex', () => defenseBonus(base({ dexMod: 1.5 }))],
    ['negative levels', () => defenseBonus(base({ classes: [good(-1)] }))],
    ['positive armor check penalty', () => defenseBonus(base({ armorCheckPenalty: 3 }))],
    ['negative shield', () => defenseBonus(base({ shield: -1 }))],
    ['unknown state', () => defenseBonus(base({ states: ['sleepy' as DefenseState] }))],
    ['unknown modifier type', () => defenseBonus(base({ modifiers: { morale: 2 } as never }))],
    ['NaN modifier', () => defenseBonus(base({ modifiers: { dodge: Number.NaN } }))],
    ['positive injury penalty', () => defenseBonus(base({ injuryPenalty: 2 }))],
    ['negative negative levels', () => defenseBonus(base({ negativeLevels: -1 }))],
    ['unknown attack', () => defenseBonus(base({ attack: 'psychic' as 'melee' }))],
    ['null input', () => defenseBonus(null as never)],
  ])('%s throws RangeError', (_name, call) => {
    expect(call).toThrow(RangeError);
  });
});

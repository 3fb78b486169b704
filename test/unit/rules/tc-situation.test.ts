/**
 * The stances (R5, 002:574–636) and paralysis (R7, 002:704–716) and petrification (R8, 002:719)
 * where the Time Count model plays them (situation.ts, defenses.ts): the defense an attack meets, the
 * sheet's defenses, the attacker's roll, damage and speed. Expected values worked out by hand from the
 * lines quoted, for one fighter:
 *   Primary 10 + armor 4 + shield 1 + Agility 3 (the best of 1, 3, 2) = 18 (002:116);
 *   Passive 10 + armor 4 = 14 (002:122); Vigor 10 + Con 2 + Fortitude 1 = 13 (002:126);
 *   Celerity 10 + Dex 2 + Agility 3 = 15 (002:131); melee attack bonus Accuracy 0 + Str 1 = 1.
 */
import { describe, expect, it } from 'vitest';
import { TC_MODEL } from '../../../src/rules/models/tc/model.js';
import { tcBowKind } from '../../../src/rules/models/tc/attack-card.js';
import { tcConditionPenalty } from '../../../src/rules/models/tc/defenses.js';
import {
  tcActConditionMods,
  tcAttackerSituation,
  tcDefenseMet,
  tcDefensesMet,
  tcSheetDefenses,
} from '../../../src/rules/models/tc/situation.js';
import type { ModelAbility, ModelAttack, ModelCreature } from '../../../src/rules/models/types.js';

const ab = (mod: number): ModelAbility => ({ score: 10 + 2 * mod, damage: 0, mod });

function fighter(tcFields: Record<string, unknown> = {}): ModelCreature {
  return {
    size: 'medium',
    defense: { dexMod: 2, classes: [], size: 'medium', shield: 1 },
    hitPoints: { con: 14, classes: [{ progression: 'average', levels: 3, hitDie: 8 }], size: 'medium' },
    saves: { fortitude: 3, reflex: 3, will: 2 },
    statuses: new Set(),
    armor: 4,
    abilities: { str: ab(1), dex: ab(2), con: ab(2), int: ab(0), wis: ab(1), cha: ab(0) },
    model: {
      tc: {
        attributes: { fortitude: 1, agility: 3, willpower: 2, persona: 2, power: 1, accuracy: 0, topBase: 3 },
        ...tcFields,
      },
    } as unknown as ModelCreature['model'],
  };
}

const melee: ModelAttack = { mode: 'melee', touch: false };
const ranged: ModelAttack = { mode: 'ranged', touch: false };
const at = (attack: ModelAttack, situation: Record<string, number | boolean | string>): ModelAttack => ({
  ...attack,
  situation,
});
const met = (attack: ModelAttack, c: ModelCreature) => {
  const { defense, reasons } = tcDefenseMet(attack, c);
  return { id: defense.id, value: defense.value, reasons };
};

describe('the stance on the defense an attack meets (002:578–636)', () => {
  it('basic: the five as they are', () => {
    expect(met(melee, fighter())).toEqual({ id: 'primary', value: 18, reasons: [] });
    expect(tcDefensesMet(melee, fighter()).celerity.value).toBe(15);
  });

  it('defensive: Primary +2 once settled; in transition (count 6 < its count 10) no benefit (002:578, 585)', () => {
    const c = fighter({ stance: 'defensive', stanceUntil: 10 });
    expect(met(at(melee, { count: 6 }), c).value).toBe(18);
    expect(met(at(melee, { count: 10 }), c).value).toBe(20);
    expect(met(ranged, c).value).toBe(20); // no count known: settled
    // The +2 is Primary's only: a surprised defender's Passive gains nothing.
    expect(met(at(melee, { count: 10, surprised: true }), c)).toEqual({
      id: 'passive',
      value: 14,
      reasons: ['surprised'],
    });
  });

  it('crouch: +2 against ranged, −2 against melee; in transition the −2 only (002:594–595)', () => {
    const c = fighter({ stance: 'crouch', stanceUntil: 8 });
    expect(met(at(ranged, { count: 8 }), c).value).toBe(20);
    expect(met(at(melee, { count: 8 }), c).value).toBe(16);
    expect(met(at(ranged, { count: 7 }), c).value).toBe(18);
    expect(met(at(melee, { count: 7 }), c).value).toBe(16);
  });

  it('prone: +4 against ranged, −4 against melee, on Passive too (002:623–624)', () => {
    const c = fighter({ stance: 'prone' });
    expect(met(ranged, c).value).toBe(22);
    expect(met(melee, c).value).toBe(14);
    expect(met(at(ranged, { surprised: true }), c).value).toBe(18);
    expect(met(at(melee, { surprised: true }), c).value).toBe(10);
  });

  it('parry: ½ the attack bonus + the shield once more, at least 2, against any attack (002:605)', () => {
    const c = fighter({ stance: 'parry' });
    // Its own melee bonus 1: ⌊1/2⌋ + shield 1 = 1, raised to 2.
    expect(met(melee, c).value).toBe(20);
    // The best weapon's bonus 7 (the card's `parryAttackBonus`): ⌊7/2⌋ 3 + shield 1 = 4.
    expect(met(at(ranged, { parryAttackBonus: 7 }), c).value).toBe(22);
  });

  it('casting and poised: Passive (002:636, 618), any attack', () => {
    expect(met(melee, fighter({ stance: 'casting' }))).toEqual({
      id: 'passive',
      value: 14,
      reasons: ['casting'],
    });
    expect(met(ranged, fighter({ stance: 'poised' }))).toEqual({
      id: 'passive',
      value: 14,
      reasons: ['immobile'],
    });
    // A maneuver's "vs Primary" meets the Passive too.
    expect(tcDefensesMet(melee, fighter({ stance: 'poised' })).primary.value).toBe(14);
  });

  it('the sheet: the stance’s Primary benefit only (defensive 20; crouch keeps 18), the model’s defenses alike', () => {
    expect(tcSheetDefenses(fighter({ stance: 'defensive' })).primary.value).toBe(20);
    expect(tcSheetDefenses(fighter({ stance: 'crouch' })).primary.value).toBe(18);
    const d = TC_MODEL.defenses(fighter({ stance: 'defensive' }));
    expect(d.primary).toMatchObject({ kind: 'static', value: 20 });
    expect(TC_MODEL.defenseAgainst(melee, fighter({ stance: 'crouch' }))).toMatchObject({ value: 16 });
  });
});

describe('paralysis and petrification on the defenses (002:704–719)', () => {
  it('paralysis: a step per half of Vigor 13 reached (7 is the first), −1 Celerity each', () => {
    expect(tcDefensesMet(melee, fighter({ paralysis: 6 })).celerity.value).toBe(15);
    expect(tcDefensesMet(melee, fighter({ paralysis: 7 })).celerity.value).toBe(14);
    expect(tcDefensesMet(melee, fighter({ paralysis: 13 })).celerity.value).toBe(13);
    expect(tcConditionPenalty(fighter({ paralysis: 13 }))).toMatchObject({
      classSteps: 2,
      hit: -2,
      damage: -2,
    });
  });

  it('paralysis at 3 × Vigor (39): immobile — Celerity 5, Passive in place of Primary (002:712–714)', () => {
    const c = fighter({ paralysis: 39 });
    expect(tcDefensesMet(melee, c).celerity.value).toBe(5);
    expect(met(melee, c)).toEqual({ id: 'passive', value: 14, reasons: ['immobile'] });
  });

  it('petrification 2: Vigor +2 = 15, Celerity −2 = 13 (002:719)', () => {
    const d = tcDefensesMet(melee, fighter({ petrification: 2 }));
    expect(d.vigor.value).toBe(15);
    expect(d.celerity.value).toBe(13);
  });

  it('both: petrification 9 (Vigor 22, Celerity 6) and paralysis 22 (2 steps): Celerity not below 5', () => {
    const c = fighter({ petrification: 9, paralysis: 22 });
    expect(tcDefensesMet(melee, c).vigor.value).toBe(22);
    expect(tcDefensesMet(melee, fighter({ petrification: 9 })).celerity.value).toBe(6);
    expect(tcDefensesMet(melee, c).celerity.value).toBe(5);
  });

  it('fully petrified (10): immobile, Celerity 5, Vigor 23, Passive', () => {
    const c = fighter({ petrification: 10 });
    const d = tcDefensesMet(melee, c);
    expect([d.vigor.value, d.celerity.value, d.primary.value]).toEqual([23, 5, 14]);
  });
});

describe('the attacker’s stance and conditions', () => {
  const sit = (tc: Record<string, unknown>, a: Parameters<typeof tcAttackerSituation>[1]) =>
    tcAttackerSituation(fighter(tc), a);

  it('defensive −2 to all attacks, in transition too (a drawback, 002:578, 587)', () => {
    const s = sit({ stance: 'defensive', stanceUntil: 12 }, { ranged: true, count: 6 });
    expect(s.refusal).toBeNull();
    expect(s.parts).toEqual([{ label: 'GNG.Model.TC.Card.Part.stance', value: -2 }]);
  });

  it('crouch: −2 in melee, no longbows; prone: −4 in melee, crossbows only (002:596, 625)', () => {
    expect(sit({ stance: 'crouch' }, { ranged: false, count: null }).parts[0]?.value).toBe(-2);
    expect(sit({ stance: 'crouch' }, { ranged: true, bow: 'longbow', count: null }).refusal).toBe('stance');
    expect(sit({ stance: 'crouch' }, { ranged: true, bow: null, count: null }).parts).toEqual([]);
    expect(sit({ stance: 'prone' }, { ranged: false, count: null }).parts[0]?.value).toBe(-4);
    expect(sit({ stance: 'prone' }, { ranged: true, bow: 'crossbow', count: null }).refusal).toBeNull();
    expect(sit({ stance: 'prone' }, { ranged: true, bow: null, count: null }).refusal).toBe('stance');
  });

  it('parry and casting: unable to attack (002:607, 636)', () => {
    expect(sit({ stance: 'parry' }, { ranged: false, count: null }).refusal).toBe('stance');
    expect(sit({ stance: 'casting' }, { ranged: true, count: null }).refusal).toBe('stance');
  });

  it('paralysis 8 of Vigor 15 (petrification 2 in it): 1 step; with petrification −3 hit, −1 damage, +1 SC, +2 SF', () => {
    const s = sit({ paralysis: 8, petrification: 2 }, { ranged: false, count: null });
    expect(s).toEqual({
      refusal: null,
      parts: [{ label: 'GNG.Model.TC.Card.Part.conditions', value: -3 }],
      damage: -1,
      classSteps: 1,
      factorMod: 2,
    });
  });

  it('immobile: no attack (paralysis at 3 × Vigor; fully petrified)', () => {
    expect(sit({ paralysis: 39 }, { ranged: false, count: null }).refusal).toBe('immobile');
    expect(sit({ petrification: 10 }, { ranged: false, count: null }).refusal).toBe('immobile');
  });

  it('on the tracker: the class step where the action has a class; a fixed SF takes the +SF only', () => {
    const c = fighter({ paralysis: 8, petrification: 2 });
    expect(tcActConditionMods('attack', c)).toEqual({ classSteps: 1, factorMod: 2, immobile: false });
    expect(tcActConditionMods('castSpell', c)).toEqual({ classSteps: 0, factorMod: 2, immobile: false });
  });

  it('which bow a weapon is', () => {
    expect(tcBowKind({ name: 'Longbow', use: 'ranged' })).toBe('longbow');
    expect(tcBowKind({ name: 'Composite longbow', use: 'ranged' })).toBe('longbow');
    expect(tcBowKind({ name: 'Shortbow', use: 'ranged' })).toBeNull();
    expect(tcBowKind({ name: 'Light crossbow', use: 'ranged' })).toBe('crossbow');
    expect(tcBowKind({ name: 'Long sword', use: 'one-handed' })).toBeNull();
  });
});

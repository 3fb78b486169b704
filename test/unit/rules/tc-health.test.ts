/**
 * Damage, the Threshold of Pain and health under the Time Count model (issue #32, lane core): R19
 * damage, R20–R22 the ToP and its split, R23 impairments, R24 nonlethal, R26–R29 death, the
 * consciousness check, dying and the order of bonus HP, Invigoration and HP, R31 poison, and the
 * text's Hadwin example (002:683). Expected values worked by hand from seed 002.
 */
import { describe, expect, it } from 'vitest';
import { TC_MODEL } from '../../../src/rules/models/tc/model.js';
import * as tc from '../../../src/rules/models/tc/index.js';
import type { HealthVector, ModelCreature } from '../../../src/rules/models/types.js';
import { tcHealth } from '../../fixtures/tc-analysis.js';

/** A creature whose ToP is `topBase` + `persona` + `armor`. */
function creature(persona: number, armor = 0, topBase = 3): ModelCreature {
  return {
    size: 'medium',
    defense: { dexMod: 0, classes: [], size: 'medium' },
    hitPoints: { con: 10, classes: [], size: 'medium' },
    saves: { fortitude: 0, reflex: 0, will: 0 },
    statuses: new Set(),
    armor,
    model: { tc: { attributes: { persona, topBase } } } as unknown as ModelCreature['model'],
  };
}

/** A TC health vector at `value` HP, nothing else taken (the analysis fixture's). */
const fresh = tcHealth;

describe('damage (R19, R12, A5)', () => {
  it('dice + ability + Power, at least 1; only DR makes it 0 (002:52–54)', () => {
    // 1d8 rolled 3, Str +2, Power 1: 6.
    expect(
      TC_MODEL.damage({ weaponDice: [3], protection: 0, margin: 0, strengthBonus: 2, otherBonus: 1 }).final,
    ).toBe(6);
    const low = tc.tcDamage({ weaponDice: [1], protection: 0, margin: 0, strengthBonus: -3 });
    expect(low.final).toBe(1);
    expect(low.tc.minimum).toBe(true);
    expect(
      tc.tcDamage({ weaponDice: [1], protection: 0, margin: 0, strengthBonus: -3, damageReduction: 5 }).final,
    ).toBe(0);
    // Protection is not the chapter's: ignored.
    expect(tc.tcDamage({ weaponDice: [4], protection: 3, margin: 5 }).final).toBe(4);
  });

  it('a critical: the dice at their highest, the ability once, at least +1 (002:62, A5)', () => {
    const crit = { weaponDice: [3], diceFaces: [8], protection: 0, margin: 2, critical: true, otherBonus: 1 };
    expect(tc.tcDamage({ ...crit, strengthBonus: 2 }).final).toBe(11);
    // Str −1 on a critical counts as +1: 8 + 1 + 1 = 10.
    const weak = tc.tcDamage({ ...crit, strengthBonus: -1 });
    expect(weak.final).toBe(10);
    expect(weak.tc.ability).toBe(1);
    expect(() => tc.tcDamage({ weaponDice: [3], protection: 0, margin: 0, critical: true })).toThrow(
      RangeError,
    );
  });

  it('Strength or Dexterity by category; bows a Strength penalty; unarmed the better (002:58)', () => {
    expect(tc.tcDamageAbility('axes', { str: 2, dex: 4 }).value).toBe(2);
    expect(tc.tcDamageAbility('daggers', { str: 2, dex: 4 }).value).toBe(4);
    expect(tc.tcDamageAbility('bows', { str: -2, dex: 3 }).value).toBe(1);
    expect(tc.tcDamageAbility('bows', { str: 2, dex: 3 }).value).toBe(3);
    expect(tc.tcDamageAbility('bows', { str: 2, dex: 3, composite: true }).value).toBe(5);
    expect(tc.tcDamageAbility('unarmed', { str: 1, dex: 3 }).value).toBe(3);
    expect(tc.tcDamageAbility('unarmed', { str: 4, dex: 3 }).parts[0]?.label).toBe(
      'GNG.Model.TC.Damage.Part.strength',
    );
    expect(() => tc.tcDamageAbility('lances' as tc.TcWeaponCategory, { str: 0, dex: 0 })).toThrow(RangeError);
  });

  it('unarmed dice: 1d2 small, 1d3 medium, 1d4 large (002:695)', () => {
    expect([tc.tcUnarmedDie('small'), tc.tcUnarmedDie('medium'), tc.tcUnarmedDie('large')]).toEqual([
      2, 3, 4,
    ]);
  });
});

describe('the Threshold of Pain (R20–R22, A2, A15)', () => {
  it('base 3 + Persona + armor, −1 per hit this combat, never below 0 (002:74, 78)', () => {
    const c = creature(2, 4);
    expect(tc.tcThreshold(c)).toMatchObject({ full: 9, lost: 0, effective: 9 });
    expect(tc.tcThreshold(c, 4).effective).toBe(5);
    expect(tc.tcThreshold(c, 12).effective).toBe(0);
    expect(tc.isWounded(tc.tcThreshold(c, 9))).toBe(true);
  });

  it('a hit of 12 against ToP 9: fatigue +9, HP −3, ToP 9 → 8 (002:76)', () => {
    const out = TC_MODEL.applyDamage(fresh(20), { lethal: 12, nonlethal: 0 }, creature(2, 4));
    expect(out.after).toEqual(fresh(17, { fatigue: 9, topLost: 1 }));
    expect(out.hpLost).toBe(3);
    expect(out.events).toEqual(['thresholdPassed']);
    expect(out.consciousnessDC).toBeNull();
  });

  it('below the ToP: all fatigue; at the ToP (A2): fatigue = ToP, HP −0, passed', () => {
    const below = TC_MODEL.applyDamage(fresh(20), { lethal: 5, nonlethal: 0 }, creature(2, 4));
    expect(below.after).toMatchObject({ value: 20, fatigue: 5, topLost: 1 });
    expect(below.events).toEqual([]);
    const at = TC_MODEL.applyDamage(fresh(20), { lethal: 9, nonlethal: 0 }, creature(2, 4));
    expect(at.after).toMatchObject({ value: 20, fatigue: 9 });
    expect(at.events).toEqual(['thresholdPassed']);
  });

  it('the ToP lost earlier this combat counts: 3 hits taken, ToP 6, 8 damage: fatigue +6, HP −2', () => {
    const out = TC_MODEL.applyDamage(fresh(20, { topLost: 3 }), { lethal: 8, nonlethal: 0 }, creature(2, 4));
    expect(out.after).toMatchObject({ value: 18, fatigue: 6, topLost: 4 });
  });

  it('nonlethal: all fatigue, never HP, still −1 ToP (002:107, A3)', () => {
    const out = TC_MODEL.applyDamage(fresh(20), { lethal: 0, nonlethal: 15 }, creature(2, 4));
    expect(out.after).toEqual(fresh(20, { fatigue: 15, topLost: 1 }));
    expect(out.events).toEqual([]);
  });

  it('the hit that brings the ToP to 0 marks the creature wounded (A15)', () => {
    const out = TC_MODEL.applyDamage(fresh(20, { topLost: 2 }), { lethal: 1, nonlethal: 0 }, creature(0));
    expect(out.events).toContain('wounded');
    // Wounded: every hit passes the ToP of 0 and all of it is HP.
    const next = TC_MODEL.applyDamage(out.after, { lethal: 4, nonlethal: 0 }, creature(0));
    expect(next.after).toMatchObject({ value: 16, fatigue: 1, topLost: 4 });
    expect(next.events).toEqual(['thresholdPassed']);
  });

  it('damage that is not a hit (hit: false) leaves the ToP', () => {
    const out = TC_MODEL.applyDamage(fresh(20), { lethal: 4, nonlethal: 0 }, creature(2, 4), { hit: false });
    expect(out.after.topLost).toBe(0);
  });
});

describe('impairments (R23, optional) and simultaneous hits (R18, A4)', () => {
  it('passing the ToP gives one impairment of the attack type when played; none otherwise', () => {
    const c = creature(2, 4);
    const on = TC_MODEL.applyDamage(fresh(20), { lethal: 10, nonlethal: 0 }, c, {
      impairments: true,
      damageType: 'piercing',
    });
    expect(on.after).toMatchObject({ impP: 1, impB: 0, impS: 0 });
    expect(on.events).toEqual(['thresholdPassed', 'impairment.piercing']);
    const off = TC_MODEL.applyDamage(fresh(20), { lethal: 10, nonlethal: 0 }, c, { damageType: 'piercing' });
    expect(off.after.impP).toBe(0);
    const untyped = TC_MODEL.applyDamage(fresh(20), { lethal: 10, nonlethal: 0 }, c, { impairments: true });
    expect(untyped.events).toContain('impairmentUntyped');
    const below = TC_MODEL.applyDamage(fresh(20), { lethal: 8, nonlethal: 0 }, c, {
      impairments: true,
      damageType: 'slashing',
    });
    expect(below.after.impS).toBe(0);
  });

  it('Hadwin (002:683): ToP 8, hits of 3, 6 and 8 at one count: two impairments; one at different times', () => {
    // Hadwin: base 3 + Persona 5 = 8.
    const hadwin = creature(5);
    const opts = { impairments: true, damageType: 'slashing' as const };
    let h = fresh(40);
    for (const d of [3, 6, 8]) {
      h = TC_MODEL.applyDamage(h, { lethal: d, nonlethal: 0 }, hadwin, {
        ...opts,
        simultaneous: { topLostAtStart: 0, extraHits: 2 },
      }).after;
    }
    // Impairments against 8 − 2 = 6: the 6 and the 8. The split used the ToP of 8 at the count's start:
    // fatigue 3 + 6 + 8 = 17, no HP lost (8 ≥ 8 passes with 0 excess); 3 hits taken.
    expect(h).toMatchObject({ impS: 2, fatigue: 17, value: 40, topLost: 3 });
    let apart = fresh(40);
    for (const d of [3, 6, 8])
      apart = TC_MODEL.applyDamage(apart, { lethal: d, nonlethal: 0 }, hadwin, opts).after;
    // 3 < 8, 6 < 7, 8 ≥ 6: one impairment; fatigue 3 + 6 + 6, HP −2.
    expect(apart).toMatchObject({ impS: 1, fatigue: 15, value: 38, topLost: 3 });
  });
});

describe('HP, fatigue and consciousness (R26–R29)', () => {
  it('bonus HP, then Invigoration, then HP take the HP part (002:149, 155)', () => {
    const c = creature(0); // ToP 3
    const out = TC_MODEL.applyDamage(
      fresh(20, { temp: 2, invigoration: 3 }),
      { lethal: 10, nonlethal: 0 },
      c,
    );
    // 10 vs 3: fatigue +3, 7 off HP: bonus 2, Invigoration 3, HP 2.
    expect(out.after).toMatchObject({ temp: 0, invigoration: 0, value: 18, fatigue: 3 });
    expect(out.hpLost).toBe(2);
  });

  it('the dead are not at risk of falling unconscious: no Con check, no "at risk" beside "dead"', () => {
    const c = creature(0); // ToP 3
    // 14 lethal on 10 HP: fatigue +3 (the ToP), HP −11 → −1: dead (002:145); fatigue 3 ≥ −1 HP.
    const out = TC_MODEL.applyDamage(fresh(10), { lethal: 14, nonlethal: 0 }, c);
    expect(out.after).toMatchObject({ value: -1, fatigue: 3 });
    expect(out.consciousnessDC).toBeNull();
    expect(out.conditions).toEqual({ lethal: 'dead', nonlethal: 'normal' });
  });

  it('fatigue reaching the current HP owes a Con check, DC fatigue − HP, −2 a impairment (002:160–162)', () => {
    const c = creature(0); // ToP 3
    const out = TC_MODEL.applyDamage(fresh(10, { fatigue: 8, impB: 1 }), { lethal: 5, nonlethal: 0 }, c);
    // fatigue 11, HP 8: DC 3; one impairment: −2 on the check.
    expect(out.after).toMatchObject({ value: 8, fatigue: 11 });
    expect(out.consciousnessDC).toBe(3);
    expect(out.consciousnessPenalty).toBe(2);
    expect(out.events).toContain('consciousnessCheck');
    expect(out.conditions).toEqual({ lethal: 'normal', nonlethal: 'atRisk' });
    // Invigoration and bonus HP count in the current HP total: 8 + 2 + 2 = 12 > 11, no check.
    const healed = TC_MODEL.applyDamage(
      fresh(10, { fatigue: 8, invigoration: 4, temp: 2 }),
      { lethal: 2, nonlethal: 0 },
      c,
    );
    expect(healed.after).toMatchObject({ fatigue: 10, value: 10, invigoration: 4, temp: 2 });
    expect(healed.consciousnessDC).toBeNull();
  });

  it('fatigue at least twice the HP: dying, maybe conscious; HP 0: dead (002:145, 160)', () => {
    const c = creature(0);
    const dying = TC_MODEL.applyDamage(fresh(6, { fatigue: 9 }), { lethal: 3, nonlethal: 0 }, c);
    // fatigue 12 ≥ 2 × 6.
    expect(dying.statuses).toEqual(['dying']);
    expect(dying.consciousnessDC).toBe(6);
    const dead = TC_MODEL.applyDamage(fresh(4), { lethal: 7, nonlethal: 0 }, c);
    expect(dead.after.value).toBe(0);
    expect(dead.statuses).toEqual(['dead']);
    expect(dead.consciousnessDC).toBeNull();
    expect(TC_MODEL.healthStatus(fresh(5, { fatigue: 10 }), c)).toEqual(['dying']);
    expect(TC_MODEL.healthStatus(fresh(5, { fatigue: 9 }), c)).toEqual([]);
    expect(TC_MODEL.healthStatus(fresh(-2), c)).toEqual(['dead']);
  });

  it('poison: HP or fatigue straight, no ToP (002:724, R31)', () => {
    const out = tc.tcDirectLoss(fresh(10, { temp: 1 }), { hp: 3, fatigue: 2 });
    expect(out.after).toMatchObject({ value: 8, temp: 0, fatigue: 2, topLost: 0 });
  });

  it('refuses bad input', () => {
    const c = creature(0);
    expect(() => TC_MODEL.applyDamage(fresh(10), { lethal: -1, nonlethal: 0 }, c)).toThrow(RangeError);
    expect(() => TC_MODEL.applyDamage(fresh(10, { fatigue: -2 }), { lethal: 1, nonlethal: 0 }, c)).toThrow(
      RangeError,
    );
    const bad = { impairments: true, damageType: 'fire' as 'slashing' };
    expect(() => TC_MODEL.applyDamage(fresh(10), { lethal: 9, nonlethal: 0 }, c, bad)).toThrow(RangeError);
  });
});

describe('every point of a hit lands somewhere (R21, R24, R29)', () => {
  it('fatigue gained + hit point total lost = lethal + nonlethal, over 2,000 seeded hits', () => {
    let seed = 32;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const total = (h: HealthVector) => (h.value ?? 0) + (h.invigoration ?? 0) + (h.temp ?? 0);
    for (let i = 0; i < 2000; i++) {
      const c = creature(next(4), next(6));
      const before = fresh(1 + next(40), {
        temp: next(5),
        invigoration: next(5),
        topLost: next(12),
        fatigue: next(30),
      });
      const lethal = next(25);
      const nonlethal = next(3) === 0 ? next(10) : 0;
      const out = TC_MODEL.applyDamage(before, { lethal, nonlethal }, c);
      const fatigue = (out.after.fatigue ?? 0) - (before.fatigue ?? 0);
      expect(fatigue + total(before) - total(out.after)).toBe(lethal + nonlethal);
      // The fatigue part of the lethal damage is at most the ToP the hit met.
      expect(fatigue - nonlethal).toBeLessThanOrEqual(tc.tcThreshold(c, before.topLost).effective);
      expect(out.after.topLost).toBe((before.topLost ?? 0) + 1);
    }
  });
});

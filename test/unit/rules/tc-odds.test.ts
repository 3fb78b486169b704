/**
 * The Time Count model's exact odds (tc-odds.ts; issue #32, lane analysis), worked by hand from seed
 * 002. Every case: d20 + 5 against a static 15, so naturals 10–20 hit (11/20; 002:7 "at least equal"),
 * a natural 1 is a fumble (002:66), a natural 20 (total 25 ≥ 16) a critical (002:62); the weapon 1d6 + 1.
 * A critical deals the die's maximum 6 + 1, and its ability part counts at least +1 (A5): 8. The ten
 * non-critical hits (1/2) deal 2…7, 1/12 each.
 */
import { describe, expect, it } from 'vitest';
import { TC_MODEL } from '../../../src/rules/models/tc/model.js';
import { consciousnessPassChance, tcAttackOdds, TC_OUTCOMES } from '../../../src/rules/models/tc/tc-odds.js';
import { probabilityOf } from '../../../src/rules/odds/index.js';
import { tcCreature, tcHealth, tcOddsInput } from '../../fixtures/tc-analysis.js';

const attack = { bonus: 5, defense: 15, faces: 6, flat: 1 };
const close = (got: number, want: number) => expect(got).toBeCloseTo(want, 12);

describe('tcAttackOdds', () => {
  it('the d20: hit 11/20, critical 1/20, fumble 1/20 (002:49, 62, 66)', () => {
    const o = tcAttackOdds(TC_MODEL, tcOddsInput(attack, tcCreature({ persona: 1 }), tcHealth(10)));
    close(o.hit.hit, 0.55);
    close(o.tc.critical, 0.05);
    close(o.tc.fumble, 0.05);
    close(probabilityOf(o.damage.hitFinal, 8), 0.05);
    close(probabilityOf(o.damage.hitFinal, 4), 1 / 12);
  });

  it('fatigue to the ToP, HP past it, the Con checks owed and rolled (002:76, 160–162)', () => {
    // ToP 3 + Persona 1 = 4; 10 HP, fatigue 9, Con 10 (+0). Damage d, fatigue after, HP after, DC:
    //   2 → 11, 10, DC 1 (passes on 1+); 3 → 12, 10, DC 2 (2+: 19/20);
    //   4 → passes the ToP (A2: ≥), fatigue +4 = 13, HP 10, DC 3 (18/20);
    //   5 → 13, 9, DC 4 (17/20); 6 → 13, 8, DC 5 (16/20); 7 → 13, 7, DC 6 (15/20);
    //   critical 8 → 13, 6: 13 ≥ 2 × 6, dying (002:160); its check DC 7 passes 14/20.
    // Awake: (20+19+18+17+16+15)/20 / 12 = 105/240; unconscious (0+1+2+3+4+5)/20 / 12 = 15/240.
    const o = tcAttackOdds(
      TC_MODEL,
      tcOddsInput(attack, tcCreature({ persona: 1 }), tcHealth(10, { fatigue: 9 })),
    );
    expect(Object.keys(o.tc.exclusive)).toEqual([...TC_OUTCOMES]);
    close(o.tc.exclusive.miss, 0.45);
    close(o.tc.exclusive.fatigue, 0);
    close(o.tc.exclusive.passed, 0);
    close(o.tc.exclusive.awake, 105 / 240);
    close(o.tc.exclusive.unconscious, 15 / 240);
    close(o.tc.exclusive.dying, 0.05);
    close(o.tc.exclusive.dead, 0);
    close(
      Object.values(o.tc.exclusive).reduce((s, p) => s + p, 0),
      1,
    );
    expect(o.tc.topBefore).toBe(4);
    close(o.tc.passTop, 4 / 12 + 0.05);
    close(o.tc.check, 0.55);
    // The critical's check fails on naturals 1–6 too.
    close(o.tc.unconscious, 15 / 240 + 0.05 * (6 / 20));
    close(o.tc.dying, 0.05);
    close(probabilityOf(o.tc.checkDC, 1), 1 / 12);
    close(probabilityOf(o.tc.checkDC, 7), 0.05);
    close(probabilityOf(o.tc.fatigueAfter, 9), 0.45);
    close(probabilityOf(o.tc.fatigueAfter, 13), 4 / 12 + 0.05);
    close(probabilityOf(o.tc.fatigueAdded, 4), 4 / 12 + 0.05);
    close(probabilityOf(o.tc.hpLost, 0), 0.45 + 3 / 12);
    close(probabilityOf(o.tc.hpLost, 4), 0.05);
    close(probabilityOf(o.outcome.hpAfter, 6), 0.05);
    close(o.outcome.noEffect, 0.45);
  });

  it('within the ToP and past it, no check owed (002:76–78)', () => {
    // ToP 3 + Persona 2 = 5; 20 HP, no fatigue: 2–4 fatigue only (3/12); 5–7 and the critical 8 pass
    // (fatigue 5, HP −0…−3: 3/12 + 1/20); fatigue ≤ 5 < HP, so no check.
    const o = tcAttackOdds(TC_MODEL, tcOddsInput(attack, tcCreature({ persona: 2 }), tcHealth(20)));
    close(o.tc.exclusive.fatigue, 3 / 12);
    close(o.tc.exclusive.passed, 3 / 12 + 0.05);
    close(o.tc.check, 0);
    close(probabilityOf(o.tc.fatigueAfter, 5), 3 / 12 + 0.05);
  });

  it('a wounded target (ToP 0): every hit passes, all of it off the HP (002:78, A15); 0 HP is death (002:145)', () => {
    // ToP 3 lowered by 3 hits: 0. 5 HP: 2–4 leave 3…1 HP (3/12, passed); 5–7 and the critical kill.
    const o = tcAttackOdds(TC_MODEL, tcOddsInput(attack, tcCreature(), tcHealth(5, { topLost: 3 })));
    expect(o.tc.topBefore).toBe(0);
    close(o.tc.passTop, 0.55);
    close(o.tc.exclusive.passed, 3 / 12);
    close(o.tc.exclusive.dead, 3 / 12 + 0.05);
    close(o.tc.dead, 3 / 12 + 0.05);
    close(probabilityOf(o.tc.fatigueAdded, 0), 1);
  });

  it('nonlethal damage is all fatigue and never passes the ToP (002:107, A3)', () => {
    // ToP 3; 10 HP: the critical's 8 adds 8 fatigue, no HP; nothing passes.
    const o = tcAttackOdds(TC_MODEL, tcOddsInput({ ...attack, nonlethal: true }, tcCreature(), tcHealth(10)));
    close(o.tc.passTop, 0);
    close(probabilityOf(o.tc.hpLost, 0), 1);
    close(probabilityOf(o.tc.fatigueAdded, 8), 0.05);
  });

  it("impairments (the world's option, 002:82): one on each hit past the ToP, −2 on the check each (002:162)", () => {
    // As the second case with slashing impairments: damage 4–7 and the critical add one (P = passTop),
    // so those checks are at −2: 4 → DC 3 fails on 1–4, 5 → 1–5, 6 → 1–6, 7 → 1–7 (and 2 → 0, 3 → 1).
    const input = {
      ...tcOddsInput(attack, tcCreature({ persona: 1 }), tcHealth(10, { fatigue: 9 })),
      apply: { impairments: true, damageType: 'slashing' },
    } as ReturnType<typeof tcOddsInput>;
    const o = tcAttackOdds(TC_MODEL, input);
    close(o.tc.impairment, 4 / 12 + 0.05);
    close(o.tc.exclusive.unconscious, (0 + 1 + 4 + 5 + 6 + 7) / 20 / 12);
  });

  it('a consciousness check: d20 + Con − penalty ≥ DC, no automatic success (A9)', () => {
    close(consciousnessPassChance(0, 21, 0), 0);
    close(consciousnessPassChance(2, 10, 2), 11 / 20);
    close(consciousnessPassChance(0, -3, 0), 1);
    // No Constitution score: never falls unconscious.
    close(consciousnessPassChance(null, 30, 0), 1);
  });

  it('a check passed on every natural is exactly 1: no "−0 %" Unconscious in the odds', () => {
    // Con +4 against DC 5: even a natural 1 makes 5.
    expect(consciousnessPassChance(4, 5, 0)).toBe(1);
    expect(1 - consciousnessPassChance(4, 5, 0)).toBe(0);
    expect(Object.is(1 - consciousnessPassChance(0, -3, 0), 0)).toBe(true);
  });
});

/**
 * Exact damage and outcome odds (issue #20), pinned against cases worked by hand from the text:
 * DAMAGE "Weapon Damage + Relative Degree – Protection"; PROTECTION (armor piercing halves); EFFECTS
 * OF DAMAGE (injury at ¾, ½, ¼ of max HP; trauma at half the current HP lost to one attack;
 * disabled at 0, dying below, dead at −10, or −8 for Tiny); temporary HP lost first; nonlethal
 * damage staggers at current HP and knocks out above it; CALLED SHOTS (Penetration: Reflex DC 10 +
 * RD, half the Protection; Condition Effects: Fortitude DC 10 + damage; Vital Strike doubles);
 * Appendix 1 Advanced Wound Trauma and Wounds Normally Cause Bleeding. Most cases take 10 against a
 * fixed Defense 10, a sure hit with RD 0, so the damage is the weapon's dice alone.
 */
import { describe, expect, it } from 'vitest';
import { odds } from '../../src/rules/on-demand.js';

const { attackOdds, probabilityOf } = odds;
type Input = Parameters<typeof attackOdds>[0];

/** A sure hit with RD 0 (take 10 against a fixed 10) with these dice against this target. */
function sureHit(damage: Input['damage'], target: Input['target'], rest: Partial<Input> = {}): Input {
  return { attack: { bonus: 0, take10: true }, defense: { bonus: 10, fixed: true }, damage, target, ...rest };
}
const d = (count: number, faces: number) => ({ count, faces });
const medium = (value: number, max = value) => ({ hp: { value, max }, size: 'medium' as const });

describe('damage odds after Protection', () => {
  it('a hit fully absorbed by Protection has no effect', () => {
    // 1d4 + RD 0 − Protection 4 ≤ 0 on every face.
    const o = attackOdds(sureHit({ weaponDice: d(1, 4), protection: { armor: 4 } }, medium(10)));
    expect(o.damage.absorbed).toBe(1);
    expect(o.outcome.noEffect).toBe(1);
    expect(o.outcome.condition.normal).toBe(1);
    expect(o.outcome.trauma).toBe(0);
  });

  it('Protection 3 lets the 4 through as 1 point; armor piercing halves 8 to 4', () => {
    const three = attackOdds(sureHit({ weaponDice: d(1, 4), protection: 3 }, medium(10)));
    expect(probabilityOf(three.damage.final, 0)).toBeCloseTo(0.75, 12);
    expect(probabilityOf(three.damage.final, 1)).toBeCloseTo(0.25, 12);
    // 1d4 + 2 − ⌊8/2⌋: 2d… faces 3, 4 deal 1, 2.
    const piercing = attackOdds(
      sureHit(
        { weaponDice: d(1, 4), weaponBonus: 2, protection: { armor: 8 }, bypass: 'piercing' },
        medium(10),
      ),
    );
    expect(probabilityOf(piercing.damage.final, 1)).toBeCloseTo(0.25, 12);
    expect(probabilityOf(piercing.damage.final, 2)).toBeCloseTo(0.25, 12);
  });

  it('two dice are convolved exactly: 2d6 − Protection 5', () => {
    // 2d6 totals 2…12 with 1,2,3,4,5,6,5,4,3,2,1 /36; − 5 → 0 for totals ≤ 5 (1+2+3+4 = 10/36), 1 for
    // a 6 (5/36), 2 for a 7 (6/36), 7 for a 12 (1/36).
    const o = attackOdds(sureHit({ weaponDice: d(2, 6), protection: 5 }, medium(30)));
    expect(probabilityOf(o.damage.final, 0)).toBeCloseTo(10 / 36, 12);
    expect(probabilityOf(o.damage.final, 1)).toBeCloseTo(5 / 36, 12);
    expect(probabilityOf(o.damage.final, 2)).toBeCloseTo(6 / 36, 12);
    expect(probabilityOf(o.damage.final, 7)).toBeCloseTo(1 / 36, 12);
  });

  it('the natural 20 chain gets through Protection no ordinary hit can', () => {
    // d20 + 0 against a fixed 20: only a natural 20 hits (1/20), with RD = its chain c. 1d4 + c − 30
    // > 0 needs c ≥ 27, three 9s first. P(c ≥ 27) = 10⁻³ and each value 27, 28 … has 10⁻⁴:
    // P(c ≥ 28) = 9·10⁻⁴, ≥ 29: 8·10⁻⁴, ≥ 30: 7·10⁻⁴. P(damage > 0) = (1/20)(1/4)(10+9+8+7)·10⁻⁴
    // = 4.25·10⁻⁵; P(damage = 1) = (1/20)(1/4)·4·10⁻⁴ (c = 31 − face) = 5·10⁻⁶.
    const o = attackOdds({
      attack: { bonus: 0 },
      defense: { bonus: 20, fixed: true },
      damage: { weaponDice: d(1, 4), protection: 30 },
      target: medium(10),
    });
    expect(o.hit.hit).toBeCloseTo(0.05, 12);
    expect(o.damage.absorbed).toBeCloseTo(0.05 - 4.25e-5, 12);
    expect(probabilityOf(o.damage.final, 1)).toBeCloseTo(5e-6, 14);
    expect(o.truncation.errorBound).toBeGreaterThan(0);
    expect(o.truncation.errorBound).toBeLessThan(1e-10);
  });

  it('a nonlethal attack: staggered at current HP, unconscious above', () => {
    // 1d6 nonlethal against 4 HP: a 4 staggers (1/6), 5 and 6 knock out (2/6); HP never move.
    const o = attackOdds(sureHit({ weaponDice: d(1, 6), protection: 0, nonlethal: true }, medium(4)));
    expect(o.outcome.nonlethal.staggered).toBeCloseTo(1 / 6, 12);
    expect(o.outcome.nonlethal.unconscious).toBeCloseTo(2 / 6, 12);
    expect(o.outcome.condition.normal).toBeCloseTo(1, 12);
    expect(o.outcome.trauma).toBe(0);
    expect(probabilityOf(o.damage.lethal, 0)).toBe(1);
  });
});

describe("outcome odds from the target's state", () => {
  it("a Tiny target's death threshold is −8", () => {
    // 1d10 against 2 HP: 2 − d. d = 1 → 1 (normal), 2 → 0 (disabled), 3…9 → −1…−7 (dying), 10 → −8:
    // dead for Tiny ("−8 Tiny"), only dying for Small and larger (−10).
    const tiny = attackOdds(
      sureHit({ weaponDice: d(1, 10), protection: 0 }, { hp: { value: 2, max: 5 }, size: 'tiny' }),
    );
    expect(tiny.outcome.condition.normal).toBeCloseTo(0.1, 12);
    expect(tiny.outcome.condition.disabled).toBeCloseTo(0.1, 12);
    expect(tiny.outcome.condition.dying).toBeCloseTo(0.7, 12);
    expect(tiny.outcome.condition.dead).toBeCloseTo(0.1, 12);
    const small = attackOdds(
      sureHit({ weaponDice: d(1, 10), protection: 0 }, { hp: { value: 2, max: 5 }, size: 'small' }),
    );
    expect(small.outcome.condition.dead).toBe(0);
    expect(small.outcome.condition.dying).toBeCloseTo(0.8, 12);
    // Every hit leaves ≤ 1 HP of 5 (≤ ¼: severe), worse than the moderate 2 HP (≤ ½); each takes
    // at least half of the 2 current HP: trauma.
    expect(tiny.outcome.injury.severe).toBeCloseTo(1, 12);
    expect(tiny.outcome.injuryWorse).toBeCloseTo(1, 12);
    expect(tiny.outcome.trauma).toBeCloseTo(1, 12);
  });

  it('injury grades and trauma of a fresh Medium target', () => {
    // 1d8 against 8/8 HP: after 8 − d. Light ≤ ¾ × 8 = 6, moderate ≤ 4, severe ≤ 2: d = 1 leaves 7
    // (none), d = 2, 3 leave 6, 5 (light), d = 4, 5 leave 4, 3 (moderate), d = 6, 7, 8 leave 2, 1, 0
    // (severe; 0 is disabled). Trauma at d ≥ 4 (half of 8). Dead never.
    const o = attackOdds(sureHit({ weaponDice: d(1, 8), protection: 0 }, medium(8)));
    expect(o.outcome.injury).toEqual({ none: 1 / 8, light: 2 / 8, moderate: 2 / 8, severe: 3 / 8 });
    expect(o.outcome.trauma).toBeCloseTo(5 / 8, 12);
    expect(o.outcome.condition.disabled).toBeCloseTo(1 / 8, 12);
  });

  it('temporary HP are lost first', () => {
    // 1d6 against 10 HP + 3 temporary: HP lost = max(0, d − 3): 10 for d ≤ 3 (1/2), then 9, 8, 7.
    // 7 ≤ 7.5 is a light injury (1/6). No hit takes half of 10: no trauma. Every hit is an effect.
    const o = attackOdds(
      sureHit(
        { weaponDice: d(1, 6), protection: 0 },
        { hp: { value: 10, max: 10, temp: 3 }, size: 'medium' },
      ),
    );
    expect(probabilityOf(o.outcome.hpAfter, 10)).toBeCloseTo(0.5, 12);
    expect(probabilityOf(o.outcome.hpAfter, 7)).toBeCloseTo(1 / 6, 12);
    expect(o.outcome.injury.light).toBeCloseTo(1 / 6, 12);
    expect(o.outcome.trauma).toBe(0);
    expect(o.outcome.noEffect).toBe(0);
  });

  it('a stable dying target stays stable only when no HP are lost', () => {
    // −2 HP, stable, 1 temporary HP; 1d4 − Protection 2: 0 (d ≤ 2: stays stable), 1 (absorbed by the
    // temporary HP: stable), 2 (one HP lost: −3, dying again).
    const o = attackOdds(
      sureHit(
        { weaponDice: d(1, 4), protection: 2 },
        { hp: { value: -2, max: 10, temp: 1 }, size: 'medium', stable: true },
      ),
    );
    expect(o.outcome.condition.stable).toBeCloseTo(0.75, 12);
    expect(o.outcome.condition.dying).toBeCloseTo(0.25, 12);
  });
});

describe('called shots and the wound variants', () => {
  it('Penetration: Reflex DC 10 + RD, a failure halves the Protection', () => {
    // RD 0: DC 10. Reflex +0 saves on 10–20: 11/20. Saved: 1d4 − 4 = 0. Failed (9/20): 1d4 − 2 → 1, 2
    // on faces 3, 4: P(1) = P(2) = (9/20)(1/4) = 0.1125.
    const o = attackOdds(
      sureHit(
        { weaponDice: d(1, 4), protection: { armor: 4 } },
        { ...medium(10), saves: { reflex: 0 } },
        { calledShot: { effects: ['penetration'] } },
      ),
    );
    expect(o.calledShot?.penetration?.saved).toBeCloseTo(0.55, 12);
    expect(o.calledShot?.penetration?.penetrated).toBeCloseTo(0.45, 12);
    expect(probabilityOf(o.damage.final, 1)).toBeCloseTo(0.1125, 12);
    expect(probabilityOf(o.damage.final, 2)).toBeCloseTo(0.1125, 12);
  });

  it('stun: Fortitude DC 10 + damage; a natural 1 fails, a 20 saves', () => {
    // 1d4 dealt, DC 11…14; Fortitude +0 fails on naturals 1…DC−1: 10/20 … 13/20, mean 46/80 = 0.575.
    const o = attackOdds(
      sureHit(
        { weaponDice: d(1, 4), protection: 0 },
        { ...medium(10), saves: { fortitude: 0 } },
        { calledShot: { effects: ['stun'] } },
      ),
    );
    expect(o.calledShot?.condition?.owed).toBe(1);
    expect(o.calledShot?.condition?.failed).toBeCloseTo(0.575, 12);
    expect(o.calledShot?.condition?.effects).toEqual(['stun']);
  });

  it('an immune target owes no save', () => {
    const o = attackOdds(
      sureHit(
        { weaponDice: d(1, 4), protection: 0 },
        { ...medium(10), saves: { fortitude: 0 } },
        { calledShot: { effects: ['stun'], immune: ['stun'] } },
      ),
    );
    expect(o.calledShot?.condition).toBeNull();
    expect(o.calledShot?.immune).toEqual(['stun']);
  });

  it('Vital Strike: a failed save loses the damage once more', () => {
    // 1d4 against 4 HP, Fortitude −20: only a natural 20 saves (1/20). Failed: 4 − 2d → 2, 0, −2, −4
    // (normal, disabled, dying, dying); saved: 4 − d → 3, 2, 1, 0 (disabled on a 4).
    // dying = 0.95 × 1/2 = 0.475; disabled = 0.95/4 + 0.05/4 = 0.25; normal = 0.95/4 + 0.05 × 3/4 = 0.275.
    const o = attackOdds(
      sureHit(
        { weaponDice: d(1, 4), protection: 0 },
        { ...medium(4), saves: { fortitude: -20 } },
        { calledShot: { effects: ['vital-strike'] } },
      ),
    );
    expect(o.outcome.condition.dying).toBeCloseTo(0.475, 12);
    expect(o.outcome.condition.disabled).toBeCloseTo(0.25, 12);
    expect(o.outcome.condition.normal).toBeCloseTo(0.275, 12);
  });

  it('Advanced Wound Trauma: DC 10 + HP lost; dazed, stunned 1 round, stunned 2d6 rounds', () => {
    // 1d4 lost, DC 10 + d. Fortitude +0 with natural n fails by 10 + d − n: ≥ 10 for n ≤ d (d/20),
    // 5–9 for n = d+1…d+5 (5/20), 1–4 for n = d+6…d+9 (4/20). Over d = 1…4: 10/80, 1/4, 1/5.
    // Standard trauma is replaced: none.
    const o = attackOdds(
      sureHit(
        { weaponDice: d(1, 4), protection: 0 },
        { ...medium(20), saves: { fortitude: 0 } },
        { variants: { advancedWoundTrauma: true } },
      ),
    );
    expect(o.outcome.woundTrauma?.owed).toBe(1);
    expect(o.outcome.woundTrauma?.stunnedRolled).toBeCloseTo(0.125, 12);
    expect(o.outcome.woundTrauma?.stunnedOneRound).toBeCloseTo(0.25, 12);
    expect(o.outcome.woundTrauma?.dazed).toBeCloseTo(0.2, 12);
    expect(o.outcome.trauma).toBe(0);
  });

  it('Wounds Normally Cause Bleeding: 4 HP slashing, 6 other, for Medium', () => {
    const input = sureHit({ weaponDice: d(1, 6), protection: 0 }, medium(20), {
      variants: { woundsCauseBleeding: true },
    });
    expect(attackOdds({ ...input, slashing: true }).outcome.severeBleeding).toBeCloseTo(0.5, 12);
    expect(attackOdds(input).outcome.severeBleeding).toBeCloseTo(1 / 6, 12);
  });

  it('refuses what it cannot compute', () => {
    const base = sureHit({ weaponDice: d(1, 4), protection: 0 }, medium(10));
    expect(() => attackOdds({ ...base, calledShot: { effects: ['penetration'] } })).toThrow(/Reflex/);
    expect(() => attackOdds({ ...base, calledShot: { effects: ['stun'] } })).toThrow(/Fortitude/);
    expect(() =>
      attackOdds({ ...base, damage: { weaponDice: { count: 1, faces: 8, bonus: 1 }, protection: 0 } }),
    ).toThrow(/weaponBonus/);
  });
});

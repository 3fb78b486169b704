/**
 * The Enlightened Grognard's maximum HP and health (seed 003:961–1086; docs/rules.md "Defenses, attacks
 * and health"). Expected values worked out by hand:
 * - Kara, fighter 3 (d10), Con 14 (+2): 10 + 2 × 6 (a d10's average rounded up) + 3 × 2 = 28 HP (A13);
 *   bloodied below half: HP × 2 < 28, i.e. 13 HP or fewer (A9).
 * - Constitution damage: 1 the first time bloodied in the encounter (003:970); 1 per 5 HP taken while
 *   dying (003:1032); dead when it reaches the score 14 while dying (003:1039).
 */
import { describe, expect, it } from 'vitest';
import { egMaxHitPoints, isBloodied } from '../../../src/rules/models/eg/hit-points.js';
import {
  egApplyDamage,
  egHealthStatus,
  egLethalCondition,
  egNonlethalCondition,
} from '../../../src/rules/models/eg/health.js';
import { egAbility, egHealth, egKara } from '../../fixtures/eg-kara.js';

const ability = egAbility;
const kara = egKara;
const health = egHealth;

describe('maximum HP (A13) and bloodied (A9)', () => {
  it('Kara: 10 + 12 + 6 = 28, with its parts', () => {
    const { max, parts } = egMaxHitPoints(kara());
    expect(max).toBe(28);
    expect(parts).toEqual([
      { label: 'GNG.Model.EG.Health.Hp.firstLevel', value: 10 },
      { label: 'GNG.Model.EG.Health.Hp.laterLevels', value: 12 },
      { label: 'GNG.Model.EG.Health.Hp.constitution', value: 6 },
    ]);
  });

  it('Constitution damage does not lower the maximum: it is read at full health (003:966, 969)', () => {
    // Con 14 with 4 damage: modifier 0 now, but the maximum stays 28.
    expect(egMaxHitPoints(kara({}, 4)).max).toBe(28);
  });

  it('bloodied below half, by real division: 13 of 28 is, 14 is not; 13 of 27 is, 14 of 27 is not', () => {
    expect(isBloodied(13, 28)).toBe(true);
    expect(isBloodied(14, 28)).toBe(false);
    expect(isBloodied(13, 27)).toBe(true);
    expect(isBloodied(14, 27)).toBe(false);
  });
});

describe('damage landing (003:968–1043)', () => {
  it('bloodied the first time: 1 Constitution damage and the mark', () => {
    const none = egApplyDamage(health(28), { lethal: 14, nonlethal: 0 }, kara());
    expect(none.after).toEqual(health(14));
    expect(none.events).toEqual([]);
    const first = egApplyDamage(health(28), { lethal: 15, nonlethal: 0 }, kara());
    expect(first.after).toEqual(health(13, { conDamage: 1, bloodied: 1 }));
    expect(first.events).toEqual(['bloodied']);
    expect(first.conditions).toEqual({ lethal: 'normal', nonlethal: 'normal' });
  });

  it('once per encounter: bloodied again after healing costs nothing more', () => {
    const again = egApplyDamage(
      health(20, { conDamage: 1, bloodied: 1 }),
      { lethal: 15, nonlethal: 0 },
      kara({}, 1),
    );
    expect(again.after).toEqual(health(5, { conDamage: 1, bloodied: 1 }));
    expect(again.events).toEqual([]);
  });

  it('temporary HP go first; a hit they absorb whole bloodies nobody', () => {
    const out = egApplyDamage(health(20, { temp: 5 }), { lethal: 10, nonlethal: 0 }, kara());
    expect(out.after).toEqual(health(15));
    expect(out.hpLost).toBe(5);
    const absorbed = egApplyDamage(health(10, { temp: 5 }), { lethal: 5, nonlethal: 0 }, kara());
    expect(absorbed.after).toEqual(health(10));
    expect(absorbed.events).toEqual([]);
  });

  it('0 HP: disabled; below 0: dying and unconscious', () => {
    const disabled = egApplyDamage(health(3, { bloodied: 1 }), { lethal: 3, nonlethal: 0 }, kara());
    expect(disabled.conditions.lethal).toBe('disabled');
    expect(disabled.statuses).toEqual([]);
    const dying = egApplyDamage(health(3, { bloodied: 1 }), { lethal: 8, nonlethal: 0 }, kara());
    expect(dying.after.value).toBe(-5);
    expect(dying.conditions.lethal).toBe('dying');
    expect(dying.statuses).toEqual(['dying', 'unconscious']);
    // Not dying before the hit: no Constitution damage for its 8 HP.
    expect(dying.after.conDamage).toBe(0);
  });

  it('hurt while dying: 1 Constitution damage per 5 HP (12 HP → 2)', () => {
    const out = egApplyDamage(
      health(-5, { conDamage: 1, bloodied: 1 }),
      { lethal: 12, nonlethal: 0 },
      kara({}, 1),
    );
    expect(out.after).toEqual(health(-17, { conDamage: 3, bloodied: 1 }));
    expect(out.events).toEqual(['dyingDamage']);
    expect(out.statuses).toEqual(['dying', 'unconscious']);
  });

  it('dead when Constitution damage reaches the score while dying (12 + ⌊10/5⌋ = 14 of 14)', () => {
    const out = egApplyDamage(
      health(-2, { conDamage: 12, bloodied: 1 }),
      { lethal: 10, nonlethal: 0 },
      kara({}, 12),
    );
    expect(out.after.conDamage).toBe(14);
    expect(out.conditions.lethal).toBe('dead');
    expect(out.statuses).toEqual(['dead']);
  });

  it('a stabilised creature is disabled, not dying; hurt again it is dying (no Constitution for that hit)', () => {
    const stable = kara({ statuses: new Set(['stable']) });
    expect(egHealthStatus(health(-5, { bloodied: 1 }), stable)).toEqual([]);
    const hurt = egApplyDamage(health(-5, { bloodied: 1 }), { lethal: 6, nonlethal: 0 }, stable);
    expect(hurt.after.conDamage).toBe(0);
    expect(hurt.statuses).toEqual(['dying', 'unconscious']);
    expect(hurt.events).toEqual(['stabilityLost']);
    // Temporary HP absorb a hit whole: still stable.
    const absorbed = egApplyDamage(health(-5, { temp: 4, bloodied: 1 }), { lethal: 4, nonlethal: 0 }, stable);
    expect(absorbed.events).toEqual([]);
    expect(absorbed.statuses).toEqual([]);
    // A status left on a creature above 0 means nothing: no stability to lose.
    expect(egApplyDamage(health(10, { bloodied: 1 }), { lethal: 2, nonlethal: 0 }, stable).events).toEqual(
      [],
    );
  });

  it('Constitution damage at the score with HP left: unconscious, not dying (003:1041–1042)', () => {
    expect(egHealthStatus(health(10, { conDamage: 14 }), kara({}, 14))).toEqual(['unconscious']);
    expect(egHealthStatus(health(10, { conDamage: 13 }), kara({}, 13))).toEqual([]);
  });

  it('another ability damaged to its score knocks out (003:221); a score of 0 undamaged does not', () => {
    const weak = kara({ abilities: { ...kara().abilities!, str: ability(16, 16) } });
    expect(egHealthStatus(health(10), weak)).toEqual(['unconscious']);
    const mindless = kara({ abilities: { ...kara().abilities!, int: ability(0) } });
    expect(egHealthStatus(health(10), mindless)).toEqual([]);
  });

  it('nonlethal damage knocks out once it exceeds the HP (003:1070), without touching HP', () => {
    expect(egNonlethalCondition(10, 10)).toBe('normal');
    expect(egNonlethalCondition(10, 11)).toBe('unconscious');
    expect(egNonlethalCondition(-3, 0)).toBe('normal');
    expect(egNonlethalCondition(-3, 1)).toBe('unconscious');
    const out = egApplyDamage(health(10, { nonlethal: 7 }), { lethal: 0, nonlethal: 4 }, kara());
    expect(out.after).toEqual(health(10, { nonlethal: 11 }));
    expect(out.conditions).toEqual({ lethal: 'normal', nonlethal: 'unconscious' });
    expect(out.statuses).toEqual(['unconscious']);
  });

  it('a creature without Constitution: bloodied takes no Constitution, below 0 it is destroyed', () => {
    const construct = kara({
      hitPoints: { con: null, classes: [{ progression: 'good', levels: 3, hitDie: 10 }], size: 'medium' },
    });
    // 10 + 12 HP, no Constitution modifier: 22; 10 left is bloodied (20 < 22).
    const hit = egApplyDamage(health(22), { lethal: 12, nonlethal: 0 }, construct);
    expect(hit.after).toEqual(health(10, { bloodied: 1 }));
    expect(egLethalCondition(-1, 0, null)).toBe('dead');
  });

  it('bad input is refused', () => {
    expect(() => egApplyDamage(health(10), { lethal: -1, nonlethal: 0 }, kara())).toThrow(RangeError);
    expect(() => egLethalCondition(1.5, 0, 10)).toThrow(RangeError);
  });
});

/**
 * Exact outcome odds (issue #20): from a damage distribution and the target's current state, what the
 * hit does — HP after, injury grade, trauma, disabled / dying / dead by size, nonlethal states, the
 * Appendix 1 wound variants and a called shot's Fortitude save with its effects (Vital Strike's second
 * loss included). Each damage value goes once through the same engine functions the cards apply
 * (`applyDamageToHitPoints`, `applyNonlethalDamage`, `damageConsequences`, `injury`, `conditionSaveDc`).
 */
import { conditionSaveDc, vitalStrikeDamage, type CalledShotEffect } from '../called-shots.js';
import {
  INJURY_LEVELS,
  applyNonlethalDamage,
  damageConsequences,
  injury,
  type DamageRuleOptions,
  type InjuryLevel,
  type NonlethalCondition,
} from '../damage-effects.js';
import { applyDamageToHitPoints } from '../hit-points.js';
import type { Size } from '../types.js';
import { assertInteger, assertNonNegativeInteger, assertSize } from '../validate.js';
import { pointDistribution, type Distribution } from './distribution.js';
import { saveSuccessOdds, woundTraumaSaveOdds } from './save-odds.js';

/** The target as it stands before the attack. */
export interface OddsTarget {
  hp: { value: number; max: number; temp?: number; nonlethal?: number };
  size: Size;
  /** Creatures Immune to Injuries: no grade ever. */
  immuneToInjury?: boolean;
  /** Below 0 HP and stabilized: a loss of no HP leaves it stable (src/combat/hp-loss.ts). */
  stable?: boolean;
  /** Save bonuses, needed for a called shot's saves and Advanced Wound Trauma's outcomes. */
  saves?: { fortitude?: number; reflex?: number };
}

/** Options of {@link outcomeOdds}. */
export interface OutcomeOddsOptions {
  /** The world's Appendix 1 wound variants. */
  variants?: DamageRuleOptions;
  /** The weapon deals slashing damage (the lower bleeding threshold). */
  slashing?: boolean;
  /** A called shot's condition effects the target is not immune to (Fortitude DC 10 + damage). */
  conditionEffects?: readonly CalledShotEffect[];
}

/** The damage state after the attack (`stable`: a stable creature that lost no HP). */
export type OddsCondition = 'normal' | 'disabled' | 'stable' | 'dying' | 'dead';

/** Result of {@link outcomeOdds}. Each record sums to 1. */
export interface OutcomeOdds {
  /** No damage dealt at all: a miss, or a hit Protection / DR / energy resistance took to 0. */
  noEffect: number;
  /** Current HP after the attack (and after Vital Strike's second loss). */
  hpAfter: Distribution;
  injury: Record<InjuryLevel, number>;
  /** The injury grade after is worse than before. */
  injuryWorse: number;
  /** Standard trauma (partial action next turn); 0 under Advanced Wound Trauma. */
  trauma: number;
  condition: Record<OddsCondition, number>;
  nonlethal: Record<NonlethalCondition, number>;
  /** Advanced Wound Trauma (variant on): P(a save is owed) and, with a Fortitude bonus, its outcomes. */
  woundTrauma: {
    owed: number;
    dazed: number | null;
    stunnedOneRound: number | null;
    stunnedRolled: number | null;
  } | null;
  /** Wounds Normally Cause Bleeding (variant on): P(severe bleeding), else null. */
  severeBleeding: number | null;
  /** The called shot's condition save: P(owed: ≥ 1 damage), P(failed: the effects take place). */
  conditionSave: { owed: number; failed: number; vitalStrike: number } | null;
}

interface Branch {
  mass: number;
  current: number;
  hpLost: number;
  condition: 'normal' | 'disabled' | 'dying' | 'dead';
}

function record<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
}

/**
 * What one attack does to `target`, given the distribution of its damage (`final` of the pipeline,
 * summing to 1; a miss is damage 0) and whether the attack is nonlethal (GnG EFFECTS OF DAMAGE).
 */
export function outcomeOdds(
  damage: { final: Distribution; nonlethalAttack: boolean },
  target: OddsTarget,
  options: OutcomeOddsOptions = {},
): OutcomeOdds {
  const size = assertSize(target.size);
  const value = assertInteger('current HP', target.hp.value);
  const max = assertNonNegativeInteger('max HP', target.hp.max, 1);
  const temp = assertNonNegativeInteger('temporary HP', target.hp.temp ?? 0);
  const nonlethalBefore = assertNonNegativeInteger('nonlethal damage', target.hp.nonlethal ?? 0);
  const variants = options.variants ?? {};
  const immune = { immune: target.immuneToInjury === true };
  const grade = (hp: number) => injury(Math.min(hp, max), max, immune).level;
  const before = INJURY_LEVELS.indexOf(grade(value));
  const effects = options.conditionEffects ?? [];
  const fortitude = target.saves?.fortitude;
  if (effects.length > 0 && fortitude === undefined)
    throw new RangeError("a called shot's condition effects need the target's Fortitude save");
  const vital = effects.includes('vital-strike');

  const out: OutcomeOdds = {
    noEffect: 0,
    hpAfter: pointDistribution(value, 0),
    injury: record(INJURY_LEVELS),
    injuryWorse: 0,
    trauma: 0,
    condition: record(['normal', 'disabled', 'stable', 'dying', 'dead'] as const),
    nonlethal: record(['normal', 'staggered', 'unconscious'] as const),
    woundTrauma: variants.advancedWoundTrauma
      ? {
          owed: 0,
          dazed: fortitude === undefined ? null : 0,
          stunnedOneRound: fortitude === undefined ? null : 0,
          stunnedRolled: fortitude === undefined ? null : 0,
        }
      : null,
    severeBleeding: variants.woundsCauseBleeding ? 0 : null,
    conditionSave: effects.length > 0 ? { owed: 0, failed: 0, vitalStrike: 0 } : null,
  };
  const hpAfter = new Map<number, number>();
  const nonlethalAttack = damage.nonlethalAttack;

  for (let i = 0; i < damage.final.p.length; i++) {
    const m = damage.final.p[i] as number;
    if (m === 0) continue;
    const dealt = damage.final.min + i;
    if (dealt === 0) out.noEffect += m;
    const lethalDamage = nonlethalAttack ? 0 : dealt;
    const first = applyDamageToHitPoints({ current: value, temporary: temp, damage: lethalDamage });
    const nl = applyNonlethalDamage({
      currentHp: first.current,
      nonlethal: nonlethalBefore,
      damage: nonlethalAttack ? dealt : 0,
    });
    out.nonlethal[nl.condition] += m;
    const c = damageConsequences(
      {
        currentHp: value,
        hpLost: first.hpLost,
        size,
        nonlethal: nonlethalAttack,
        slashing: options.slashing === true,
      },
      variants,
    );
    if (c.trauma) out.trauma += m;
    if (out.severeBleeding !== null && c.severeBleeding && c.condition !== 'dead') out.severeBleeding += m;
    if (out.woundTrauma && c.woundTraumaDC !== null && c.condition !== 'dead') {
      out.woundTrauma.owed += m;
      if (fortitude !== undefined) {
        const w = woundTraumaSaveOdds(fortitude, c.woundTraumaDC);
        out.woundTrauma.dazed = (out.woundTrauma.dazed as number) + m * w.dazed;
        out.woundTrauma.stunnedOneRound = (out.woundTrauma.stunnedOneRound as number) + m * w.stunnedOneRound;
        out.woundTrauma.stunnedRolled = (out.woundTrauma.stunnedRolled as number) + m * w.stunnedRolled;
      }
    }
    const branches: Branch[] = [];
    const plain = { current: first.current, hpLost: first.hpLost, condition: c.condition };
    const dc = effects.length > 0 ? conditionSaveDc(dealt) : null;
    if (dc === null || out.conditionSave === null) branches.push({ mass: m, ...plain });
    else {
      const failed = 1 - saveSuccessOdds(fortitude as number, dc);
      out.conditionSave.owed += m;
      out.conditionSave.failed += m * failed;
      branches.push({ mass: m * (1 - failed), ...plain });
      if (vital && lethalDamage > 0) {
        // Vital Strike: the damage dealt is lost once more (called-shots.ts `loseAgain`).
        out.conditionSave.vitalStrike += m * failed;
        const again = applyDamageToHitPoints({
          current: first.current,
          temporary: first.temporary,
          damage: vitalStrikeDamage(lethalDamage) - lethalDamage,
        });
        const c2 = damageConsequences({ currentHp: first.current, hpLost: again.hpLost, size });
        branches.push({
          mass: m * failed,
          current: again.current,
          hpLost: first.hpLost + again.hpLost,
          condition: c2.condition,
        });
      } else branches.push({ mass: m * failed, ...plain });
    }
    for (const b of branches) {
      if (b.mass === 0) continue;
      const stays = target.stable === true && b.condition === 'dying' && b.hpLost === 0;
      out.condition[stays ? 'stable' : b.condition] += b.mass;
      const after = grade(b.current);
      out.injury[after] += b.mass;
      if (INJURY_LEVELS.indexOf(after) > before) out.injuryWorse += b.mass;
      hpAfter.set(b.current, (hpAfter.get(b.current) ?? 0) + b.mass);
    }
  }
  out.hpAfter = denseOf(hpAfter, value);
  return out;
}

function denseOf(masses: Map<number, number>, fallback: number): Distribution {
  if (masses.size === 0) return pointDistribution(fallback, 0);
  const keys = [...masses.keys()];
  const min = Math.min(...keys);
  const p = new Array<number>(Math.max(...keys) - min + 1).fill(0);
  for (const [k, x] of masses) p[k - min] = x;
  return { min, p };
}

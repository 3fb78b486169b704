/**
 * The exact odds of one attack against one target (issue #20), from the numbers the attack card hands
 * the engine: the attack bonus (the dialog's parts summed), the Defense bonus of `defenseBonus` (or the
 * GM's total), what `rollDamage` passes to `damagePipeline`, and the target's HP, size and saves.
 */
import { calledShotEffect, CALLED_SHOT_EFFECTS, type CalledShotEffect } from '../called-shots.js';
import type { DamageRuleOptions } from '../damage-effects.js';
import { assertOneOf } from '../validate.js';
import type { ApplyOptions, HealthVector, ModelCreature } from '../models/types.js';
import { damageOdds, type DamageOdds, type DamageOddsInput } from './damage-odds.js';
import { hitOdds, type HitOdds } from './hit-odds.js';
import { outcomeOdds, type OddsTarget, type OutcomeOdds } from './outcome-odds.js';

/** Input of {@link attackOdds}. */
export interface AttackOddsInput {
  /** The attack bonus (the card's `bonus`: the sum of its parts); `take10` for no roll and no chain. */
  attack: {
    bonus: number;
    take10?: boolean;
    /**
     * A rolled attack's natural d20 (with `take10`: the card's total is `bonus` + 10), for a model whose
     * text counts the natural apart (the Saga-style natural 20 and 1). GnG's odds ignore it.
     */
    natural?: number;
  };
  /**
   * The Defense as `rollDefense` makes it: d20 + `bonus` (`defenseBonus(…).total`), an automatic 1 for
   * a helpless defender (`autoRollOne`), or `fixed`: `bonus` is the total (a GM's entry, a stationary object).
   */
  defense: { bonus: number; autoRollOne?: boolean; fixed?: boolean };
  /** A coup de grace the engine allows: an automatic hit with RD 20. */
  coupDeGrace?: boolean;
  /** What the card passes to `damagePipeline`, the weapon's dice as count and faces. */
  damage: DamageOddsInput;
  target: OddsTarget;
  /** The world's Appendix 1 wound variants. */
  variants?: DamageRuleOptions;
  /** The weapon deals slashing damage (bleeding threshold). */
  slashing?: boolean;
  /** The called shot's effects and those the target is immune to (`calledShotImmunities`). */
  calledShot?: { effects: readonly CalledShotEffect[]; immune?: readonly CalledShotEffect[] };
  /** d10s of each chain followed exactly (hit-odds.ts). */
  chainDepth?: number;
  /**
   * The target as a combat model other than GnG reads it (its health vector and creature: the
   * Saga-style odds apply damage through the model's own `applyDamage`). GnG's odds ignore it.
   */
  model?: { health: HealthVector; creature: ModelCreature };
  /**
   * A token model's spending policy for this attack (the EG model's `EgTokenPolicy`: proactive tokens
   * on the attack and the defense, power tokens on the damage dealt and taken). Absent: none. GnG's
   * and the Saga-style odds ignore it.
   */
  tokens?: { attack?: number; defense?: number; damage?: number; soak?: number };
  /**
   * A model's own options of its `applyDamage` (the Time Count model's impairments and the attack's
   * damage type, issue #32). GnG's, the Saga-style and the EG odds ignore it.
   */
  apply?: ApplyOptions;
}

/** The called shot's saves. */
export interface CalledShotOdds {
  /** Reflex vs 10 + RD before damage: P(hit and saved), P(hit and failed: half the Protection ignored). */
  penetration: { saved: number; penetrated: number } | null;
  /** Fortitude vs 10 + damage: P(owed), P(failed: every effect below takes place). */
  condition: { owed: number; failed: number; effects: CalledShotEffect[] } | null;
  /** Chosen effects the target is immune to (their penalty still applied to the attack). */
  immune: CalledShotEffect[];
}

/** Result of {@link attackOdds}. */
export interface AttackOdds {
  hit: HitOdds;
  damage: DamageOdds;
  outcome: OutcomeOdds;
  calledShot: CalledShotOdds | null;
  /**
   * The open chains' cut (hit-odds.ts): `errorBound` bounds the error of every probability of `damage`
   * and `outcome` (0 when the cut cannot change them); `hit.truncation` those of the hit and RD.
   */
  truncation: { depth: number; errorBound: number };
}

/**
 * Exact odds of one attack: hit, RD, damage after Protection / DR / energy resistance, and what it
 * does to the target, with a called shot's saves. Every distribution sums to 1.
 */
export function attackOdds(input: AttackOddsInput): AttackOdds {
  const kind = input.defense.fixed ? 'fixed' : input.defense.autoRollOne ? 'automatic-one' : 'rolled';
  const hit = hitOdds(input.attack.bonus, input.defense.bonus, {
    defense: kind,
    take10: input.attack.take10 === true,
    coupDeGrace: input.coupDeGrace === true,
    ...(input.chainDepth === undefined ? {} : { chainDepth: input.chainDepth }),
  });
  const effects = (input.calledShot?.effects ?? []).map((e) =>
    assertOneOf('called-shot effect', e, CALLED_SHOT_EFFECTS),
  );
  const immune = (input.calledShot?.immune ?? []).filter((e) => effects.includes(e));
  const penetration = effects.includes('penetration');
  const reflex = input.target.saves?.reflex;
  if (penetration && reflex === undefined)
    throw new RangeError("a Penetration called shot needs the target's Reflex save");
  const damage = damageOdds(
    hit,
    input.damage,
    penetration ? { penetration: { reflexSave: reflex as number } } : {},
  );
  const conditionEffects = effects.filter(
    (e) => calledShotEffect(e).category === 'condition' && !immune.includes(e),
  );
  const outcome = outcomeOdds(damage, input.target, {
    ...(input.variants ? { variants: input.variants } : {}),
    slashing: input.slashing === true,
    conditionEffects,
  });
  const calledShot: CalledShotOdds | null =
    effects.length === 0
      ? null
      : {
          penetration: penetration
            ? { saved: damage.penetrationSaved as number, penetrated: damage.penetrated as number }
            : null,
          condition: outcome.conditionSave
            ? {
                owed: outcome.conditionSave.owed,
                failed: outcome.conditionSave.failed,
                effects: conditionEffects,
              }
            : null,
          immune,
        };
  const t = hit.truncation;
  // The natural 20's cut matters when RD reaches the damage (or the Penetration DC) or hit is not sure.
  const rdCounts = input.damage.applyRelativeDegree !== false || penetration;
  const errorBound =
    (rdCounts || !t.successTailSureHit ? t.successTail : 0) + (t.failureTailSureMiss ? 0 : t.failureTail);
  return { hit, damage, outcome, calledShot, truncation: { depth: t.depth, errorBound } };
}

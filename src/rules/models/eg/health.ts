/**
 * The Enlightened Grognard's health (seed 003; issue #31): HP, temporary HP, nonlethal damage,
 * Constitution damage and the bloodied mark as one vector (`EG_HEALTH_FIELDS`). Damage comes off
 * temporary HP first (003:1055–1057). The first time in an encounter a creature is bloodied it takes 1
 * point of Constitution damage (003:969–970, A9; `bloodied` 1 = it has, cleared at the encounter's end).
 * 0 HP: disabled; below 0: dying and unconscious (003:976–977, 1018–1019); damage taken while dying:
 * 1 Constitution damage per 5 HP (003:1032–1033); Constitution damage at least the Constitution score:
 * dead while dying, unconscious otherwise (003:1039–1042). Nonlethal damage knocks out once it exceeds
 * the HP (003:1070). Any ability's damage at least its score: unconscious (003:221–222). Pure.
 */
import { assertInteger, assertNonNegativeInteger } from '../../validate.js';
import { hitPointDamage } from '../static-model.js';
import type { HealthOutcome, HealthVector, ModelCreature } from '../types.js';
import { egMaxHitPoints, isBloodied } from './hit-points.js';

/** The vector's fields: `conDamage` is stored at `abilities.con.damage`, `bloodied` at `model.eg.bloodied`. */
export const EG_HEALTH_FIELDS = ['value', 'temp', 'nonlethal', 'conDamage', 'bloodied'] as const;

/** Where the model's own health fields are stored, relative to the actor's `system`. */
export const EG_HEALTH_PATHS = { conDamage: 'abilities.con.damage', bloodied: 'model.eg.bloodied' } as const;

/** Constitution damage when first bloodied in an encounter (003:970). */
export const BLOODIED_CON_DAMAGE = 1;
/** HP of damage taken while dying per point of Constitution damage (003:1032–1033). */
export const DYING_HP_PER_CON = 5;
/** The status of a dying creature stabilised (003:1048: "conscious and disabled rather than dying"). */
export const STABLE_STATUS = 'stable';

export type EgLethalCondition = 'normal' | 'disabled' | 'dying' | 'dead';
export type EgNonlethalCondition = 'normal' | 'unconscious';

const num = (health: HealthVector, field: string) => health[field] ?? 0;

/**
 * The Constitution score Constitution damage is measured against (without the damage), null for a
 * creature without one. Without `abilities`: the prepared score + the damage stored with it.
 */
export function constitutionScore(creature: ModelCreature, storedConDamage: number): number | null {
  if (creature.hitPoints.con === null) return null;
  const own = creature.abilities?.con;
  return own ? own.score : creature.hitPoints.con + storedConDamage;
}

/**
 * The lethal condition (003:976–977, 1006–1007, 1039): dead when dying and Constitution damage meets
 * the score (or, without a Constitution score, as soon as it is dying: it has none to lose); dying below
 * 0 unless stabilised (then disabled); disabled at 0.
 */
export function egLethalCondition(
  hp: number,
  conDamage: number,
  conScore: number | null,
  stable = false,
): EgLethalCondition {
  const value = assertInteger('HP', hp);
  if (value > 0) return 'normal';
  if (value === 0) return 'disabled';
  if (stable) return 'disabled';
  if (conScore === null || assertNonNegativeInteger('Constitution damage', conDamage) >= conScore)
    return 'dead';
  return 'dying';
}

/** Nonlethal damage (003:1070): unconscious once some of it exceeds the current HP (none knocks out nobody). */
export function egNonlethalCondition(hp: number, nonlethal: number): EgNonlethalCondition {
  const n = assertNonNegativeInteger('nonlethal damage', nonlethal);
  return n > 0 && n > assertInteger('HP', hp) ? 'unconscious' : 'normal';
}

/** Whether some ability's damage meets its score (003:221–222; Constitution: its stored field). */
function abilityKnockedOut(health: HealthVector, creature: ModelCreature, conScore: number | null): boolean {
  const conDamage = num(health, 'conDamage');
  if (conScore !== null && conDamage > 0 && conDamage >= conScore) return true;
  const abilities = creature.abilities;
  if (!abilities) return false;
  return (['str', 'dex', 'int', 'wis', 'cha'] as const).some(
    (a) => abilities[a].damage > 0 && abilities[a].damage >= abilities[a].score,
  );
}

function conditionsOf(
  health: HealthVector,
  creature: ModelCreature,
  stable: boolean,
  conScore = constitutionScore(creature, num(health, 'conDamage')),
) {
  const value = num(health, 'value');
  const lethal = egLethalCondition(value, num(health, 'conDamage'), conScore, stable);
  const knockedOut =
    egNonlethalCondition(value, num(health, 'nonlethal')) === 'unconscious' ||
    abilityKnockedOut(health, creature, conScore);
  return { lethal, nonlethal: knockedOut ? ('unconscious' as const) : ('normal' as const) };
}

function statusesOf(c: { lethal: EgLethalCondition; nonlethal: EgNonlethalCondition }): string[] {
  if (c.lethal === 'dead') return ['dead'];
  // "A dying character immediately falls unconscious" (003:1019).
  if (c.lethal === 'dying') return ['dying', 'unconscious'];
  return c.nonlethal === 'unconscious' ? ['unconscious'] : [];
}

/** The statuses a health vector calls for: dead, dying (and unconscious), unconscious. */
export function egHealthStatus(health: HealthVector, creature: ModelCreature): string[] {
  return statusesOf(conditionsOf(health, creature, creature.statuses.has(STABLE_STATUS)));
}

/**
 * Damage landing on a creature. Lost HP make a stabilised creature dying again (it is hurt anew);
 * the Constitution damage of being bloodied and of damage taken while dying adds to `conDamage`
 * (none for a creature without a Constitution score). Events: `bloodied`, `stabilityLost` (the glue
 * takes the `stable` status off), `dyingDamage`.
 */
export function egApplyDamage(
  before: HealthVector,
  damage: { lethal: number; nonlethal: number },
  creature: ModelCreature,
): HealthOutcome {
  const { nonlethalDamage, lethal } = hitPointDamage(before, damage);
  const hasCon = creature.hitPoints.con !== null;
  // Stabilised: below 0 with the status (a status left on a creature above 0 means nothing).
  const stable = creature.statuses.has(STABLE_STATUS) && num(before, 'value') < 0;
  const wasDying = num(before, 'value') < 0 && !stable;
  const events: string[] = [];
  let conDamage = assertNonNegativeInteger('Constitution damage', num(before, 'conDamage'));
  let bloodied = num(before, 'bloodied') > 0 ? 1 : 0;
  if (lethal.hpLost > 0 && bloodied === 0 && isBloodied(lethal.current, egMaxHitPoints(creature).max)) {
    bloodied = 1;
    if (hasCon) conDamage += BLOODIED_CON_DAMAGE;
    events.push('bloodied');
  }
  // Hurt anew, a stabilised creature is dying again: the glue takes its `stable` status off.
  if (stable && lethal.hpLost > 0) events.push('stabilityLost');
  const dyingCon = wasDying && hasCon ? Math.floor(lethal.hpLost / DYING_HP_PER_CON) : 0;
  if (dyingCon > 0) {
    conDamage += dyingCon;
    events.push('dyingDamage');
  }
  const after = {
    value: lethal.current,
    temp: lethal.temporary,
    nonlethal: num(before, 'nonlethal') + nonlethalDamage,
    conDamage,
    bloodied,
  };
  // The score as prepared with the damage stored before this hit.
  const conScore = constitutionScore(creature, num(before, 'conDamage'));
  const conditions = conditionsOf(after, creature, stable && lethal.hpLost === 0, conScore);
  return {
    after,
    hpLost: lethal.hpLost,
    statuses: statusesOf(conditions),
    events,
    woundTraumaDC: null,
    conditions,
  };
}

/**
 * The Enlightened Grognard's recovery (seed 003; issue #31): Catch your Breath and natural healing
 * (003:749–755, 987–988), the healing cap (003:982, 1000–1002, A14), nonlethal damage healing with HP
 * (003:1080, 1084), stabilising a dying creature (003:1046–1048), a disabled creature's strenuous act
 * (003:1009–1011), temporary HP that do not stack (003:1061–1063) and ability damage healing
 * (003:991–994). Dice injected: the caller passes the d4s it rolled. Pure.
 */
import { assertInteger, assertIntegerInRange, assertNonNegativeInteger } from '../../validate.js';
import type { HealthVector } from '../types.js';
import type { DiceSource } from '../../types.js';

/** Catch your Breath heals 1d4 + the Constitution modifier, at least 1 (003:753). */
export const BREATH_DIE = 4;
export const MINIMUM_BREATH = 1;

const num = (health: HealthVector, field: string) => health[field] ?? 0;

/** Whether a creature has damage to recover from (003:749 "a character who has taken damage"). */
export function isHurt(health: HealthVector, max: number): boolean {
  return num(health, 'value') < assertInteger('max HP', max) || num(health, 'nonlethal') > 0;
}

/** HP one Catch your Breath (or one round of rest) recovers: the d4 + Constitution modifier, at least 1. */
export function breathHealing(roll: number, conMod: number): number {
  const die = assertIntegerInRange('d4', roll, 1, BREATH_DIE);
  return Math.max(MINIMUM_BREATH, die + assertInteger('Constitution modifier', conMod));
}

/**
 * `amount` HP of healing (A14): HP up to the maximum, never beyond it ("You can never recover more hit
 * points than you lost", 003:1000), and as much nonlethal damage healed with them (003:1080: "at the
 * same rate as normal hit points"; 003:1084 for magic). The other fields stay.
 */
export function egHeal(before: HealthVector, amount: number, max: number): HealthVector {
  const heal = assertNonNegativeInteger('healing', amount);
  const top = assertInteger('max HP', max);
  const value = num(before, 'value');
  return {
    ...before,
    value: value >= top ? value : Math.min(top, value + heal),
    nonlethal: Math.max(0, num(before, 'nonlethal') - heal),
  };
}

/** What a Catch your Breath did: the new vector, the HP it gave back, whether it revived a creature at 0 or below. */
export interface BreathOutcome {
  after: HealthVector;
  healed: number;
  /** It raised HP from 0 or below above 0: "fully functional again" (003:1013–1014), stable or not. */
  revived: boolean;
}

/**
 * Catch your Breath (003:749–755; a dying, unconscious creature may too, 003:1019): the d4 + Con
 * modifier (at least 1) through `egHeal`. Null when the creature has taken no damage (nothing to do).
 */
export function catchYourBreath(
  before: HealthVector,
  i: { roll: number; conMod: number; max: number },
): BreathOutcome | null {
  if (!isHurt(before, i.max)) return null;
  const after = egHeal(before, breathHealing(i.roll, i.conMod), i.max);
  const value = num(before, 'value');
  return { after, healed: num(after, 'value') - value, revived: value <= 0 && num(after, 'value') > 0 };
}

/**
 * Natural healing (003:987–988): each round of rest is one Catch your Breath, one d4 a round (`rolls`),
 * until the creature is whole (the rounds left over heal nothing). `rounds` counts the rounds used.
 */
export function naturalHealing(
  before: HealthVector,
  i: { rolls: readonly number[]; conMod: number; max: number },
): { after: HealthVector; rounds: number } {
  let health = before;
  let rounds = 0;
  for (const roll of i.rolls) {
    const out = catchYourBreath(health, { roll, conMod: i.conMod, max: i.max });
    if (out === null) break;
    health = out.after;
    rounds += 1;
  }
  return { after: health, rounds };
}

/** The Heal DC to stabilise a dying creature: its negative HP total (003:1046–1047: −18 → DC 18). */
export function stabiliseDC(hp: number): number {
  const value = assertInteger('HP', hp);
  if (value >= 0) throw new RangeError('only a creature below 0 HP is dying and can be stabilised');
  return -value;
}

/** Whether a Heal check of `total` stabilises a creature at `hp`: "conscious and disabled rather than dying" (003:1048). */
export function stabilises(hp: number, total: number): boolean {
  return assertInteger('Heal check', total) >= stabiliseDC(hp);
}

/**
 * A Heal check to stabilise a creature at `hp` (003:1046–1048): d20 + the healer's Heal bonus against
 * the negative HP total. Nothing is automatic on a natural 1 or 20 (a skill check, not an attack).
 */
export function rollEgStabilise(
  dice: DiceSource,
  healBonus: number,
  hp: number,
): { natural: number; total: number; dc: number; stable: boolean } {
  const bonus = assertInteger('Heal bonus', healBonus);
  const dc = stabiliseDC(hp);
  const natural = dice.roll(20);
  const total = natural + bonus;
  return { natural, total, dc, stable: stabilises(hp, total) };
}

/**
 * A disabled creature's strenuous act (003:1009–1011): it becomes dying after the act unless the act
 * raised its HP. At 0 HP that is −1 (the first dying total: decision in docs/rules.md); a stabilised
 * creature keeps its HP and loses its stability. Null when it is not disabled or the act healed it.
 */
export function strenuousAct(
  hp: number,
  stable: boolean,
  healed = false,
): { value: number; loseStable: boolean } | null {
  const value = assertInteger('HP', hp);
  if (healed) return null;
  if (value === 0) return { value: -1, loseStable: false };
  if (value < 0 && stable) return { value, loseStable: true };
  return null;
}

/**
 * Temporary HP from a new source (003:1061–1063): they do not stack; the creature keeps one source's,
 * its choice (default: the larger), and the other's are lost.
 */
export function temporaryHitPointsAfterGain(
  current: number,
  gained: number,
  keep: 'current' | 'gained' | 'larger' = 'larger',
): number {
  const a = assertNonNegativeInteger('temporary HP', current);
  const b = assertNonNegativeInteger('temporary HP gained', gained);
  if (keep === 'current') return a;
  if (keep === 'gained') return b;
  return Math.max(a, b);
}

/** Ability damage each affected ability recovers (003:991–994): 1 a night (8 hours), 2 a day of bed rest, ×2 with the Heal skill. */
export function abilityDamageRecovery(rest: 'night' | 'bedRest', healSkill = false): number {
  const points = rest === 'bedRest' ? 2 : 1;
  return healSkill ? points * 2 : points;
}

/** Ability damage after `points` of recovery, never below 0 (003:1001–1002). */
export function healAbilityDamage(damage: number, points: number): number {
  return Math.max(
    0,
    assertNonNegativeInteger('ability damage', damage) - assertNonNegativeInteger('points', points),
  );
}

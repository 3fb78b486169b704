/**
 * Resolving the Time Count chapter's maneuvers (seed 002:308–573; issue #32 R16, A12) from their
 * rows (maneuver-rows.ts): what is missing before the roll, the attack's bonus, the defense it is
 * read against, hit / great success by margin / critical success, the speed it posts and the damage
 * each step deals. Pure: dice are rolled by the caller. Decisions: docs/rules.md "### Maneuvers,
 * stances and conditions".
 */
import { damageDiceSizeUp } from '../../damage-dice-steps.js';
import { grappleSizeModifier, sizeSteps } from '../../sizes.js';
import type { SkillId } from '../../skills.js';
import type { Size } from '../../types.js';
import { assertInteger, assertIntegerInRange, assertOneOf } from '../../validate.js';
import { EG_SKILL_STAND_INS } from '../eg/maneuver-skills.js';
import {
  TC_MANEUVER_ROWS,
  TC_MANEUVERS,
  type TcManeuver,
  type TcManeuverRow,
  type TcManeuverStep,
  type TcRequirement,
  type TcSpeedClassId,
} from './maneuver-rows.js';
import type { TcDefenseId } from './defenses.js';

export function tcManeuverRow(id: TcManeuver): TcManeuverRow {
  return TC_MANEUVER_ROWS[assertOneOf('maneuver', id, TC_MANEUVERS)];
}

/**
 * The first requirement the facts say is not met (a fact `false`), or null. A fact left out is not
 * known to the glue (a wall behind the target, the previous move): the card shows it, the GM judges.
 */
export function tcManeuverMissing(
  id: TcManeuver,
  facts: Partial<Record<TcRequirement, boolean>>,
): TcRequirement | null {
  return tcManeuverRow(id).requires.find((r) => facts[r] === false) ?? null;
}

/** "no more than one size category larger than you" (002:359, 543, 558). */
export function tcAtMostOneSizeLarger(actor: Size, target: Size): boolean {
  return sizeSteps(actor, target) <= 1;
}

/** One line of a bonus's breakdown: `label` a lang key, `value` signed. */
export interface TcPart {
  label: string;
  value: number;
}

/** What the glue reads off the one acting for the attack's kind. */
export interface TcManeuverAttacker {
  str: number;
  dex: number;
  /** SRD skill totals (Athletics and Acrobatics stand in by their best, as under EG). */
  skills?: Partial<Record<SkillId, number>>;
  /** The weapon's full attack bonus (core's), for "Weapon" rows. */
  weapon?: number;
  /** The unarmed strike's attack bonus (core's), for "Unarmed" rows. */
  unarmed?: number;
  size?: Size;
}

/**
 * The roll's bonus before situational modifiers: the skill's best stand-in, the ability, the weapon's
 * or the unarmed strike's attack bonus ("Melee": the weapon in hand, else unarmed), plus the row's own
 * number; a bull rush adds the attacker's special size modifier (002:455, decision).
 */
export function tcManeuverAttackBonus(
  id: TcManeuver,
  who: TcManeuverAttacker,
): { bonus: number; parts: TcPart[] } {
  const row = tcManeuverRow(id);
  const a = row.attack;
  const parts: TcPart[] = [];
  const P = 'GNG.Model.TC.Maneuver.Part.';
  if (a.kind === 'skill') {
    let best = -Infinity;
    let from: SkillId = EG_SKILL_STAND_INS[a.skill][0] as SkillId;
    for (const s of EG_SKILL_STAND_INS[a.skill]) {
      const total = assertInteger(`${s} total`, who.skills?.[s] ?? 0);
      if (total > best) [best, from] = [total, s];
    }
    parts.push({ label: `GNG.Skill.${from}`, value: best });
  } else if (a.kind === 'ability') {
    parts.push({ label: `${P}${a.ability}`, value: assertInteger(a.ability, who[a.ability]) });
  } else if (a.kind === 'weapon') {
    parts.push({ label: `${P}weapon`, value: assertInteger('weapon', need(who.weapon, 'weapon')) });
  } else if (a.kind === 'unarmed') {
    parts.push({ label: `${P}unarmed`, value: assertInteger('unarmed', need(who.unarmed, 'unarmed')) });
  } else {
    const inHand = who.weapon ?? who.unarmed;
    parts.push({
      label: `${P}${who.weapon !== undefined ? 'weapon' : 'unarmed'}`,
      value: need(inHand, 'melee'),
    });
  }
  if (a.mod !== 0) parts.push({ label: `${P}row`, value: a.mod });
  if (id === 'bull-rush') {
    const size = grappleSizeModifier(who.size ?? 'medium');
    if (size !== 0) parts.push({ label: `${P}size`, value: size });
  }
  return { bonus: parts.reduce((s, p) => s + p.value, 0), parts };
}

function need(value: number | undefined, what: string): number {
  if (value === undefined) throw new RangeError(`the ${what} attack bonus is needed`);
  return assertInteger(what, value);
}

/**
 * The defense(s) the roll is read against, from the target's five: one; the target's choice of two
 * (decision: the higher, the choice a target makes); or each of two (throw). A bull rush's defender
 * adds its special size modifier (002:455).
 */
export function tcManeuverDefenses(
  id: TcManeuver,
  defenses: Readonly<Record<TcDefenseId, number>>,
  targetSize: Size = 'medium',
): { defense: TcDefenseId; value: number }[] {
  const d = tcManeuverRow(id).defense;
  const size = id === 'bull-rush' ? grappleSizeModifier(targetSize) : 0;
  const read = (defense: TcDefenseId) => ({
    defense,
    value: assertInteger(defense, defenses[defense]) + size,
  });
  if (d.kind === 'one') return [read(d.defense)];
  if (d.kind === 'both') return d.defenses.map(read);
  const [a, b] = d.defenses.map(read) as [ReturnType<typeof read>, ReturnType<typeof read>];
  return [b.value > a.value ? b : a];
}

/** A maneuver's roll against one defense. */
export interface TcManeuverResult {
  defense: TcDefenseId;
  hit: boolean;
  /** Natural 1: always a miss, a critical fumble (002:66). */
  fumble: boolean;
  /** Natural 20 (or the weapon's crit range) beating the defense by 1 or more (002:49, 62). */
  critical: boolean;
  /** total − defense. */
  margin: number;
  /** The steps that happen, in the block's order: hit, great successes reached, critical. */
  steps: TcManeuverStep[];
}

/**
 * The roll read as an attack (002:7, 49, 66): hit on total ≥ defense, a natural 20 hits and a natural 1
 * misses; each "Great Success (N)" when the total beats the defense by N or more, cumulative; the
 * critical success (rows that have one) as a critical hit: the crit range's natural and total ≥
 * defense + 1. Throw reads `second` (its Celerity line) in place of its hit on the second defense.
 */
export function tcManeuverResult(
  id: TcManeuver,
  roll: {
    natural: number;
    total: number;
    defense: TcDefenseId;
    value: number;
    second?: boolean;
    critFrom?: number;
  },
): TcManeuverResult {
  const row = tcManeuverRow(id);
  const natural = assertIntegerInRange('natural', roll.natural, 1, 20);
  const margin = assertInteger('total', roll.total) - assertInteger('defense', roll.value);
  const fumble = natural === 1;
  const hit = !fumble && (natural === 20 || margin >= 0);
  const critFrom =
    row.attack.kind === 'weapon' ? assertIntegerInRange('critFrom', roll.critFrom ?? 20, 2, 20) : 20;
  const critical = hit && row.critical !== undefined && natural >= critFrom && margin >= 1;
  const steps: TcManeuverStep[] = [];
  if (hit && roll.second === true && row.hitSecond) steps.push(row.hitSecond);
  else if (hit) {
    steps.push(row.hit);
    for (const g of row.great) if (margin >= g.margin) steps.push(g.step);
  }
  if (critical && row.critical) steps.push(row.critical);
  return { defense: roll.defense, hit, fumble, critical, margin, steps };
}

/** "For every 5 points by which your attack beats your opponent's defense … another 5 feet" (002:451). */
export function bullRushFeet(margin: number): number {
  const m = assertInteger('margin', margin);
  return m < 0 ? 0 : 5 + 5 * Math.floor(m / 5);
}

/** Pummel's dice: the unarmed strike's or light weapon's, one die step up, one more per great success (002:384–388). */
export function pummelDice(dice: string, greats: number): string | null {
  return damageDiceSizeUp(dice, 1 + assertIntegerInRange('greats', greats, 0, 2));
}

/** The speed a maneuver posts: a speed class, `classSteps` slower, then halved for feint (002:505). */
export interface TcManeuverSpeedSpec {
  speedClass: TcSpeedClassId;
  classSteps: number;
  halve: boolean;
}

export function tcManeuverSpeed(id: TcManeuver, weapon: TcSpeedClassId = 'standard'): TcManeuverSpeedSpec {
  const s = tcManeuverRow(id).speed;
  if (s.kind === 'class') return { speedClass: s.speedClass, classSteps: 0, halve: false };
  if (s.kind === 'weapon-steps') return { speedClass: weapon, classSteps: s.steps, halve: false };
  return { speedClass: weapon, classSteps: 0, halve: s.kind === 'weapon-half' };
}

/** "Weapon SF/2" (002:505): half the rolled or static SF, rounded down, never below 1 (002:259). */
export function halveSpeedFactor(sf: number): number {
  return Math.max(1, Math.floor(assertInteger('sf', sf) / 2));
}

/**
 * A step's damage: equal to the ability (half of it rounded down), at least 1 — "any hit always deals
 * at least 1 point of damage" (002:54) — or its dice, rolled by the caller. Null: no damage.
 */
export function tcStepDamage(
  step: TcManeuverStep,
  who: { str: number; dex: number },
): { flat: number } | { dice: string } | null {
  const d = step.damage;
  if (!d) return null;
  if ('dice' in d) return { dice: d.dice };
  const score = assertInteger(d.ability, who[d.ability]);
  return { flat: Math.max(1, d.half ? Math.floor(score / 2) : score) };
}

/**
 * Totals the modifiers that active conditions give to one kind of roll (GnG "CONDITIONS", the
 * called-shot disabled parts, energy drain per negative level). Attack rolls here cover only the
 * conditions the attacker table does not print (sickened, energy drain, disabled arm/eye/head):
 * `attackRollModifiers` (attack-modifiers.ts) handles the printed rows, so nothing counts twice.
 * Defense has its own function (`defenseBonus`).
 */
import { ATTACKER_CONDITIONS } from './attack-modifiers.js';
import {
  CONDITION_IDS,
  conditionEffects,
  isConditionId,
  type ConditionEffects,
  type ConditionId,
} from './conditions.js';
import { SKILL_IDS, SKILLS, type SkillId } from './skills.js';
import { assertNonNegativeInteger, assertOneOf } from './validate.js';

export const CONDITION_ROLLS = [
  'attack',
  'fort',
  'ref',
  'will',
  'initiative',
  'ability-check',
  'str-check',
  'dex-check',
  'weapon-damage',
] as const;
export type ConditionRoll = (typeof CONDITION_ROLLS)[number] | { skill: SkillId };

/** Degrees of one fear: only the worst applies (decision "fear does not stack", docs/rules.md). */
const FEAR: readonly ConditionId[] = ['shaken', 'frightened', 'panicked'];

/** "most Strength- and Dexterity-based skills" (blinded) is read as every Str- or Dex-based skill. */
const STR_DEX_SKILLS_PHRASE = 'most Strength- and Dexterity-based skills';

function skillKey(name: string): string {
  return name.replace(/\s+(.)/g, (_m, c: string) => c.toUpperCase()).replace(/^./, (c) => c.toLowerCase());
}

function listsSkill(effects: ConditionEffects, skill: SkillId): boolean {
  return (effects.skillList ?? []).some((entry) =>
    entry === STR_DEX_SKILLS_PHRASE
      ? ['str', 'dex'].includes(SKILLS[skill].ability)
      : skillKey(entry) === skill,
  );
}

function valueFor(effects: ConditionEffects, id: ConditionId, roll: ConditionRoll): number {
  let value = 0;
  if (typeof roll === 'object') {
    value += (effects.skills ?? 0) + (listsSkill(effects, roll.skill) ? (effects.listedSkills ?? 0) : 0);
  } else if (roll === 'attack') {
    if (!(ATTACKER_CONDITIONS as readonly string[]).includes(id)) value += effects.attack ?? 0;
  } else if (roll === 'fort' || roll === 'will') {
    value += effects.saves ?? 0;
  } else if (roll === 'ref') {
    value += (effects.saves ?? 0) + (effects.reflex ?? 0);
  } else if (roll === 'initiative') {
    // "An initiative check is a Dexterity check" (d20 Modern SRD, seed 004 line 183; decision
    // "Initiative", docs/rules.md): what changes ability and Dexterity checks changes it too.
    value += (effects.initiative ?? 0) + (effects.abilityChecks ?? 0) + (effects.dexterityChecks ?? 0);
  } else if (roll === 'ability-check' || roll === 'str-check' || roll === 'dex-check') {
    value += effects.abilityChecks ?? 0;
    if (roll === 'str-check') value += effects.strengthChecks ?? 0;
    if (roll === 'dex-check') value += effects.dexterityChecks ?? 0;
  } else if (roll === 'weapon-damage') {
    value += effects.weaponDamage ?? 0;
  }
  if (roll !== 'weapon-damage') value += effects.allRollsExceptDamage ?? 0;
  return value;
}

/**
 * The total modifier conditions give to `roll`, with each contribution. Unknown condition ids are
 * ignored only when `ignoreUnknown` is set (actors carry statuses from other modules); otherwise
 * they throw a RangeError.
 */
export function conditionRollModifier(
  conditions: Iterable<string>,
  roll: ConditionRoll,
  options: { negativeLevels?: number; ignoreUnknown?: boolean } = {},
): { total: number; parts: { condition: ConditionId; value: number }[] } {
  if (typeof roll === 'object') assertOneOf('skill', roll.skill, SKILL_IDS);
  else assertOneOf('roll', roll, CONDITION_ROLLS);
  const levels = assertNonNegativeInteger('negative levels', options.negativeLevels ?? 1);
  const ids = new Set<ConditionId>();
  for (const id of conditions) {
    if (isConditionId(id)) ids.add(id);
    else if (!options.ignoreUnknown) assertOneOf('condition', id, CONDITION_IDS);
  }
  const parts: { condition: ConditionId; value: number }[] = [];
  let worstFear: { condition: ConditionId; value: number } | null = null;
  for (const id of ids) {
    const effects = conditionEffects(id);
    const value = valueFor(effects, id, roll) * (effects.perLevel ? levels : 1);
    if (value === 0) continue;
    if (FEAR.includes(id)) {
      if (!worstFear || value < worstFear.value) worstFear = { condition: id, value };
    } else {
      parts.push({ condition: id, value });
    }
  }
  if (worstFear) parts.push(worstFear);
  return { total: parts.reduce((sum, p) => sum + p.value, 0), parts };
}

/**
 * Statuses that are not GnG conditions but carry one: dying, stable (below 0 HP) and dead characters
 * are unconscious (core rules).
 */
const IMPLIED_BY_STATUS: Readonly<Record<string, readonly string[]>> = {
  dying: ['unconscious'],
  stable: ['unconscious'],
  dead: ['unconscious'],
};

/**
 * The statuses plus the conditions they bring with them: a condition whose effects make the
 * character fall prone (suppressed) is also prone; dying and dead are unconscious. Unknown ids pass
 * through unchanged (other modules' statuses).
 */
export function expandConditions(statuses: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const id of statuses) {
    out.add(id);
    for (const implied of IMPLIED_BY_STATUS[id] ?? []) out.add(implied);
    if (isConditionId(id) && conditionEffects(id).prone) out.add('prone');
  }
  return out;
}

/** The abilities whose scores a condition can lower (fatigued, exhausted). */
export const CONDITION_SCORE_ABILITIES = ['str', 'dex'] as const;
export type ConditionScoreAbility = (typeof CONDITION_SCORE_ABILITIES)[number];

function knownConditions(conditions: Iterable<string>): ConditionId[] {
  return [...new Set(conditions)].filter(isConditionId);
}

/**
 * The worst degree of fatigue among the conditions (`exhausted` over `fatigued`), or null: degrees of
 * fatigue never add up (decision "fatigue does not stack", docs/rules.md). Unknown ids are ignored.
 */
export function worstFatigue(conditions: Iterable<string>): ConditionId | null {
  let worst: ConditionId | null = null;
  for (const id of knownConditions(conditions)) {
    const degree = conditionEffects(id).fatigueDegree ?? 0;
    if (degree > 0 && (!worst || degree > (conditionEffects(worst).fatigueDegree ?? 0))) worst = id;
  }
  return worst;
}

/**
 * The penalty conditions give to an ability score (core "Fatigued", "Exhausted": an effective −2 or
 * −6 to Strength and Dexterity, gone with the condition), with each contribution. Only the worst
 * degree of fatigue counts. Unknown condition ids are ignored (other modules' statuses).
 */
export function conditionAbilityPenalty(
  conditions: Iterable<string>,
  ability: ConditionScoreAbility,
): { total: number; parts: { condition: ConditionId; value: number }[] } {
  assertOneOf('ability', ability, CONDITION_SCORE_ABILITIES);
  const worst = worstFatigue(conditions);
  const parts: { condition: ConditionId; value: number }[] = [];
  for (const id of knownConditions(conditions)) {
    const effects = conditionEffects(id);
    if (effects.fatigueDegree && id !== worst) continue;
    const value = (ability === 'str' ? effects.strengthScore : effects.dexterityScore) ?? 0;
    if (value !== 0) parts.push({ condition: id, value });
  }
  return { total: parts.reduce((sum, p) => sum + p.value, 0), parts };
}

/**
 * The conditions that forbid running and charging (disabled leg, fatigued, exhausted, entangled), in
 * table order; empty when the character may run and charge. Unknown ids are ignored.
 */
export function runOrChargeBlockers(conditions: Iterable<string>): ConditionId[] {
  const present = new Set(conditions);
  return CONDITION_IDS.filter((id) => present.has(id) && conditionEffects(id).noRunOrCharge === true);
}

/**
 * The fatigue condition a character ends with when `reached` is imposed (Severe Bleeding's stage):
 * the worse of what it has and what is imposed — a condition never gets lighter this way.
 */
export function imposeFatigue(
  conditions: Iterable<string>,
  reached: 'fatigued' | 'exhausted',
): 'fatigued' | 'exhausted' {
  const current = worstFatigue(conditions);
  if (current === 'exhausted' || reached === 'exhausted') return 'exhausted';
  return current === 'fatigued' ? 'fatigued' : reached;
}

/**
 * The chapter's Athletics and Acrobatics (seed 003) on a creature of this system, which has the SRD
 * 3.5 skills (src/rules/skills.ts) and neither of the two. Decision (docs/rules.md "### Maneuvers and
 * saves"): Athletics is the best of the creature's Climb, Jump and Swim totals, plus the size table's
 * Athletics modifier (003:1256–1285); Acrobatics the best of its Balance, Tumble and Escape Artist
 * totals. Pure.
 */
import type { Size } from '../../types.js';
import { grappleSizeModifier } from '../../sizes.js';
import type { SkillId } from '../../skills.js';
import { assertInteger, assertOneOf } from '../../validate.js';
import { EG_MANEUVER_SKILLS, type EgManeuverSkill } from './maneuvers.js';
import { skillTokenType, SKILL_CHECK_TOKEN_CAP, type TokenUseId } from './token-uses.js';
import type { TokenType } from './tokens.js';

/** The SRD skills each stands for (the 4th-edition-style skills the chapter names). */
export const EG_SKILL_STAND_INS: Readonly<Record<EgManeuverSkill, readonly SkillId[]>> = {
  athletics: ['climb', 'jump', 'swim'],
  acrobatics: ['balance', 'tumble', 'escapeArtist'],
};

/** One line of a check's breakdown: `label` a lang key, `value` signed. */
export interface EgCheckPart {
  label: string;
  value: number;
}

/**
 * The check's bonus and its parts: the best stand-in skill's total (which SRD skill it was) and,
 * for Athletics, the size modifier.
 */
export function egManeuverSkill(
  skill: EgManeuverSkill,
  totals: Partial<Record<SkillId, number>>,
  size: Size,
): { bonus: number; from: SkillId; parts: EgCheckPart[] } {
  const which = assertOneOf('skill', skill, EG_MANEUVER_SKILLS);
  let from = EG_SKILL_STAND_INS[which][0] as SkillId;
  let best = -Infinity;
  for (const id of EG_SKILL_STAND_INS[which]) {
    const total = assertInteger(`${id} total`, totals[id] ?? 0);
    if (total > best) {
      best = total;
      from = id;
    }
  }
  const parts: EgCheckPart[] = [{ label: `GNG.Skill.${from}`, value: best }];
  if (which === 'athletics') {
    // The size table's "Athletics Skill Modifier" column (003:1269–1285) is the core rules' grapple
    // size modifier, value for value (−16 Fine … +16 Colossal).
    const sizeMod = grappleSizeModifier(size);
    if (sizeMod !== 0) parts.push({ label: 'GNG.Model.EG.Maneuver.Part.size', value: sizeMod });
  }
  return { bonus: parts.reduce((sum, p) => sum + p.value, 0), from, parts };
}

/** The ability each skill is based on: Athletics Strength, Acrobatics Dexterity (their stand-ins' own). */
export const EG_SKILL_ABILITY: Readonly<Record<EgManeuverSkill, 'str' | 'dex'>> = {
  athletics: 'str',
  acrobatics: 'dex',
};

/**
 * The tokens that raise a maneuver's check before the roll (the uses table, lane tokens): power for
 * a Strength-based skill, speed for a Dexterity-based one (003:395, 408), +1 each, at most 10 on one
 * check (003:420).
 */
export function maneuverTokens(skill: EgManeuverSkill): { type: TokenType; use: TokenUseId; cap: number } {
  const ability = EG_SKILL_ABILITY[assertOneOf('skill', skill, EG_MANEUVER_SKILLS)];
  return {
    type: skillTokenType(ability) as TokenType,
    use: ability === 'str' ? 'strengthSkill' : 'dexteritySkill',
    cap: SKILL_CHECK_TOKEN_CAP,
  };
}

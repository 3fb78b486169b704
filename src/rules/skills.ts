/**
 * The SRD 3.5 skills, with the data GnG's abort actions need (Tumble for Roll with Blow, Jump for
 * Dive for Cover, Balance for Maintain Footing, Escape Artist for grapples, Heal for bleeding and
 * surgery, Bluff and Knowledge), and the core skill check bonus.
 */
import type { Ability } from './abilities.js';
import { assertInteger, assertOneOf } from './validate.js';

export interface SkillDefinition {
  ability: Ability;
  /** Armor check penalty applies (Swim takes it twice). */
  armorCheck: 0 | 1 | 2;
  trainedOnly: boolean;
}

/** SRD 3.5 skill list (Craft, Knowledge, Perform and Profession as single entries). */
export const SKILLS = {
  appraise: { ability: 'int', armorCheck: 0, trainedOnly: false },
  balance: { ability: 'dex', armorCheck: 1, trainedOnly: false },
  bluff: { ability: 'cha', armorCheck: 0, trainedOnly: false },
  climb: { ability: 'str', armorCheck: 1, trainedOnly: false },
  concentration: { ability: 'con', armorCheck: 0, trainedOnly: false },
  craft: { ability: 'int', armorCheck: 0, trainedOnly: false },
  decipherScript: { ability: 'int', armorCheck: 0, trainedOnly: true },
  diplomacy: { ability: 'cha', armorCheck: 0, trainedOnly: false },
  disableDevice: { ability: 'int', armorCheck: 0, trainedOnly: true },
  disguise: { ability: 'cha', armorCheck: 0, trainedOnly: false },
  escapeArtist: { ability: 'dex', armorCheck: 1, trainedOnly: false },
  forgery: { ability: 'int', armorCheck: 0, trainedOnly: false },
  gatherInformation: { ability: 'cha', armorCheck: 0, trainedOnly: false },
  handleAnimal: { ability: 'cha', armorCheck: 0, trainedOnly: true },
  heal: { ability: 'wis', armorCheck: 0, trainedOnly: false },
  hide: { ability: 'dex', armorCheck: 1, trainedOnly: false },
  intimidate: { ability: 'cha', armorCheck: 0, trainedOnly: false },
  jump: { ability: 'str', armorCheck: 1, trainedOnly: false },
  knowledge: { ability: 'int', armorCheck: 0, trainedOnly: true },
  listen: { ability: 'wis', armorCheck: 0, trainedOnly: false },
  moveSilently: { ability: 'dex', armorCheck: 1, trainedOnly: false },
  openLock: { ability: 'dex', armorCheck: 0, trainedOnly: true },
  perform: { ability: 'cha', armorCheck: 0, trainedOnly: false },
  profession: { ability: 'wis', armorCheck: 0, trainedOnly: true },
  ride: { ability: 'dex', armorCheck: 0, trainedOnly: false },
  search: { ability: 'int', armorCheck: 0, trainedOnly: false },
  senseMotive: { ability: 'wis', armorCheck: 0, trainedOnly: false },
  sleightOfHand: { ability: 'dex', armorCheck: 1, trainedOnly: true },
  spellcraft: { ability: 'int', armorCheck: 0, trainedOnly: true },
  spot: { ability: 'wis', armorCheck: 0, trainedOnly: false },
  survival: { ability: 'wis', armorCheck: 0, trainedOnly: false },
  swim: { ability: 'str', armorCheck: 2, trainedOnly: false },
  tumble: { ability: 'dex', armorCheck: 1, trainedOnly: true },
  useMagicDevice: { ability: 'cha', armorCheck: 0, trainedOnly: true },
  useRope: { ability: 'dex', armorCheck: 0, trainedOnly: false },
} as const satisfies Record<string, SkillDefinition>;

export type SkillId = keyof typeof SKILLS;
export const SKILL_IDS = Object.keys(SKILLS) as SkillId[];

/** The skills GnG's abort actions and called shots roll. */
export const ABORT_SKILLS = {
  rollWithBlow: 'tumble',
  diveForCover: 'jump',
  maintainFooting: 'balance',
  escape: 'escapeArtist',
  bindWounds: 'heal',
} as const satisfies Record<string, SkillId>;

/**
 * Core skill check bonus: ranks + ability modifier + armor check penalty (Str/Dex skills it applies
 * to; twice for Swim) + other modifiers. `usable` is false for a trained-only skill without ranks.
 */
export function skillCheckBonus(i: {
  skill: SkillId;
  ranks: number;
  abilityModifier: number;
  armorCheckPenalty?: number;
  other?: number;
}): { total: number; usable: boolean } {
  const skill = SKILLS[assertOneOf('skill', i.skill, SKILL_IDS)];
  const ranks = assertInteger('ranks', i.ranks);
  if (ranks < 0) throw new RangeError(`ranks must be ≥ 0, got ${ranks}`);
  const acp = assertInteger('armor check penalty', i.armorCheckPenalty ?? 0);
  if (acp > 0) throw new RangeError(`armor check penalty must be ≤ 0, got ${acp}`);
  const total =
    ranks +
    assertInteger('ability modifier', i.abilityModifier) +
    acp * skill.armorCheck +
    assertInteger('other', i.other ?? 0);
  return { total, usable: ranks > 0 || !skill.trainedOnly };
}

/**
 * The Enlightened Grognard's actions on the sheet (seed 003, issue #31; docs/rules.md "Sheet,
 * tracker and turns"): Catch your Breath, Refocus, Aid Another and Total Defense — what each gains and
 * who may take it — and the dying creature's Fortitude save at the start of its turn. Pure; dice are
 * passed in.
 */
import type { DiceSource } from '../../types.js';
import { noTokens, type TokenCounts, type TokenType } from './tokens.js';
import { TOKEN_GAINS } from './token-uses.js';
import { resolveSave, saveBonus } from './saves.js';

/** The sheet's actions, in the order shown. */
export const EG_SHEET_ACTIONS = ['catchBreath', 'refocus', 'aidAnother', 'totalDefense'] as const;
export type EgSheetAction = (typeof EG_SHEET_ACTIONS)[number];

export const isEgSheetAction = (value: unknown): value is EgSheetAction =>
  typeof value === 'string' && (EG_SHEET_ACTIONS as readonly string[]).includes(value);

/**
 * The tokens an action gains (Catch your Breath none), by the chapter's table of gains
 * (`TOKEN_GAINS`: Refocus 1 speed, 003:900; Total Defense 4 speed, 003:759; Aid Another 2 of choice,
 * 003:744 — here one of each of the two types chosen, the same type twice for two of it).
 */
export function actionGain(action: EgSheetAction, choice: readonly [TokenType, TokenType]): TokenCounts {
  const gain = noTokens();
  if (action === 'catchBreath') return gain;
  const { type, count } = TOKEN_GAINS[action];
  if (type) gain[type] = count;
  else for (let i = 0; i < count; i++) gain[choice[i % choice.length] as TokenType] += 1;
  return gain;
}

/** What decides whether a creature may take an action now. */
export interface ActionState {
  /** A player character (NPCs may not Aid Another while unconscious, 003:474). */
  pc: boolean;
  dead: boolean;
  /** Unconscious: dying, or Con damage or nonlethal damage that knocks it out (003:1019, 1043–1044, R27). */
  unconscious: boolean;
  /** In a begun combat (tokens last the encounter, 003:461). */
  inCombat: boolean;
  /** Enemies adjacent to it (Refocus: "If no enemies are adjacent to you", 003:899). */
  adjacentEnemies: number;
  /** It has taken damage: HP below the maximum or nonlethal damage (recovery.ts `isHurt`). */
  hurt: boolean;
}

/** Why `action` may not be taken (a reason id), or null. */
export function actionRefusal(action: EgSheetAction, s: ActionState): string | null {
  if (s.dead) return 'dead';
  if (action === 'catchBreath')
    // "A character who has taken damage can pause to catch her breath" (003:749); also unconscious
    // (003:1019) and outside combat (003:754).
    return s.hurt ? null : 'notHurt';
  if (!s.inCombat) return 'notInCombat';
  if (action === 'aidAnother')
    // "An unconscious character can still use the Catch your Breath and Aid Another actions"
    // (003:1019), "NPCs and monsters may not use the Aid Another action when they are unconscious" (003:474).
    return s.unconscious && !s.pc ? 'npcUnconscious' : null;
  if (s.unconscious) return 'unconscious';
  if (action === 'refocus' && s.adjacentEnemies > 0) return 'adjacentEnemy';
  return null;
}

/** One dying Fortitude save at the start of the turn (R22, 003:1023–1030). */
export interface DyingSave {
  /** The d20 (null: no save possible, a failure, 003:1029). */
  natural: number | null;
  bonus: number;
  total: number | null;
  saved: boolean;
  /** A PC's natural 20: HP = level + Con modifier (min 1), conscious again (003:1024–1026). */
  revived: boolean;
  /** The HP it is revived to (null: not revived). */
  hp: number | null;
  /** Con damage taken: the 1d4 of a failure, else 0 (003:1024). */
  conDamage: number;
}

/** What the dying save reads. */
export interface DyingSaveInput {
  /** The Fortitude defense without token bonuses (decision A5). */
  fortitude: number;
  pc: boolean;
  level: number;
  conMod: number;
  /** False when it cannot make the save: "you take Constitution damage as if you had failed" (003:1029). */
  canSave?: boolean;
}

/**
 * The dying creature's Fortitude save: d20 + ⌊Fortitude/10⌋ ≥ 10, a natural 1 always fails and a
 * natural 20 always succeeds (003:363–364); a failure costs 1d4 Con damage; a PC's natural 20 revives it.
 */
export function dyingSave(input: DyingSaveInput, dice: DiceSource): DyingSave {
  // The chapter's saving throw (saves.ts, 003:344–364): ⌊defense/10⌋, 10 or more, natural 1 and 20.
  const bonus = saveBonus(input.fortitude);
  const natural = input.canSave === false ? null : dice.roll(20);
  const save = natural === null ? null : resolveSave({ natural, bonus });
  const total = save ? save.total : null;
  const saved = save?.success === true;
  const revived = input.pc && natural === 20;
  return {
    natural,
    bonus,
    total,
    saved,
    revived,
    hp: revived ? Math.max(1, input.level + input.conMod) : null,
    conDamage: saved ? 0 : dice.roll(4),
  };
}

/**
 * What tokens buy and what earns them under the Enlightened Grognard (seed 003:379–451; design R30,
 * R31, R32, R39, decisions A1, A4, A11; docs/rules.md "Tokens"). Pure tables and the bonus a spend
 * gives; the card and sheet lanes read them, the token store (src/combat/eg-token-store.ts) moves
 * the tokens.
 */
import type { TokenType } from './tokens.js';

/** When a token is spent: before the die is rolled, or after (003:379–389). */
export type TokenTiming = 'proactive' | 'retroactive';

/** The core uses of a token (003:391–418): the roll it raises and by how much per token. */
export interface TokenUse {
  type: TokenType;
  /** The bonus one token gives proactively (+2 for a saving throw, 003:417; −1 damage taken is +1 here). */
  perToken: number;
  /** Tokens a retroactive +1 costs: 3 (003:388, A4), 1 for damage (003:399–402); null: proactive only. */
  retroactiveRate: number | null;
  /** The most tokens one roll takes (10 on one skill check, 003:420); null: no cap. */
  cap: number | null;
}

/** "No more than 10 tokens can be spent to give a bonus to a single skill check" (003:420). */
export const SKILL_CHECK_TOKEN_CAP = 10;
/** "usually at a rate of 3-per-1" (003:388; A4). */
export const RETROACTIVE_RATE = 3;

const use = (
  type: TokenType,
  perToken = 1,
  retroactiveRate: number | null = RETROACTIVE_RATE,
  cap: number | null = null,
) => ({ type, perToken, retroactiveRate, cap }) satisfies TokenUse;

/**
 * The uses table (R31). A retroactive rate of 3 is the text's general rule for "the same bonus as 1
 * token would have granted proactively" (003:388); range and movement are not rolls, so proactive
 * only. Defense uses are proactive and retroactive alike (the card lane's defender step).
 */
export const TOKEN_USES = {
  // Power (003:393–404)
  strengthAttack: use('power'),
  strengthSkill: use('power', 1, RETROACTIVE_RATE, SKILL_CHECK_TOKEN_CAP),
  fortitude: use('power'),
  weaponRange: use('power', 1, null),
  damageDealt: use('power', 1, 1),
  damageTaken: use('power', 1, 1),
  // Speed (003:406–411)
  dexterityAttack: use('speed'),
  dexteritySkill: use('speed', 1, RETROACTIVE_RATE, SKILL_CHECK_TOKEN_CAP),
  ac: use('speed'),
  reflex: use('speed'),
  // "+1 square of movement with a move action" (003:411; for one move action, 003:331).
  movement: use('speed', 1, null),
  // Insight (003:413–418)
  wisdomSkill: use('insight', 1, RETROACTIVE_RATE, SKILL_CHECK_TOKEN_CAP),
  will: use('insight'),
  save: use('insight', 2),
  spellRange: use('insight', 1, null),
} as const satisfies Record<string, TokenUse>;
export type TokenUseId = keyof typeof TOKEN_USES;

type Ability = 'str' | 'dex' | 'con' | 'int' | 'wis' | 'cha';

/** The type that raises an attack on `ability`: power for Strength, speed for Dexterity (003:394, 407), else none. */
export function attackTokenType(ability: string): TokenType | null {
  return ability === 'str' ? 'power' : ability === 'dex' ? 'speed' : null;
}

/** The type that raises a skill check on `ability`: Str/Con power, Dex/Int speed, Wis/Cha insight (003:395, 408, 414). */
export function skillTokenType(ability: string): TokenType | null {
  const table: Record<Ability, TokenType> = {
    str: 'power',
    con: 'power',
    dex: 'speed',
    int: 'speed',
    wis: 'insight',
    cha: 'insight',
  };
  return (table as Record<string, TokenType>)[ability] ?? null;
}

/** The type that raises a defense: Fortitude power, AC and Reflex speed, Will insight (003:397, 410, 416). */
export function defenseTokenType(defense: string): TokenType | null {
  const table: Record<string, TokenType> = {
    fortitude: 'power',
    ac: 'speed',
    reflex: 'speed',
    will: 'insight',
  };
  return table[defense] ?? null;
}

/**
 * The bonus `tokens` give to a use: proactive 1:1 (×2 for a save); retroactive ⌊tokens / rate⌋ (A4:
 * spare tokens buy nothing, so the card offers multiples of the rate only); null when the use is
 * proactive only, the count is not a whole number ≥ 0, or it passes the use's cap.
 */
export function tokenBonus(useId: TokenUseId, tokens: number, timing: TokenTiming): number | null {
  const u: TokenUse = TOKEN_USES[useId];
  if (!Number.isInteger(tokens) || tokens < 0 || (u.cap !== null && tokens > u.cap)) return null;
  if (timing === 'proactive') return tokens * u.perToken;
  if (u.retroactiveRate === null) return null;
  return Math.floor(tokens / u.retroactiveRate) * u.perToken;
}

/** A gain the text names: how many of which type (null: of the gainer's choice), and the action it takes. */
export interface TokenGain {
  type: TokenType | null;
  count: number;
  action: 'none' | 'free' | 'swift' | 'move' | 'standard';
  /** Where the text says it (seed 003 line). */
  line: number;
}

/**
 * The gains the chapter names (R32, R11, R14). Who may take one (an adjacent enemy, no attack this
 * turn …) is the caller's to check; the count and type are here.
 */
export const TOKEN_GAINS = {
  initiative: { type: null, count: 2, action: 'none', line: 430 },
  move: { type: 'speed', count: 1, action: 'move', line: 784 },
  fiveFootStep: { type: 'speed', count: 1, action: 'move', line: 796 },
  refocus: { type: 'speed', count: 1, action: 'swift', line: 900 },
  aidAnother: { type: null, count: 2, action: 'standard', line: 744 },
  totalDefense: { type: 'speed', count: 4, action: 'standard', line: 759 },
  fightingDefensively: { type: 'speed', count: 2, action: 'none', line: 698 },
  charge: { type: 'power', count: 2, action: 'none', line: 1532 },
  flanking: { type: 'power', count: 2, action: 'swift', line: 1439 },
  squeezingFoe: { type: 'power', count: 5, action: 'swift', line: 1215 },
  grappledFoe: { type: 'power', count: 2, action: 'free', line: 1620 },
  // A missed standard-action attack: 1 token of the attacker's choice to an ally adjacent to the target (A11).
  missGift: { type: null, count: 1, action: 'free', line: 439 },
  // Each adjacent enemy of a creature standing up from prone.
  standUp: { type: 'power', count: 1, action: 'none', line: 825 },
} as const satisfies Record<string, TokenGain>;

/**
 * A1's default circumstance tokens (Chapter 10 is not in the seed): a swift action gains 2 tokens
 * for an advantage, 4 for its improved or total degree — cover and concealment speed (the defender's),
 * a prone foe power (the attacker's). The world's table may differ; this is its default.
 */
export const CIRCUMSTANCE_TOKENS = {
  cover: { type: 'speed', count: 2, action: 'swift', line: 1379 },
  improvedCover: { type: 'speed', count: 4, action: 'swift', line: 1379 },
  concealment: { type: 'speed', count: 2, action: 'swift', line: 1318 },
  totalConcealment: { type: 'speed', count: 4, action: 'swift', line: 1318 },
  proneFoe: { type: 'power', count: 2, action: 'swift', line: 1318 },
} as const satisfies Record<string, TokenGain>;

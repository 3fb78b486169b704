/**
 * The Enlightened Grognard's tokens (seed 003:366–478; design R29, R30, R32–R36, R40, decisions A4,
 * A11; docs/rules.md "Tokens"): the three types, a pool's counts, what a spend, a gain, a gift and a
 * loss do to them. Pure: the token store (src/combat/eg-token-store.ts) stores what these compute.
 */

/** The three types (003:368–371). */
export const TOKEN_TYPES = ['power', 'speed', 'insight'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

/** A pool, or a change to one (a change may be negative). */
export interface TokenCounts {
  power: number;
  speed: number;
  insight: number;
}

/** The largest count a pool holds (a guard against forged or runaway numbers, not a rule). */
export const MAX_TOKENS = 999;

/** "Whenever you roll initiative you immediately gain 2 tokens of your choice" (003:430, 491). */
export const INITIATIVE_TOKENS = 2;

export const noTokens = (): TokenCounts => ({ power: 0, speed: 0, insight: 0 });

export const isTokenType = (value: unknown): value is TokenType =>
  typeof value === 'string' && (TOKEN_TYPES as readonly string[]).includes(value);

/** The tokens in a pool, all types together. */
export const totalTokens = (counts: TokenCounts): number => counts.power + counts.speed + counts.insight;

/** Whether every count of `counts` is 0. */
export const isNoChange = (counts: TokenCounts): boolean => TOKEN_TYPES.every((type) => counts[type] === 0);

const count = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? Math.min(value, MAX_TOKENS) : 0;

/**
 * A stored pool read defensively: each type a whole number 0…MAX_TOKENS, anything else (absent,
 * negative, fractional, a string, a forged object) 0.
 */
export function normalizeTokenCounts(raw: unknown): TokenCounts {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return { power: count(r.power), speed: count(r.speed), insight: count(r.insight) };
}

/**
 * A requested change checked: an object whose keys are token types and whose values are whole
 * numbers within ±MAX_TOKENS (absent types 0), or null when it is anything else.
 */
export function parseTokenDelta(raw: unknown): TokenCounts | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const delta = noTokens();
  for (const [key, value] of Object.entries(raw)) {
    if (!isTokenType(key)) return null;
    if (typeof value !== 'number' || !Number.isInteger(value) || Math.abs(value) > MAX_TOKENS) return null;
    delta[key] = value;
  }
  return delta;
}

export const addTokens = (a: TokenCounts, b: TokenCounts): TokenCounts => ({
  power: a.power + b.power,
  speed: a.speed + b.speed,
  insight: a.insight + b.insight,
});

/** −n, never −0 (a record compares and stores as written). */
const neg = (n: number) => (n === 0 ? 0 : -n);

export const negateTokens = (a: TokenCounts): TokenCounts => ({
  power: neg(a.power),
  speed: neg(a.speed),
  insight: neg(a.insight),
});

/** The first type whose count is below 0 (a pool a change would overdraw), or null. */
export const shortType = (counts: TokenCounts): TokenType | null =>
  TOKEN_TYPES.find((type) => counts[type] < 0) ?? null;

/** The first type whose count is above MAX_TOKENS, or null. */
export const overType = (counts: TokenCounts): TokenType | null =>
  TOKEN_TYPES.find((type) => counts[type] > MAX_TOKENS) ?? null;

/** Where a change lands: the encounter pool and the persistent tokens, each a signed change. */
export interface TokenSplit {
  encounter: TokenCounts;
  persistent: TokenCounts;
}

/**
 * Splits a change over the two pools: a gain goes to the encounter pool (it is lost at the end of
 * the encounter, 003:461); a spend (negative) takes from the encounter pool first, then from the
 * persistent tokens ("last until you spend them", 003:465). Returns the split, or the first type
 * the two pools together cannot pay (then nothing may change).
 */
export function splitTokenChange(
  encounter: TokenCounts,
  persistent: TokenCounts,
  delta: TokenCounts,
): { ok: true; split: TokenSplit } | { ok: false; short: TokenType } {
  const split: TokenSplit = { encounter: noTokens(), persistent: noTokens() };
  for (const type of TOKEN_TYPES) {
    const change = delta[type];
    if (change >= 0) {
      split.encounter[type] = change;
      continue;
    }
    const need = -change;
    if (need > encounter[type] + persistent[type]) return { ok: false, short: type };
    const fromEncounter = Math.min(need, encounter[type]);
    split.encounter[type] = neg(fromEncounter);
    split.persistent[type] = neg(need - fromEncounter);
  }
  return { ok: true, split };
}

/**
 * The initiative gain a player chose (003:430): whole non-negative numbers of the three types adding
 * up to exactly `gain` (2 unless an ability raises it), or null. NPCs gain none (003:472: the glue
 * never offers them the choice).
 */
export function parseInitiativeChoice(raw: unknown, gain = INITIATIVE_TOKENS): TokenCounts | null {
  const choice = parseTokenDelta(raw);
  if (!choice || TOKEN_TYPES.some((type) => choice[type] < 0)) return null;
  return totalTokens(choice) === gain ? choice : null;
}

/** Every way to take `gain` tokens of choice, as the card's buttons offer them (2 → six ways). */
export function initiativeChoices(gain = INITIATIVE_TOKENS): TokenCounts[] {
  const out: TokenCounts[] = [];
  for (let power = gain; power >= 0; power--)
    for (let speed = gain - power; speed >= 0; speed--)
      out.push({ power, speed, insight: gain - power - speed });
  return out;
}

/** Who may be party to a gift. */
export interface GiftParty {
  /** A player character (an actor of type `character`); NPCs and monsters are not. */
  pc: boolean;
  id: string;
}

/**
 * Whether a gift may pass from `giver` to `recipient`: "Any ally can give you his tokens at any
 * time. No action is required for players to share tokens" (003:442), but "NPCs and monsters who
 * are allies of the PCs can not transfer tokens to PCs (or vice versa)" (003:473) — so PC to another
 * PC only (NPCs share the GM's communal pool already, 003:476). An unconscious PC still may (003:1020).
 * A refusal names the reason.
 */
export function giftRefusal(giver: GiftParty, recipient: GiftParty): 'self' | 'npc' | null {
  if (giver.id === recipient.id) return 'self';
  if (!giver.pc || !recipient.pc) return 'npc';
  return null;
}

/** A gift's size checked: one type, 1…MAX_TOKENS tokens. */
export function parseGift(type: unknown, amount: unknown): { type: TokenType; amount: number } | null {
  if (!isTokenType(type)) return null;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > MAX_TOKENS)
    return null;
  return { type, amount };
}

/**
 * Losing tokens under the Enlightened Grognard (seed 003:453–457; design R34; docs/rules.md
 * "Tokens"): "If you are required to give up a token that you do not have, then you must give up a
 * token of a different type instead. You may choose which type. If you have no tokens at all, your
 * allies must supply them. If neither you nor any of allies have any tokens, you can ignore the
 * effect." Pure: who pays what; the token store takes it.
 */
import { isTokenType, noTokens, TOKEN_TYPES, type TokenCounts, type TokenType } from './tokens.js';

/** A creature that may pay: its id and what it holds (encounter and persistent together). */
export interface LossPayer {
  id: string;
  pool: TokenCounts;
}

export interface LossPlan {
  /** Who pays, in order, and what (each count ≥ 0; only payers who pay something). */
  paid: { id: string; tokens: TokenCounts }[];
  /** Tokens nobody had: ignored (003:457). */
  ignored: number;
}

/**
 * The other types in the order a payer gives them when it lacks `type`: the chosen order first (the
 * loser "may choose which type"), then the rest by most held (ties in power, speed, insight order).
 */
export function substituteOrder(
  type: TokenType,
  pool: TokenCounts,
  chosen: readonly TokenType[] = [],
): TokenType[] {
  const others = TOKEN_TYPES.filter((t) => t !== type);
  const picked = chosen.filter((t, i) => isTokenType(t) && t !== type && chosen.indexOf(t) === i);
  const rest = others.filter((t) => !picked.includes(t)).sort((a, b) => pool[b] - pool[a]);
  return [...picked, ...rest];
}

/** Takes up to `owed` tokens from `pool`: of `type` first, then of the substitutes in order. */
function take(pool: TokenCounts, type: TokenType, owed: number, order: TokenType[]): TokenCounts {
  const tokens = noTokens();
  let left = owed;
  for (const t of [type, ...order]) {
    const n = Math.min(left, pool[t]);
    tokens[t] = n;
    left -= n;
  }
  return tokens;
}

const sum = (c: TokenCounts) => c.power + c.speed + c.insight;

/**
 * Who gives up `amount` tokens of `type`: the loser, substituting another type for each it lacks
 * (its choice first, `substitutes`); what it cannot pay at all its allies supply, each in turn the
 * same way (the asked type first, then what it holds most); the rest is ignored.
 */
export function planTokenLoss(
  loser: LossPayer,
  type: TokenType,
  amount: number,
  allies: readonly LossPayer[] = [],
  substitutes: readonly TokenType[] = [],
): LossPlan {
  if (!Number.isInteger(amount) || amount < 0) throw new Error(`tokens to lose: ${amount}`);
  const paid: LossPlan['paid'] = [];
  let owed = amount;
  const payers = [{ payer: loser, chosen: substitutes }, ...allies.map((payer) => ({ payer, chosen: [] }))];
  for (const { payer, chosen } of payers) {
    if (owed === 0) break;
    const tokens = take(payer.pool, type, owed, substituteOrder(type, payer.pool, chosen));
    const n = sum(tokens);
    if (n > 0) paid.push({ id: payer.id, tokens });
    owed -= n;
  }
  return { paid, ignored: owed };
}

/**
 * Damage dice one size (or die size) up: the d20 weapon-damage progression by size, which GnG's
 * feats lean on without printing it. ADVANCED UNARMED STRIKE: "Your unarmed damage increases by one
 * die size (e.g., from 1d4 to 1d6)"; IMPROVISED WEAPON MASTERY: "Treat an improvised weapon as one
 * size category larger than it is for the purpose of determining the damage it deals". Both read
 * this one table (decision "Feats of Appendix 4 at the table", docs/rules.md): the core rules'
 * weapon sizes (an unarmed strike is 1d2 Small, 1d3 Medium, 1d4 Large; a longsword 1d6 Small, 1d8
 * Medium, 2d6 Large) follow it, and its 1d4 → 1d6 step is the feat's own example.
 */
import { diceProblem, parseDice } from './dice.js';

/** Each chain: a die expression and the one a size larger. */
const DAMAGE_DICE_CHAINS: readonly (readonly string[])[] = [
  ['1d2', '1d3', '1d4', '1d6', '1d8', '2d6', '3d6', '4d6', '6d6', '8d6', '12d6'],
  ['1d10', '2d8', '3d8', '4d8', '6d8', '8d8', '12d8'],
];
/** Entries off the chains: the die expression they step to. */
const DAMAGE_DICE_JOINS: Readonly<Record<string, string>> = { '1d12': '3d6', '2d4': '2d6' };

/** The dice of `dice` (no bonus), e.g. "1d8", one size up; null when the table does not know them. */
function stepOnce(dice: string): string | null {
  const joined = DAMAGE_DICE_JOINS[dice];
  if (joined) return joined;
  for (const chain of DAMAGE_DICE_CHAINS) {
    const at = chain.indexOf(dice);
    if (at >= 0) return chain[at + 1] ?? null;
  }
  return null;
}

/**
 * `expression` (e.g. "1d3", "1d6+1") with its dice `steps` sizes larger, any flat bonus kept
 * ("1d6+1" one step → "1d8+1"). Null when the dice are not in the table (or it ends): the caller
 * keeps the printed dice.
 */
export function damageDiceSizeUp(expression: string, steps = 1): string | null {
  if (diceProblem(expression)) return null;
  const parsed = parseDice(expression);
  if (parsed.count <= 0 || steps < 0) return null;
  let dice: string | null = `${parsed.count}d${parsed.faces}`;
  for (let i = 0; i < steps && dice; i++) dice = stepOnce(dice);
  if (!dice) return null;
  if (!parsed.bonus) return dice;
  return `${dice}${parsed.bonus > 0 ? '+' : '-'}${Math.abs(parsed.bonus)}`;
}

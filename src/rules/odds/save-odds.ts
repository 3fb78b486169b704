/**
 * Exact odds of the saving throws an attack can call for (issue #20): a d20 + bonus against a DC, a
 * natural 20 always saving and a natural 1 always failing, counted over the twenty faces with the
 * engine's own `savingThrow` and `resolveAdvancedWoundTrauma`.
 */
import { savingThrow } from '../area-damage-and-shoves.js';
import { resolveAdvancedWoundTrauma } from '../damage-effects.js';
import type { DiceSource } from '../types.js';
import { assertInteger } from '../validate.js';

const D20 = 20;
/** Remembered results per (bonus, DC): the odds ask the same few hundreds of pairs again and again. */
const MEMO_LIMIT = 10_000;
const successMemo = new Map<string, number>();
const woundMemo = new Map<string, WoundTraumaSaveOdds>();

function remember<T>(memo: Map<string, T>, key: string, make: () => T): T {
  const known = memo.get(key);
  if (known !== undefined) return known;
  if (memo.size >= MEMO_LIMIT) memo.clear();
  const value = make();
  memo.set(key, value);
  return value;
}

/** P(the save succeeds) for a save bonus against a DC (core Saving Throws: natural 20 / 1). */
export function saveSuccessOdds(bonus: number, dc: number): number {
  assertInteger('save bonus', bonus);
  assertInteger('DC', dc);
  return remember(successMemo, `${bonus}|${dc}`, () => {
    let made = 0;
    for (let natural = 1; natural <= D20; natural++) if (savingThrow({ natural, bonus, dc }).success) made++;
    return made / D20;
  });
}

/** Odds of an Advanced Wound Trauma save (Appendix 1): nothing, dazed 1 round, stunned (1 round or 2d6). */
export interface WoundTraumaSaveOdds {
  none: number;
  dazed: number;
  /** Stunned for 1 round (failed by 5–9). */
  stunnedOneRound: number;
  /** Stunned for 2d6 rounds (failed by 10 or more). */
  stunnedRolled: number;
}

/** The Advanced Wound Trauma save's outcomes for a Fortitude bonus against a DC, face by face. */
export function woundTraumaSaveOdds(fortitude: number, dc: number): WoundTraumaSaveOdds {
  assertInteger('save bonus', fortitude);
  assertInteger('DC', dc);
  return remember(woundMemo, `${fortitude}|${dc}`, () => woundOdds(fortitude, dc));
}

function woundOdds(fortitude: number, dc: number): WoundTraumaSaveOdds {
  const odds: WoundTraumaSaveOdds = { none: 0, dazed: 0, stunnedOneRound: 0, stunnedRolled: 0 };
  for (let natural = 1; natural <= D20; natural++) {
    // The engine rolls its 2d6 only for the long stun: a source that counts its dice tells which.
    let rolled = 0;
    const rounds: DiceSource = { roll: () => ((rolled += 1), 1) };
    const r = resolveAdvancedWoundTrauma({ saveTotal: natural + fortitude, dc, natural }, rounds);
    if (r.effect === 'none') odds.none += 1 / D20;
    else if (r.effect === 'dazed') odds.dazed += 1 / D20;
    else if (rolled > 0) odds.stunnedRolled += 1 / D20;
    else odds.stunnedOneRound += 1 / D20;
  }
  return Object.freeze(odds);
}

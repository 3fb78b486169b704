/**
 * The formatting helpers the cards, sheets and windows share (issue #34), in one place instead of a
 * local copy in each file. Each reads the client's `game.i18n` when called, so a card rendered on a
 * player's client reads in that player's language. No imports: any layer of the glue (the card
 * kernel included) may use it; the rules engine may not (no Foundry globals there).
 */

/** A lang key in the client's language. */
export const t = (key: string): string => game.i18n.localize(key);

/** A lang key with `{name}` placeholders filled, in the client's language. */
export const f = (key: string, data: Record<string, unknown>): string => game.i18n.format(key, data);

/** A lang key localized, or the text as it is when no lang file knows it (a combat model's own word). */
export const word = (key: string): string => (game.i18n.has(key) ? t(key) : key);

/** A modifier with its sign, ASCII hyphen-minus for a negative: `+3`, `+0`, `-2` (the dice-formula style). */
export const signed = (n: number): string => (n >= 0 ? `+${n}` : `${n}`);

/** A modifier with its sign, the typographic minus (U+2212) for a negative: `+3`, `+0`, `−2` (the card style). */
export const signedMinus = (n: number): string => (n < 0 ? `−${-n}` : `+${n}`);

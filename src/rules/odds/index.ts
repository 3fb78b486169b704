/**
 * Exact odds of an attack (issue #20), exposed as `game.gng.rules.odds`: computed, not sampled, from
 * the same engine functions the cards roll with. docs/rules.md "Exact odds (issue #20)" gives the
 * decisions (chain depth, what "exact" covers); docs/api.md "Odds" the API.
 */
export * from './distribution.js';
export * from './hit-odds.js';
export * from './save-odds.js';
export * from './damage-odds.js';
export * from './outcome-odds.js';
export * from './attack-odds.js';

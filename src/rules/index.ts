/**
 * The Grim-n-Gritty rules engine: the public API exposed to macros and modules as `game.gng.rules`.
 * Pure TypeScript; every number of the rules lives in this folder, once.
 */
export * from './types.js';
export * from './validate.js';
export * from './dice.js';
export * from './sizes.js';
export * from './abilities.js';

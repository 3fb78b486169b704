/**
 * Entry point of the Grim-n-Gritty system for Foundry VTT v13 (built to dist/gng.mjs). Every hook
 * the system registers is listed in src/hooks/register-hooks.ts; what `init` registers (data models,
 * document classes, sheets, settings, cards, the public API `game.gng`, with the rules engine at
 * `game.gng.rules`) is in src/init.ts.
 */
import { registerHooks } from './hooks/register-hooks.js';

registerHooks();

/**
 * The system's public API, exposed as `game.gng` for macros and modules.
 */
import * as rules from './rules/index.js';
import type { GnGItem } from './documents/item.js';

export interface GnGApi {
  /** The pure rules engine (see docs/api.md). */
  rules: typeof rules;
  /** The system's version, from system.json. */
  version: string;
  /** Puts `source`'s item-targeted effects (a weapon spell) on `target` (a weapon); see GnGItem#applyEffectsTo. */
  applyItemEffects(source: Item, target: Item): Promise<ActiveEffect[]>;
}

export function createApi(version: string): GnGApi {
  return {
    rules,
    version,
    applyItemEffects: (source, target) => (source as GnGItem).applyEffectsTo(target),
  };
}

/**
 * The system's public API, exposed as `game.gng` for macros and modules.
 */
import * as rules from './rules/index.js';
import type { GnGItem } from './documents/item.js';
import type { AttackOptions } from './combat/attack-options.js';
import { startAttack } from './combat/attack-flow.js';
import { rollItemMacro } from './hooks/hotbar-macro.js';

export interface GnGApi {
  /** The pure rules engine (see docs/api.md). */
  rules: typeof rules;
  /** The system's version, from system.json. */
  version: string;
  /** Puts `source`'s item-targeted effects (a weapon spell) on `target` (a weapon); see GnGItem#applyEffectsTo. */
  applyItemEffects(source: Item, target: Item): Promise<ActiveEffect[]>;
  /**
   * What a weapon's hotbar macro runs: attacks with the weapon of this uuid for its actor (which the
   * user must own) — the attack dialog, or the default options with Shift held.
   */
  rollItemMacro(uuid: string): Promise<ChatMessage | null>;
  /**
   * Starts the opposed attack flow: `actor` attacks the user's targets with `weapon` (an equipped
   * weapon); resolves with the attack card, or null (refused or cancelled). See src/combat/attack-flow.ts.
   */
  attack(actor: Actor, weapon: Item, options?: AttackOptions): Promise<ChatMessage | null>;
}

export function createApi(version: string): GnGApi {
  return {
    rules,
    version,
    applyItemEffects: (source, target) => (source as GnGItem).applyEffectsTo(target),
    rollItemMacro,
    attack: (actor, weapon, options) => startAttack(actor, weapon, options),
  };
}

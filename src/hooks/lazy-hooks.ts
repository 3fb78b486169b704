/**
 * The hooks of code loaded on first use (issue #29), the second half of the list in
 * src/hooks/register-hooks.ts: each part calls its entry once as it loads, handing its handlers. This
 * file imports only types, so loading it loads nothing else.
 */
import type * as sagaTurns from '../combat/saga-turns.js';
import type * as egTurns from '../combat/eg-turns.js';
import type * as egTable from '../models/eg-table.js';
import type * as egTokens from '../models/eg-tokens.js';
import type * as tcTracker from '../models/tc-tracker.js';
import type * as tcTable from '../models/tc-table.js';
import type * as grappleAsk from '../cards/grapple/grapple-ask.js';

/**
 * The combat models' glue (src/settings/combat-model.ts loads it with its model): each part calls
 * its entry once as it registers; its hooks do nothing under another model.
 */
export const modelHooks = {
  saga(on: typeof sagaTurns.sagaTurnHooks): void {
    Hooks.on('updateActor', on.updateActor);
    Hooks.on('renderCombatTracker', on.renderCombatTracker);
    Hooks.on('updateCombat', on.updateCombat);
  },
  egTokens(on: typeof egTokens.egTokenHooks): void {
    Hooks.on('updateCombatant', on.updateCombatant);
    Hooks.on('createCombatant', on.createCombatant);
    Hooks.on('deleteCombat', on.deleteCombat);
  },
  egTable(on: typeof egTable.egTableHooks): void {
    Hooks.on('renderCombatTracker', on.renderCombatTracker);
    Hooks.on('updateActor', on.redrawOnActor);
    Hooks.on('updateActor', on.syncUnconscious);
    Hooks.on('updateCombat', on.updateCombat);
  },
  egTurns(on: typeof egTurns.egTurnHooks): void {
    Hooks.on('renderCombatTracker', on.renderCombatTracker);
    Hooks.on('updateCombat', on.updateCombat);
  },
  tcTracker(on: typeof tcTracker.tcTrackerHooks): void {
    Hooks.on('renderCombatTracker', on.renderCombatTracker);
    Hooks.on('updateCombatant', on.updateCombatant);
    Hooks.on('deleteCombat', on.deleteCombat);
  },
  // Real Foundry calls the render hook of each class of the sheet; the leaf classes are enough.
  tcTable(sheetRendered: typeof tcTable.tcSheetRendered): void {
    Hooks.on('renderCharacterSheet', sheetRendered);
    Hooks.on('renderNpcSheet', sheetRendered);
  },
};

/** Token Action HUD (loaded when the module hands over its API): a card posted or changed refreshes it. */
export function tokenActionHudCardHooks(refresh: (message: ChatMessage) => void): void {
  Hooks.on('createChatMessage', refresh);
  Hooks.on('updateChatMessage', refresh);
}

/**
 * The cards loaded on first use that watch more than their own messages (their render and query
 * hooks are the kernel's).
 */
export const cardHooks = {
  /**
   * The grapple card (src/cards/grapple/grapple-ask.ts, as it loads): its index first (the sheets
   * read it), then its attacks of opportunity's, then the grapplers' sheets and the cards that
   * follow their actors' conditions and items (the card's view, grapple-view.ts).
   */
  grapple(on: typeof grappleAsk.grappleHooks): void {
    Hooks.on('createChatMessage', on.index.createChatMessage);
    Hooks.on('updateChatMessage', on.index.updateChatMessage);
    Hooks.on('deleteChatMessage', on.index.deleteChatMessage);
    Hooks.once('ready', on.index.ready);
    Hooks.on('createChatMessage', on.aoo.createChatMessage);
    Hooks.on('updateChatMessage', on.aoo.updateChatMessage);
    Hooks.on('deleteChatMessage', on.aoo.deleteChatMessage);
    Hooks.once('ready', on.aoo.ready);
    Hooks.on('createChatMessage', on.renderGrapplersSheets);
    for (const hook of ['createActiveEffect', 'updateActiveEffect', 'deleteActiveEffect'])
      Hooks.on(hook, on.onEmbeddedChanged);
    for (const hook of ['createItem', 'updateItem', 'deleteItem']) Hooks.on(hook, on.onEmbeddedChanged);
    Hooks.on('updateChatMessage', on.renderGrapplersSheets);
  },
};

/**
 * Every Foundry hook the system registers, in one list (issue #34), grouped by what it serves; each
 * calls into the module that does the work. Nothing else in src/ calls `Hooks.on`/`Hooks.once`
 * (test/integration/architecture-hooks.test.ts), except:
 * - the cards: `registerCard`/`registerLazyCard` (src/cards/kernel/) are the one place a card's render,
 *   query and message hooks are registered; what else a card watches is listed here (`cardHooks`),
 *   its handler exported from its folder;
 * - an open actor sheet listening to `targetToken` while it is open (removed on close), and the
 *   in-Foundry self-test's probe of `preUpdateSetting` (removed at once).
 * Hooks of the same event run in the order registered here (a token HUD's buttons, the tracker's
 * badges): the groups keep the order the system has always registered them in.
 * Code loaded on first use (issue #29) registers its hooks through src/hooks/lazy-hooks.ts, the
 * second half of this list: the combat models' glue, the grapple card, the Token Action HUD integration.
 */
import { initCards, initEnd, initStart } from '../init.js';
import { syncInjuryStatus, injuryOnUpdate } from './injury-status.js';
import { hpStatusesOnUpdate } from './hp-statuses.js';
import { conditionStepHooks } from './condition-step.js';
import { defeatedOnEffect, overlayDefeated } from './defeated-status.js';
import { applyDefaultItemImage } from '../config/item-images.js';
import { warnOnEffect, warnSkippedEffectChanges, warnWorld } from './effect-guard-warnings.js';
import { combatModelHooks } from '../settings/combat-model-setting.js';
import { onWorldTime, recordEffectStartTime } from '../combat/world-time-register.js';
import { effectTimingHooks } from '../combat/effect-timings.js';
import { statusHoldHooks } from '../combat/status-holds.js';
import { budgetDisplayHooks } from '../combat/budget-display.js';
import { regenerateOnUpdate } from './regeneration.js';
import { addGrappleToHud } from './grapple-hud.js';
import { conditionsTimerHooks } from '../combat/conditions-timer.js';
import { onTokenActionHudCore } from '../integrations/token-action-hud/register.js';
import { simulatorButtonIn } from '../simulator/register.js';
import { importerButtonIn } from '../bestiary/register.js';
import { repairOnReady } from '../data/world-repair-register.js';
import { onRenderCompendium } from '../config/compendium-index.js';
import { dropOnHotbar } from './hotbar-macro.js';
import { combatOptionHooks } from '../cards/attack/combat-options-card.js';
import { decorateAttackOdds } from '../cards/attack/attack-odds-register.js';
import { grappleStartHooks } from '../cards/grapple/grapple-register.js';
import { addQuickStandToHud } from '../cards/quick-stand/quick-stand-register.js';
import { migrateCareOnReady } from '../cards/rest/rest-register.js';
import { suppressOnTokenMoved } from '../cards/suppress/suppress-register.js';
import { flowDefense } from '../cards/opponent-feats/flow-with-enemy.js';
import { featOfferTriggers } from '../cards/feat-offer/feat-offer-start.js';
import { addCombatSenseToDialog } from '../cards/opponent-feats/combat-sense-dialog.js';
import { addOpponentFeatsToHud } from '../cards/opponent-feats/opponent-feats-hud.js';

/** One hook: its event and its handler. */
type Entry = [event: string, handler: HookCallback];

/** Registers each entry in order (`ready` once: it fires once). */
function listen(...entries: Entry[]): void {
  for (const [event, handler] of entries) Hooks[event === 'ready' ? 'once' : 'on'](event, handler);
}

/** One handler on several events. */
const each = (events: string[], handler: HookCallback): Entry[] => events.map((event) => [event, handler]);

/** Actors, items, effects and settings: statuses kept in step, guards, records, the world's time. */
function documentHooks(): void {
  listen(
    // Injury markers (injury-status.ts), HP states (hp-statuses.ts), the condition track's marker and
    // guard (condition-step.ts), the defeated overlay (defeated-status.ts).
    ['createActor', syncInjuryStatus],
    ['updateActor', injuryOnUpdate],
    ['updateActor', hpStatusesOnUpdate],
    ['preUpdateActor', conditionStepHooks.preUpdateActor],
    ['updateActor', conditionStepHooks.updateActor],
    ['createActor', conditionStepHooks.createActor],
    ['ready', conditionStepHooks.ready],
    ['preCreateActiveEffect', overlayDefeated],
    ['createActiveEffect', defeatedOnEffect],
    ['deleteActiveEffect', defeatedOnEffect],
    // A new item's default image (config/item-images.ts).
    ['preCreateItem', applyDefaultItemImage],
    // Effect changes the guard skipped, told to the GM (effect-guard-warnings.ts).
    ...each(['createActiveEffect', 'updateActiveEffect', 'deleteActiveEffect'], warnOnEffect),
    ...each(
      ['createActor', 'updateActor', 'createItem', 'updateItem', 'deleteItem'],
      warnSkippedEffectChanges,
    ),
    ['ready', warnWorld],
    // The combat model: full HP at creation under another model, its setting's guard.
    ['createActor', combatModelHooks.createActor],
    ['preCreateSetting', combatModelHooks.guardWrite],
    ['preUpdateSetting', combatModelHooks.guardWrite],
    // Time outside combat (world-time-register.ts).
    ['preCreateActiveEffect', recordEffectStartTime],
    ['updateWorldTime', onWorldTime],
    // The records kept in world settings: effect timings, status holds.
    ['createActiveEffect', effectTimingHooks.createActiveEffect],
    ['updateActiveEffect', effectTimingHooks.updateActiveEffect],
    ['deleteActiveEffect', effectTimingHooks.deleteActiveEffect],
    ['ready', effectTimingHooks.ready],
    ['deleteActiveEffect', statusHoldHooks.deleteActiveEffect],
    ['ready', statusHoldHooks.ready],
  );
}

/**
 * What a card watches besides its own messages (their render, query and message hooks are the card
 * kernel's, registered by `registerCard`/`registerLazyCard` in init.ts `initCards`, before these), in
 * the order of the cards there.
 */
function cardHooks(): void {
  listen(
    // The attack card: defensive statuses and Defensive Strike recorded (combat-options-card.ts),
    // then the odds drawn after the card's buttons (attack-odds-register.ts).
    ['createActiveEffect', combatOptionHooks.createActiveEffect],
    ['deleteActiveEffect', combatOptionHooks.deleteActiveEffect],
    ['gng.defense', combatOptionHooks.defense],
    ['renderChatMessageHTML', decorateAttackOdds],
    // The grapple card, until it is loaded: what loads it (grapple-register.ts; its own hooks are
    // lazy-hooks.ts `cardHooks.grapple`).
    ['createChatMessage', grappleStartHooks.createChatMessage],
    ['updateChatMessage', grappleStartHooks.updateChatMessage],
    ['deleteChatMessage', grappleStartHooks.deleteChatMessage],
    ['ready', grappleStartHooks.ready],
    ...each(
      ['createActiveEffect', 'updateActiveEffect', 'deleteActiveEffect'],
      grappleStartHooks.embeddedChanged,
    ),
    ...each(['createItem', 'updateItem', 'deleteItem'], grappleStartHooks.embeddedChanged),
    // Quick Stand's token HUD button, the rest card's care records moved, a token moving through a
    // suppressed area.
    ['renderTokenHUD', addQuickStandToHud],
    ['ready', migrateCareOnReady],
    ['moveToken', suppressOnTokenMoved],
    // The opponent feats: Flow with Enemy's dodge, the feat offers' triggers (feat-offer-start.ts),
    // Combat Sense in the attack dialog, the holder's token HUD.
    ['gng.preDefense', flowDefense],
    ['gng.applyDamage', featOfferTriggers.afterApply],
    ['gng.applyManeuver', featOfferTriggers.afterManeuver],
    ['gng.defense', featOfferTriggers.afterDefense],
    ['gng.abort', featOfferTriggers.afterBlock],
    ['renderAttackDialog', addCombatSenseToDialog],
    ['renderTokenHUD', addOpponentFeatsToHud],
  );
}

/** The table: the tracker, the token HUD, the sidebars, conditions' timers, modules we support. */
function tableHooks(): void {
  listen(
    ['renderCombatTracker', budgetDisplayHooks.renderCombatTracker],
    ['updateCombatant', budgetDisplayHooks.updateCombatant],
    ['updateCombat', budgetDisplayHooks.updateCombat],
    ['updateActor', regenerateOnUpdate],
    ['renderTokenHUD', addGrappleToHud],
    ['preCreateActiveEffect', conditionsTimerHooks.preCreateActiveEffect],
    ['createActiveEffect', conditionsTimerHooks.createActiveEffect],
    ['ready', conditionsTimerHooks.ready],
    ['tokenActionHudCoreApiReady', onTokenActionHudCore],
    ['renderActorDirectory', simulatorButtonIn.directory],
    ['renderCombatTracker', simulatorButtonIn.tracker],
    ['renderActorDirectory', importerButtonIn],
    ['ready', repairOnReady],
    ['renderCompendium', onRenderCompendium],
  );
}

/**
 * The system's hooks (src/gng.ts calls this once, as the module loads): `init` registers everything
 * (src/init.ts) and the hooks above; `ready` announces `gng.ready` to modules.
 */
export function registerHooks(): void {
  Hooks.once('init', () => {
    documentHooks();
    initStart();
    initCards();
    cardHooks();
    tableHooks();
    initEnd();
  });
  Hooks.once('ready', () => {
    // On ready, as draw-steel does, so that modules may register their own hotbarDrop handlers first.
    Hooks.on('hotbarDrop', dropOnHotbar);
    Hooks.callAll('gng.ready', game.gng);
  });
}

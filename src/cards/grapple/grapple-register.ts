/**
 * The grapple card's registration on `init` (issue #29): the card (grapple-ask.ts with its checks,
 * moves, undo, rendering, index and attack of opportunity) is loaded on first use — its query
 * reaching the GM, one of its cards rendered or posted, `game.gng.grapple` (the sheet, the token
 * HUD), a Stab and Grab hit, the sheet of a grappling actor, or on the active GM a grappling actor's
 * effects or items changing or an attack card while a grab waits for its attack of opportunity. Once
 * loaded, the card keeps itself up to date through its own hooks (`registerGrappleHooks`); until then
 * {@link grappleStartHooks} (src/hooks/register-hooks.ts) hand it the event that needed it. Its
 * indexes read the log on first use, so nothing before the load is missed.
 */
import { registerLazyCard } from '../kernel/lazy-card.js';
import { isGMMessage } from '../kernel/gm-message.js';
import { callModule, onDemand, withModule } from '../../on-demand.js';
import { SYSTEM_ID } from '../../config/document-types.js';
import { isActiveGM } from '../../documents/active-gm.js';
import { GRAPPLE_CARD_TEMPLATE, GRAPPLE_QUERY, grappleState, isGrappleMessage } from './grapple-state.js';

// What other cards read of a grapple card (the called shots' check for a grapple under way).
export { grappleState } from './grapple-state.js';
import type * as GrappleCard from './grapple-ask.js';

/** The card (grapple-ask.ts), loaded on first use; its hooks are registered with it, once. */
export const grappleModule = onDemand(async () => {
  const card = await import('./grapple-ask.js');
  card.registerGrappleHooks();
  return card;
});

const isGrappleCard = isGrappleMessage;

/** A GM's attack card (a grab may wait for it as its attack of opportunity: grapple-aoo.ts). */
function isAttackCard(message: ChatMessage): boolean {
  return Boolean(isGMMessage(message) && message.flags?.[SYSTEM_ID]?.type === 'attackCard');
}

/** Whether a GM's grapple card waits at the grab for the attack of opportunity its defender took. */
const waitsAtGrab = (message: ChatMessage): boolean => {
  const state = isGMMessage(message) ? grappleState(message) : null;
  return state?.phase === 'grab' && Boolean(state.aoo);
};

/**
 * The ids of the grapple cards waiting at the grab (null until first asked: one read of the log,
 * then kept by the message hooks, so an attack card in a long session does not read the whole log).
 */
let waiting: Set<string> | null = null;

function grabWaits(): boolean {
  waiting ??= new Set(game.messages.contents.filter(waitsAtGrab).map((m) => m.id as string));
  return waiting.size > 0;
}

/** Keeps {@link waiting} as a grapple card is posted, changed or deleted. */
function track(message: ChatMessage, deleted: boolean): void {
  if (!waiting || !isGrappleCard(message)) return;
  if (!deleted && waitsAtGrab(message)) waiting.add(message.id as string);
  else waiting.delete(message.id as string);
}

/** Before the card is loaded: loads it for an event that needs it (asked only then), then hands it the event. */
function whenNeeded(needed: () => boolean, use: (card: typeof GrappleCard) => void): void {
  if (!grappleModule.loaded && needed()) withModule(grappleModule, use);
}

/** Every rendered sheet of the actor `uuid` (after the card was loaded for it). */
function renderSheetsOf(uuid: string): void {
  for (const app of foundry.applications.instances.values()) {
    const document = (app as ApplicationV2 & { document?: FoundryDocument }).document;
    if (document?.uuid === uuid) void app.render(false);
  }
}

/**
 * The sheet's grapple moves (grapple-ask.ts `sheetGrapples`): none unless the actor is grappling;
 * the first sheet of a grappling actor loads the card and renders again with them.
 */
export function sheetGrapples(actor: Actor, user: User): GrappleCard.SheetGrapple[] {
  if (!actor.statuses.has('grappling')) return [];
  const card = grappleModule.loaded;
  if (card) return card.sheetGrapples(actor, user);
  withModule(grappleModule, () => renderSheetsOf(actor.uuid));
  return [];
}

/** A move pressed on a sheet (grapple-ask.ts `requestSheetGrappleMove`). */
export const requestSheetGrappleMove: typeof GrappleCard.requestSheetGrappleMove = (...args) =>
  callModule(grappleModule, (card) => card.requestSheetGrappleMove(...args));

/** Registers the query, the render hook and the template (on `init`). */
export function registerGrappleCard(): void {
  registerLazyCard({
    module: grappleModule,
    queries: {
      [GRAPPLE_QUERY]: (card, data, sender, context) => card.grappleCard.handle(data, sender, context),
    },
    renders: isGrappleCard,
    decorate: (card, message, html) => card.decorateGrappleCard(message, html),
    templates: [GRAPPLE_CARD_TEMPLATE],
    types: ['grapple'],
  });
}

/** A GM's attack card the active GM's waiting grab must see (grapple-aoo.ts), before the card is loaded. */
const aooNeeds = (message: ChatMessage) => isActiveGM() && isAttackCard(message) && grabWaits();

/** A message before the card is loaded: its grapplers' sheets, a waiting grab's attack of opportunity. */
function onMessage(message: ChatMessage, created: boolean): void {
  track(message, false);
  whenNeeded(
    () => isGrappleCard(message),
    (card) => card.renderGrapplersSheets(message),
  );
  whenNeeded(
    () => aooNeeds(message),
    (card) => (created ? card.onAttackCreated(message) : card.onAttackChanged(message)),
  );
}

/**
 * Until the card is loaded, what its own hooks (lazy-hooks.ts `cardHooks.grapple`) do once it is:
 * these load it for an event that needs it (src/hooks/register-hooks.ts lists them).
 */
export const grappleStartHooks = {
  createChatMessage: (message: ChatMessage) => onMessage(message, true),
  updateChatMessage: (message: ChatMessage) => onMessage(message, false),
  deleteChatMessage: (message: ChatMessage) => {
    track(message, true);
    whenNeeded(
      () => aooNeeds(message),
      (card) => card.onAttackChanged(message),
    );
  },
  // The log is loaded before `ready` without create hooks: read it again when next asked.
  ready: () => {
    waiting = null;
  },
  /** An effect or an item created, updated or deleted (`createActiveEffect` … `deleteItem`). */
  embeddedChanged: (document: ActiveEffect | Item) => {
    const actor = document.parent;
    if (actor?.documentName !== 'Actor') return;
    whenNeeded(
      () => isActiveGM() && (actor as Actor).statuses.has('grappling'),
      (card) => card.refreshGrappleCardsOf(actor as Actor),
    );
  },
};

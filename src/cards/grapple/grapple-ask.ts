/**
 * The grapple card (core "Grapple"; GnG "GRAPPLING", "Advanced Grappling", "Stab and Grab"):
 * `game.gng.grapple` (the sheet, the token HUD) asks the active GM to post one card for the user's
 * single targeted token; its state is the message's `system` (subtype `grapple`; `flags.gng.grapple`
 * on an older card). The start follows core "Starting a Grapple": the defender's owner takes or
 * declines the attack of opportunity (no Improved Grapple) before the attacker goes on; the attacker's melee touch attack is rolled against the defender's
 * rolled touch Defense; on a hit the attacker's hold check is rolled and the defender answers with a
 * grapple check; a won hold links both actors (`grappling`, each effect's `flags.gng.grappleWith`
 * names the other actor) and deals damage. A Stab and Grab hit opens the card at the hold
 * ({@link openGrappleOnHit}).
 *
 * Every check is opposed: the acting side's owners click an action (the GM rolls their check), then
 * the other side's owners click **Grapple check** (the GM rolls theirs) and the GM resolves it with the
 * engine. Each resolved step records what it changed, so **Undo** reverts step by step (decision G16:
 * who may). The card is a table of the card kernel whose targets are its two sides: everything runs on
 * the GM through the `gng.grappleAction` query `{ messageId, action, target: side, …fields }`, which
 * re-derives every number, queued per card and per actor.
 *
 * The card's modules: grapple-rules (state, permissions, availability, the side an action names),
 * grapple-index (the cards holding an actor, the queue keys), grapple-checks (weapons, bonuses,
 * rolls), grapple-render (template context), grapple-outcomes (what a step does to the actors),
 * grapple-moves (the GM resolves the checks), grapple-undo, grapple-start (new cards), grapple-actions
 * (the table), grapple-aoo (the attack of opportunity's attack card); this module: the asking client, the sheets' moves and the hooks. It re-exports the
 * public names.
 *
 * Hooks: `gng.grapple(message)` (the card is posted).
 */
import { isActiveGM } from '../../documents/active-gm.js';
import {
  askGM,
  describeDisabled,
  noTargetWarning,
  serialized,
  track,
  type CardActionResult,
  isGMMessage,
} from '../kernel/index.js';
import { SYSTEM_ID } from '../../config/document-types.js';
import {
  f,
  GRAPPLE_QUERY,
  grappleActionAvailable,
  grappleRequestSide,
  grappleState,
  grappleUserMayAct,
  other,
  pinnedSide,
  sideName,
  singleGrappleTarget,
  t,
  uuidOf,
  type GrappleAction,
  type GrappleOptions,
  type GrappleSide,
} from './grapple-rules.js';
import { activeGrapplesOf, grappleIndexHooks, grappleQueueKeys } from './grapple-index.js';
import { grappleCardContext, saveGrappleCard } from './grapple-render.js';
import { sideView, viewChanged } from './grapple-view.js';
import { grappleCard } from './grapple-actions.js';
import { grappleAooHooks } from './grapple-aoo.js';
import { cardHooks } from '../../hooks/lazy-hooks.js';
import { refusedHere } from '../model-guard.js';

export {
  GRAPPLE_ACTIONS,
  GRAPPLE_CARD_TEMPLATE,
  GRAPPLE_MOVES,
  GRAPPLE_QUERY,
  SIDED_MOVES,
  UNARMED_DAMAGE_DICE,
  grappleActionAvailable,
  grappleActionSide,
  grappleRequestSide,
  grappleState,
  grappleUserMayAct,
  singleGrappleTarget,
  undoRefusal,
  type GrappleAction,
  type GrappleCardState,
  type GrappleKeptDice,
  type GrappleMove,
  type GrappleOptions,
  type GrapplePending,
  type GrapplePhase,
  type GrappleRoll,
  type GrappleSide,
  type GrappleStep,
  type GrappleTimedEffect,
} from './grapple-rules.js';
export { activeGrapplesOf, type ActiveGrapple } from './grapple-index.js';
export {
  grappleCheckParts,
  grappleWeaponChoices,
  grappleWeaponOf,
  touchAttackBonus,
} from './grapple-checks.js';
export { grappleCardContext, renderGrappleCard } from './grapple-render.js';
export { grappleCard, handleGrappleAction, type GrappleTarget } from './grapple-actions.js';
export { openGrappleOnHit } from './grapple-start.js';
export { onAttackChanged, onCreated as onAttackCreated } from './grapple-aoo.js';

/* -------------------------------------------------------------------------- */
/*  The asking client                                                          */
/* -------------------------------------------------------------------------- */

/**
 * `game.gng.grapple(actor, options)`: `actor` (owned by the user) starts a grapple against
 * `options.target` or the user's single targeted token; the GM posts the card.
 */
export async function startGrapple(actor: Actor, options: GrappleOptions = {}): Promise<ChatMessage | null> {
  if (refusedHere('gngGrapple', 'GNG.Model.Action.grapple')) return null;
  if (!actor.isOwner) {
    ui.notifications.warn(f('GNG.Error.Attack.NotAttackerOwner', { name: actor.name }));
    return null;
  }
  let target: { actorUuid: string; tokenId: string | null };
  if (options.target) target = { actorUuid: options.target.uuid, tokenId: null };
  else {
    const token = singleGrappleTarget(actor);
    if (!token) {
      // Nothing targeted (or no token on the scene) says what to do; several targets, to pick one.
      ui.notifications.warn(
        game.user.targets.size ? t('GNG.Grapple.Error.OneTarget') : noTargetWarning(actor),
      );
      return null;
    }
    target = { actorUuid: (token.actor as Actor).uuid, tokenId: token.id };
  }
  const result = (await askGM(GRAPPLE_QUERY, {
    action: 'start',
    actorUuid: actor.uuid,
    targetUuid: target.actorUuid,
    tokenId: target.tokenId,
  })) as CardActionResult & { messageId?: string };
  return result.ok && result.messageId ? (game.messages.get(result.messageId) ?? null) : null;
}

/**
 * Asks the active GM to run `action` on the grapple card `messageId`: `extra.side` is the side it
 * names (the request's `target`; default: the side the action names on the card as this client sees
 * it, `grappleRequestSide`), the rest of `extra` its own fields (`weapon`: `itemId`; `throwChoice`:
 * `feet`, `keep`). A refusal is shown as a warning.
 */
export function requestGrappleAction(
  messageId: string,
  action: GrappleAction,
  extra: Record<string, unknown> = {},
): Promise<CardActionResult> {
  const { side, ...fields } = extra;
  const target = side ?? grappleRequestSide(action, grappleState(game.messages.get(messageId)));
  // A side that is not a string is the GM's to refuse, like any forged request.
  return grappleCard.request(messageId, action, target as string, fields);
}

/** `renderChatMessageHTML` on a grapple card: the kernel's per-user buttons. */
export function decorateGrappleCard(message: ChatMessage, html: HTMLElement): void {
  if (!grappleState(message) && message.flags?.[SYSTEM_ID]?.grapple) {
    // A card of an older version of the system (its state is not read any more): it stays in the
    // log as a record, its buttons disabled with the reason (shown beside each: the kernel's).
    for (const button of html.querySelectorAll<HTMLButtonElement>('button[data-action]')) {
      button.disabled = true;
      button.title = t('GNG.Grapple.Error.OldCard');
      button.dataset.reason = t('GNG.Grapple.Error.OldCard');
    }
    describeDisabled(html);
    return;
  }
  // The kernel also removes the groups left without buttons (the other side's moves for a player).
  grappleCard.decorate(message, html);
}

/** One grapple as the actor's sheet offers it: the legal moves of the actor's side that the user may make. */
export interface SheetGrapple {
  messageId: string;
  label: string;
  /** The opposed check is waiting for this side. */
  waiting: string;
  buttons: { move: GrappleAction; side: string; label: string }[];
}

/**
 * The sheet's grapple moves (issue 7: "the grappler's sheet and the card offer the legal options"):
 * for each grapple card that holds `actor`, the buttons of the actor's row of the card that are
 * available now and that `user` may press, plus the Grapple check when the other side waits for it
 * and the actor's wound trauma save while it is owed. The sheet sends them through
 * {@link requestGrappleAction}, exactly as the card does.
 */
export function sheetGrapples(actor: Actor, user: User): SheetGrapple[] {
  // Every sheet render asks: skip the scan of the chat log unless the actor is grappling at all.
  if (!actor.statuses.has('grappling')) return [];
  return activeGrapplesOf(actor.uuid)
    .map(({ message, state, side }) => {
      const context = grappleCardContext(state) as {
        rows: {
          side: GrappleSide;
          buttons: { action: GrappleAction; targetId: GrappleSide; label: string }[];
        }[];
        oppose: { label: string };
        woundTrauma: { side: GrappleSide; button: string | null } | null;
      };
      const row = context.rows.find((r) => r.side === side);
      const buttons = (row?.buttons ?? [])
        // A row holds only the moves open now (grapple-render.ts).
        .filter((b) => grappleUserMayAct(user, b.action, state, b.targetId))
        .map((b) => ({ move: b.action, side: b.targetId as string, label: b.label }));
      const mayOppose =
        state.pending !== null && state.pending.side !== side && grappleUserMayAct(user, 'oppose', state);
      // The Grapple check names the answering side: this actor's.
      if (mayOppose) buttons.unshift({ move: 'oppose', side, label: context.oppose.label });
      // Advanced Wound Trauma: this actor's save for the last step's damage, before anything else.
      const save = context.woundTrauma;
      if (save?.button && save.side === side && grappleUserMayAct(user, 'woundTraumaSave', state, side))
        buttons.unshift({ move: 'woundTraumaSave', side, label: save.button });
      return {
        messageId: message.id as string,
        label: f('GNG.Grapple.SheetLabel', { opponent: sideName(state, other(side)) }),
        waiting: mayOppose ? '' : state.pending ? t('GNG.Grapple.SheetWaiting') : '',
        buttons,
      };
    })
    .concat(sheetBreakPins(actor, user));
}

/**
 * Break Another's Pin on the ally's sheet: each pin that `actor`'s grapple opponents hold on someone
 * else (on another card), while the user may break it now (grapple-break-pin.ts).
 */
function sheetBreakPins(actor: Actor, user: User): SheetGrapple[] {
  const found: SheetGrapple[] = [];
  const seen = new Set<string>();
  for (const { state, side } of activeGrapplesOf(actor.uuid)) {
    const pinner = uuidOf(state, other(side));
    for (const g of activeGrapplesOf(pinner)) {
      const id = g.message.id as string;
      const pinned = pinnedSide(g.state);
      const onCard = [g.state.attacker.actorUuid, g.state.defender.actorUuid].includes(actor.uuid);
      if (seen.has(id) || onCard || !pinned || uuidOf(g.state, pinned) === pinner) continue;
      seen.add(id);
      const w = sideView(g.state, pinned);
      if (
        !grappleActionAvailable('breakPin', g.state, w.advanced, w.held) ||
        !grappleUserMayAct(user, 'breakPin', g.state, pinned)
      )
        continue;
      const name = sideName(g.state, pinned);
      found.push({
        messageId: id,
        label: f('GNG.Grapple.BreakPin.Legend', { name }),
        waiting: '',
        buttons: [{ move: 'breakPin', side: pinned, label: f('GNG.Grapple.BreakPin.Button', { name }) }],
      });
    }
  }
  return found;
}

/** A move pressed on a sheet: the same request as the card's button, naming the button's side. */
export function requestSheetGrappleMove(
  messageId: string,
  move: string,
  side?: string,
  actorUuid?: string,
): Promise<CardActionResult> {
  // Break Another's Pin from the ally's sheet: the sheet's actor is the ally.
  if (move === 'breakPin')
    return requestGrappleAction(messageId, 'breakPin', { side, allyUuid: actorUuid ?? null });
  // An unknown move or side is refused (with its warning) by the GM's handler, as a forged card request is.
  return requestGrappleAction(messageId, move as GrappleAction, side === undefined ? {} : { side });
}

/**
 * Open sheets of the actors of a grapple card render again when the card changes (their moves
 * change). Only the open applications are looked at, never the chat log.
 */
export function renderGrapplersSheets(message: ChatMessage): void {
  // Only a GM's grapple card holds grapplers (a player's message may carry any flags).
  const state = isGMMessage(message) ? grappleState(message) : null;
  if (!state?.attacker || !state.defender) return;
  const uuids = new Set([state.attacker.actorUuid, state.defender.actorUuid]);
  for (const app of foundry.applications.instances.values()) {
    const document = (app as ApplicationV2 & { document?: FoundryDocument }).document;
    if (document && uuids.has(document.uuid)) void app.render(false);
  }
}

/**
 * Active GM: the grapple cards holding `actor` write its view again when its conditions or items
 * change (a pin or a stun running out gives moves back; a weapon drawn is a choice), so every client
 * draws them anew from their state (grapple-view.ts). Queued behind the card's own actions, and
 * reading the state then, so it never writes an older card over a newer one.
 */
export function refreshGrappleCardsOf(actor: Actor): void {
  // An ongoing grapple card holds only actors with the linked `grappling` status.
  if (!isActiveGM() || !actor.statuses.has('grappling')) return;
  for (const { message } of activeGrapplesOf(actor.uuid)) {
    const id = message.id as string;
    void track(
      serialized(grappleQueueKeys(id), async () => {
        const current = game.messages.get(id);
        const state = grappleState(current);
        if (!current || !state) return;
        if (viewChanged(state)) await saveGrappleCard(current, state);
      }),
    );
  }
}

/** An effect or item of an actor changed: the grapple cards holding it follow it. */
function onEmbeddedChanged(document: ActiveEffect | Item): void {
  const actor = document.parent;
  if (actor && actor.documentName === 'Actor') refreshGrappleCardsOf(actor as Actor);
}

/** The card's hooks' handlers: its indexes', then its own (src/hooks/lazy-hooks.ts `cardHooks.grapple`). */
export const grappleHooks = {
  index: grappleIndexHooks,
  // The defender's attack card that is its attack of opportunity (the touch attack waits for it).
  aoo: grappleAooHooks,
  renderGrapplersSheets: (message: ChatMessage) => renderGrapplersSheets(message),
  onEmbeddedChanged: (document: ActiveEffect | Item) => onEmbeddedChanged(document),
};

/**
 * The card's hooks, registered once when the card is loaded (grapple-register.ts: its query, render
 * hook and template are registered on `init`, and what happened before the load is handled there).
 */
export function registerGrappleHooks(): void {
  cardHooks.grapple(grappleHooks);
}

/**
 * The abort actions an attack card offers the HUD's actor now: Block (per melee weapon when it has
 * several, and the Breaking Block of each), Roll with the Blow, and the Riposte a Block allowed. The
 * card decides, not this file: an abort is listed exactly when the card would show its button to this
 * user (`available`, then `shown` or `may` of the card's table, on a GM's card whose results the user
 * sees), and a click sends the card's own request (`attackCard.request`, the fields its button sends),
 * which the active GM checks again. A card's `after` (the Riposte's attack) runs as after a click.
 */
import { attackCard } from '../../cards/attack/attack-actions.js';
import {
  blockWeapons,
  cardState,
  type AttackCardState,
  type CardTarget,
} from '../../cards/attack/attack-state.js';
import { isGMMessage, seesResult, type CardActionResult } from '../../cards/kernel/index.js';
import { f } from '../../format.js';

const ABORTS = ['block', 'rollWithBlow', 'riposte'] as const;
type AbortName = (typeof ABORTS)[number];

/** How many of the latest messages are searched for cards waiting on the actor. */
const RECENT_MESSAGES = 30;

/** What a click sends: the card, the target, the abort and the choices of its button. */
export interface AbortRequest {
  messageId: string;
  targetId: string;
  action: AbortName;
  weapon?: string;
  breaking?: boolean;
}

export interface OfferedAbort {
  id: string;
  label: string;
  request: AbortRequest;
}

/** The requests the card's buttons for `action` would send (one per Block weapon and kind). */
function variants(action: AbortName, base: Omit<AbortRequest, 'action'>, defender: Actor) {
  if (action !== 'block') return [{ request: { ...base, action }, weapon: null as string | null }];
  const weapons = blockWeapons(defender);
  const choices = weapons.length <= 1 ? [null] : weapons;
  return choices.flatMap((w) =>
    [false, true].map((breaking) => ({
      request: {
        ...base,
        action,
        ...(w ? { weapon: w.itemId } : {}),
        ...(breaking ? { breaking: true } : {}),
      } as AbortRequest,
      weapon: w?.name ?? null,
    })),
  );
}

/**
 * The card's button for this request, as far as the card's `shown` and `fields` read it: its data
 * attributes (the HUD has no card element to pass).
 */
function buttonOf(request: AbortRequest): HTMLButtonElement {
  const dataset: Record<string, string> = { action: request.action, targetId: request.targetId };
  if (request.weapon) dataset.weapon = request.weapon;
  if (request.breaking) dataset.breaking = 'true';
  return { dataset } as unknown as HTMLButtonElement;
}

/** Whether the card would show this abort's button to `user`. */
function shownOnCard(user: User, state: AttackCardState, target: CardTarget, request: AbortRequest): boolean {
  const def = attackCard.spec.actions[request.action];
  if (!def.available(state, target)) return false;
  return def.shown ? def.shown(user, state, target, buttonOf(request)) : def.may(user, state, target);
}

function labelOf(request: AbortRequest, attacker: string, weapon: string | null): string {
  const kind = request.action === 'block' ? (request.breaking ? 'breakingBlock' : 'block') : request.action;
  return weapon
    ? f(`GNG.TokenActionHud.Abort.${kind}With`, { attacker, weapon })
    : f(`GNG.TokenActionHud.Abort.${kind}`, { attacker });
}

/** The aborts `actor` may take now on the latest attack cards, as `user` would see their buttons. */
export function offeredAborts(actor: Actor, user: User): OfferedAbort[] {
  const offers: OfferedAbort[] = [];
  for (const message of game.messages.contents.slice(-RECENT_MESSAGES)) {
    const state = cardState(message);
    if (!state || !isGMMessage(message) || !seesResult(user, message)) continue;
    for (const target of state.targets) {
      if (!target.actorUuid || target.actorUuid !== actor.uuid) continue;
      const base = { messageId: message.id as string, targetId: target.id };
      for (const action of ABORTS)
        for (const { request, weapon } of variants(action, base, actor)) {
          if (!shownOnCard(user, state, target, request)) continue;
          const key = [
            request.messageId,
            target.id,
            action,
            request.weapon ?? '',
            request.breaking ? 'b' : '',
          ];
          offers.push({
            id: `abort-${key.join('-')}`,
            label: labelOf(request, state.attacker.name, weapon),
            request,
          });
        }
    }
  }
  return offers;
}

/**
 * The click: the card read again (it may have moved on since the HUD was drawn), then the card's own
 * request with the fields its button sends; the answer as after a click on the card (a refusal is
 * shown by the request).
 */
export async function takeAbort(request: AbortRequest, user: User): Promise<CardActionResult> {
  const message = game.messages.get(request.messageId);
  const state = cardState(message);
  const target = state?.targets.find((candidate) => candidate.id === request.targetId);
  if (!message || !state || !target || !isGMMessage(message) || !shownOnCard(user, state, target, request)) {
    ui.notifications.warn(game.i18n.localize('GNG.TokenActionHud.AbortGone'));
    return { ok: false, error: 'GNG.TokenActionHud.AbortGone' };
  }
  const def = attackCard.spec.actions[request.action];
  const fields = def.fields ? def.fields(buttonOf(request), state, target) : {};
  if ('ok' in fields && typeof fields.ok === 'boolean') return fields as CardActionResult;
  const result = await attackCard.request(request.messageId, request.action, request.targetId, fields);
  return result.ok && def.after ? def.after(request.messageId, target, result) : result;
}

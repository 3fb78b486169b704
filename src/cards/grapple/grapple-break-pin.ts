/**
 * Break Another's Pin (core "If the Character is Grappling": "Make an opposed grapple check; if the
 * character succeeds, he or she can break the hold that an opponent has over an ally"), on the grapple
 * card where the ally is pinned. It is one of the options of a grappling character, so the one who
 * breaks the pin is in the grapple: it grapples the pinner on a grapple card of its own (core "Joining
 * a Grapple"). Its owner presses **Break the pin** on the pinned creature's card; the GM rolls its
 * grapple check (its own card's weapon and bonuses) as the pending check of the pinned side, the
 * pinner's owners answer with their Grapple check, and a win clears the pin — not the grapple
 * (grapple-moves.ts `resolve`). Undo restores the pin with its rounds left (grapple-undo.ts).
 * Decision: docs/rules.md "Spells, powers and the smaller rules of issue #18".
 */
import { actorOf, owns, payload, Refusal } from '../kernel/index.js';
import {
  abilitiesOf,
  keptDie,
  other,
  pinnedSide,
  uuidOf,
  type GrappleAlly,
  type GrappleCardState,
  type GrappleSide,
} from './grapple-rules.js';
import { activeGrapplesOf, type ActiveGrapple } from './grapple-index.js';
import { checkBonus, roll } from './grapple-checks.js';
import { selectedActors } from '../../documents/selected-tokens.js';

/** The grapples in which `allyUuid` holds (or is held by) the pinner of `state`, other than this card. */
function allyGrapples(state: GrappleCardState, messageId: string, allyUuid: string): ActiveGrapple[] {
  const pinned = pinnedSide(state, true);
  if (!pinned) return [];
  const pinner = uuidOf(state, other(pinned));
  return activeGrapplesOf(allyUuid, messageId).filter((g) => uuidOf(g.state, other(g.side)) === pinner);
}

/**
 * The ally `user` breaks the pin with, as its client sees it: an actor the user owns, not on this
 * card, grappling the pinner (a selected token's actor first), or null.
 */
export function breakPinAlly(state: GrappleCardState, user: User = game.user): string | null {
  const pinned = pinnedSide(state);
  if (!pinned) return null;
  const pinner = uuidOf(state, other(pinned));
  const onCard = [state.attacker.actorUuid, state.defender.actorUuid];
  // This card's other side is the pinned one: on the card, so never the ally.
  const candidates = activeGrapplesOf(pinner)
    .map((g) => uuidOf(g.state, other(g.side)))
    .filter((uuid) => !onCard.includes(uuid) && owns(user, uuid));
  const selected = selectedActors().map((actor) => actor.uuid);
  return candidates.find((uuid) => selected.includes(uuid)) ?? candidates[0] ?? null;
}

/** The request's own field: `{ allyUuid }` (a string, or null or absent when the client found none). */
export const parseBreakPin = payload(
  { allyUuid: { kind: 'str', optional: true, nullable: true, max: 300 } },
  'GNG.Error.Attack.BadRequest',
);

/**
 * The GM: the ally's grapple check for the pinned `side`, left pending for the pinner's answer. Refused
 * when the side is not pinned, without an ally the user owns (a GM: anyone's) that grapples the pinner
 * on another card, or when that ally is itself held or can take no actions.
 */
export async function startBreakPin(
  state: GrappleCardState,
  messageId: string,
  side: GrappleSide,
  user: User,
  extra: Record<string, unknown>,
  actorFor: (side: GrappleSide) => Actor,
  rolls: Roll[],
): Promise<void> {
  const pinned = actorFor(side);
  if (pinnedSide(state, true) !== side)
    throw new Refusal('GNG.Grapple.Error.Unavailable.breakPin', { name: pinned.name });
  const allyUuid = extra.allyUuid as string | null;
  const ally = allyUuid ? await actorOf(allyUuid) : null;
  if (!ally) throw new Refusal('GNG.Grapple.Error.NoAlly', { name: pinned.name });
  if (!user.isGM && !owns(user, ally.uuid))
    throw new Refusal('GNG.Grapple.Error.AllyNotYours', { name: ally.name });
  const pinner = actorFor(other(side));
  const grapple = allyGrapples(state, messageId, ally.uuid)[0];
  if (!grapple || ally.uuid === pinned.uuid)
    throw new Refusal('GNG.Grapple.Error.AllyNotGrappling', { name: ally.name, pinner: pinner.name });
  const who = abilitiesOf(ally);
  if (who.held || who.cannotAct) throw new Refusal('GNG.Grapple.Error.AllyCannotAct', { name: ally.name });
  const bonus = checkBonus(grapple.state, grapple.side, ally, 'start');
  const allyRecord: GrappleAlly = { actorUuid: ally.uuid, name: ally.name };
  state.pending = {
    move: 'breakPin',
    side,
    by: user.id as string,
    roll: await roll(bonus, rolls, keptDie(state, 'breakPin', side, side)),
    ally: allyRecord,
  };
}

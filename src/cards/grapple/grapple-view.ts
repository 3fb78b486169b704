/**
 * What the grapple card draws of its two actors (issue #34): who is pinned or locked, who has
 * Advanced Grapple, who can take no actions, and each side's weapon choices. The GM writes it into the
 * card's `system` (`view`) whenever it saves the card (grapple-render.ts `saveGrappleCard`, the
 * post) and when a grappling actor's effects or items change (grapple-ask.ts
 * `refreshGrappleCardsOf`), so that every client draws the card from its state alone, in its own
 * language. What decides a step is read from the actors on the GM's client as the step runs.
 */
import {
  abilitiesOf,
  uuidOf,
  type GrappleAbilities,
  type GrappleCardState,
  type GrappleSide,
} from './grapple-rules.js';
import { grappleWeaponChoices } from './grapple-checks.js';

/**
 * A side's actor as the card draws it (issue #34): its Advanced Grapple, pin, lock, the condition
 * that leaves it no actions, and the weapons it may choose. The GM writes it into the card's `system`
 * whenever it saves the card and when a grappling actor's effects or items change, so that every
 * client draws the card from its state alone (grapple-view.ts).
 */
export interface GrappleSideView extends GrappleAbilities {
  pinned: boolean;
  locked: boolean;
  /** Its weapon choices (grapple-checks.ts `grappleWeaponChoices`): item id and name. */
  weapons: { itemId: string; name: string }[];
}

/** Both sides as the card draws them. */
export interface GrappleView {
  attacker: GrappleSideView;
  defender: GrappleSideView;
}

/** `actor` as the card would draw it now (no actor: nothing it may do, no weapon). */
function actorView(actor: Actor | null, state: GrappleCardState): GrappleSideView {
  const weapons = actor ? grappleWeaponChoices(actor, state) : [];
  return {
    ...abilitiesOf(actor),
    pinned: Boolean(actor?.statuses.has('pinned')),
    locked: Boolean(actor?.statuses.has('locked')),
    weapons: weapons.map((item) => ({ itemId: item.id as string, name: item.name })),
  };
}

const actorAt = (state: GrappleCardState, side: GrappleSide) =>
  fromUuidSync(uuidOf(state, side)) as Actor | null;

/** GM side: both actors as they are now, for the card's `view`. */
export function viewNow(state: GrappleCardState): GrappleView {
  return {
    attacker: actorView(actorAt(state, 'attacker'), state),
    defender: actorView(actorAt(state, 'defender'), state),
  };
}

/** A side as the card draws it: its GM-written view, or on a card from before it, its actor now. */
export function sideView(state: GrappleCardState, side: GrappleSide): GrappleSideView {
  return state.view?.[side] ?? actorView(actorAt(state, side), state);
}

/** A view as one string, its keys in one order (a stored view comes back in the stored order). */
function viewKey(view: GrappleView | null | undefined): string {
  const side = (v: GrappleSideView) => [
    v.advanced,
    v.held,
    v.cannotAct,
    v.pinned,
    v.locked,
    v.weapons.map((w) => [w.itemId, w.name]),
  ];
  return JSON.stringify(view ? [side(view.attacker), side(view.defender)] : null);
}

/** GM side: whether the card's view is no longer its actors as they are now. */
export const viewChanged = (state: GrappleCardState): boolean =>
  viewKey(viewNow(state)) !== viewKey(state.view);

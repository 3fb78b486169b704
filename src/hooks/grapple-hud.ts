/**
 * The token HUD's **Grapple** button (issue 7, "Start a grapple from the sheet or token HUD"): shown
 * when the user owns the token's actor and targets exactly one other token; it starts the grapple
 * card (`startGrapple`) against that target, like the sheet's button.
 */
import { singleGrappleTarget } from '../cards/grapple/grapple-state.js';
import { grappleModule } from '../cards/grapple/grapple-register.js';
import { callModule } from '../on-demand.js';
import { addHudButton } from './hud-button.js';
import { modelOffers } from '../settings/combat-model.js';

/** Whether the HUD of a token of `actor` offers Grapple to the current user. */
export function mayGrappleFromHud(actor: Actor | null | undefined): actor is Actor {
  // Not under a combat model without GnG's grapple (issue #26).
  return !!actor && actor.isOwner && singleGrappleTarget(actor) !== null && modelOffers('gngGrapple');
}

/** `renderTokenHUD`: adds a labelled Grapple button to the HUD's left column. */
export function addGrappleToHud(hud: TokenHUD, html: HTMLElement): void {
  const actor = hud.object?.actor ?? null;
  if (!mayGrappleFromHud(actor)) return;
  const target = singleGrappleTarget(actor) as Token;
  addHudButton(html, {
    className: 'gng-grapple',
    label: game.i18n.format('GNG.Grapple.Hud', {
      name: actor.name,
      target: target.document?.name || target.actor?.name || '',
    }),
    icon: 'fa-solid fa-hands-holding',
    // Loads the card the first time (tracked, as the request it then sends).
    action: () => callModule(grappleModule, (grapple) => grapple.startGrapple(actor)),
  });
}

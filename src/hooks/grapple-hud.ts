/**
 * The token HUD's **Grapple** button (issue 7, "Start a grapple from the sheet or token HUD"): shown
 * when the user owns the token's actor and targets exactly one other token; it starts the grapple
 * card (`startGrapple`) against that target, like the sheet's button.
 */
import { singleGrappleTarget } from '../cards/grapple/grapple-flag.js';
import { grappleModule } from '../cards/grapple/grapple-register.js';
import { callModule } from '../on-demand.js';

/** Whether the HUD of a token of `actor` offers Grapple to the current user. */
export function mayGrappleFromHud(actor: Actor | null | undefined): actor is Actor {
  return !!actor && actor.isOwner && singleGrappleTarget(actor) !== null;
}

/** `renderTokenHUD`: adds a labelled Grapple button to the HUD's left column. */
export function addGrappleToHud(hud: TokenHUD, html: HTMLElement): void {
  const actor = hud.object?.actor ?? null;
  if (!mayGrappleFromHud(actor)) return;
  const target = singleGrappleTarget(actor) as Token;
  const column = html.querySelector('.col.left') ?? html;
  const button = html.ownerDocument.createElement('button');
  button.type = 'button';
  button.className = 'control-icon gng-grapple';
  const label = game.i18n.format('GNG.Grapple.Hud', {
    name: actor.name,
    target: target.document?.name || target.actor?.name || '',
  });
  button.title = label;
  button.setAttribute('aria-label', label);
  button.innerHTML = '<i class="fa-solid fa-hands-holding" inert></i>';
  button.addEventListener('click', (event) => {
    event.preventDefault();
    event.stopPropagation();
    button.disabled = true;
    // Loads the card the first time (tracked, as the request it then sends).
    void callModule(grappleModule, (grapple) => grapple.startGrapple(actor)).finally(() => {
      button.disabled = false;
    });
  });
  column.append(button);
}

export function registerGrappleHud(): void {
  Hooks.on('renderTokenHUD', (hud: TokenHUD, html: HTMLElement) => addGrappleToHud(hud, html));
}

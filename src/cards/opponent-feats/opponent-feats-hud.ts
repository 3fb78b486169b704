/**
 * The holder's controls for the feats that act on one opponent (issue #18), on its own token's HUD
 * (right-click its token): designate the targeted token for Combat Sense or Unbalance Opponent,
 * begin Flow with Enemy with it or end the flow, and fire a Hail of Bullets. Each is also an API
 * call (`game.gng.designateOpponent`, `flowWithEnemy`, `endFlow`, `hailOfBullets`). Registration of
 * the whole group (GM queries, the offer card) is here too.
 */
import {
  COMBAT_SENSE,
  flowOf,
  FLOW_WITH_ENEMY,
  UNBALANCE_OPPONENT,
  type DesignatingFeat,
} from '../../combat/opponent-feats.js';
import { designate, singleTarget } from './designate.js';
import { registerFeatOfferCard } from '../feat-offer/feat-offer-register.js';
import { endFlow, flowWithEnemy, registerFlowWithEnemy } from './flow-with-enemy.js';
import { HAIL_OF_BULLETS, hailOfBullets, hailWeapon, registerHailOfBullets } from './hail-of-bullets.js';
import { hasFeat } from '../../documents/actor-feats.js';
import { t, f } from '../../format.js';

/** One labelled HUD button. */
function hudButton(
  html: HTMLElement,
  label: string,
  icon: string,
  onClick: () => Promise<unknown>,
): HTMLButtonElement {
  const button = html.ownerDocument.createElement('button');
  button.type = 'button';
  button.className = 'control-icon gng-opponent-feat';
  button.title = label;
  button.setAttribute('aria-label', label);
  button.innerHTML = `<i class="fa-solid ${icon}" inert></i>`;
  button.addEventListener('click', (event) => {
    event.preventDefault();
    event.stopPropagation();
    button.disabled = true;
    void onClick().finally(() => {
      button.disabled = false;
    });
  });
  return button;
}

/** `renderTokenHUD`: the holder's buttons on its own token, for its owners. */
export function addOpponentFeatsToHud(hud: TokenHUD, html: HTMLElement): void {
  const actor = hud.object?.actor ?? null;
  if (!actor || !actor.isOwner) return;
  const column = html.querySelector('.col.right') ?? html;
  const feats: [DesignatingFeat, string][] = [
    [COMBAT_SENSE, 'fa-crosshairs'],
    [UNBALANCE_OPPONENT, 'fa-scale-unbalanced'],
  ];
  for (const [feat, icon] of feats)
    if (hasFeat(actor, feat))
      column.append(hudButton(html, t(`GNG.OpponentFeats.Hud.${feat}`), icon, () => designate(actor, feat)));
  if (hasFeat(actor, FLOW_WITH_ENEMY)) {
    if (flowOf(actor))
      column.append(hudButton(html, t('GNG.OpponentFeats.Hud.endFlow'), 'fa-water', () => endFlow(actor)));
    else
      column.append(
        hudButton(html, t(`GNG.OpponentFeats.Hud.${FLOW_WITH_ENEMY}`), 'fa-water', async () => {
          const token = singleTarget(actor);
          if (token) await flowWithEnemy(actor, token);
        }),
      );
  }
  const weapon = hasFeat(actor, HAIL_OF_BULLETS) ? hailWeapon(actor) : null;
  if (weapon)
    column.append(
      hudButton(html, f('GNG.OpponentFeats.Hud.hail', { weapon: weapon.name }), 'fa-burst', () =>
        hailOfBullets(actor, weapon),
      ),
    );
}

/**
 * Registers the group (on `init`); its hooks (the Flow Defense, the offers' triggers, Combat Sense in
 * the attack dialog, this HUD) are in src/hooks/register-hooks.ts.
 */
export function registerOpponentFeats(): void {
  registerFlowWithEnemy();
  registerHailOfBullets();
  registerFeatOfferCard();
}

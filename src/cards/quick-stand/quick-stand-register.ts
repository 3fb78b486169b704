/**
 * Quick Stand's registration on `init` (issue #29): its GM query, which loads the GM's side
 * (quick-stand-steps.ts: the check, the card) on first use, the token HUD's button and the card's template.
 */
import { registerLazyCard } from '../kernel/lazy-card.js';
import { onDemand } from '../../on-demand.js';
import { addHudButton } from '../../hooks/hud-button.js';
import { mayQuickStand, quickStand, QUICK_STAND_QUERY, QUICK_STAND_TEMPLATE } from './quick-stand-state.js';
import { t } from '../../format.js';

/** The GM's side (quick-stand-steps.ts), loaded by the first Quick Stand the GM's client answers. */
export const quickStandModule = onDemand(() => import('./quick-stand-steps.js'));

/**
 * `renderTokenHUD`: adds a labelled Quick Stand button to the HUD's left column when the token's actor
 * is prone and the user owns it.
 */
export function addQuickStandToHud(hud: TokenHUD, html: HTMLElement): void {
  const actor = hud.object?.actor ?? null;
  if (!actor || !actor.isOwner || !mayQuickStand(actor)) return;
  addHudButton(html, {
    className: 'gng-quick-stand',
    label: t('GNG.QuickStand.Action'),
    icon: 'fa-solid fa-person-arrow-up-from-line',
    action: () => quickStand(actor),
  });
}

/** Registers the query and the template (on `init`; the token HUD's button: src/hooks/register-hooks.ts). */
export function registerQuickStand(): void {
  registerLazyCard({
    module: quickStandModule,
    queries: {
      [QUICK_STAND_QUERY]: (gm, data, sender, context) => gm.handleQuickStand(data, sender, context),
    },
    templates: [QUICK_STAND_TEMPLATE],
    types: ['quickStand'],
  });
}

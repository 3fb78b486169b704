/**
 * The Time Count and Threshold of Pain model at the table (issue #32, lane world; docs/rules.md
 * "Sheet and world"), loaded with the model by its loader (TC_LOADER, src/settings/combat-model.ts) —
 * nothing of it is in the code a world loads at start. {@link registerTcTable} (once) sets:
 * - the sheet's TC block (tc-sheet.ts) and header label (tc-header.ts);
 * - the block's GM-only Heal: the button asks the active GM (`gng.tcHeal`), whose client splits the
 *   healing into Invigoration and fatigue reduction and posts a card with the exact Undo
 *   (src/cards/tc-heal/).
 * Every hook does nothing while the world plays another model.
 */
import { combatModel } from '../settings/combat-model.js';
import { registerLazyCard } from '../cards/kernel/lazy-card.js';
import { isGMMessage } from '../cards/kernel/gm-message.js';
import { track } from '../cards/kernel/index.js';
import { onDemand } from '../on-demand.js';
import {
  setModelHeaderLabel,
  setModelInitiative,
  setModelSheetBlock,
} from '../applications/sheets/model-sheet-blocks.js';
import { tcHeaderLabel } from '../applications/sheets/tc-header.js';
import { tcInitiativeOf, tcSheetBlock } from '../applications/sheets/tc-sheet.js';
import { registerTcImpairmentsSetting } from '../cards/attack/tc-settings.js';
import { registerTcManeuverCards } from '../cards/tc-maneuver/tc-maneuver-register.js';
import { TC_MODEL_ID } from '../rules/models/tc/state.js';
import { modelHooks } from '../hooks/lazy-hooks.js';
import { isTcHealCard } from '../cards/tc-heal/tc-heal-state.js';

const TC = TC_MODEL_ID;
const playing = () => combatModel().id === TC;

const healModule = onDemand(() => import('../cards/tc-heal/tc-heal-actions.js'));

/** The sheet's Heal button (GMs only see it): the amounts typed beside it, asked of the active GM. */
function wireHeal(app: { actor?: Actor }, html: HTMLElement): void {
  const button = html.querySelector<HTMLButtonElement>('.tc-heal-button');
  const actor = app.actor;
  // A render of another part leaves this button as it was: wired once.
  if (!button || !actor || !playing() || button.dataset.wired) return;
  button.dataset.wired = '1';
  const box = button.closest('.tc-heal') ?? html;
  const amount = (cls: string) => Number(box.querySelector<HTMLInputElement>(`.${cls}`)?.value ?? 0);
  button.addEventListener('click', (event) => {
    event.preventDefault();
    void track(
      healModule().then((m) =>
        m.requestTcHeal(actor, {
          invigoration: amount('tc-heal-invigoration'),
          fatigue: amount('tc-heal-fatigue'),
        }),
      ),
    );
  });
}

/** The owner's Change stance / Start the maneuver (the sheet's TC block): the cards' own calls. */
function wirePlay(app: { actor?: Actor }, html: HTMLElement): void {
  const actor = app.actor;
  const box = html.querySelector<HTMLElement>('.tc-play');
  if (!box || !actor || !playing() || box.dataset.wired) return;
  box.dataset.wired = '1';
  const api = game.gng as unknown as {
    tcStance(actor: Actor, stance: string): Promise<unknown>;
    tcManeuver(actor: Actor, maneuver: string): Promise<unknown>;
  };
  const choice = (cls: string) => box.querySelector<HTMLSelectElement>(`.${cls}`)?.value ?? '';
  box.querySelector('.tc-stance-button')?.addEventListener('click', (event) => {
    event.preventDefault();
    void track(api.tcStance(actor, choice('tc-stance-choice')));
  });
  box.querySelector('.tc-maneuver-button')?.addEventListener('click', (event) => {
    event.preventDefault();
    void track(api.tcManeuver(actor, choice('tc-maneuver-choice')));
  });
}

let registered = false;

/** Registers the TC glue (once; called as the model loads). */
export function registerTcTable(): void {
  if (registered) return;
  registered = true;
  // The optional impairments (002:82) as a world setting (the attack card reads it; tc-settings.ts).
  registerTcImpairmentsSetting();
  setModelSheetBlock(TC, tcSheetBlock);
  setModelHeaderLabel(TC, tcHeaderLabel);
  setModelInitiative(TC, tcInitiativeOf);
  // Lane maneuvers: the maneuver card and the stance request (game.gng.tcManeuver, game.gng.tcStance).
  registerTcManeuverCards();
  registerLazyCard({
    module: healModule,
    queries: {
      'gng.tcHeal': (m, data, sender, context) => m.handleTcHeal(data, sender, context),
      'gng.tcHealCard': (m, ...request) => m.tcHealCard.handle(...request),
    },
    renders: (message) => isTcHealCard(message) && isGMMessage(message),
    decorate: (m, message, html) => m.tcHealCard.decorate(message, html),
    templates: [],
    types: ['tcHeal'],
  });
  modelHooks.tcTable(tcSheetRendered);
}

/** `renderCharacterSheet`, `renderNpcSheet` (src/hooks/register-hooks.ts `modelHooks.tcTable`). */
export function tcSheetRendered(app: { actor?: Actor }, html: HTMLElement): void {
  wireHeal(app, html);
  wirePlay(app, html);
}

/**
 * Where the fight simulator opens (issue #20): a button in the actor directory's header actions
 * (`renderActorDirectory`, as dnd5e hooks it: `(app, html)` with `html` the directory's element) and
 * in the combat tracker (`renderCombatTracker`); both put it in the first container they find and
 * never twice. The window's template is loaded on `init`.
 */
import { SIMULATOR_TEMPLATE, openSimulator } from './simulator-app.js';

const BUTTON_CLASS = 'gng-open-simulator';

function button(doc: Document): HTMLButtonElement {
  const b = doc.createElement('button');
  b.type = 'button';
  b.className = BUTTON_CLASS;
  b.title = game.i18n.localize('GNG.Simulator.OpenHint');
  b.innerHTML = `<i class="fa-solid fa-chart-column" inert></i> `;
  b.append(doc.createTextNode(game.i18n.localize('GNG.Simulator.Open')));
  b.addEventListener('click', (event) => {
    event.preventDefault();
    void openSimulator();
  });
  return b;
}

/** Adds the button to `root` (in the first of `places` found, else at its start), once. */
export function addSimulatorButton(root: HTMLElement | null | undefined, places: readonly string[]): void {
  if (!root || typeof root.querySelector !== 'function' || root.querySelector(`.${BUTTON_CLASS}`)) return;
  const place = places.map((selector) => root.querySelector<HTMLElement>(selector)).find((el) => el);
  if (place) place.append(button(root.ownerDocument));
  else root.prepend(button(root.ownerDocument));
}

/** jQuery (v12 and modules) or an element (v13). */
function elementOf(html: unknown): HTMLElement | null {
  const isElement = (x: unknown): x is HTMLElement =>
    typeof (x as { querySelector?: unknown } | null)?.querySelector === 'function';
  if (isElement(html)) return html;
  const first = (html as { [0]?: unknown } | null)?.[0];
  return isElement(first) ? first : null;
}

export function registerSimulator(): void {
  Hooks.on('renderActorDirectory', (_app: unknown, html: unknown) =>
    addSimulatorButton(elementOf(html), ['.header-actions', '.directory-header']),
  );
  Hooks.on('renderCombatTracker', (_app: unknown, html: unknown) =>
    addSimulatorButton(elementOf(html), ['.combat-tracker-header', 'header', '.encounter-controls']),
  );
  void foundry.applications.handlebars.loadTemplates([SIMULATOR_TEMPLATE]);
}

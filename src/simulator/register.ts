/**
 * Where the fight simulator opens (issue #20): a button in the actor directory's header actions
 * (`renderActorDirectory`, as dnd5e hooks it: `(app, html)` with `html` the directory's element) and
 * in the combat tracker (`renderCombatTracker`); both put it in the first container they find and
 * never twice. The window's template is loaded on `init`; the window, the runs and the simulator's
 * engine are loaded the first time the window opens or `game.gng.simulate` runs (issue #29).
 */
import { systemPath } from '../config/document-types.js';
import { onDemand } from '../on-demand.js';
import { addSidebarButton, elementOf, type SidebarButton } from '../applications/sidebar-button.js';

export const SIMULATOR_TEMPLATE = systemPath('templates/apps/simulator.hbs');

/** The window (simulator-app.ts) with the runs (run.ts) and the engine, loaded on first use. */
export const simulatorModule = onDemand(() => import('./simulator-app.js'));

/** Opens (or brings forward) the simulator window, loading it the first time. */
export async function openSimulator() {
  return (await simulatorModule()).openSimulator();
}

const SIMULATOR_BUTTON: SidebarButton = {
  className: 'gng-open-simulator',
  icon: 'fa-chart-column',
  label: 'GNG.Simulator.Open',
  hint: 'GNG.Simulator.OpenHint',
  onClick: () => openSimulator(),
};

/** Adds the button to `root` (in the first of `places` found, else at its start), once. */
export function addSimulatorButton(root: HTMLElement | null | undefined, places: readonly string[]): void {
  addSidebarButton(root, places, SIMULATOR_BUTTON);
}

/** Its template, on `init` (its buttons' hooks: src/hooks/register-hooks.ts). */
export function registerSimulator(): void {
  void foundry.applications.handlebars.loadTemplates([SIMULATOR_TEMPLATE]);
}

/** `renderActorDirectory` and `renderCombatTracker`: the button in the header. */
export const simulatorButtonIn = {
  directory: (_app: unknown, html: unknown) =>
    addSimulatorButton(elementOf(html), ['.header-actions', '.directory-header']),
  tracker: (_app: unknown, html: unknown) =>
    addSimulatorButton(elementOf(html), ['.combat-tracker-header', 'header', '.encounter-controls']),
};

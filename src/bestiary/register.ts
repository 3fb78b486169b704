/**
 * Where the stat-block importer opens (issue #19): a button in the actor directory's header actions
 * (`renderActorDirectory`, `(app, html)` with `html` the directory's element, as the simulator's),
 * for GMs only, never twice. The window's templates (the result column is also a partial) are loaded
 * on `init`.
 */
import { IMPORTER_RESULT_TEMPLATE, IMPORTER_TEMPLATE, openImporter } from './importer-app.js';
import { addSidebarButton, elementOf, type SidebarButton } from '../applications/sidebar-button.js';

const IMPORTER_BUTTON: SidebarButton = {
  className: 'gng-open-importer',
  icon: 'fa-file-import',
  label: 'GNG.Importer.Open',
  hint: 'GNG.Importer.OpenHint',
  onClick: () => openImporter(),
};

/** Adds the button to the directory `root` (its header actions, else its header, else its start), once; GMs only. */
export function addImporterButton(root: HTMLElement | null | undefined): void {
  if (game.user.isGM) addSidebarButton(root, ['.header-actions', '.directory-header'], IMPORTER_BUTTON);
}

export function registerImporter(): void {
  Hooks.on('renderActorDirectory', (_app: unknown, html: unknown) => addImporterButton(elementOf(html)));
  void foundry.applications.handlebars.loadTemplates([IMPORTER_TEMPLATE, IMPORTER_RESULT_TEMPLATE]);
}

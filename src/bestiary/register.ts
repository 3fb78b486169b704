/**
 * Where the stat-block importer opens (issue #19): a button in the actor directory's header actions
 * (`renderActorDirectory`, `(app, html)` with `html` the directory's element, as the simulator's),
 * for GMs only, never twice. The window's templates (the result column is also a partial) are loaded
 * on `init`; the window, the parser and the bestiary conversion are loaded the first time the
 * window opens or `game.gng.importStatBlock` runs (issue #29).
 */
import { systemPath } from '../config/document-types.js';
import { onDemand } from '../on-demand.js';
import type { ImportStatBlockOptions } from './import.js';
import { addSidebarButton, elementOf, type SidebarButton } from '../applications/sidebar-button.js';

export const IMPORTER_TEMPLATE = systemPath('templates/apps/stat-block-importer.hbs');
export const IMPORTER_RESULT_TEMPLATE = systemPath('templates/apps/stat-block-result.hbs');
export const IMPORTER_ID = 'gng-stat-block-importer';

/** The window (importer-app.ts) with the import (import.ts), the parser and the conversion, loaded on first use. */
export const importerModule = onDemand(() => import('./importer-app.js'));

/** Who may import: GMs; anyone else gets the refusal (before anything is loaded). */
export function mayImport(): boolean {
  if (game.user.isGM) return true;
  ui.notifications.warn(game.i18n.localize('GNG.Importer.GMOnly'));
  return false;
}

/** Opens (or brings forward) the importer window, loading it the first time; GM only (others get null). */
export async function openImporter() {
  if (!mayImport()) return null;
  return (await importerModule()).openImporter();
}

/** `game.gng.importStatBlock`: loads the importer the first time; GM only (others get null). */
export async function importStatBlock(text: string, options?: ImportStatBlockOptions) {
  if (!mayImport()) return null;
  return (await importerModule()).importStatBlock(text, options);
}

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

/** `renderActorDirectory`: the importer's button in the directory's header. */
export const importerButtonIn = (_app: unknown, html: unknown) => addImporterButton(elementOf(html));

/** Its templates, on `init` (its button's hook: src/hooks/register-hooks.ts). */
export function registerImporter(): void {
  void foundry.applications.handlebars.loadTemplates([IMPORTER_TEMPLATE, IMPORTER_RESULT_TEMPLATE]);
}

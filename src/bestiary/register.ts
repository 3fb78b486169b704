/**
 * Where the stat-block importer opens (issue #19): a button in the actor directory's header actions
 * (`renderActorDirectory`, `(app, html)` with `html` the directory's element, as the simulator's),
 * for GMs only, never twice. The window's templates (the result column is also a partial) are loaded
 * on `init`.
 */
import { IMPORTER_RESULT_TEMPLATE, IMPORTER_TEMPLATE, openImporter } from './importer-app.js';

const BUTTON_CLASS = 'gng-open-importer';

function button(doc: Document): HTMLButtonElement {
  const b = doc.createElement('button');
  b.type = 'button';
  b.className = BUTTON_CLASS;
  b.title = game.i18n.localize('GNG.Importer.OpenHint');
  b.innerHTML = `<i class="fa-solid fa-file-import" inert></i> `;
  b.append(doc.createTextNode(game.i18n.localize('GNG.Importer.Open')));
  b.addEventListener('click', (event) => {
    event.preventDefault();
    void openImporter();
  });
  return b;
}

/** Adds the button to the directory `root` (its header actions, else its header, else its start), once; GMs only. */
export function addImporterButton(root: HTMLElement | null | undefined): void {
  if (!game.user.isGM) return;
  if (!root || typeof root.querySelector !== 'function' || root.querySelector(`.${BUTTON_CLASS}`)) return;
  const place = ['.header-actions', '.directory-header']
    .map((selector) => root.querySelector<HTMLElement>(selector))
    .find((el) => el);
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

export function registerImporter(): void {
  Hooks.on('renderActorDirectory', (_app: unknown, html: unknown) => addImporterButton(elementOf(html)));
  void foundry.applications.handlebars.loadTemplates([IMPORTER_TEMPLATE, IMPORTER_RESULT_TEMPLATE]);
}

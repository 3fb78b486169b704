/**
 * A button the system adds to a sidebar directory or the combat tracker (`render…` hooks): put in the
 * first of `places` found in the rendered element (else at its start), never twice. The hooks pass
 * jQuery in v12 and modules, an element in v13 (dnd5e `dnd5e.mjs` hooks `renderActorDirectory` with
 * `(app, html)` and queries `html`); {@link elementOf} takes either.
 */

/** What a sidebar button shows and does. */
export interface SidebarButton {
  /** Its class, which also keeps it from being added twice. */
  className: string;
  /** A Font Awesome icon class, e.g. `fa-chart-column`. */
  icon: string;
  /** Lang keys of its label and its tooltip. */
  label: string;
  hint: string;
  onClick: () => unknown;
}

/** jQuery (v12 and modules) or an element (v13). */
export function elementOf(html: unknown): HTMLElement | null {
  const isElement = (x: unknown): x is HTMLElement =>
    typeof (x as { querySelector?: unknown } | null)?.querySelector === 'function';
  if (isElement(html)) return html;
  const first = (html as { [0]?: unknown } | null)?.[0];
  return isElement(first) ? first : null;
}

function buttonFor(spec: SidebarButton, doc: Document): HTMLButtonElement {
  const b = doc.createElement('button');
  b.type = 'button';
  b.className = spec.className;
  b.title = game.i18n.localize(spec.hint);
  b.innerHTML = `<i class="fa-solid ${spec.icon}" inert></i> `;
  b.append(doc.createTextNode(game.i18n.localize(spec.label)));
  b.addEventListener('click', (event) => {
    event.preventDefault();
    void spec.onClick();
  });
  return b;
}

/** Adds the button to `root` (in the first of `places` found, else at its start), once. */
export function addSidebarButton(
  root: HTMLElement | null | undefined,
  places: readonly string[],
  spec: SidebarButton,
): void {
  if (!root || typeof root.querySelector !== 'function' || root.querySelector(`.${spec.className}`)) return;
  const place = places.map((selector) => root.querySelector<HTMLElement>(selector)).find((el) => el);
  if (place) place.append(buttonFor(spec, root.ownerDocument));
  else root.prepend(buttonFor(spec, root.ownerDocument));
}

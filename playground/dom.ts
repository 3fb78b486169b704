/** Small DOM, i18n and timing helpers shared by the playground's table, map, desk and chat log. */

export const t = (key: string): string => game.i18n.localize(key);
export const f = (key: string, data: Record<string, unknown>): string => game.i18n.format(key, data);

/** A new element with these properties and children. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/**
 * Makes `parent`'s children exactly `children`, in that order, removing what is not among them and
 * moving only what is out of place: an element kept from the last drawing stays attached. (The
 * table's actor pickers hold some 700 options each once used: detached and attached again on every
 * drawing, they cost the page a style and layout pass over every option, most of a drawing's time.)
 */
export function syncChildren(parent: Node, children: readonly Node[]): void {
  const wanted = new Set(children);
  for (const child of [...parent.childNodes]) if (!wanted.has(child)) parent.removeChild(child);
  let cursor = parent.firstChild;
  for (const child of children) {
    if (child === cursor) cursor = cursor.nextSibling;
    else parent.insertBefore(child, cursor);
  }
}

/**
 * Runs `run` (soon) once the page acts as its own user again: while a GM query runs, the harness
 * switches `game.user` to the GM, and what the page draws must be what the acting user sees.
 */
export function whenActingAs(user: () => User, run: () => void): void {
  const attempt = () => {
    if (game.user === user()) run();
    else setTimeout(attempt, 10);
  };
  setTimeout(attempt, 0);
}

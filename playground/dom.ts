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

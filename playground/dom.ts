/** Small DOM and i18n helpers shared by the playground's table and map. */

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

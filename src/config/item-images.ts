/**
 * A default image per item kind, from Foundry's core `icons/svg/` set (issue #33; which systems use
 * each path: docs/host.md "Default item images"). A new item without an image gets its kind's on
 * creation (`preCreateItem`, the creating client, before the data is sent); an image given at
 * creation — a pack's, an import's, one chosen in a dialog — is never replaced.
 */
export const DEFAULT_ITEM_IMAGES: Readonly<Record<string, string>> = {
  weapon: 'icons/svg/sword.svg',
  armor: 'icons/svg/mage-shield.svg',
  shield: 'icons/svg/shield.svg',
  equipment: 'icons/svg/item-bag.svg',
  feat: 'icons/svg/upgrade.svg',
  class: 'icons/svg/mystery-man.svg',
  spell: 'icons/svg/fire.svg',
  power: 'icons/svg/lightning.svg',
};

/** Foundry's own default item icon, for a kind we do not know. */
const CORE_ITEM_IMAGE = 'icons/svg/item-bag.svg';

/** The default image of an item of `type`. */
export function defaultItemImage(type: string): string {
  return DEFAULT_ITEM_IMAGES[type] ?? CORE_ITEM_IMAGE;
}

/** `preCreateItem`: an item created without an image gets its kind's. */
export function applyDefaultItemImage(item: Item, data: Record<string, unknown>): void {
  if (typeof data.img === 'string' && data.img.trim() !== '') return;
  item.updateSource({ img: defaultItemImage(item.type) });
}

/**
 * Item sheets with tabs (issue #33): Description, Details, Effects as real buttons in a tablist,
 * keyboard reachable, the chosen tab kept across renders; the Effects tab lists the item's own
 * effects with labelled buttons; a new item gets its kind's default image, never replacing one given.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { DEFAULT_ITEM_IMAGES } from '../../src/config/item-images.js';

const h = await getHarness();
beforeEach(() => h.reset(6));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

async function weapon(): Promise<Item> {
  const actor = await h.createActor({ name: 'Owner', type: 'character' });
  const [item] = await actor.createEmbeddedDocuments('Item', [{ name: 'Club', type: 'weapon' }]);
  return item as Item;
}

const tabs = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLButtonElement>('.sheet-tabs [role="tab"]')].map((b) => ({
    tab: b.dataset.tab,
    type: b.type,
    label: b.textContent?.trim(),
    selected: b.getAttribute('aria-selected'),
    tabindex: b.getAttribute('tabindex'),
  }));
const shown = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>('.sheet-tab-panel')]
    .filter((p) => !p.hidden)
    .map((p) => p.dataset.tab);

function key(root: HTMLElement, tab: string, keyName: string): void {
  const button = root.querySelector<HTMLElement>(`.sheet-tabs [data-tab="${tab}"]`) as HTMLElement;
  button.dispatchEvent(
    new h.window.KeyboardEvent('keydown', {
      key: keyName,
      bubbles: true,
      cancelable: true,
    }) as unknown as Event,
  );
}

describe('item sheet tabs', () => {
  it('three real tab buttons; Description shows first, the others hidden', async () => {
    const sheet = await h.openItemSheet(await weapon());
    const root = sheet.element;
    expect(root.querySelector('.sheet-tabs')?.getAttribute('role')).toBe('tablist');
    expect(tabs(root)).toEqual([
      { tab: 'description', type: 'button', label: 'Description', selected: 'true', tabindex: '0' },
      { tab: 'details', type: 'button', label: 'Details', selected: 'false', tabindex: '-1' },
      { tab: 'effects', type: 'button', label: 'Effects', selected: 'false', tabindex: '-1' },
    ]);
    expect(shown(root)).toEqual(['description']);
    // Each tab controls its panel, which is labelled by it.
    for (const button of root.querySelectorAll<HTMLElement>('.sheet-tabs [role="tab"]')) {
      const panel = root.querySelector(`#${button.getAttribute('aria-controls')}`);
      expect(panel?.getAttribute('role')).toBe('tabpanel');
      expect(panel?.getAttribute('aria-labelledby')).toBe(button.id);
    }
  });

  it('a click shows Details; an edit re-renders and keeps it', async () => {
    const item = await weapon();
    const sheet = await h.openItemSheet(item);
    await h.click(sheet, '.sheet-tabs [data-tab="details"]');
    expect(shown(sheet.element)).toEqual(['details']);
    await h.change(sheet, 'input[name="system.rangeIncrement"]', 10);
    expect((item.system as unknown as { rangeIncrement: number }).rangeIncrement).toBe(10);
    expect(shown(sheet.element)).toEqual(['details']);
    expect(tabs(sheet.element).find((t) => t.selected === 'true')?.tab).toBe('details');
  });

  it('arrow keys, Home and End move between the tabs and the focus follows', async () => {
    const sheet = await h.openItemSheet(await weapon());
    const root = sheet.element;
    key(root, 'description', 'ArrowRight');
    expect(shown(root)).toEqual(['details']);
    expect((h.window.document.activeElement as unknown as HTMLElement | null)?.dataset.tab).toBe('details');
    key(root, 'details', 'End');
    expect(shown(root)).toEqual(['effects']);
    key(root, 'effects', 'ArrowRight'); // wraps round
    expect(shown(root)).toEqual(['description']);
    key(root, 'description', 'ArrowLeft');
    expect(shown(root)).toEqual(['effects']);
    key(root, 'effects', 'Home');
    expect(shown(root)).toEqual(['description']);
  });
});

describe("the Effects tab: the item's own effects", () => {
  it('create, turn off and delete, each a labelled button', async () => {
    const item = await weapon();
    const sheet = await h.openItemSheet(item);
    await h.click(sheet, '.sheet-tabs [data-tab="effects"]');
    expect(sheet.element.querySelector('.item-effects .empty')?.textContent).toBe(
      'This item has no effects.',
    );
    await h.click(sheet, '[data-effect-action="create"]');
    expect(item.effects.size).toBe(1);
    const effect = item.effects.contents[0] as ActiveEffect;
    expect(effect.name).toBe('Club effect');
    expect(effect.transfer).toBe(true);
    expect(shown(sheet.element)).toEqual(['effects']);
    const row = () => sheet.element.querySelector<HTMLElement>(`[data-effect-id="${effect.id}"]`);
    expect(row()?.querySelector('.effect-source')?.textContent).toBe('applies to the owner');
    const toggle = () => row()?.querySelector<HTMLButtonElement>('[data-effect-action="toggle"]');
    expect(toggle()?.getAttribute('aria-label')).toBe('Turn Club effect off');
    expect(toggle()?.getAttribute('aria-pressed')).toBe('true');
    await h.click(sheet, `[data-effect-id="${effect.id}"] [data-effect-action="toggle"]`);
    expect(effect.disabled).toBe(true);
    expect(toggle()?.getAttribute('aria-label')).toBe('Turn Club effect on');
    expect(row()?.querySelector('[data-effect-action="edit"]')?.getAttribute('aria-label')).toBe(
      'Edit Club effect',
    );
    await h.click(sheet, `[data-effect-id="${effect.id}"] [data-effect-action="delete"]`);
    expect(item.effects.size).toBe(0);
  });

  it('a player who may not edit the item sees the effects, without create or delete', async () => {
    const item = await weapon(); // the GM's
    h.as(h.users.player);
    const sheet = await h.openItemSheet(item);
    expect(sheet.element.querySelector('[data-effect-action="create"]')).toBeNull();
    h.as(h.users.gm);
  });
});

describe('default image per kind', () => {
  it('each kind gets its own core icon when created without one', async () => {
    const actor = await h.createActor({ name: 'Owner', type: 'character' });
    const kinds = Object.keys(DEFAULT_ITEM_IMAGES);
    expect(kinds.sort()).toEqual([
      'armor',
      'class',
      'equipment',
      'feat',
      'power',
      'shield',
      'spell',
      'weapon',
    ]);
    const created = await actor.createEmbeddedDocuments(
      'Item',
      kinds.map((type) => ({ name: type, type })),
    );
    expect(Object.fromEntries(created.map((i) => [i.type, i.img]))).toEqual({
      weapon: 'icons/svg/sword.svg',
      armor: 'icons/svg/mage-shield.svg',
      shield: 'icons/svg/shield.svg',
      equipment: 'icons/svg/item-bag.svg',
      feat: 'icons/svg/upgrade.svg',
      class: 'icons/svg/mystery-man.svg',
      spell: 'icons/svg/fire.svg',
      power: 'icons/svg/lightning.svg',
    });
    // Eight kinds, eight pictures (equipment keeps Foundry’s own bag).
    expect(new Set(created.map((i) => i.img)).size).toBe(8);
  });

  it('a world item too, and the sheet header shows it', async () => {
    const item = (await Item.create({ name: 'Rifle', type: 'weapon' })) as Item;
    expect(item.img).toBe('icons/svg/sword.svg');
    const sheet = await h.openItemSheet(item);
    expect(sheet.element.querySelector('.item-header img.item-img')?.getAttribute('src')).toBe(
      'icons/svg/sword.svg',
    );
  });

  it('never replaces an image given at creation', async () => {
    const given = 'icons/weapons/swords/sword-guard-steel.webp';
    const item = (await Item.create({ name: 'Blade', type: 'weapon', img: given })) as Item;
    expect(item.img).toBe(given);
    await item.update({ img: 'icons/weapons/axes/axe-battle-black.webp' });
    expect(item.img).toBe('icons/weapons/axes/axe-battle-black.webp');
  });
});

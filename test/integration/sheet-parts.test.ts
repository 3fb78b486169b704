/**
 * Issue #29 ("Fast at a busy table"): the actor sheet renders what is seen. The first render fills
 * the header, the combat panel, the tab bar and the active tab, the other tabs' panels stay empty; a
 * tab's sections are rendered when it is opened, only its part; a change re-renders the parts it can
 * alter (render-scope.ts) — the visible ones at once, hidden panels it touches are emptied — and a
 * render without a known cause re-renders everything on screen.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { createOgre } from '../fixtures/ogre.js';
import { openTab } from '../fixtures/sheet-tabs.js';
import type { GnGActorSheet } from '../../src/applications/sheets/actor-sheet.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();

/** The parts of each render of the sheets, in order (the render hook's options). */
let renders: string[][] = [];
let hooks: number[] = [];
beforeEach(() => {
  h.reset(29);
  renders = [];
  hooks = ['renderCharacterSheet', 'renderNpcSheet'].map((name) =>
    Hooks.on(name, (_app: unknown, _el: unknown, _ctx: unknown, options: ApplicationRenderOptions) => {
      renders.push([...(options.parts ?? [])]);
    }),
  );
});
afterEach(() => {
  hooks.forEach((id, i) => Hooks.off(i ? 'renderNpcSheet' : 'renderCharacterSheet', id));
});

const panel = (sheet: HarnessApplicationV2, tab: string) =>
  sheet.element.querySelector<HTMLElement>(`[role="tabpanel"][data-tab="${tab}"]`) as HTMLElement;
const part = (sheet: HarnessApplicationV2, id: string) =>
  sheet.element.querySelector<HTMLElement>(`[data-application-part="${id}"]`) as HTMLElement;
/** The tabs whose panel holds sections. */
const filled = (sheet: HarnessApplicationV2) =>
  [...sheet.element.querySelectorAll<HTMLElement>('[role="tabpanel"]')]
    .filter((p) => p.children.length > 0)
    .map((p) => p.dataset.tab);
const shown = (sheet: HarnessApplicationV2) =>
  [...sheet.element.querySelectorAll<HTMLElement>('[role="tabpanel"]')]
    .filter((p) => !p.hidden)
    .map((p) => p.dataset.tab);

async function fighterWithGear(): Promise<Actor> {
  const actor = await appendix3Fighter(h);
  await actor.createEmbeddedDocuments('Item', [
    { name: 'Rope', type: 'equipment', system: { weight: 10, carried: true } },
    { name: 'Magic Missile', type: 'spell', system: { level: 1, school: 'Evocation' } },
  ]);
  return actor;
}

describe('the first render', () => {
  it('renders every part; only the active tab holds its sections, the others are empty panels', async () => {
    const sheet = await h.openSheet(await fighterWithGear());
    expect(renders).toEqual([
      ['header', 'combat', 'tabs', 'tab-combat', 'tab-skills', 'tab-inventory', 'tab-feats'].concat([
        'tab-magic',
        'tab-effects',
        'tab-biography',
      ]),
    ]);
    expect(filled(sheet)).toEqual(['combat']);
    expect(shown(sheet)).toEqual(['combat']);
    // An empty panel is still the tab's panel: labelled by its tab, hidden.
    const inventory = panel(sheet, 'inventory');
    expect(inventory.getAttribute('aria-labelledby')).toBe(
      sheet.element.querySelector('[role="tab"][data-tab="inventory"]')?.id,
    );
    expect(inventory.hidden).toBe(true);
    expect(sheet.element.querySelector('tr[data-item-id]')).toBeNull();
  });

  it("builds no hidden tab's context: the Inventory tab's context is built when it is opened", async () => {
    const sheet = (await h.openSheet(await fighterWithGear())) as HarnessApplicationV2 & GnGActorSheet;
    const prepared: string[] = [];
    const original = sheet._preparePartContext.bind(sheet);
    sheet._preparePartContext = async (partId, context, options) => {
      const result = await original(partId, context, options);
      if ('inventory' in result) prepared.push(partId);
      return result;
    };
    await sheet.render();
    expect(prepared).toEqual([]);
    await openTab(h, sheet, 'inventory');
    expect(prepared).toEqual(['tab-inventory']);
  });
});

describe('opening a tab', () => {
  it('renders only its part, then shows it; a tab still current shows without a render', async () => {
    const sheet = await h.openSheet(await fighterWithGear());
    const header = part(sheet, 'header');
    renders = [];
    await openTab(h, sheet, 'inventory');
    expect(renders).toEqual([['tab-inventory']]);
    expect(shown(sheet)).toEqual(['inventory']);
    expect(filled(sheet)).toEqual(['combat', 'inventory']);
    expect(sheet.element.querySelectorAll('.inventory tbody tr[data-item-id]')).toHaveLength(4);
    // The other parts are the same elements as before: not rendered again.
    expect(part(sheet, 'header')).toBe(header);

    renders = [];
    await openTab(h, sheet, 'combat');
    await openTab(h, sheet, 'inventory');
    expect(renders).toEqual([]);
    expect(shown(sheet)).toEqual(['inventory']);
  });

  it('two tabs clicked in quick succession: the last one shows, with its sections', async () => {
    const sheet = (await h.openSheet(await fighterWithGear())) as HarnessApplicationV2 & GnGActorSheet;
    const skills = sheet.changeSheetTab('skills');
    const magic = sheet.changeSheetTab('magic');
    await Promise.all([skills, magic]);
    expect(shown(sheet)).toEqual(['magic']);
    expect(sheet.element.querySelector('[role="tab"][aria-selected="true"]')?.getAttribute('data-tab')).toBe(
      'magic',
    );
    expect(panel(sheet, 'magic').querySelector('.magic .spell')).not.toBeNull();
  });
});

describe('a change', () => {
  it("a spell's update re-renders the Magic tab only; hidden, that tab is emptied, nothing else renders", async () => {
    const actor = await fighterWithGear();
    const spell = actor.items.find((i) => i.type === 'spell') as Item;
    const sheet = await h.openSheet(actor);
    await openTab(h, sheet, 'magic');
    const header = part(sheet, 'header');
    renders = [];
    await spell.update({ name: 'Shield' });
    expect(renders).toEqual([['tab-magic']]);
    expect(panel(sheet, 'magic').querySelector('.spell .item-name')?.textContent).toBe('Shield');
    expect(part(sheet, 'header')).toBe(header);

    await openTab(h, sheet, 'combat');
    renders = [];
    await spell.update({ name: 'Sleep' });
    expect(renders).toEqual([['tab-magic']]);
    expect(filled(sheet)).toEqual(['combat']);
    // Opened again, the tab shows the new name.
    await openTab(h, sheet, 'magic');
    expect(panel(sheet, 'magic').querySelector('.spell .item-name')?.textContent).toBe('Sleep');
  });

  it('gear: the combat panel and the open Inventory tab, not the header; the hidden Combat tab is emptied', async () => {
    const actor = await fighterWithGear();
    const sheet = await h.openSheet(actor);
    await openTab(h, sheet, 'inventory');
    const header = part(sheet, 'header');
    const shield = actor.items.find((i) => i.type === 'shield') as Item;
    renders = [];
    await h.click(sheet, `tr[data-item-id="${shield.id}"] button[data-action="toggleEquipped"]`);
    expect(renders).toEqual([['combat', 'tab-combat', 'tab-inventory']]);
    expect(part(sheet, 'header')).toBe(header);
    expect(filled(sheet)).toEqual(['inventory']);
    // The shield's +2 is gone from Defense (the Appendix 3 fighter: +4 with it).
    expect(sheet.element.querySelector('.stat-defense-melee .stat-value')?.textContent).toBe('+2');
  });

  it("the actor's HP: the header, the combat panel and the open tab; not the tab bar or the biography", async () => {
    const actor = await fighterWithGear();
    const sheet = await h.openSheet(actor);
    await openTab(h, sheet, 'biography');
    await openTab(h, sheet, 'skills');
    renders = [];
    await actor.update({ 'system.hp.value': 10 });
    // The hidden Combat tab is emptied; the hidden Biography tab does not show HP: left as it is.
    // (The injury marker the new HP brings is an Active Effect: a second render of the same parts.)
    expect(renders[0]).toEqual(['header', 'combat', 'tab-combat', 'tab-skills']);
    expect(renders.flat()).not.toContain('tabs');
    expect(renders.flat()).not.toContain('tab-biography');
    expect(filled(sheet)).toEqual(['skills', 'biography']);
    expect(sheet.element.querySelector('.sheet-header .hp-bar-text')?.textContent).toBe('10 / 23');
    expect((actor.system as unknown as CreatureData).hp.value).toBe(10);
  });

  it('the biography: its tab only', async () => {
    const actor = await fighterWithGear();
    const sheet = await h.openSheet(actor);
    await openTab(h, sheet, 'biography');
    renders = [];
    await actor.update({ 'system.biography': '<p>Born in a ditch.</p>' });
    expect(renders).toEqual([['tab-biography']]);
    expect(panel(sheet, 'biography').textContent).toContain('Born in a ditch.');
  });

  it('a condition (an Active Effect) re-renders every part that shows data, not the tab bar', async () => {
    const actor = await fighterWithGear();
    const sheet = await h.openSheet(actor);
    renders = [];
    await actor.toggleStatusEffect('prone');
    expect(renders).toEqual([['header', 'combat', 'tab-combat']]);
    expect(sheet.element.querySelector('[data-action="quickStand"]')).not.toBeNull();
  });

  it('a render without a known cause re-renders every part on screen and empties the hidden ones', async () => {
    const actor = await fighterWithGear();
    const sheet = await h.openSheet(actor);
    await openTab(h, sheet, 'inventory');
    renders = [];
    await sheet.render();
    expect(renders).toEqual([['header', 'combat', 'tabs', 'tab-combat', 'tab-inventory']]);
    expect(filled(sheet)).toEqual(['inventory']);
    await sheet.render({ renderContext: 'somethingElse', renderData: {} });
    expect(renders.at(-1)).toEqual(['header', 'combat', 'tabs', 'tab-inventory']);
  });

  it("an embedded change named by its collection ('updateitems'), with its data in an array, is understood too", async () => {
    const actor = await fighterWithGear();
    const spell = actor.items.find((i) => i.type === 'spell') as Item;
    const sheet = await h.openSheet(actor);
    renders = [];
    await sheet.render({ renderContext: 'updateitems', renderData: [{ _id: spell.id, name: 'X' }] });
    // Only the Magic tab could change; it is an empty panel already: nothing to render.
    expect(renders).toEqual([[]]);
    // A deleted item (its type gone with it): every part that shows data.
    await sheet.render({ renderContext: 'deleteItem', renderData: ['nothere'] });
    expect(renders.at(-1)).toEqual(['header', 'combat', 'tab-combat']);
  });

  it('the creature sheet works the same way', async () => {
    const ogre = await createOgre(h);
    const sheet = await h.openSheet(ogre);
    expect(filled(sheet)).toEqual(['combat']);
    expect(sheet.element.querySelector('.statblock')).not.toBeNull();
    renders = [];
    await ogre.update({ 'system.biography': '<p>Big.</p>' });
    expect(renders).toEqual([[]]);
    await ogre.update({ 'system.hp.value': 20 });
    expect(renders.at(-1)).toEqual(['header', 'combat', 'tab-combat']);
    expect(sheet.element.querySelector('.npc-header .hp-bar-text')?.textContent).toBe('20 / 36');
  });
});

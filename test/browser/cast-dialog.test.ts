/**
 * The cast dialog (issue #18, Appendix 5 and the armor metamagic feats) in Chromium with the built
 * CSS (dist/gng.css): a damaging spell of a caster with Armor Piercing Spell shows the option with
 * the slot it takes, every control has an accessible name, axe-core finds no serious or critical
 * violation (contrast included), and a weapon spell lists the weapons it can take.
 * The Magic tab's slot table at 1280×720 and 1600×1000: it fits the sheet, and a cast lowers the
 * slots left (issue #33).
 * Screenshots: test-results/browser/cast-dialog-area.png, cast-dialog-weapon.png, magic-slots-*.png.
 */
import { describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import { getHarness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { showForm } from './form-bridge.js';
import { showApplication } from './bridge.js';
import { openSheetOn } from '../fixtures/sheet-tabs.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { expectNoSeriousViolations } from './axe.js';

const h = await getHarness();
const { CastDialog } = await import('../../src/applications/cast-dialog.js');
const pages = useChromiumPages({
  viewport: { width: 480, height: 640 },
  beforeEachTest: () => h.reset(9),
});

/** A 7th-level caster with Armor Piercing Spell, a longsword, a claw and `spell`; the dialog for it. */
async function open(spell: Record<string, unknown>) {
  const actor = await h.createActor({ name: 'Magus', type: 'npc', system: { negativeLevels: 1 } });
  const [, item] = (await actor.createEmbeddedDocuments('Item', [
    { name: 'Wizard', type: 'class', system: { levels: 7 } },
    spell,
    { name: 'Longsword', type: 'weapon', system: { use: 'one-handed', damage: { medium: '1d8' } } },
    { name: 'Claw', type: 'weapon', system: { use: 'unarmed', damage: { medium: '1d4' } } },
    { name: 'Armor Piercing Spell', type: 'feat', system: { identifier: 'armor-piercing-spell' } },
  ])) as Item[];
  void CastDialog.prompt(actor, item as Item);
  return vi.waitFor(() => {
    const app = h.openApplications().find((a) => a instanceof CastDialog);
    if (!app) throw new Error('no cast dialog yet');
    return app as InstanceType<typeof CastDialog> & HarnessApplicationV2;
  });
}

describe('cast dialog in Chromium', () => {
  it('a damaging spell: dice, DC, type and the armor piercing option with its slot; accessible', async () => {
    const dialog = await open({ name: 'Fireball', type: 'spell', system: { level: 3 } });
    await showForm(pages.page, h, dialog, '.cast-metamagic');
    for (const name of ['Caster level', 'Damage dice', 'Reflex DC (half)', 'Damage type', 'Neither'])
      expect(await pages.page.getByLabel(name, { exact: true }).count(), name).toBe(1);
    // 3 + 2 = a level 5 slot.
    expect(
      await pages.page
        .getByLabel('Armor piercing (metamagic, +2 slot levels): a level 5 slot, half Protection')
        .count(),
    ).toBe(1);
    const submit = pages.page.getByRole('button', { name: 'Cast' });
    expect(await submit.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(90, 26, 20)');
    await expectNoSeriousViolations(pages.page, '.cast-dialog');
    await pages.page.screenshot({ path: join(ARTIFACTS_DIR, 'cast-dialog-area.png'), fullPage: true });
    await dialog.close();
  });

  it('a weapon spell: the weapons it can take, and the caster level energy drain leaves', async () => {
    const dialog = await open({
      name: 'Armor Piercing Weapon',
      type: 'spell',
      system: { level: 3 },
      flags: { gng: { identifier: 'armor-piercing-weapon' } },
    });
    await showForm(pages.page, h, dialog, '.cast-weapons');
    expect(await pages.page.locator('.cast-weapons label').allTextContents()).toEqual([' Longsword (Magus)']);
    expect(await pages.page.locator('.cast-drained').textContent()).toBe(
      'Energy drain: 1 negative level(s), so it counts as caster level 6.',
    );
    await expectNoSeriousViolations(pages.page, '.cast-dialog');
    await pages.page.screenshot({ path: join(ARTIFACTS_DIR, 'cast-dialog-weapon.png'), fullPage: true });
    await dialog.close();
  });
});

describe('the Magic tab in Chromium: a cast spends a slot (issue #33)', () => {
  it.each([
    { width: 1280, height: 720 },
    { width: 1600, height: 1000 },
  ])('at $width×$height the level 3 slots left drop from 2 to 1 when Fireball is cast', async (viewport) => {
    const { page } = pages;
    await page.setViewportSize(viewport);
    const actor = await h.createActor({
      name: 'Magus',
      type: 'npc',
      system: { spellcasting: { slots: { 3: { value: 2, max: 2 } } } },
    });
    const [, fireball] = (await actor.createEmbeddedDocuments('Item', [
      { name: 'Wizard', type: 'class', system: { levels: 7 } },
      { name: 'Fireball', type: 'spell', system: { level: 3 } },
    ])) as Item[];
    const goblin = await h.createActor({ name: 'Goblin', type: 'npc', system: {} });
    const sheet = await openSheetOn(h, actor, 'magic');
    const { width, height } = (sheet.options.position ?? {}) as { width?: number; height?: number };
    await showApplication(
      page,
      h,
      sheet as unknown as HarnessApplicationV2,
      `#app { position: absolute; left: 40px; top: 40px; width: ${width}px; height: ${height}px;
        display: flex; flex-direction: column; } body { margin: 0; } #chat-log { display: none; }`,
    );
    const left = page.getByLabel('Level 3 slots left', { exact: true });
    expect(await left.inputValue()).toBe('2');
    expect(await left.isVisible()).toBe(true);
    // The slot table fits the sheet: no row of inputs runs past the Magic tab's width.
    const fits = await page
      .locator('#app .spell-slots')
      .evaluate((table) => table.scrollWidth <= (table.parentElement as HTMLElement).clientWidth + 1);
    expect(fits).toBe(true);
    h.dice.queue(3, 3, 3, 3, 3, 3);
    expect(
      await game.gng.castAreaSpell(actor, fireball as Item, { damage: '6d6', saveDc: 15, targets: [goblin] }),
    ).toBeTruthy();
    await attackActionsSettled();
    await (sheet as unknown as HarnessApplicationV2).settle();
    await page.evaluate(
      (html) => {
        (document.getElementById('app') as HTMLElement).innerHTML = html;
      },
      (sheet as unknown as HarnessApplicationV2).element.outerHTML,
    );
    expect(await left.inputValue()).toBe('1');
    await expectNoSeriousViolations(page, '#app .magic');
    await page.screenshot({ path: join(ARTIFACTS_DIR, `magic-slots-${viewport.width}.png`) });
  });
});

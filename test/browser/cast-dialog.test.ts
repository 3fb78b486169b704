/**
 * The cast dialog (issue #18, Appendix 5 and the armor metamagic feats) in Chromium with the built
 * CSS (dist/gng.css): a damaging spell of a caster with Armor Piercing Spell shows the option with
 * the slot it takes, every control has an accessible name, axe-core finds no serious or critical
 * violation (contrast included), and a weapon spell lists the weapons it can take.
 * Screenshots: test-results/browser/cast-dialog-area.png, cast-dialog-weapon.png.
 */
import { describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import { getHarness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { showForm } from './form-bridge.js';
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

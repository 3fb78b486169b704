/**
 * The healer's "Heal the target" group (Effects tab) in Chromium with the built CSS: no serious axe
 * violation, AA text contrast, and the keyboard reaches Tend and presses it (a heal card is posted).
 * The healer: Wis 12 (+1), 4 ranks of Heal → +5; d20 10 → 15 against DC 15.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { getHarness } from '../harness/index.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { showApplication } from './bridge.js';
import { expectNoSeriousViolations } from './axe.js';
import { checkTextContrast } from './contrast.js';
import { healCardOf } from '../../src/cards/heal/heal-actions.js';
import type { GnGActorSheet } from '../../src/applications/sheets/actor-sheet.js';

const h = await getHarness();
const pages = useChromiumPages({
  viewport: { width: 800, height: 700 },
  beforeEachTest: () => h.reset(17),
});

describe('the Heal the target group in Chromium', () => {
  it('is accessible, and Tend is reachable and pressed with the keyboard', async () => {
    const { gm, player, otherPlayer } = h.users;
    h.as(gm);
    const healer = await h.createActor(
      {
        name: 'Healer',
        type: 'character',
        system: { abilities: { wis: { value: 12 } }, skills: { heal: { ranks: 4 } } },
      },
      player,
    );
    const patient = await h.createActor({ name: 'Wounded', type: 'character' }, otherPlayer);
    await patient.toggleStatusEffect('disabled-arm', { active: true });
    h.as(player);
    h.target(player, h.placeToken(patient));
    const sheet = await h.openSheet(healer);
    await (sheet as unknown as GnGActorSheet).changeSheetTab('effects');
    await showApplication(pages.page, h, sheet);
    const page = pages.page;

    const group = page.getByRole('group', { name: 'Heal the target' });
    await expect.poll(() => group.isVisible()).toBe(true);
    await expectNoSeriousViolations(page, '.gng-heal-target');
    expect(await checkTextContrast(page, '.gng-heal-target')).toEqual([]);
    const select = page.getByRole('combobox', { name: 'Part to operate on' });
    expect(await select.locator('option').allTextContents()).toHaveLength(1);
    await page.locator('.gng-heal-target').screenshot({ path: join(ARTIFACTS_DIR, 'heal-control.png') });
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'heal-control-tab.png') });

    // Tab from the Rest button reaches Tend.
    await page.locator('.gng-rest [data-action="rest"]').focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
    expect(focused).toBe("Tend Wounded's injuries");
    h.dice.queue(10);
    await page.keyboard.press('Enter');
    await page.waitForSelector('body[data-settled="1"]');
    expect(game.messages.size).toBe(1);
    expect(healCardOf(game.messages.contents[0])).toMatchObject({
      kind: 'tend',
      healerName: 'Healer',
      check: { total: 15, success: true },
    });
  });
});

/**
 * The core combat options (issue #18) in Chromium with the built CSS (dist/gng.css): the attack
 * dialog's "Combat options" fieldset (each target's concealment, fighting defensively) is labelled,
 * keyboard-usable and passes axe; a concealment miss on the attack card reads as one line in a
 * 300 px chat log. Screenshots: test-results/browser/combat-options-dialog.png,
 * combat-options-concealment-miss.png.
 */
import { describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import { getHarness } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { showForm } from './form-bridge.js';
import { expectNoSeriousViolations, showInChatLog } from './card-layout.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';

const h = await getHarness();
const { AttackDialog } = await import('../../src/applications/attack-dialog.js');
const pages = useChromiumPages({
  viewport: { width: 520, height: 1400 },
  beforeEachTest: () => h.reset(23),
});

describe('combat options in Chromium', () => {
  it('the dialog: concealment per target and fighting defensively, by keyboard; axe', async () => {
    const fighter = await appendix3Fighter(h);
    const orc = await h.createActor({ name: 'Orc', type: 'npc', system: { hp: { value: 10 } } });
    h.target(game.user, h.placeToken(orc));
    void AttackDialog.prompt(fighter, fighter.items.find((i) => i.name === 'Bastard sword') as Item);
    const dialog = await vi.waitFor(() => {
      const app = h.openApplications().find((a) => a instanceof AttackDialog);
      if (!app) throw new Error('no attack dialog yet');
      return app as InstanceType<typeof AttackDialog> & HarnessApplicationV2;
    });
    await showForm(pages.page, h, dialog, '.attack-preview');
    const page = pages.page;
    expect(await page.getByLabel('Concealment of Orc', { exact: true }).count()).toBe(1);
    const defensive = page.getByLabel(
      'Fight defensively (−4 on attacks this round, +2 dodge bonus to Defense until your next turn)',
      { exact: true },
    );
    expect(await defensive.count()).toBe(1);
    // Bastard sword +9; fighting defensively −4 (core "Fighting Defensively").
    expect(await page.locator('.attack-total').textContent()).toBe('+9');
    await defensive.focus();
    await page.keyboard.press('Space');
    await page.waitForSelector('body[data-settled="1"]');
    expect(await page.locator('.attack-total').textContent()).toBe('+5');
    expect(await page.locator('.attack-lines').textContent()).toContain('Fighting defensively');
    await page
      .locator('fieldset.attack-combat-options')
      .screenshot({ path: join(ARTIFACTS_DIR, 'combat-options-dialog.png') });
    await expectNoSeriousViolations(page, 'fieldset.attack-combat-options');
    await dialog.close();
  });

  it('the card: a concealment miss in a 300 px chat log; axe', async () => {
    const fighter = await appendix3Fighter(h, h.users.player);
    const orc = await h.createActor({ name: 'Orc', type: 'npc', system: { hp: { value: 10 } } });
    const token = h.placeToken(orc);
    h.as(h.users.player);
    h.target(h.users.player, token);
    h.dice.queue(10, 7); // attack d20 10 (19); d% 7 within one-half concealment's 20%
    const message = (await game.gng.attack(
      fighter,
      fighter.items.find((i) => i.name === 'Bastard sword') as Item,
      {
        concealment: { [token.id]: 'one-half' },
      },
    )) as ChatMessage;
    await attackActionsSettled();
    await showInChatLog(pages.page, h, message, h.users.player, 300);
    const line = pages.page.locator('#chat-log .attack-card .concealment');
    expect(await line.textContent()).toBe(
      'Concealment One-half (20%): d% 7 against a 20% miss chance — the attack misses Orc; no Defense roll.',
    );
    expect(await line.evaluate((el) => getComputedStyle(el).fontWeight)).toBe('700');
    const card = pages.page.locator('#chat-log .attack-card');
    expect(await card.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await card.screenshot({ path: join(ARTIFACTS_DIR, 'combat-options-concealment-miss.png') });
    await expectNoSeriousViolations(pages.page, '#chat-log .attack-card');
  });
});

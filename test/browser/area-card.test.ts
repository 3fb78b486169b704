/**
 * The area damage card in Chromium with the built CSS (dist/gng.css): a real card rendered by our
 * template for the player who owns the target (Dive for Cover) and for the GM (Apply); the buttons are
 * clicked in the pages.page and run the card's actions in the harness through the GM's query. Then
 * the card with two targets in a chat log 300 px and 384 px wide: each button names its target and
 * fits on one line, the damage numbers are bigger than the folded steps, which Tab and Enter unfold,
 * and axe-core finds no serious or critical violation.
 * Screenshots: test-results/browser/dive-for-cover.png, area-card-{gm,player}-{300,384}.png.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import { getHarness } from '../harness/index.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { clickBridged, showChatMessage } from './bridge.js';
import {
  expectNoSeriousViolations,
  expectTidyButtons,
  fontSize,
  showInChatLog,
  tabTo,
} from './card-layout.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const pages = useChromiumPages({
  viewport: { width: 420, height: 900 },
  beforeEachTest: () => h.reset(5),
});

const clickButton = (name: string) => clickBridged(pages.page, name);

it('Dive for Cover, then Apply, on a real area damage card', async () => {
  const pc = await h.createActor(
    {
      name: 'Hero',
      type: 'npc',
      system: { abilities: { con: { value: 30 } }, hp: { value: 30 }, skills: { jump: { ranks: 10 } } },
    },
    h.users.player,
  );
  h.target(h.users.gm, h.placeToken(pc));
  h.dice.queue(6, 6, 4, 2, 1, 1);
  const message = (await game.gng.areaDamage({ damage: '6d6', saveDc: 20, cover: true })) as ChatMessage;

  // The player who owns the target sees Roll Reflex and Dive for Cover, not Apply.
  h.as(h.users.player);
  await showChatMessage(pages.page, h, message);
  const card = pages.page.locator('#chat-log .area-card');
  expect(await card.locator('h3').textContent()).toBe('Area damage');
  expect(await card.locator('.area-total .big-value').textContent()).toBe('20');
  expect(await card.locator('.card-tags').textContent()).toContain('Reflex DC 20 for half');
  expect(await pages.page.getByRole('button', { name: /^Apply/ }).count()).toBe(0);
  // The player's buttons name whose they are.
  expect(await pages.page.getByRole('button', { name: 'Dive for Cover (Hero)', exact: true }).count()).toBe(
    1,
  );
  expect(await pages.page.getByRole('button', { name: 'Roll Reflex (Hero)', exact: true }).count()).toBe(1);
  const sizes = await card.evaluate((el) => ({
    total: parseFloat(getComputedStyle(el.querySelector('.area-total .big-value') as Element).fontSize),
    formula: parseFloat(getComputedStyle(el.querySelector('.formula') as Element).fontSize),
  }));
  expect(sizes.total).toBeGreaterThan(sizes.formula * 1.5);

  h.dice.queue(16); // Jump 16 + 10 = 26 vs DC 20: 6 points become nonlethal
  await clickButton('Dive for Cover (Hero)');
  const target = card.locator('section.area-target');
  expect(await target.locator('.dive-result').textContent()).toBe(
    'Dive for Cover: Jump 26, 6 lethal → nonlethal',
  );
  expect(await target.locator('.damage-final .big-value').textContent()).toBe('14');
  expect(await target.locator('.damage-nonlethal .big-value').textContent()).toBe('6');
  // Taken once: its button is gone, not greyed (issue #33).
  expect(await pages.page.getByRole('button', { name: 'Dive for Cover (Hero)' }).count()).toBe(0);
  await target.locator('.damage summary').click();
  expect(await target.locator('.damage .step-lines').textContent()).toContain('Protection');
  await pages.page.close();

  // The GM applies it.
  h.as(h.users.gm);
  await pages.reopen();
  await showChatMessage(pages.page, h, game.messages.get(message.id as string) as ChatMessage);
  await clickButton('Apply to Hero');
  const applied = pages.page.locator('#chat-log .area-card section.area-target');
  expect(await applied.locator('.applied-hp').textContent()).toBe('Hit points 30 → 16');
  expect(await pages.page.getByRole('button', { name: 'Apply to Hero' }).count()).toBe(0);
  expect(await pages.page.getByRole('button', { name: 'Undo on Hero' }).isDisabled()).toBe(false);
  const sys = pc.system as unknown as CreatureData;
  expect([sys.hp.value, sys.hp.nonlethal]).toEqual([16, 6]);
  await applied.locator('.damage summary').click();
  await pages.page
    .locator('#chat-log .area-card')
    .screenshot({ path: join(ARTIFACTS_DIR, 'dive-for-cover.png') });
});

for (const width of [300, 384]) {
  it(`at ${width} px: buttons name their target on one line each, big damage, steps by keyboard, axe (GM and player)`, async () => {
    const hero = await h.createActor(
      { name: 'Hero', type: 'npc', system: { hp: { value: 30 }, skills: { jump: { ranks: 4 } } } },
      h.users.player,
    );
    const brute = await h.createActor(
      { name: 'Brute', type: 'npc', system: { hp: { value: 40 } } },
      h.users.otherPlayer,
    );
    h.as(h.users.gm);
    h.target(h.users.gm, h.placeToken(hero), h.placeToken(brute));
    h.dice.queue(5, 5, 4, 3);
    const message = (await game.gng.areaDamage({ damage: '4d6', saveDc: 15 })) as ChatMessage;
    for (const who of ['gm', 'player'] as const) {
      const page = who === 'gm' ? pages.page : await pages.reopen();
      await showInChatLog(page, h, message, h.users[who], width);
      const selector = '#chat-log .area-card';
      const boxes = await expectTidyButtons(page, selector);
      // Each button says whose it is: the player sees only Hero's; the GM, both targets' own (no Undo
      // before anything is applied: a step not open has no button, issue #33).
      const names = boxes.map((b) => b.name);
      if (who === 'player') expect(names).toEqual(['Roll Reflex (Hero)', 'Dive for Cover (Hero)']);
      else
        expect(names).toEqual([
          'Roll Reflex (Hero)',
          'Dive for Cover (Hero)',
          'Apply to Hero',
          'Roll Reflex (Brute)',
          'Dive for Cover (Brute)',
          'Apply to Brute',
        ]);
      // The damage each target takes is the biggest number; the steps are folded and small.
      const lethal = await fontSize(page, selector, '.damage-final .big-value');
      expect(lethal).toBeGreaterThan((await fontSize(page, selector, '.gng-card-steps')) * 1.5);
      expect(lethal).toBeGreaterThan((await fontSize(page, selector, 'button')) * 1.5);
      const steps = page.locator(`${selector} .area-target`).first().locator('details.gng-card-steps');
      expect(await steps.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      expect(await tabTo(page, '.area-target details.gng-card-steps > summary')).toBe(true);
      await page.keyboard.press('Enter');
      expect(await steps.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
      expect(await steps.locator('.step-lines').isVisible()).toBe(true);
      await page.locator(selector).screenshot({ path: join(ARTIFACTS_DIR, `area-card-${who}-${width}.png`) });
      await expectNoSeriousViolations(page, selector);
    }
  });
}

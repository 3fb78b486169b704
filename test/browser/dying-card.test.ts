/**
 * The dying and stabilize cards in Chromium with the built CSS (dist/gng.css), in a chat log 300 px
 * wide: the d% against Con (the Heal total against DC 15) are the biggest numbers, the state is the
 * header's badge, the buttons hold their labels on one line, and axe-core finds no serious or
 * critical violation (contrast included). Screenshots: test-results/browser/dying-card-300.png,
 * stabilize-card-300.png.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { expectNoSeriousViolations, expectTidyButtons, fontSize, showInChatLog } from './card-layout.js';

const h = await getHarness();
const pages = useChromiumPages({
  viewport: { width: 480, height: 700 },
  beforeEachTest: () => h.reset(23),
});

it('at 300 px: d% against Con, then the Heal check against DC 15, big; badges; tidy buttons; axe', async () => {
  const width = 300;
  const { gm, player } = h.users;
  h.as(gm);
  const dan = await h.createActor(
    { name: 'Dan', type: 'character', system: { abilities: { con: { value: 12 } }, hp: { value: -3 } } },
    player,
  );
  await dan.toggleStatusEffect('dying', { active: true });
  const hana = await h.createActor(
    {
      name: 'Hana',
      type: 'character',
      system: { abilities: { wis: { value: 14 } }, skills: { heal: { ranks: 3 } } },
    },
    player,
  );
  h.control(player, h.placeToken(hana));
  h.dice.queue(57); // 57 > Con 12: 1 HP lost, still dying
  expect(await game.gng.dyingRound(dan)).toMatchObject({ ok: true });
  await attackActionsSettled();
  const dying = game.messages.contents.at(-1) as ChatMessage;

  await showInChatLog(pages.page, h, dying, player, width);
  const selector = '#chat-log .dying-card';
  const card = pages.page.locator(selector);
  expect(await card.locator('h3').textContent()).toBe('Dan is dying');
  expect(await card.locator('.gng-card-badge').textContent()).toBe('Still dying');
  expect(await card.locator('.gng-card-total').allTextContents()).toEqual(['57', '12%']);
  const total = await fontSize(pages.page, selector, '.gng-card-total');
  expect(total).toBeGreaterThan((await fontSize(pages.page, selector, '.dying-outcome')) * 1.5);
  const boxes = await expectTidyButtons(pages.page, selector);
  // Player owns no GM Undo; the Stabilize button names the healer who rolls (the player's token).
  expect(boxes.map((b) => b.name)).toEqual(["Stabilize: Hana's Heal check"]);
  expect(await card.locator('button').getAttribute('aria-label')).toBe(
    "Stabilize: Hana's Heal check (DC 15) on Dan",
  );
  await card.screenshot({ path: join(ARTIFACTS_DIR, `dying-card-${width}.png`) });
  await expectNoSeriousViolations(pages.page, selector);

  h.as(player);
  h.dice.queue(10); // 10 + Heal 5 = 15: stable
  expect(await game.gng.stabilize(dan, hana)).toMatchObject({ ok: true });
  await attackActionsSettled();
  const stabilize = game.messages.contents.at(-1) as ChatMessage;
  const page = await pages.reopen();
  await showInChatLog(page, h, stabilize, gm, width);
  const sel = '#chat-log .stabilize-card';
  const sCard = page.locator(sel);
  expect(await sCard.locator('.gng-card-badge').textContent()).toBe('Stable');
  expect(await sCard.locator('.gng-card-total').allTextContents()).toEqual(['15', '15']);
  expect((await expectTidyButtons(page, sel)).map((b) => b.name)).toEqual(['Undo the stabilization']);
  await sCard.screenshot({ path: join(ARTIFACTS_DIR, `stabilize-card-${width}.png`) });
  await expectNoSeriousViolations(page, sel);
});

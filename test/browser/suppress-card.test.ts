/**
 * The suppressing fire card in Chromium with the built CSS (dist/gng.css), in a chat log 300 px
 * wide, as the GM sees it after a runner entered the area, failed its Reflex save and was shot at:
 * the wasted shots are the biggest number, the buttons hold their labels, and axe-core finds no
 * serious or critical violation (contrast included). Screenshot: test-results/browser/suppress-card-300.png.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import { getHarness } from '../harness/index.js';
import type { HarnessTokenDocument } from '../harness/tokens.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { expectNoSeriousViolations, expectTidyButtons, fontSize, showInChatLog } from './card-layout.js';

const h = await getHarness();
const { requestSuppressAction } = await import('../../src/cards/suppress/suppress-actions.js');
const pages = useChromiumPages({
  viewport: { width: 480, height: 900 },
  beforeEachTest: () => h.reset(16),
});

it('at 300 px: the wasted shots big, a trigger with its save and free shot, tidy buttons, axe', async () => {
  const width = 300;
  const { gm, player, otherPlayer } = h.users;
  h.as(gm);
  const gunner = await h.createActor(
    {
      name: 'Gunner',
      type: 'character',
      system: { abilities: { dex: { value: 14 } }, proficiencies: { weapons: { martial: true } } },
    },
    player,
  );
  await gunner.createEmbeddedDocuments('Item', [
    {
      name: 'Martial Weapons Proficiency (firearms)',
      type: 'feat',
      system: { identifier: 'martial-weapon-proficiency-firearms' },
    },
  ]);
  const [smg] = (await gunner.createEmbeddedDocuments('Item', [
    {
      name: 'Submachine gun',
      type: 'weapon',
      system: {
        use: 'ranged',
        damage: { medium: '2d6' },
        rangeIncrement: 30,
        equipped: true,
        firearm: { fireModes: ['semi', 'auto'], capacity: 30, ammunition: 30 },
      },
    },
  ])) as Item[];
  h.placeToken(gunner);
  const runner = await h.createActor(
    { name: 'Runner', type: 'npc', system: { hp: { value: 30 }, abilities: { con: { value: 30 } } } },
    otherPlayer,
  );
  const token = h.placeToken(runner);
  const move = (x: number) => (token.document as unknown as HarnessTokenDocument).update({ x, y: 0 });
  await move(1000);
  h.as(player);
  h.dice.queue(5);
  const started = await game.gng.suppress(gunner, smg as Item, {
    area: { shape: 'square', corner: { x: 500, y: 0 } },
    mode: 'semi',
  });
  expect(started).toMatchObject({ ok: true });
  const id = started.ok ? (started.messageId as string) : '';
  h.as(otherPlayer);
  await move(600);
  await attackActionsSettled();
  h.dice.queue(1);
  expect(await requestSuppressAction(id, 'rollSave', 't1')).toMatchObject({ ok: true });
  h.as(player);
  h.dice.queue(15);
  expect(await requestSuppressAction(id, 'freeShot', 't1')).toMatchObject({ ok: true });
  await attackActionsSettled();

  const message = game.messages.get(id) as ChatMessage;
  await showInChatLog(pages.page, h, message, gm, width);
  const selector = '#chat-log .suppress-card';
  const card = pages.page.locator(selector);
  expect(await card.locator('h3').textContent()).toBe(
    'Gunner lays down suppressing fire with Submachine gun',
  );
  expect(await card.locator('.suppress-wasted .big-value').textContent()).toBe('15');
  const big = await fontSize(pages.page, selector, '.suppress-wasted .big-value');
  expect(big).toBeGreaterThan((await fontSize(pages.page, selector, '.suppress-lines li')) * 1.5);
  const boxes = await expectTidyButtons(pages.page, selector);
  expect(boxes.map((b) => b.name)).toEqual([
    'Runner acts in the area',
    'Roll Defense for Runner',
    'Runner dives for cover',
    "Undo Runner's trigger",
    'End suppressing fire',
    'Undo suppressing fire',
  ]);
  await card.screenshot({ path: join(ARTIFACTS_DIR, `suppress-card-${width}.png`) });
  await expectNoSeriousViolations(pages.page, selector);
});

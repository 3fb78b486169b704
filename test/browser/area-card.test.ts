/**
 * The area damage card in Chromium with the built CSS (dist/gng.css): a real card rendered by our
 * template for the player who owns the target (Dive for Cover) and for the GM (Apply); the buttons are
 * clicked in the pages.page and run the card's actions in the harness through the GM's query.
 * Screenshot: test-results/browser/dive-for-cover.png.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import { getHarness } from '../harness/index.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { showChatMessage } from './bridge.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const pages = useChromiumPages({
  viewport: { width: 420, height: 900 },
  beforeEachTest: () => h.reset(5),
});

let clicks = 0;
async function clickButton(name: string): Promise<void> {
  await pages.page.getByRole('button', { name }).click();
  clicks += 1;
  await pages.page.waitForSelector(`body[data-settled="${clicks}"]`);
}

it('Dive for Cover, then Apply, on a real area damage card', async () => {
  clicks = 0;
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
  expect(await pages.page.getByRole('button', { name: 'Apply' }).count()).toBe(0);
  const sizes = await card.evaluate((el) => ({
    total: parseFloat(getComputedStyle(el.querySelector('.area-total .big-value') as Element).fontSize),
    formula: parseFloat(getComputedStyle(el.querySelector('.formula') as Element).fontSize),
  }));
  expect(sizes.total).toBeGreaterThan(sizes.formula * 1.5);

  h.dice.queue(16); // Jump 16 + 10 = 26 vs DC 20: 6 points become nonlethal
  await clickButton('Dive for Cover');
  const target = card.locator('section.area-target');
  expect(await target.locator('.dive-result').textContent()).toBe(
    'Dive for Cover: Jump 26, 6 lethal → nonlethal',
  );
  expect(await target.locator('.damage-final .big-value').textContent()).toBe('14');
  expect(await target.locator('.damage-nonlethal .big-value').textContent()).toBe('6');
  expect(await pages.page.getByRole('button', { name: 'Dive for Cover' }).isDisabled()).toBe(true);
  await target.locator('.damage summary').click();
  expect(await target.locator('.damage .step-lines').textContent()).toContain('Protection');
  await pages.page.close();

  // The GM applies it.
  h.as(h.users.gm);
  clicks = 0;
  await pages.reopen();
  await showChatMessage(pages.page, h, game.messages.get(message.id as string) as ChatMessage);
  await clickButton('Apply');
  const applied = pages.page.locator('#chat-log .area-card section.area-target');
  expect(await applied.locator('.applied-hp').textContent()).toBe('Hit points 30 → 16');
  expect(await pages.page.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
  expect(await pages.page.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(false);
  const sys = pc.system as unknown as CreatureData;
  expect([sys.hp.value, sys.hp.nonlethal]).toEqual([16, 6]);
  await applied.locator('.damage summary').click();
  await pages.page
    .locator('#chat-log .area-card')
    .screenshot({ path: join(ARTIFACTS_DIR, 'dive-for-cover.png') });
});

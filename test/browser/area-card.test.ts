/**
 * The area damage card in Chromium with the built CSS (dist/gng.css): a real card rendered by our
 * template for the player who owns the target (Dive for Cover) and for the GM (Apply); the buttons are
 * clicked in the page and run the card's actions in the harness through the GM's query.
 * Screenshot: test-results/browser/dive-for-cover.png.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { getHarness } from '../harness/index.js';
import { launchChromium } from './chromium.js';
import { showChatMessage } from './bridge.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const artifacts = join(h.root, 'test-results/browser');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

const errors: string[] = [];
async function openPage(): Promise<Page> {
  const opened = await browser.newPage({ viewport: { width: 420, height: 900 } });
  opened.on('pageerror', (e) => errors.push(e.message));
  opened.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return opened;
}

beforeEach(async () => {
  h.reset(5);
  errors.length = 0;
  page = await openPage();
  return async () => {
    await page.close();
    expect(errors).toEqual([]);
  };
});

let clicks = 0;
async function clickButton(name: string): Promise<void> {
  await page.getByRole('button', { name }).click();
  clicks += 1;
  await page.waitForSelector(`body[data-settled="${clicks}"]`);
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
  await showChatMessage(page, h, message);
  const card = page.locator('#chat-log .area-card');
  expect(await card.locator('h3').textContent()).toBe('Area damage');
  expect(await card.locator('.area-total .big-value').textContent()).toBe('20');
  expect(await card.locator('.card-tags').textContent()).toContain('Reflex DC 20 for half');
  expect(await page.getByRole('button', { name: 'Apply' }).count()).toBe(0);
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
  expect(await page.getByRole('button', { name: 'Dive for Cover' }).isDisabled()).toBe(true);
  await target.locator('.damage summary').click();
  expect(await target.locator('.damage .step-lines').textContent()).toContain('Protection');
  await page.close();

  // The GM applies it.
  h.as(h.users.gm);
  clicks = 0;
  page = await openPage();
  await showChatMessage(page, h, game.messages.get(message.id as string) as ChatMessage);
  await clickButton('Apply');
  const applied = page.locator('#chat-log .area-card section.area-target');
  expect(await applied.locator('.applied-hp').textContent()).toBe('Hit points 30 → 16');
  expect(await page.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
  expect(await page.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(false);
  const sys = pc.system as unknown as CreatureData;
  expect([sys.hp.value, sys.hp.nonlethal]).toEqual([16, 6]);
  await applied.locator('.damage summary').click();
  await page.locator('#chat-log .area-card').screenshot({ path: join(artifacts, 'dive-for-cover.png') });
});

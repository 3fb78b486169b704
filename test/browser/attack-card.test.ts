/**
 * The attack card in Chromium with the built CSS (dist/gng.css): a real card rendered by our
 * template for the GM; Roll Defense, Roll damage, Apply and Undo are clicked in the pages.page and run the
 * card's ACTIONS in the harness. Screenshot: test-results/browser/attack-card.png.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { showChatMessage } from './bridge.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const pages = useChromiumPages({
  viewport: { width: 420, height: 900 },
  beforeEachTest: () => h.reset(17),
});

let clicks = 0;
async function clickButton(name: string): Promise<void> {
  await pages.page.getByRole('button', { name }).click();
  clicks += 1;
  await pages.page.waitForSelector(`body[data-settled="${clicks}"]`);
}

const visible = (selector: string) =>
  pages.page.locator(selector).evaluate((el) => {
    const box = el.getBoundingClientRect();
    return getComputedStyle(el).visibility !== 'hidden' && box.width > 0 && box.height > 0;
  });

it('Roll Defense, Roll damage, Apply and Undo on a real card', async () => {
  clicks = 0;
  const fighter = await appendix3Fighter(h, h.users.player);
  const orc = await h.createActor({ name: 'Orc', type: 'npc', system: { hp: { value: 10 } } });
  h.target(h.users.gm, h.placeToken(orc));
  h.dice.queue(10);
  const weapon = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
  const message = (await game.gng.attack(fighter, weapon)) as ChatMessage;
  await showChatMessage(pages.page, h, message);

  const card = pages.page.locator('#chat-log .attack-card');
  expect(await card.locator('h3').textContent()).toBe('5th-level fighter attacks with Bastard sword');
  expect(await card.locator('.attack-total .big-value').textContent()).toBe('19');
  // The steps are folded away; the number that decides is big.
  expect(await visible('.attack-roll .step-lines')).toBe(false);
  const sizes = await card.evaluate((el) => ({
    total: parseFloat(getComputedStyle(el.querySelector('.attack-total .big-value') as Element).fontSize),
    summary: parseFloat(getComputedStyle(el.querySelector('.attack-roll summary') as Element).fontSize),
  }));
  expect(sizes.total).toBeGreaterThan(sizes.summary * 1.5);
  expect(await pages.page.getByRole('button', { name: 'Roll damage' }).count()).toBe(0);

  h.dice.queue(12);
  await clickButton('Roll Defense');
  const target = card.locator('section.target');
  expect(await target.locator('.defense-total .big-value').textContent()).toBe('12');
  expect(await target.locator('.result .big-label').textContent()).toBe('Hit');
  expect((await target.locator('.result .rd').textContent())?.trim()).toBe('RD +7');
  expect(await pages.page.getByRole('button', { name: 'Roll Defense' }).isDisabled()).toBe(true);

  h.dice.queue(5);
  await clickButton('Roll damage');
  expect(await target.locator('.damage-final .big-value').textContent()).toBe('16');
  await target.locator('.damage summary').click();
  expect(await target.locator('.damage .step-lines').first().textContent()).toContain('Relative Degree');

  await clickButton('Apply damage');
  expect(await target.locator('.applied-hp').textContent()).toBe('Hit points 10 → -6');
  expect(await target.locator('.trauma').textContent()).toBe('Trauma: only a partial action next turn.');
  expect(await pages.page.getByRole('button', { name: 'Apply damage' }).isDisabled()).toBe(true);
  expect(await pages.page.getByRole('button', { name: 'Undo damage' }).isDisabled()).toBe(false);
  expect((orc.system as unknown as CreatureData).hp.value).toBe(-6);

  await clickButton('Undo damage');
  expect(await target.locator('.applied').count()).toBe(0);
  expect((orc.system as unknown as CreatureData).hp.value).toBe(10);
  expect(await pages.page.getByRole('button', { name: 'Apply damage' }).isDisabled()).toBe(false);
  expect(await pages.page.getByRole('button', { name: 'Undo damage' }).isDisabled()).toBe(true);

  await clickButton('Apply damage');
  expect(await target.locator('.applied-hp').textContent()).toBe('Hit points 10 → -6');
  await card.screenshot({ path: join(ARTIFACTS_DIR, 'attack-card.png') });
});

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
import { clickBridged, showChatMessage } from './bridge.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { expectNoSeriousViolations } from './axe.js';
import { expectWaitingLines, showInChatLog, tabTo, WINDOW_SIZES } from './card-layout.js';
import { attackActionsSettled, requestCardAction } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState } from '../../src/cards/attack/attack-state.js';

const h = await getHarness();
const pages = useChromiumPages({
  viewport: { width: 420, height: 900 },
  beforeEachTest: () => h.reset(17),
});

const clickButton = (name: string) => clickBridged(pages.page, name);

const visible = (selector: string) =>
  pages.page.locator(selector).evaluate((el) => {
    const box = el.getBoundingClientRect();
    return getComputedStyle(el).visibility !== 'hidden' && box.width > 0 && box.height > 0;
  });

it('Roll Defense, Roll damage, Apply and Undo on a real card', async () => {
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
  // A finished step keeps its result, not a greyed button (issue #33).
  expect(await pages.page.getByRole('button', { name: 'Roll Defense' }).count()).toBe(0);

  h.dice.queue(5);
  await clickButton('Roll damage');
  expect(await target.locator('.damage-final .big-value').textContent()).toBe('16');
  await target.locator('.damage summary').click();
  expect(await target.locator('.damage .step-lines').first().textContent()).toContain('Relative Degree');

  await clickButton('Apply damage');
  expect(await target.locator('.applied-hp .big-label').textContent()).toBe('Hit points 10 → -6');
  expect(await target.locator('.applied-hp .big-value').textContent()).toBe('-6');
  expect(await target.locator('.trauma').textContent()).toBe('Trauma: only a partial action next turn.');
  expect(await pages.page.getByRole('button', { name: 'Apply damage' }).count()).toBe(0);
  expect(await pages.page.getByRole('button', { name: 'Undo damage' }).isDisabled()).toBe(false);
  expect((orc.system as unknown as CreatureData).hp.value).toBe(-6);

  await clickButton('Undo damage');
  expect(await target.locator('.applied').count()).toBe(0);
  expect((orc.system as unknown as CreatureData).hp.value).toBe(10);
  expect(await pages.page.getByRole('button', { name: 'Apply damage' }).isDisabled()).toBe(false);
  expect(await pages.page.getByRole('button', { name: 'Undo damage' }).count()).toBe(0);

  await clickButton('Apply damage');
  expect(await target.locator('.applied-hp .big-label').textContent()).toBe('Hit points 10 → -6');
  await card.screenshot({ path: join(ARTIFACTS_DIR, 'attack-card.png') });
});

/** Computed font sizes (px) of every element matching `selector` in the card. */
const fontSizes = (selector: string) =>
  pages.page
    .locator(`#chat-log .attack-card ${selector}`)
    .evaluateAll((els) => els.map((el) => parseFloat(getComputedStyle(el).fontSize)));

it('decisive numbers biggest, breakdowns fold by keyboard, buttons name whose they are, axe-clean', async () => {
  const fighter = await appendix3Fighter(h, h.users.player);
  const orc = await h.createActor({ name: 'Orc', type: 'npc', system: { hp: { value: 10 } } });
  h.target(h.users.gm, h.placeToken(orc));
  h.dice.queue(10);
  const weapon = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
  const message = (await game.gng.attack(fighter, weapon)) as ChatMessage;
  await showChatMessage(pages.page, h, message);
  const card = pages.page.locator('#chat-log .attack-card');

  // Before Defense: the Defense button says whose it is; the card passes axe.
  expect(await pages.page.getByRole('button', { name: 'Roll Defense (Orc)', exact: true }).count()).toBe(1);
  await expectNoSeriousViolations(pages.page, '.gng.attack-card');
  await card.screenshot({ path: join(ARTIFACTS_DIR, 'attack-card-before-defense.png') });

  // The attack's breakdown folds and unfolds from the keyboard: Tab reaches its summary.
  const details = card.locator('.attack-roll details.steps');
  expect(await details.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
  await pages.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  let reached = false;
  for (let i = 0; i < 10 && !reached; i++) {
    await pages.page.keyboard.press('Tab');
    reached = await pages.page.evaluate(
      () => document.activeElement?.matches('.attack-roll details.steps > summary') ?? false,
    );
  }
  expect(reached).toBe(true);
  const isOpen = () => details.evaluate((el) => (el as HTMLDetailsElement).open);
  await pages.page.keyboard.press('Enter');
  // checkVisibility: a closed <details> hides its content (content-visibility) without a layout change.
  const shown = () => card.locator('.attack-roll .step-lines').evaluate((el) => el.checkVisibility());
  await expect.poll(isOpen).toBe(true);
  expect(await shown()).toBe(true);
  await pages.page.keyboard.press('Space');
  await expect.poll(isOpen).toBe(false);
  expect(await shown()).toBe(false);

  h.dice.queue(12);
  await clickButton('Roll Defense (Orc)');
  expect(await card.locator('.result .versus').textContent()).toBe('19 vs 12');
  h.dice.queue(5);
  await clickButton(`Roll damage (${fighter.name})`);
  await clickButton('Apply damage to Orc');
  expect(await pages.page.getByRole('button', { name: 'Undo damage to Orc', exact: true }).count()).toBe(1);
  expect(await card.locator('.applied .outcome').textContent()).toBe('Dying (Severely injured)');

  // Unfold every breakdown: each decisive number is larger than every breakdown line.
  for (const summary of await card.locator('details.steps > summary').all()) await summary.click();
  const decisive = await fontSizes(
    '.attack-total .big-value, .defense-total .big-value, .result .rd, .damage-final .big-value, .applied-hp .big-value',
  );
  expect(decisive).toHaveLength(5);
  const breakdown = await fontSizes('.step-lines li, details.steps > summary');
  expect(breakdown.length).toBeGreaterThan(5);
  expect(Math.min(...decisive)).toBeGreaterThan(Math.max(...breakdown) * 1.5);
  await expectNoSeriousViolations(pages.page, '.gng.attack-card');
  for (const summary of await card.locator('details.steps > summary').all()) await summary.click();
  await card.screenshot({ path: join(ARTIFACTS_DIR, 'attack-card-applied.png') });
});

it('says whose step it waits for at 1280×720 and 1600×1000; the finished Defense folds into its total', async () => {
  const fighter = await appendix3Fighter(h, h.users.player);
  const orc = await h.createActor({ name: 'Orc', type: 'npc', system: { hp: { value: 10 } } });
  h.as(h.users.player);
  h.target(h.users.player, h.placeToken(orc));
  h.dice.queue(10);
  const weapon = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
  const message = (await game.gng.attack(fighter, weapon)) as ChatMessage;
  await attackActionsSettled();
  const card = '#chat-log .attack-card';
  /** The card as the fighter's player sees it in a 300 px chat log, the window `size`. */
  const show = async (size: (typeof WINDOW_SIZES)[number]) => {
    const page = await pages.reopen();
    await page.setViewportSize(size);
    await showInChatLog(page, h, message, h.users.player, 300);
    return page;
  };
  // The Orc's Defense is the GM's: its player sees why there is nothing to press.
  for (const size of WINDOW_SIZES) {
    const page = await show(size);
    await expectWaitingLines(page, card, ["Waiting for Orc's Defense roll."]);
    expect(await page.locator(`${card} button`).count()).toBe(0);
  }
  h.as(h.users.gm);
  h.dice.queue(12);
  const id = (cardState(message) as AttackCardState).targets[0]?.id as string;
  expect((await requestCardAction(message.id as string, 'rollDefense', id)).ok).toBe(true);
  await attackActionsSettled();
  for (const size of WINDOW_SIZES) {
    const page = await show(size);
    await expectWaitingLines(page, card, [`Waiting for ${fighter.name}'s damage roll.`]);
    expect((await page.locator(`${card} button`).allTextContents()).map((b) => b.trim())).toEqual([
      `Roll damage (${fighter.name})`,
    ]);
    // The finished Defense step: its total, its steps folded in a <details> the keyboard opens.
    expect(await page.locator(`${card} .defense-total .big-value`).textContent()).toBe('12');
    expect(await tabTo(page, '.defense details.steps > summary')).toBe(true);
    await page.keyboard.press('Enter');
    const steps = page.locator(`${card} .defense .step-lines`);
    expect(await steps.evaluate((el) => el.checkVisibility())).toBe(true);
    if (size.width === 1280) await expectNoSeriousViolations(page, card);
    await page
      .locator(card)
      .screenshot({ path: join(ARTIFACTS_DIR, `attack-card-waiting-${size.width}.png`) });
  }
});

it('an immune target: the card says so in words at 1280×720 and 1600×1000, the damage is 0', async () => {
  const pyro = await h.createActor({ name: 'Pyro', type: 'npc', system: {} });
  const [brand] = (await pyro.createEmbeddedDocuments('Item', [
    {
      name: 'Burning brand',
      type: 'weapon',
      system: { use: 'one-handed', damage: { medium: '1d6' }, damageTypes: ['fire'], equipped: true },
    },
  ])) as Item[];
  const salamander = await h.createActor({
    name: 'Salamander',
    type: 'npc',
    system: {
      abilities: { con: { value: 30 } },
      hp: { value: 30 },
      resistances: { immunities: 'fire, poison' },
    },
  });
  h.as(h.users.gm);
  h.target(h.users.gm, h.placeToken(salamander));
  h.dice.queue(18);
  const message = (await game.gng.attack(pyro, brand as Item)) as ChatMessage;
  await attackActionsSettled();
  const id = (cardState(message) as AttackCardState).targets[0]?.id as string;
  h.dice.queue(2);
  await requestCardAction(message.id as string, 'rollDefense', id);
  h.dice.queue(4);
  await requestCardAction(message.id as string, 'rollDamage', id);
  await attackActionsSettled();
  const after = cardState(game.messages.get(message.id as string)) as AttackCardState;
  expect(after.targets[0]?.damage).toMatchObject({ final: 0, lethal: 0 });
  const card = '#chat-log .attack-card';
  for (const size of WINDOW_SIZES) {
    const page = await pages.reopen();
    await page.setViewportSize(size);
    await showInChatLog(page, h, game.messages.get(message.id as string) as ChatMessage, h.users.gm, 300);
    const line = page.locator(card).getByText('Salamander is immune (Fire): no damage');
    expect(await line.isVisible()).toBe(true);
    expect(await line.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(12);
    await page.screenshot({ path: join(ARTIFACTS_DIR, `attack-card-immune-${size.width}.png`) });
  }
});

/**
 * Block and Roll with Blow on a real attack card in Chromium with the built CSS (dist/gng.css; run
 * `npm run build` first), clicked in the pages.page by the GM (who may act for the defender; who else may is
 * pinned by test/integration/aborts-block.test.ts), and the action-budget badge
 * of the combat tracker. Screenshots: test-results/browser/block.png, roll-with-blow.png,
 * tracker-badge.png.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import { getHarness, type HarnessCombat } from '../harness/index.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { clickBridged, showChatMessage, styledDocument } from './bridge.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { expectNoSeriousViolations } from './axe.js';

const h = await getHarness();
const pages = useChromiumPages({
  viewport: { width: 420, height: 900 },
  beforeEachTest: () => h.reset(23),
});

const clickButton = (name: string) => clickBridged(pages.page, name, { exact: true });

const sys = (actor: Actor) => actor.system as unknown as CreatureData;

/** The fighter (player) attacks the rogue (other player, Tumble 4 ranks) in combat; the rogue rolls a Defense of 1. */
async function setUp(): Promise<{ fighter: Actor; rogue: Actor; message: ChatMessage }> {
  const fighter = await appendix3Fighter(h, h.users.player);
  const rogue = await appendix3Rogue(h, h.users.otherPlayer);
  await rogue.update({ 'system.skills.tumble.ranks': 4 });
  await (h.startCombat([fighter, rogue]) as HarnessCombat).begin();
  h.as(h.users.player);
  h.target(h.users.player, h.placeToken(rogue));
  h.dice.queue(10);
  const weapon = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
  const message = (await game.gng.attack(fighter, weapon)) as ChatMessage;
  await attackActionsSettled();
  h.as(h.users.gm);
  await showChatMessage(pages.page, h, message);
  h.dice.queue(1);
  await clickButton(`Roll Defense (${rogue.name})`);
  return { fighter, rogue, message };
}

it('Block: a winning Block shows on the card and no damage can be rolled', async () => {
  const { rogue } = await setUp();
  const card = pages.page.locator('#chat-log .attack-card');
  expect(await pages.page.getByRole('button', { name: `Breaking Block (${rogue.name})` }).count()).toBe(0);
  const bonus = sys(rogue).derived.attacks[0]?.bonus as number;
  h.dice.queue(19 - bonus + 1); // not a natural 20 (no chain)
  await clickButton(`Block (${rogue.name})`);
  const block = card.locator('.abort-block');
  expect(await block.evaluate((el) => el.classList.contains('is-blocked'))).toBe(true);
  expect(await block.locator('.abort-result').textContent()).toBe(
    '1st-level rogue blocks the attack: no damage.',
  );
  expect(await block.locator('.abort-totals').textContent()).toBe('20 vs 19');
  expect(await block.locator('.abort-paid').textContent()).toBe(
    'Abort action spent, whether or not it succeeds: Uses the move action of the next turn.',
  );
  expect(await pages.page.getByRole('button', { name: `Block (${rogue.name})`, exact: true }).count()).toBe(
    0,
  );
  expect(await pages.page.getByRole('button', { name: 'Roll damage' }).count()).toBe(0); // nor anyone's
  await card.screenshot({ path: join(ARTIFACTS_DIR, 'block.png') });
});

it('Roll with Blow after a failed Block converts damage; the tracker badge shows the debt', async () => {
  const { fighter, rogue } = await setUp();
  const card = pages.page.locator('#chat-log .attack-card');
  h.dice.queue(2);
  await clickButton(`Block (${rogue.name})`);
  expect(await card.locator('.abort-block .abort-result').textContent()).toBe(
    '1st-level rogue fails to block: the hit stands.',
  );
  h.dice.queue(6);
  await clickButton(`Roll damage (${fighter.name})`);
  const damage = Number(await card.locator('.damage-final .big-value').textContent());
  expect(damage).toBeGreaterThan(4);

  const tumble = sys(rogue).derived.skills.tumble.total;
  h.dice.queue(23 - tumble);
  await clickButton(`Roll with the Blow (${rogue.name})`);
  const rwb = card.locator('.abort-roll-with-blow');
  expect(await rwb.locator('.abort-result').textContent()).toBe(
    'Roll with the Blow succeeded (Tumble 23 vs 19): 4 lethal damage becomes nonlethal.',
  );
  expect(await rwb.locator('.abort-paid').textContent()).toBe(
    'Abort action spent, whether or not it succeeds: Uses the attack action of the next turn.',
  );
  expect(await pages.page.getByRole('button', { name: 'Roll with the Blow' }).count()).toBe(0);
  await expectNoSeriousViolations(pages.page, '.gng.attack-card');
  await card.screenshot({ path: join(ARTIFACTS_DIR, 'roll-with-blow.png') });

  // The combat tracker: the rogue owes its move and attack actions.
  const tracker = h.renderCombatTracker();
  await pages.page.setContent(
    styledDocument(h, 'Combat', `<aside id="sidebar" style="width: 300px">${tracker.outerHTML}</aside>`),
  );
  const rows = pages.page.locator('.combatant');
  expect(await rows.count()).toBe(2);
  // The badge's accessible name is the tracker's (src/combat/budget-display.ts): it starts "Actions owed".
  const badge = pages.page.locator('.gng-budget-badge');
  expect(await badge.count()).toBe(1);
  expect(await badge.getAttribute('aria-label')).toMatch(/^Actions owed: /);
  expect(await badge.locator('.gng-budget-debt').allTextContents()).toEqual(['−move', '−attack']);
  // Outside any .gng element, the badge still reads the theme's colours (styles/_theme.scss): parchment on blood.
  const debt = badge.locator('.gng-budget-debt').first();
  expect(await debt.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(90, 26, 20)');
  expect(await debt.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(243, 237, 225)');
  expect(await pages.page.locator(`[data-combatant-id] .gng-budget-badge`).count()).toBe(1);
  const visible = await badge.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  });
  expect(visible).toBe(true);
  expect(fighter.name).toBe('5th-level fighter');
  await pages.page.locator('#sidebar').screenshot({ path: join(ARTIFACTS_DIR, 'tracker-badge.png') });
});

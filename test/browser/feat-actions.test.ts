/**
 * Feats used as actions (issue #18) in Chromium with the built CSS: the Tactical Aid card in a chat
 * log 300 px wide (the Knowledge total against DC 20 big, who is aided listed, the GM's Undo a real
 * button, nothing spilling out, axe-core clean) and the Feats tab's feat actions (labelled controls,
 * reachable with the keyboard). Screenshots: test-results/browser/feat-action-card-300.png,
 * feat-actions-sheet.png.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import { getHarness } from '../harness/index.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { expectNoSeriousViolations, showInChatLog } from './card-layout.js';
import { showApplication } from './bridge.js';

const h = await getHarness();
const pages = useChromiumPages({
  viewport: { width: 800, height: 700 },
  beforeEachTest: () => h.reset(18),
});

async function tactician(): Promise<Actor> {
  const actor = await h.createActor(
    {
      name: 'Tactician',
      type: 'character',
      system: { abilities: { int: { value: 14 } }, skills: { knowledge: { ranks: 10 } }, hp: { value: 10 } },
    },
    h.users.player,
  );
  await actor.createEmbeddedDocuments('Item', [
    { name: 'Fighter', type: 'class', system: { levels: 4 } },
    { name: 'Tactical Aid', type: 'feat', system: { identifier: 'tactical-aid' } },
    { name: 'Sudden Action', type: 'feat', system: { identifier: 'sudden-action' } },
  ]);
  return actor;
}

it('the Tactical Aid card at 300 px: the check against DC 20, the aided, the GM’s Undo', async () => {
  const actor = await tactician();
  h.as(h.users.player);
  h.dice.queue(18, 3, 2); // 18 + 12 = 30: +2 for 3 + 2 + 1 = 6 rounds
  expect(await game.gng.tacticalAid(actor, { bonusTo: 'attack' })).toMatchObject({ ok: true });
  const message = game.messages.contents.at(-1) as ChatMessage;
  await showInChatLog(pages.page, h, message, h.users.gm, 300);
  const selector = '#chat-log .feat-action-card';
  const card = pages.page.locator(selector);
  expect(await card.locator('h3').textContent()).toBe('Tactician: Tactical Aid');
  expect(await card.locator('.gng-card-total').allTextContents()).toEqual(['30', '20']);
  expect(await card.locator('.feat-action-lines li').allTextContents()).toEqual([
    'd20 18 + 12 = 30 against DC 20.',
    'Allies: +2 competence bonus on attack rolls for 6 rounds (2d4+1).',
    'Aided: Tactician.',
  ]);
  expect(await card.getByRole('button', { name: 'Undo' }).isVisible()).toBe(true);
  const box = await card.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(300);
  expect(await card.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await card.screenshot({ path: join(ARTIFACTS_DIR, 'feat-action-card-300.png') });
  await expectNoSeriousViolations(pages.page, selector);
});

it('the Feats tab: labelled Sudden Action and Tactical Aid controls, reachable with the keyboard', async () => {
  const actor = await tactician();
  h.as(h.users.player);
  const sheet = await h.openSheet(actor);
  await showApplication(pages.page, h, sheet);
  await pages.page.getByRole('tab', { name: 'Feats' }).click();
  const group = pages.page.locator('fieldset.gng-feat-actions');
  await expect.poll(() => group.isVisible()).toBe(true);
  expect(await pages.page.getByLabel('Steps up the initiative count').inputValue()).toBe('4');
  expect(await pages.page.getByLabel('Tactical Aid bonus to').isVisible()).toBe(true);
  await pages.page.getByLabel('Steps up the initiative count').focus();
  await pages.page.keyboard.press('Tab');
  expect(await pages.page.evaluate(() => document.activeElement?.textContent)).toBe('Sudden Action');
  await group.screenshot({ path: join(ARTIFACTS_DIR, 'feat-actions-sheet.png') });
  await expectNoSeriousViolations(pages.page, 'fieldset.gng-feat-actions');
});

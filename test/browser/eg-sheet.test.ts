/**
 * The Enlightened Grognard's sheet block in Chromium with the built CSS (issue #31, lane world): the
 * six numbers in one row (AC, Fortitude, Reflex, Will, HP, initiative) with the saves beside them, the
 * six BABs and the token pool as tables, "give to…" and the four actions; the GM's Total Defense
 * playing at once (4 speed tokens in the pool, its card in the chat log); a player's view; axe-core
 * finding no serious or critical violation. Needs `dist/` (`npx tsx scripts/build.ts`).
 * Screenshots: test-results/browser/eg-sheet-{gm,tokens,player}.png.
 *
 * Worked by hand (eg-sheet-actions.test.ts): the Guard's AC 14, Fortitude 15, Reflex 12, Will 11, each
 * save +1 (⌊defense/10⌋, 003:345), 28 HP, every BAB +3; Total Defense +4 speed (003:759).
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import { getHarness, type HarnessCombat } from '../harness/index.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { showApplication } from './bridge.js';
import { expectNoSeriousViolations } from './card-layout.js';
import { worldModelReady } from '../../src/settings/combat-model.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { egGuard } from '../fixtures/eg-world.js';

const h = await getHarness();
const pages = useChromiumPages({
  viewport: { width: 800, height: 900 },
  beforeEachTest: () => h.reset(31),
});

async function guard(name: string, owner: User): Promise<Actor> {
  return egGuard(h, { name, owner });
}

it('the block under the Enlightened Grognard: numbers in a row, BABs and tokens as tables, the GM’s action plays; a player’s view', async () => {
  h.as(h.users.gm);
  await game.settings.set('gng', 'combatModel', 'eg');
  await worldModelReady();
  const hero = await guard('Guard', h.users.player);
  const scout = await guard('Scout', h.users.otherPlayer);
  const goblin = await h.createActor({ name: 'Goblin', type: 'npc', system: { hp: { value: 5 } } });
  const combat = h.startCombat([hero, scout, goblin]) as HarnessCombat;
  await combat.startCombat();
  await attackActionsSettled();

  const page = pages.page;
  await showApplication(page, h, await h.openSheet(hero));
  const panel = page.locator('.combat-panel');
  expect(await panel.locator('.combat-stats .stat-value').allTextContents()).toEqual([
    '14',
    '15',
    '12',
    '11',
    '28 / 28',
    expect.any(String),
  ]);
  expect(await panel.locator('.combat-stats .stat-sub').allTextContents()).toEqual([
    'save +1',
    'save +1',
    'save +1',
  ]);
  const tops = async (selector: string) =>
    new Set(
      await panel
        .locator(selector)
        .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top))),
    );
  // One row of six numbers; the six BABs in one row.
  expect((await tops('.combat-stats > .stat')).size).toBe(1);
  expect(await panel.locator('.eg-babs td').allTextContents()).toEqual(['+3', '+3', '+3', '+3', '+3', '+3']);
  expect((await tops('.eg-babs td')).size).toBe(1);
  expect(
    await panel.getByRole('combobox', { name: 'Give tokens to' }).locator('option').allTextContents(),
  ).toEqual(['Scout']);
  await panel.screenshot({ path: join(ARTIFACTS_DIR, 'eg-sheet-gm.png') });
  await expectNoSeriousViolations(page, '.combat-panel');

  // The GM's Total Defense: played at once, its card in the chat log, 4 speed tokens in the pool (the
  // sheet drawn again for the GM: the harness shares one sheet between its clients).
  await page.locator('.eg-actions').getByRole('button', { name: 'Total Defense' }).click();
  await page.waitForSelector('body[data-settled="1"]');
  expect(await page.locator('#chat-log .eg-action-card').textContent()).toContain(
    'Guard takes total defense and gains 4 speed token(s).',
  );
  h.as(h.users.gm);
  const gm = await pages.reopen();
  await showApplication(gm, h, await h.openSheet(hero));
  expect(await gm.locator('.eg-tokens tr[data-token="speed"] .eg-encounter').textContent()).toBe('4');
  await gm.locator('.combat-panel').screenshot({ path: join(ARTIFACTS_DIR, 'eg-sheet-tokens.png') });

  h.as(h.users.player);
  const player = await pages.reopen();
  await showApplication(player, h, await h.openSheet(hero));
  expect(await player.locator('.eg-actions button').allTextContents()).toEqual([
    'Catch your Breath',
    'Refocus',
    'Aid Another',
    'Total Defense',
  ]);
  expect(await player.locator('.eg-block .eg-note').last().textContent()).toBe(
    "Each action is a request the GM's client plays; its card shows what happened.",
  );
  await player.locator('.combat-panel').screenshot({ path: join(ARTIFACTS_DIR, 'eg-sheet-player.png') });
  await expectNoSeriousViolations(player, '.combat-panel');
});

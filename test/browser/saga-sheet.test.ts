/**
 * The Saga-style model's sheet block in Chromium with the built CSS (issue #30): the six numbers in
 * one row (Reflex, Fortitude and Will Defense, the damage threshold, HP, initiative), the six steps
 * of the condition track in one row with the creature's step marked apart from the others, the GM's
 * "One step down" moving it (the sheet drawn again), a player's "Ask the GM" buttons, and axe-core
 * finding no serious or critical violation. Screenshots: test-results/browser/saga-sheet-{gm,step,player}.png.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import { getHarness } from '../harness/index.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { showApplication } from './bridge.js';
import { expectNoSeriousViolations } from './card-layout.js';
import { worldModelReady } from '../../src/settings/combat-model.js';

const h = await getHarness();
const pages = useChromiumPages({
  viewport: { width: 800, height: 700 },
  beforeEachTest: () => h.reset(30),
});

it('the block under the Saga-style model: numbers and steps in rows, the step marked, the GM moves it; a player asks', async () => {
  h.as(h.users.gm);
  await game.settings.set('gng', 'combatModel', 'saga');
  await worldModelReady();
  // Dex 14, Con 13, Wis 8 (docs/rules.md A3): Reflex 12, Fortitude 11, Will 9, threshold 11.
  const scout = await h.createActor(
    {
      name: 'Scout',
      type: 'npc',
      system: {
        abilities: { dex: { value: 14 }, con: { value: 13 }, wis: { value: 8 } },
        hp: { value: 10, nonlethal: 3 },
      },
    },
    h.users.player,
  );
  const page = pages.page;
  await showApplication(page, h, await h.openSheet(scout));
  const panel = page.locator('.combat-panel');
  expect(await panel.locator('.combat-stats .stat-value').allTextContents()).toEqual([
    '12',
    '11',
    '9',
    '11',
    expect.stringMatching(/^10 \/ \d+$/),
    expect.any(String),
  ]);
  // One row of six numbers, one row of six steps.
  const tops = async (selector: string) =>
    new Set(
      await panel
        .locator(selector)
        .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top))),
    );
  expect((await tops('.combat-stats > .stat')).size).toBe(1);
  expect((await tops('.track-step')).size).toBe(1);
  const pip = (step: number) =>
    panel
      .locator(`.track-step[data-step="${step}"] .track-pip`)
      .evaluate((el) => getComputedStyle(el).backgroundColor);
  // The creature's step is filled; the others are not.
  expect(await pip(0)).not.toBe(await pip(1));
  expect(await pip(1)).toBe('rgba(0, 0, 0, 0)');
  await panel.screenshot({ path: join(ARTIFACTS_DIR, 'saga-sheet-gm.png') });
  await expectNoSeriousViolations(page, '.combat-panel');

  await page.getByRole('button', { name: 'One step down' }).click();
  await page.waitForSelector('body[data-settled="1"]');
  await expect
    .poll(() => page.locator('.track-step[aria-current="step"]').getAttribute('data-step'))
    .toBe('1');
  expect(await pip(0)).not.toBe('rgba(0, 0, 0, 0)');
  expect(await page.locator('.track-now').textContent()).toBe(
    'Now: −1 to attacks, all three defenses, ability and skill checks.',
  );
  await panel.screenshot({ path: join(ARTIFACTS_DIR, 'saga-sheet-step.png') });

  h.as(h.users.player);
  const player = await pages.reopen();
  await showApplication(player, h, await h.openSheet(scout));
  expect(await player.locator('.track-buttons button').allTextContents()).toEqual([
    'Ask the GM: one step up',
    'Ask the GM: one step down',
  ]);
  await player.locator('.combat-panel').screenshot({ path: join(ARTIFACTS_DIR, 'saga-sheet-player.png') });
  await expectNoSeriousViolations(player, '.combat-panel');
});

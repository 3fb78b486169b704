/**
 * The Time Count and Threshold of Pain block of the sheet in Chromium with the built CSS (issue #32,
 * lane world): the eight numbers in two rows of four (Primary, Passive, Vigor, Celerity; Spirit, ToP,
 * HP, initiative), the health lines, the impairments and weapon speed as tables, the meters, the
 * attributes, the GM's Heal with labelled inputs; the owner's view (attributes as inputs, no Heal);
 * axe-core finding no serious or critical violation. Needs `dist/` (`npx tsx scripts/build.ts`).
 * Screenshots: test-results/browser/tc-sheet-{gm,player}.png.
 *
 * Worked by hand (tc-sheet.test.ts): the fixture's fighter hurt — Primary 12, Passive 10, Vigor 14,
 * Celerity 11 (Agility 1 − 1 slashing impairment), Spirit 10, ToP max(0, 4 − 4) = 0, 28 / 28 HP;
 * the long sword Standard 9 + 1 = 10, the dagger Fast 6 + 1 = 7.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import { getHarness } from '../harness/index.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { showApplication } from './bridge.js';
import { expectNoSeriousViolations } from './card-layout.js';
import { worldModelReady } from '../../src/settings/combat-model.js';
import { tcFighter } from '../fixtures/tc-world.js';

const h = await getHarness();
const pages = useChromiumPages({
  viewport: { width: 800, height: 1100 },
  beforeEachTest: () => h.reset(32),
});

it('the block under the Time Count model: numbers in two rows, tables, meters, the GM’s Heal; the owner’s view', async () => {
  h.as(h.users.gm);
  await game.settings.set('gng', 'combatModel', 'tc');
  await worldModelReady();
  const hero = await tcFighter(h, {
    tc: { fatigue: 30, topLost: 4, impairments: { slashing: 1 }, paralysis: 3, petrification: 2 },
  });

  const page = pages.page;
  await showApplication(page, h, await h.openSheet(hero));
  const panel = page.locator('.combat-panel');
  // Petrification 2 (002:719): Vigor 10 + Con 2 + Fortitude 2 + 2 = 16; Celerity 10 + Dex 1 +
  // Agility (1 − 1 slashing) − 2 = 9.
  expect(await panel.locator('.combat-stats .stat-value').allTextContents()).toEqual([
    '12',
    '10',
    '16',
    '9',
    '10',
    '0',
    '28 / 28',
    expect.any(String),
  ]);
  const tops = async (selector: string) =>
    new Set(
      await panel
        .locator(selector)
        .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top))),
    );
  // Two rows of four numbers.
  expect((await tops('.combat-stats > .stat')).size).toBe(2);
  expect(await panel.locator('.tc-weapons .tc-static').allTextContents()).toEqual(['10', '7']);
  expect(await panel.locator('.tc-health-line').count()).toBe(3);
  expect(await panel.getByRole('spinbutton', { name: 'Invigoration', exact: true }).count()).toBe(1);
  expect(await panel.getByRole('spinbutton', { name: 'Fatigue removed' }).count()).toBe(1);
  expect(await panel.getByRole('button', { name: 'Heal' }).count()).toBe(1);
  await panel.screenshot({ path: join(ARTIFACTS_DIR, 'tc-sheet-gm.png') });
  await expectNoSeriousViolations(page, '.combat-panel');

  h.as(h.users.player);
  const player = await pages.reopen();
  await showApplication(player, h, await h.openSheet(hero));
  const mine = player.locator('.combat-panel');
  expect(await mine.getByRole('spinbutton', { name: 'Persona' }).inputValue()).toBe('1');
  expect(await mine.locator('.tc-heal').count()).toBe(0);
  await mine.screenshot({ path: join(ARTIFACTS_DIR, 'tc-sheet-player.png') });
  await expectNoSeriousViolations(player, '.combat-panel');
});

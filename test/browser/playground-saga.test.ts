/**
 * The playground's model switch (issue #30) in Chromium: the README's exchange played under the
 * Saga-style model. The side panel's "Combat rules" select ends the combat, sets the world's model and
 * starts the combat again (the Variant rules window refuses a change while a combat exists); the
 * side panel is drawn again (GnG's Grapple button gone from the token HUD). Then the fighter attacks
 * the rogue: one roll against its static Reflex Defense (no Defense step), damage that reaches its
 * damage threshold, Apply costing a condition step, Undo giving HP and the step back. Dice are
 * queued through the page's harness. Needs `dist/` (`npm run build`).
 * Screenshots: test-results/browser/playground-saga-*.png.
 *
 * Worked by hand (docs/rules.md A3, A2; the Appendix 3 samples in packs/_source/samples/):
 * - the rogue (1st level, good Defense, poor Fortitude; Dex 16, Con 13, padded armor +1):
 *   Reflex 10 + 1 + 3 + 1 = 15; Fortitude 10 + 0 + 1 = 11 = its damage threshold; the switch puts
 *   every combatant at its maximum HP under the model: the rogue's 9 (A15: the d8 of an average HP
 *   progression whole at 1st level, 8, + Con +1), not its pack's 13 (GnG's);
 * - the fighter's bastard sword: +9 to hit (BAB 5, Str +4), 1d10 + 4 damage;
 * - d20 10: 19 against Reflex 15, a hit; d10 7: 7 + 4 = 11 ≥ 11, one step down the track; 9 − 11 =
 *   −2 HP: dying (A4, "When it drops to –1, he or she is dying", 004:147). A 1st-level rogue's
 *   threshold is above its HP: a hit that reaches it drops the rogue.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { usePlaygroundServer } from './playground-server.js';
import { usePlaygroundPage } from './playground-page.js';
import { expectNoSeriousViolations } from './axe.js';

const pages = useChromiumPages({ viewport: { width: 1600, height: 1100 } });
const server = usePlaygroundServer('playground-saga');
const playground = usePlaygroundPage(pages, server);

const queue = (page: Page, ...dice: number[]) =>
  page.evaluate((values) => window.gngPlayground?.harness.dice.queue(...values), dice);
const card = (page: Page) => page.locator('#chat-log .attack-card').last();
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(ARTIFACTS_DIR, `playground-saga-${name}.png`) });
const windowOf = (page: Page, text: string) =>
  page.locator('.pg-window', { has: page.locator('.pg-window-header', { hasText: text }) });
const SWITCHED =
  "The table now plays Saga-style (static defenses, condition track): the combat was ended, the world's combat model set, and the combat started again.";
const rogue = (page: Page) => page.locator('.pg-combatant[data-side="b"]');
const fighter = (page: Page) => page.locator('.pg-combatant[data-side="a"]');

/** The rogue's HP and condition step, as the world holds them. */
const rogueVector = (page: Page) =>
  page.evaluate(() => {
    const system = game.actors.getName('Rogue, 1st level')?.system as unknown as {
      hp: { value: number };
      model: { saga: { conditionStep: number } };
    };
    return { hp: system.hp.value, step: system.model.saga.conditionStep };
  });

/** Clicks a button of the newest attack card and waits until the card changed. */
async function cardButton(page: Page, name: RegExp): Promise<void> {
  const before = await card(page).innerHTML();
  await card(page).getByRole('button', { name }).click();
  await expect.poll(() => card(page).innerHTML()).not.toBe(before);
}

it("switches the table to the Saga-style model and plays the README's exchange: a static defense, a threshold hit, a condition step, Apply and Undo", async () => {
  const { page } = pages;
  await playground.load(page, { seed: 7 });

  // Under GnG (the default) the fighter's player sees GnG's Grapple on the token HUD.
  const model = page.getByLabel('Combat rules');
  expect(await model.inputValue()).toBe('gng');
  expect(await model.locator('option').allTextContents()).toEqual([
    'Grim-n-Gritty v4.0',
    'Saga-style (static defenses, condition track)',
    'Enlightened Grognard (tokens)',
    'Time Count and Threshold of Pain',
  ]);
  const grapple = fighter(page).getByRole('button', { name: /^Grapple:/ });
  expect(await grapple.count()).toBe(1);

  // The switch, acting as Player: the combat ends and starts again under the new model.
  await model.selectOption('saga');
  await expect.poll(() => page.evaluate(() => game.settings.get('gng', 'combatModel'))).toBe('saga');
  await expect.poll(() => page.locator('.pg-notice').allTextContents()).toContain(SWITCHED);
  expect(await model.inputValue()).toBe('saga');
  expect(await model.isEnabled()).toBe(true);
  expect(await page.evaluate(() => game.combats.size)).toBe(1);
  expect(await page.locator('.pg-tracker .combatant').count()).toBe(2);
  expect(await page.evaluate(() => game.user.name)).toBe('Player');
  // The side panel was drawn again: GnG's grapple is not part of these rules.
  expect(await grapple.count()).toBe(0);
  expect(await rogueVector(page)).toEqual({ hp: 9, step: 0 });
  await shot(page, 'switched');
  await expectNoSeriousViolations(page, '.pg-table');

  // The rogue's sheet shows its defenses and damage threshold (worked out above).
  await rogue(page).getByRole('button', { name: 'Open sheet' }).click();
  const rogueSheet = windowOf(page, 'Rogue, 1st level');
  await rogueSheet.waitFor();
  const stats = rogueSheet.locator('.combat-panel .combat-stats .stat-value');
  await expect
    .poll(() => stats.allTextContents())
    .toEqual(['15', '11', expect.any(String), '11', expect.any(String), expect.any(String)]);
  await rogueSheet.getByRole('button', { name: /^Close/ }).click();

  // The player attacks from the fighter's sheet: one roll against the static Reflex Defense.
  await fighter(page).getByRole('button', { name: 'Open sheet' }).click();
  const sheet = windowOf(page, 'Fighter, 5th level');
  const row = sheet
    .locator('tr, li', { hasText: 'Bastard sword' })
    .filter({ has: page.locator('[data-action="rollAttack"]') });
  await queue(page, 10);
  await row.locator('[data-action="rollAttack"]').first().click();
  const dialog = page.locator('.pg-window', { has: page.locator('.attack-submit') });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Attack', exact: true }).click();
  await card(page).waitFor();
  await expect.poll(() => card(page).locator('.static-defense').textContent()).toBe('vs Reflex Defense 15');
  expect(await card(page).locator('.attack-total .big-value').textContent()).toBe('19');
  // No Defense roll, no abort actions: the damage is next.
  expect(
    await card(page)
      .getByRole('button', { name: /Defense|Block|Roll with/ })
      .count(),
  ).toBe(0);
  await sheet.getByRole('button', { name: /^Close/ }).click();
  await shot(page, 'attack');

  // Damage 7 + 4 = 11 reaches the threshold 11; Apply costs one step: 9 − 11 = −2 HP, dying.
  await queue(page, 7);
  await cardButton(page, /^Roll damage/);
  expect(await card(page).locator('.damage-final .big-value').textContent()).toBe('11');
  const hp = rogue(page).locator('.pg-hp');
  await cardButton(page, /^Apply damage/);
  await expect.poll(() => rogueVector(page)).toEqual({ hp: -2, step: 1 });
  await expect.poll(() => hp.textContent()).toBe('HP -2 / 9');
  await expect.poll(() => rogue(page).locator('.pg-statuses').textContent()).toContain('Dying');
  expect(await card(page).locator('.saga-track').textContent()).toBe(
    "Rogue, 1st level's condition track: Normal → −1.",
  );
  await shot(page, 'applied');

  // Undo gives back the HP and the step.
  await cardButton(page, /^Undo damage/);
  await expect.poll(() => rogueVector(page)).toEqual({ hp: 9, step: 0 });
  await expect.poll(() => hp.textContent()).toBe('HP 9 / 9');
  expect(await rogue(page).locator('.pg-statuses').textContent()).not.toContain('Dying');
  expect(await card(page).locator('.saga-track').count()).toBe(0);
  await shot(page, 'undone');

  // Back to GnG: the same switch; the grapple button is back.
  await model.selectOption('gng');
  await expect.poll(() => page.evaluate(() => game.settings.get('gng', 'combatModel'))).toBe('gng');
  await expect.poll(() => grapple.count()).toBe(1);
  expect(await page.evaluate(() => game.combats.size)).toBe(1);
});

it('keeps the chosen model when the table starts again', async () => {
  const { page } = pages;
  await playground.load(page, { seed: 7 });
  await page.getByLabel('Combat rules').selectOption('saga');
  await expect.poll(() => page.locator('.pg-notice').allTextContents()).toContain(SWITCHED);
  // A wound (the GM's edit) that the new table does not keep.
  const hp = rogue(page).locator('.pg-hp');
  await page.evaluate(async () => {
    const harness = window.gngPlayground?.harness;
    const user = game.user;
    harness?.as(harness.users.gm);
    await game.actors.getName('Rogue, 1st level')?.update({ 'system.hp.value': 5 });
    harness?.as(user);
  });
  await expect.poll(() => hp.textContent()).toBe('HP 5 / 9');
  await page.getByRole('button', { name: 'Start again' }).click();
  // The new table's combatants start at their maximum HP under the model (the rogue's 9, not 13).
  await expect.poll(() => hp.textContent()).toBe('HP 9 / 9');
  expect(await page.evaluate(() => game.settings.get('gng', 'combatModel'))).toBe('saga');
  expect(await page.evaluate(() => game.combats.size)).toBe(1);
  expect(await page.getByLabel('Combat rules').inputValue()).toBe('saga');
  expect(
    await fighter(page)
      .getByRole('button', { name: /^Grapple:/ })
      .count(),
  ).toBe(0);
});

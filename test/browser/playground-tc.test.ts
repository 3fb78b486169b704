/**
 * The playground under the Time Count and Threshold of Pain model (issue #32, "A browser test plays
 * the text's three-combatant Time Count example in the tracker and an exchange where damage crosses
 * the threshold, Apply and Undo") in Chromium, one page, one world. The sides are the example's
 * combatants (the playground's "Time Count example" pack, playground/time-count.ts): Zherynn and
 * Aeus (the player's characters) against Garret (an NPC, on the other player's side). The GM marks
 * Aeus surprised; each owner rolls initiative from the turn order; the GM advances the count; the
 * owners act from the tracker; at count 12 Zherynn stabs Garret from its sheet: the attack card, its
 * Apply and Undo, and the attack taken back. After each step the test reads the tracker's count, its
 * order and each row's next count. Dice are queued through the page's harness. Needs `dist/`
 * (`npx tsx scripts/build.ts`). Screenshots: test-results/browser/playground-tc-*.png.
 *
 * Worked by hand from seed 002 and docs/rules.md ("The Time Count and Threshold of Pain"):
 * - initiative 1d6 + 4 − Wisdom (002:246; Wisdom 10 for all: − 0), lowest first (002:248), a surprised
 *   combatant +1d6 and unsteady until it first acts (002:237): Zherynn d6 2 → 6, Garret d6 3 → 7,
 *   Aeus d6 4 + 4 + d6 5 = 13 — the example's 6, 7 and 8 + 5 = 13 (002:243);
 * - next count = the current count + the SF (002:250); PCs roll the Random SF, NPCs take the Static
 *   SF (002:257, R35 by default); A1: Fast 1d6+3 / 6, Standard 1d6+6 / 9. Count 6: Zherynn's dagger
 *   (Fast) d6 3 → SF 6, next 12. Advance to 7 (the next count anyone is at): Garret's long sword
 *   (Standard, static) SF 9, next 16. Advance to 12 — round ⌊12 / 12⌋ + 1 = 2 (A14) — Zherynn acts;
 *   Aeus at 13, one count later (the example's "followed by Aeus 1 point later");
 * - the exchange at count 12: Zherynn's dagger (simple, so proficient; a dagger adds Dexterity,
 *   002:58): Accuracy = BAB 1 (a 1st-level fighter, good) + Dex 14's +2 + proficient +1 (002:34) +
 *   size 0 = +4 (002:5, 25); d20 11 → 15 against Garret's Primary 10 + Fortitude 2 (the best of
 *   Fortitude 2, Agility 0, Willpower 0; no armor, no shield, Medium) = 12 (002:116): a hit, not a
 *   natural 20; the dagger's SF rolled: d6 1 + 3 = 4, next 12 + 4 = 16, together with Garret;
 *   damage d4 4 + Dex 2 + Power 1 = 7 (002:52, 58); Garret's ToP 3 + Persona 1 = 4 (002:74): 7 > 4,
 *   so fatigue +4 and HP −3 (002:76): 10 → 7 HP (Garret's max HP: the fighter's d10 whole at 1st
 *   level + Con 10's 0 = 10, docs/rules.md "Max HP"), fatigue 0 → 4, and the hit lowers the ToP by 1,
 *   4 → 3 (002:78). Fatigue 4 < 7 HP: no Constitution check (002:160). Undo: 10 HP, fatigue 0, no
 *   hit taken; the take-back: Zherynn acts at 12 again;
 * - Zherynn then acts from the tracker: d6 2 + 3 = 5, next 17; advance to 13: Aeus acts, still
 *   unsteady (it has not acted yet); Garret at 16 (in 3), Zherynn at 17 (in 4).
 * The count went 6 → 7 → 12 → 13, as in the text.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { usePlaygroundServer } from './playground-server.js';
import { expectNoSeriousViolations } from './axe.js';

const pages = useChromiumPages({ viewport: { width: 1600, height: 1100 } });
const server = usePlaygroundServer('playground-tc');

const ZHERYNN = 'Zherynn';
const AEUS = 'Aeus';
const GARRET = 'Garret';

const queue = (page: Page, ...dice: number[]) =>
  page.evaluate((values) => window.gngPlayground?.harness.dice.queue(...values), dice);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(ARTIFACTS_DIR, `playground-tc-${name}.png`) });
/** A screenshot of one element (the tracker, a card), at the page's scale. */
const shotOf = (page: Page, selector: string, name: string) =>
  page
    .locator(selector)
    .last()
    .screenshot({ path: join(ARTIFACTS_DIR, `playground-tc-${name}.png`) });
const windowOf = (page: Page, text: string) =>
  page.locator('.pg-window', { has: page.locator('.pg-window-header', { hasText: text }) });
const panel = (page: Page, name: string) =>
  page.locator('.pg-combatant', { has: page.getByRole('heading', { name, exact: true }) });
/** The turn order's row of `name` (its text starts with the name; others may name it later). */
const row = (page: Page, name: string) =>
  page.locator('.pg-tracker .combatant', { hasText: new RegExp(`^${name}`) });
const card = (page: Page) => page.locator('#chat-log .attack-card').last();
const actCard = (page: Page) => page.locator('#chat-log .tc-act-card').last();

async function actAs(page: Page, name: string): Promise<void> {
  await page.getByLabel('Acting as').selectOption({ label: name });
  await expect.poll(() => page.evaluate(() => game.user.name)).toBe(name.replace(' (GM)', ''));
}

/** The tracker as shown: its count line, the names in its order, and each row's words. */
async function tracker(page: Page) {
  return {
    count: await page.locator('.pg-tracker .gng-tc-count').textContent(),
    order: await page
      .locator('.pg-tracker .combatant .token-name')
      .evaluateAll((names) => names.map((n) => n.firstChild?.textContent ?? '')),
    rows: Object.fromEntries(
      await Promise.all(
        [ZHERYNN, GARRET, AEUS].map(
          async (name) => [name, await row(page, name).locator('.gng-tc-row').textContent()] as const,
        ),
      ),
    ),
  };
}

/** The GM advances the count from the tracker and waits for the new count. */
async function advance(page: Page, to: number): Promise<void> {
  await actAs(page, 'Gamemaster (GM)');
  await page.locator('.pg-tracker').getByRole('button', { name: 'Advance to next count' }).click();
  await expect
    .poll(() => page.locator('.pg-tracker .gng-tc-count').textContent())
    .toMatch(new RegExp(`^Time Count ${to} · `));
}

/** `user` acts with `name`'s `action` (the option's label) from its tracker row; waits for the card. */
async function act(page: Page, user: string, name: string, action: string): Promise<void> {
  await actAs(page, user);
  const before = await page.locator('#chat-log .tc-act-card').count();
  await row(page, name).getByLabel('The action to take').selectOption({ label: action });
  await row(page, name).getByRole('button', { name: 'Act', exact: true }).click();
  await expect.poll(() => page.locator('#chat-log .tc-act-card').count()).toBe(before + 1);
}

/** `user` rolls `name`'s initiative from the turn order (the playground's button for the owner). */
async function rollInitiative(page: Page, user: string, name: string, ...dice: number[]): Promise<void> {
  await actAs(page, user);
  await queue(page, ...dice);
  await page.getByRole('button', { name: `Roll initiative for ${name}` }).click();
  await expect.poll(() => row(page, name).locator('.gng-tc-row').textContent()).toMatch(/^first acts at /);
}

/** Clicks a button of the newest attack card and waits until the card changed. */
async function cardButton(page: Page, name: string | RegExp): Promise<void> {
  const before = await card(page).innerHTML();
  await card(page)
    .getByRole('button', { name, exact: typeof name === 'string' })
    .click();
  await expect.poll(() => card(page).innerHTML()).not.toBe(before);
}

/** The stored fatigue and ToP hits of `name` (as the panel words them) and its HP line. */
async function health(page: Page, name: string) {
  return [
    await panel(page, name).locator('.pg-hp').textContent(),
    await panel(page, name).locator('.pg-tc-health').textContent(),
  ];
}

it("plays the text's Time Count example in the tracker (6 → 7 → 12 → 13) and an exchange past the Threshold of Pain, Apply, Undo and the take-back", async () => {
  const { page } = pages;
  await page.goto(`${server.url()}?seed=32`);
  await page.waitForSelector('body[data-ready="true"]');

  // The example's sides: Zherynn and Aeus (side A, the player's), Garret (side B).
  const sideA = page.locator('.pg-side[data-side="a"]');
  const sideB = page.locator('.pg-side[data-side="b"]');
  // A picker holds every pack actor from its first focus (as a click or Tab gives it).
  await sideA.locator('select[name="actor-a-0"]').focus();
  await sideA.locator('select[name="actor-a-0"]').selectOption({ label: ZHERYNN });
  await expect.poll(() => sideA.locator('.pg-combatant h2').allTextContents()).toEqual([ZHERYNN]);
  await page.locator('select[name="actor-b-0"]').focus();
  await page.locator('select[name="actor-b-0"]').selectOption({ label: GARRET });
  await expect.poll(() => sideB.locator('.pg-combatant h2').allTextContents()).toEqual([GARRET]);
  await sideA.getByLabel('Add a combatant').fill('Aeus');
  await sideA.getByRole('button', { name: `Add ${AEUS} to side A` }).click();
  await expect.poll(() => sideA.locator('.pg-combatant h2').allTextContents()).toEqual([ZHERYNN, AEUS]);

  await page.getByLabel('Combat rules').selectOption('tc');
  await expect.poll(() => page.locator('.pg-tracker .gng-tc-count').count()).toBe(1);
  expect(await health(page, GARRET)).toEqual(['HP 10 / 10', 'Fatigue 0 · ToP hits this combat: 0']);
  expect((await tracker(page)).count).toBe('Time Count 0 · round 1');

  // Surprise is the GM's call (002:237): Aeus is marked before its roll.
  await actAs(page, 'Gamemaster (GM)');
  await row(page, AEUS).getByRole('button', { name: 'Surprised' }).click();
  await expect.poll(() => row(page, AEUS).locator('.gng-tc-row').textContent()).toContain('unsteady');

  // Initiative (1d6 + 4 − Wisdom 0; Aeus +1d6): 6, 7, 13, each rolled on the GM's client.
  await rollInitiative(page, 'Player', ZHERYNN, 2);
  await rollInitiative(page, 'Other Player', GARRET, 3);
  await rollInitiative(page, 'Player', AEUS, 4, 5);
  expect(await actCard(page).locator('.tc-act-line').allTextContents()).toEqual([
    'Aeus (surprised, unsteady until it first acts): initiative 1d6+4+1d6 [4, 5] = 13.',
  ]);
  // No one may roll twice: the buttons are gone.
  expect(await page.locator('.pg-roll-initiative').count()).toBe(0);
  expect(await tracker(page)).toEqual({
    count: 'Time Count 0 · round 1',
    order: [ZHERYNN, GARRET, AEUS],
    rows: { Zherynn: 'first acts at 6', Garret: 'first acts at 7', Aeus: 'first acts at 13 · unsteady' },
  });
  await shot(page, 'initiative');

  // Count 6: Zherynn acts first (the lowest), its dagger's SF rolled: 1d6 [3] + 3 = 6 → 12.
  await advance(page, 6);
  expect(await tracker(page)).toEqual({
    count: 'Time Count 6 · round 1',
    order: [ZHERYNN, GARRET, AEUS],
    rows: { Zherynn: 'acting now', Garret: 'acts at 7 (in 1)', Aeus: 'acts at 13 (in 7) · unsteady' },
  });
  await queue(page, 3);
  await act(page, 'Player', ZHERYNN, 'Dagger attack (no roll)');
  expect(await actCard(page).locator('.tc-act-line').allTextContents()).toEqual([
    'Zherynn: Attack with Dagger, SF 1d6+3 [3] = 6; acted at 6, acts next at 12.',
  ]);
  expect(await tracker(page)).toEqual({
    count: 'Time Count 6 · round 1',
    order: [GARRET, ZHERYNN, AEUS],
    rows: { Zherynn: 'acts at 12 (in 6)', Garret: 'acts at 7 (in 1)', Aeus: 'acts at 13 (in 7) · unsteady' },
  });

  // Count 7: Garret (an NPC: the static SF) slashes with its long sword: 7 + 9 = 16.
  await advance(page, 7);
  expect((await tracker(page)).rows.Garret).toBe('acting now');
  await act(page, 'Other Player', GARRET, 'Long sword attack (no roll)');
  expect(await actCard(page).locator('.tc-act-line').allTextContents()).toEqual([
    'Garret: Attack with Long sword, SF 9; acted at 7, acts next at 16.',
  ]);
  expect(await tracker(page)).toEqual({
    count: 'Time Count 7 · round 1',
    order: [ZHERYNN, AEUS, GARRET],
    rows: { Zherynn: 'acts at 12 (in 5)', Garret: 'acts at 16 (in 9)', Aeus: 'acts at 13 (in 6) · unsteady' },
  });

  // Count 12 (round 2): Zherynn acts again, Aeus one count later.
  await advance(page, 12);
  const at12 = {
    count: 'Time Count 12 · round 2',
    order: [ZHERYNN, AEUS, GARRET],
    rows: { Zherynn: 'acting now', Garret: 'acts at 16 (in 4)', Aeus: 'acts at 13 (in 1) · unsteady' },
  };
  expect(await tracker(page)).toEqual(at12);
  await shot(page, 'count-12');

  // The exchange: Zherynn stabs Garret (the player's target) from its sheet: d20 11, the SF d6 1.
  await actAs(page, 'Player');
  await panel(page, ZHERYNN).getByRole('button', { name: 'Open sheet' }).click();
  const sheet = windowOf(page, ZHERYNN);
  await sheet
    .locator('tr, li', { hasText: 'Dagger' })
    .filter({ has: page.locator('[data-action="rollAttack"]') })
    .locator('[data-action="rollAttack"]')
    .first()
    .click();
  const dialog = page.locator('.pg-window', { has: page.locator('.attack-submit') });
  await dialog.waitFor();
  await queue(page, 11, 1);
  await dialog.getByRole('button', { name: 'Attack', exact: true }).click();
  await card(page).waitFor();
  await sheet.getByRole('button', { name: /^Close/ }).click();
  expect(await card(page).locator('.static-defense').textContent()).toBe('vs Primary 12');
  expect(await card(page).locator('.attack-total .big-value').textContent()).toBe('15');
  expect(await card(page).locator('.result .big-label').textContent()).toBe('Hit');
  expect(await card(page).locator('.tc-line').allTextContents()).toEqual([
    'Zherynn acts next at count 16 (count 12 + SF 4).',
    'Fast speed factor rolled: 1d6+3 [1].',
  ]);
  const after = await tracker(page);
  expect(after.order[0]).toBe(AEUS);
  expect(after.rows).toEqual({
    Zherynn: 'acts at 16 (in 4) · together with Garret',
    Garret: 'acts at 16 (in 4) · together with Zherynn',
    Aeus: 'acts at 13 (in 1) · unsteady',
  });

  // Damage d4 4 + Dex 2 + Power 1 = 7 against ToP 4: fatigue +4, HP −3, ToP 4 → 3.
  await queue(page, 4);
  await cardButton(page, /^Roll damage/);
  await expect.poll(() => card(page).locator('.damage-final .big-value').textContent()).toBe('7');
  await cardButton(page, /^Apply damage/);
  await expect.poll(() => health(page, GARRET)).toEqual(['HP 7 / 10', 'Fatigue 4 · ToP hits this combat: 1']);
  expect(await card(page).locator('.tc-split').textContent()).toBe('fatigue +4, HP −3, ToP 4→3');
  expect(await card(page).locator('.tc-consciousness').count()).toBe(0);
  await shot(page, 'applied');
  await shotOf(page, '#chat-log .attack-card', 'card-applied');
  await shotOf(page, '.pg-tracker', 'tracker-exchange');
  await expectNoSeriousViolations(page, '#chat-log .attack-card');

  // Undo: HP, fatigue and the ToP hit back; then the take-back: Zherynn's next count back to 12.
  await cardButton(page, /^Undo damage/);
  await expect
    .poll(() => health(page, GARRET))
    .toEqual(['HP 10 / 10', 'Fatigue 0 · ToP hits this combat: 0']);
  expect(await card(page).locator('.tc-split').count()).toBe(0);
  await cardButton(page, `Take back ${ZHERYNN}'s attack`);
  expect(await card(page).locator('.tc-withdrawn').textContent()).toBe('Zherynn took the attack back.');
  // The next count it had posted no longer holds: struck through.
  expect(
    await card(page)
      .locator('.tc-line')
      .evaluateAll((lines) => lines.map((l) => getComputedStyle(l).textDecorationLine)),
  ).toEqual(['line-through', 'line-through']);
  await expect.poll(() => tracker(page)).toEqual(at12);
  await shot(page, 'taken-back');
  await shotOf(page, '#chat-log .attack-card', 'card-taken-back');

  // Zherynn acts at 12 from the tracker (1d6 [2] + 3 = 5 → 17); count 13: Aeus, still unsteady.
  await queue(page, 2);
  await act(page, 'Player', ZHERYNN, 'Dagger attack (no roll)');
  await advance(page, 13);
  expect(await tracker(page)).toEqual({
    count: 'Time Count 13 · round 2',
    order: [AEUS, GARRET, ZHERYNN],
    rows: { Zherynn: 'acts at 17 (in 4)', Garret: 'acts at 16 (in 3)', Aeus: 'acting now · unsteady' },
  });
  expect(await page.locator('.pg-tracker h2').textContent()).toBe('Turn order · round 2');
  // Aeus's owner chooses its act; the counts to hold show only for a hold.
  await actAs(page, 'Player');
  const holdCounts = row(page, AEUS).getByLabel('Counts to hold');
  expect(await holdCounts.isVisible()).toBe(false);
  await row(page, AEUS).getByLabel('The action to take').selectOption({ label: 'Hold (act later)' });
  expect(await holdCounts.isVisible()).toBe(true);
  await shot(page, 'count-13');
  await shotOf(page, '.pg-tracker', 'tracker-13');
  await expectNoSeriousViolations(page, '#pg-tracker');
});

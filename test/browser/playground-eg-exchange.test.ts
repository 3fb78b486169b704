/**
 * The playground's exchange under the Enlightened Grognard (issue #31, "a browser test plays an
 * exchange with a proactive spend, a defender's spend and a retroactive 3:1 spend, Apply and Undo,
 * and the pools end where the text says") in Chromium, one page, one world: the fighter's player and
 * the rogue's each roll initiative and choose 2 tokens on the initiative card (003:430), the GM grants
 * the fighter 3 persistent power tokens (003:464, the API a GM calls); the fighter attacks the rogue
 * with 1 proactive power token chosen in the dialog, the rogue's player spends 2 speed tokens on its
 * AC before the roll, the roll misses, 3 power tokens after it buy +1 and a hit (2 are refused), 1
 * power token adds 1 damage; Apply, Undo, then the attack taken back. After each step the test reads
 * the card's lines and the pools the side panels and the turn order show. Last, a goblin joins the
 * rogue's side: the NPCs' communal pool shows to the GM only. Dice are queued through the page's
 * harness. axe-core finds no serious or critical violation on the card. Needs `dist/`
 * (`npx tsx scripts/build.ts`). Screenshots: test-results/browser/playground-eg-exchange-*.png.
 *
 * Worked by hand (docs/rules.md "The Enlightened Grognard tokens"; the Appendix 3 samples):
 * - the fighter's bastard sword: Strength BAB 5 (a class with no EG rates keeps its d20 progression,
 *   good: 1 a level, A7) + Str 18's +4 + size 0 = +9 (003:153); 1 power token before the roll, +1
 *   (003:381, 394): 1d20 + 10;
 * - the rogue's AC: 10 + padded armor 1 + class 1 (GnG's Defense bonus of a 1st-level rogue) + Dex 3
 *   + size 0 = 15 (003:236); 2 speed tokens before the roll, +2 (003:382–384, 410): 17;
 * - d20 6: 6 + 10 = 16 < 17, a miss; 3 power tokens after the roll, ⌊3/3⌋ = +1 (003:388–389, A4):
 *   17 ≥ 17, a hit ("equals or beats", 003:129); 2 tokens buy nothing and are refused;
 * - damage d10 2 + Str 4 = 6; 1 power token, +1 (1:1, 003:399–401): 7; the rogue's HP under the model
 *   9 (A13: the d8 of 1st level, 8, + Con 13's +1); 9 − 7 = 2 < 9/2: bloodied for the first time this
 *   encounter, 1 Con damage (003:968–970, A9); Undo gives back HP 9, Con damage 0, not bloodied;
 * - the pools (spends take the encounter pool first, then persistent tokens): the fighter 2 power
 *   (+3 persistent) → 1 (+3) after the proactive token → 0 (+1) after the retroactive 3 → 0 (+0) after
 *   the damage token; the rogue 2 speed → 0. The take-back returns every token: 2 (+3) and 2 speed.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { usePlaygroundServer } from './playground-server.js';
import { expectNoSeriousViolations } from './axe.js';

const pages = useChromiumPages({ viewport: { width: 1600, height: 1100 } });
const server = usePlaygroundServer('playground-eg-exchange');

const FIGHTER = 'Fighter, 5th level';
const ROGUE = 'Rogue, 1st level';
const GOBLIN = 'Goblin, 1st-Level Warrior';
const DEFEND = `${ROGUE}: spend speed tokens on the defense`;
const RETRO = 'Retroactive power tokens on the attack (3 per +1)';
const DEALT = 'Power tokens: +1 damage dealt each';

const queue = (page: Page, ...dice: number[]) =>
  page.evaluate((values) => window.gngPlayground?.harness.dice.queue(...values), dice);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(ARTIFACTS_DIR, `playground-eg-exchange-${name}.png`) });
const windowOf = (page: Page, text: string) =>
  page.locator('.pg-window', { has: page.locator('.pg-window-header', { hasText: text }) });
const panel = (page: Page, name: string) =>
  page.locator('.pg-combatant', { has: page.getByRole('heading', { name, exact: true }) });
const row = (page: Page, name: string) => page.locator('.pg-tracker .combatant', { hasText: name });
const card = (page: Page) => page.locator('#chat-log .attack-card').last();
const tokenCard = (page: Page) => page.locator('#chat-log .eg-token-card').last();

/** What the side panels and the turn order show of the fighter's and the rogue's tokens. */
async function pools(page: Page) {
  return {
    fighter: await panel(page, FIGHTER).locator('.pg-eg-tokens').textContent(),
    rogue: await panel(page, ROGUE).locator('.pg-eg-tokens').textContent(),
    tracker: [
      await row(page, FIGHTER).locator('.gng-eg-tokens').textContent(),
      await row(page, ROGUE).locator('.gng-eg-tokens').textContent(),
    ],
  };
}

/** The pools as the panels ("…'s tokens: …") and the tracker ("P 2 · S 0 · I 0 …") word them. */
function expected(fighter: [number, number], rogueSpeed: number) {
  const [power, persistent] = fighter;
  const fighterLong = `${FIGHTER}'s tokens: ${power} power, 0 speed, 0 insight`;
  return {
    fighter: persistent ? `${fighterLong}; persistent: ${persistent} power, 0 speed, 0 insight` : fighterLong,
    rogue: `${ROGUE}'s tokens: 0 power, ${rogueSpeed} speed, 0 insight`,
    tracker: [
      persistent
        ? `P ${power} · S 0 · I 0 (+P ${persistent} · S 0 · I 0 persistent)`
        : `P ${power} · S 0 · I 0`,
      `P 0 · S ${rogueSpeed} · I 0`,
    ],
  };
}

async function actAs(page: Page, name: string): Promise<void> {
  await page.getByLabel('Acting as').selectOption({ label: name });
  await expect.poll(() => page.evaluate(() => game.user.name)).toBe(name.replace(' (GM)', ''));
}

/** The tracker's initiative roll for a combatant the acting user owns (Foundry's d20 button). */
const rollInitiative = (page: Page, name: string) =>
  page.evaluate(async (actorName) => {
    const combat = game.combat as Combat;
    const combatant = combat.combatants.find((c) => c.actor?.name === actorName);
    await combat.rollInitiative([combatant?.id as string]);
  }, name);

/** Clicks a button of the newest attack card (after filling its count) and waits until the card changed. */
async function cardButton(page: Page, name: string | RegExp, tokens?: number): Promise<void> {
  const before = await card(page).innerHTML();
  if (tokens !== undefined && typeof name === 'string')
    await card(page).getByLabel(name, { exact: true }).fill(String(tokens));
  await card(page)
    .getByRole('button', { name, exact: typeof name === 'string' })
    .click();
  await expect.poll(() => card(page).innerHTML()).not.toBe(before);
}

/** The result's word and its "total vs defense". */
const outcome = (page: Page) =>
  Promise.all([
    card(page).locator('.result .big-label').textContent(),
    card(page).locator('.result .versus').textContent(),
  ]);
const lines = (page: Page) => card(page).locator('.eg-line').allTextContents();

it("plays an exchange under the Enlightened Grognard: initiative tokens, a proactive spend, the defender's spend, a retroactive 3:1 spend, damage 1:1, Apply, Undo and the take-back", async () => {
  const { page } = pages;
  await page.goto(`${server.url()}?seed=7`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.getByLabel('Combat rules').selectOption('eg');
  await expect.poll(() => page.locator('.pg-eg-tokens').count()).toBe(2);
  expect(await pools(page)).toEqual(expected([0, 0], 0));

  // Initiative: each player chooses its 2 tokens on the card the GM's client posts (003:430).
  await queue(page, 20);
  await rollInitiative(page, FIGHTER);
  await expect
    .poll(() => tokenCard(page).locator('.eg-token-ask').textContent())
    .toBe(`${FIGHTER} rolled initiative and gains 2 tokens of its choice.`);
  await tokenCard(page).getByRole('button', { name: '2 power', exact: true }).click();
  await expect
    .poll(() => tokenCard(page).locator('.eg-token-result').textContent())
    .toBe(`${FIGHTER} gained 2 power on rolling initiative.`);
  await actAs(page, 'Other Player');
  await queue(page, 1);
  await rollInitiative(page, ROGUE);
  await expect.poll(() => page.locator('#chat-log .eg-token-card').count()).toBe(2);
  await tokenCard(page).getByRole('button', { name: '2 speed', exact: true }).click();
  await expect
    .poll(() => tokenCard(page).locator('.eg-token-result').textContent())
    .toBe(`${ROGUE} gained 2 speed on rolling initiative.`);
  // The GM grants the fighter 3 persistent power tokens (game.gng, as from the console).
  await actAs(page, 'Gamemaster (GM)');
  const granted = await page.evaluate(
    (name) => game.gng.grantPersistentTokens(game.actors.getName(name) as Actor, { power: 3 }),
    FIGHTER,
  );
  expect(granted.ok).toBe(true);
  await actAs(page, 'Player');
  await expect.poll(() => pools(page)).toEqual(expected([2, 3], 2));

  // The player attacks from the fighter's sheet with 1 proactive power token (the dialog shows the pool).
  await panel(page, FIGHTER).getByRole('button', { name: 'Open sheet' }).click();
  const sheet = windowOf(page, FIGHTER);
  const weapon = sheet
    .locator('tr, li', { hasText: 'Bastard sword' })
    .filter({ has: page.locator('[data-action="rollAttack"]') });
  await weapon.locator('[data-action="rollAttack"]').first().click();
  const dialog = page.locator('.pg-window', { has: page.locator('.attack-submit') });
  await dialog.waitFor();
  expect(await dialog.locator('.eg-pool').textContent()).toBe(
    'Your tokens: 5 power (3 persistent), 0 speed (0 persistent), 0 insight (0 persistent)',
  );
  await dialog.getByLabel('Proactive power tokens on the attack (+1 each)').fill('1');
  await dialog.getByRole('button', { name: 'Attack', exact: true }).click();
  await card(page).waitFor();
  await sheet.getByRole('button', { name: /^Close/ }).click();
  expect(await lines(page)).toEqual([`${FIGHTER} spends 1 power on the attack (before the roll).`]);
  expect(await card(page).locator('.static-defense').textContent()).toBe('vs Armor Class 15');
  // Nothing is rolled before the defender answers (003:384).
  expect(await card(page).locator('.attack-total').count()).toBe(0);
  await expect.poll(() => pools(page)).toEqual(expected([1, 3], 2));
  await shot(page, 'waiting');

  // The rogue's player spends 2 speed tokens on its AC; the attack is rolled: d20 6, 16 against 17.
  await actAs(page, 'Other Player');
  await queue(page, 6);
  await cardButton(page, DEFEND, 2);
  await expect
    .poll(() => lines(page))
    .toEqual([
      `${FIGHTER} spends 1 power on the attack (before the roll).`,
      `${ROGUE} spends 2 speed on the defense (before the roll).`,
    ]);
  expect(await card(page).locator('.static-defense').textContent()).toBe('vs Armor Class 17');
  expect(await card(page).locator('.attack-total .big-value').textContent()).toBe('16');
  expect(await card(page).locator('.attack-roll summary').textContent()).toBe('1d20 + 10 · Natural 6');
  expect(await outcome(page)).toEqual(['Miss', '16 vs 17']);
  await expect.poll(() => pools(page)).toEqual(expected([1, 3], 0));

  // The fighter's player after the roll: 2 tokens are refused (3 per +1), 3 buy +1: 17 against 17, a hit.
  await actAs(page, 'Player');
  await card(page).getByLabel(RETRO, { exact: true }).fill('2');
  await card(page).getByRole('button', { name: RETRO, exact: true }).click();
  await expect
    .poll(() => page.locator('.pg-notice').allTextContents())
    .toContain('Retroactive tokens are spent 3 at a time.');
  expect(await pools(page)).toEqual(expected([1, 3], 0));
  await cardButton(page, RETRO, 3);
  await expect
    .poll(async () => (await lines(page)).at(-1))
    .toBe(`${FIGHTER} spends 3 power after the roll: +1.`);
  expect(await outcome(page)).toEqual(['Hit', '17 vs 17']);
  await expect.poll(() => pools(page)).toEqual(expected([0, 1], 0));
  await shot(page, 'retroactive');

  // Damage d10 2 + 4 = 6; the last (persistent) power token adds 1: 7.
  await queue(page, 2);
  await cardButton(page, /^Roll damage/);
  await expect.poll(() => card(page).locator('.damage-final .big-value').textContent()).toBe('6');
  await cardButton(page, DEALT, 1);
  await expect
    .poll(async () => (await lines(page)).at(-1))
    .toBe(`${FIGHTER} adds 1 damage with power tokens.`);
  expect(await card(page).locator('.damage-final .big-value').textContent()).toBe('7');
  await expect.poll(() => pools(page)).toEqual(expected([0, 0], 0));

  // Apply: 9 − 7 = 2 HP, bloodied the first time: 1 Con damage (the rogue's sheet, as its player sees it).
  const hp = panel(page, ROGUE).locator('.pg-hp');
  expect(await hp.textContent()).toBe('HP 9 / 9');
  await cardButton(page, /^Apply damage/);
  await expect.poll(() => hp.textContent()).toBe('HP 2 / 9');
  await expect.poll(() => row(page, ROGUE).locator('.gng-eg-bloodied').textContent()).toBe('Bloodied');
  await actAs(page, 'Other Player');
  await panel(page, ROGUE).getByRole('button', { name: 'Open sheet' }).click();
  const health = windowOf(page, ROGUE).locator('.eg-health-line');
  await expect
    .poll(() => health.allTextContents())
    .toEqual([
      'Con damage: 1 (Con 13).',
      'Bloodied: below half its maximum HP (4.5).',
      'The 1 Con damage of being bloodied this encounter is taken.',
    ]);
  await shot(page, 'applied');

  // Undo of Apply: HP, Con damage and bloodied back; the spends are steps of their own and stay.
  await actAs(page, 'Player');
  await cardButton(page, /^Undo damage/);
  await expect.poll(() => hp.textContent()).toBe('HP 9 / 9');
  expect(await row(page, ROGUE).locator('.gng-eg-bloodied').count()).toBe(0);
  await actAs(page, 'Other Player');
  await expect
    .poll(() => health.allTextContents())
    .toEqual(['Con damage: 0 (Con 13).', 'Not bloodied (bloodied below 4.5 HP).']);
  expect(await pools(page)).toEqual(expected([0, 0], 0));

  // The take-back: every token the card changed returns, the persistent ones to the persistent pool.
  await actAs(page, 'Player');
  await cardButton(page, `Take back the attack (${FIGHTER}): every token it changed returns`);
  await expect
    .poll(() => card(page).locator('.eg-withdrawn').textContent())
    .toBe('The attack was taken back; the tokens it changed were returned.');
  await expect.poll(() => pools(page)).toEqual(expected([2, 3], 2));
  await shot(page, 'taken-back');
  await expectNoSeriousViolations(page, '#chat-log .attack-card');

  // The turn order is narrow: each badge stays inside its row (it wraps below the name, never over
  // the edge), and badges do not run into each other.
  const overflow = await page.locator('.pg-tracker .combatant').evaluateAll((rows) =>
    rows.flatMap((r) => {
      const edge = r.getBoundingClientRect().right + 0.5;
      return [...r.querySelectorAll<HTMLElement>('.gng-eg-tokens, .gng-eg-turn, .gng-eg-bloodied')]
        .filter((b) => b.getBoundingClientRect().right > edge)
        .map((b) => b.textContent ?? '');
    }),
  );
  expect(overflow).toEqual([]);
  const gaps = await page
    .locator('.pg-tracker .gng-eg-turn')
    .evaluateAll((badges) => badges.map((b) => getComputedStyle(b).marginLeft));
  expect(gaps.length).toBeGreaterThan(0);
  for (const gap of gaps) expect(parseFloat(gap)).toBeGreaterThan(0);

  // An NPC joins side B (the table starts again under the model): the NPCs' communal pool is the
  // GM's to see (003:476–478), on its panel and above the turn order; a player sees neither.
  const side = page.locator('.pg-side[data-side="b"]');
  await side.getByLabel('Add a combatant').fill('goblin, 1st');
  await side.getByRole('button', { name: `Add ${GOBLIN} to side B` }).click();
  await expect.poll(() => side.locator('.pg-combatant h2').allTextContents()).toEqual([ROGUE, GOBLIN]);
  await expect.poll(() => page.locator('.pg-eg-tokens').count()).toBe(2);
  expect(await panel(page, GOBLIN).locator('.pg-eg-tokens').count()).toBe(0);
  expect(await page.locator('.gng-eg-npc-pool').count()).toBe(0);
  await actAs(page, 'Gamemaster (GM)');
  const npcPool = 'NPC communal pool: 0 power, 0 speed, 0 insight';
  await expect.poll(() => panel(page, GOBLIN).locator('.pg-eg-tokens').textContent()).toBe(npcPool);
  expect(await page.locator('.pg-tracker .gng-eg-npc-pool').textContent()).toBe(npcPool);
  expect(await pools(page)).toEqual(expected([0, 0], 0));
});

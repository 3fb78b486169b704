/**
 * The playground (`npm start`, issue 9) in Chromium: the command prints its URL, the page loads the
 * system with no console errors (useChromiumPages fails a test on any), and a full exchange is played
 * through the page's own buttons, switching users as the table would: attack, defense, a failed
 * Block, Roll with Blow, apply, undo; then a called shot that stuns. Dice are queued through the
 * page's harness (`window.gngPlayground`), as the integration tests queue them. Needs `dist/`
 * (`npm run build`). Screenshots: test-results/browser/playground-*.png.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from '../harness/index.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';

const pages = useChromiumPages({ viewport: { width: 1600, height: 1100 } });

let server: ChildProcess | undefined;
let url = '';
let output = '';

beforeAll(async () => {
  server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--no-build'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start printed no URL:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/localhost:\d+\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[0]);
      }
    };
    server?.stdout?.on('data', read);
    server?.stderr?.on('data', read);
    server?.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
  });
}, 120_000);

afterAll(() => {
  server?.kill();
});

async function open(page: Page, seed = 7): Promise<void> {
  await page.goto(`${url}?seed=${seed}`);
  await page.waitForSelector('body[data-ready="true"]');
}

const queue = (page: Page, ...dice: number[]) =>
  page.evaluate((values) => window.gngPlayground?.harness.dice.queue(...values), dice);

async function actAs(page: Page, name: string): Promise<void> {
  await page.selectOption('#pg-user', { label: name });
  await expect.poll(() => page.evaluate(() => game.user.name)).toBe(name.replace(/ \(GM\)$/, ''));
}

const card = (page: Page) => page.locator('#chat-log .attack-card').last();
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(ARTIFACTS_DIR, `playground-${name}.png`) });

it('npm start prints the URL and the page loads the system with no console errors', async () => {
  expect(output).toContain(url);
  const { page } = pages;
  await open(page);
  await expect.poll(() => page.locator('.pg-banner').textContent()).toContain('This is not Foundry VTT');
  expect(await page.locator('.pg-combatant').count()).toBe(2);
  expect(await page.locator('.pg-combatant h2').allTextContents()).toEqual([
    'Fighter, 5th level',
    'Rogue, 1st level',
  ]);
  expect(await page.locator('.pg-tracker .combatant').count()).toBe(2);
  // Every string of the page came from lang/en.json.
  expect(await page.evaluate(() => window.gngPlayground?.harness.i18n.missing.size)).toBe(0);
  await shot(page, 'loaded');
});

/** Clicks a button of the newest attack card and waits until the card changed. */
async function cardButton(page: Page, name: string): Promise<void> {
  const before = await card(page).innerHTML();
  await card(page).getByRole('button', { name, exact: true }).click();
  await expect.poll(() => card(page).innerHTML()).not.toBe(before);
}

/** The player opens the fighter's sheet and attacks the targeted rogue with the bastard sword. */
async function attackFromSheet(page: Page, tick: string[] = []): Promise<void> {
  await page.locator('.pg-combatant[data-side="a"]').getByRole('button', { name: 'Open sheet' }).click();
  const sheet = page.locator('.pg-window', { hasText: 'Fighter, 5th level' });
  const row = sheet
    .locator('tr, li', { hasText: 'Bastard sword' })
    .filter({ has: page.locator('[data-action="rollAttack"]') });
  await row.locator('[data-action="rollAttack"]').first().click();
  const dialog = page.locator('.pg-window', { has: page.locator('.attack-submit') });
  await dialog.waitFor();
  for (const label of tick) await dialog.getByLabel(label, { exact: true }).check();
  const messages = await page.locator('#chat-log > li').count();
  await dialog.getByRole('button', { name: 'Attack', exact: true }).click();
  await expect.poll(() => page.locator('#chat-log > li').count()).toBe(messages + 1);
}

it('plays a full exchange: attack, defense, a failed Block, Roll with Blow, apply, undo', async () => {
  const { page } = pages;
  await open(page);
  await queue(page, 10);
  await attackFromSheet(page);
  await shot(page, 'attack');

  // The rogue's player gives the rogue 4 ranks of Tumble on its sheet (for Roll with Blow), rolls
  // Defense (a 1), then Blocks and fails.
  await actAs(page, 'Other Player');
  await page.locator('.pg-combatant[data-side="b"]').getByRole('button', { name: 'Open sheet' }).click();
  const rogueSheet = page.locator('.pg-window', { hasText: 'Rogue, 1st level' });
  await rogueSheet.locator('input[name="system.skills.tumble.ranks"]').fill('4');
  await rogueSheet.locator('input[name="system.skills.tumble.ranks"]').press('Tab');
  await expect
    .poll(() => page.evaluate(() => game.actors.getName('Rogue, 1st level')?.system))
    .toMatchObject({ skills: { tumble: { ranks: 4 } } });
  await rogueSheet.getByRole('button', { name: /^Close/ }).click();
  await queue(page, 1);
  await cardButton(page, 'Roll Defense');
  await queue(page, 2);
  await cardButton(page, 'Block');
  await expect
    .poll(() => card(page).locator('.abort-block .abort-result').textContent())
    .toContain('fails to block');
  await shot(page, 'block-fails');

  // The fighter's player rolls damage.
  await actAs(page, 'Player');
  await queue(page, 6);
  await cardButton(page, 'Roll damage');
  const damage = Number(await card(page).locator('.damage-final .big-value').textContent());
  expect(damage).toBeGreaterThan(4);

  // Roll with Blow: the rogue's Tumble beats the attack by 4.
  await actAs(page, 'Other Player');
  const tumble = await page.evaluate(() => {
    const rogue = game.actors.getName('Rogue, 1st level') as Actor;
    return (rogue.system as unknown as { derived: { skills: { tumble: { total: number } } } }).derived.skills
      .tumble.total;
  });
  const attack = Number(await card(page).locator('.attack-total .big-value').textContent());
  await queue(page, attack + 4 - tumble);
  await cardButton(page, 'Roll with Blow');
  const rwb = card(page).locator('.abort-roll-with-blow');
  expect(await rwb.locator('.abort-result').textContent()).toBe('4 lethal damage becomes nonlethal.');
  expect(await rwb.locator('.abort-totals').textContent()).toBe('23 vs 19');
  await shot(page, 'roll-with-blow');

  // The fighter's player applies the damage; the rogue's panel shows the loss; Undo restores it.
  await actAs(page, 'Player');
  const hp = page.locator('.pg-combatant[data-side="b"] .pg-hp');
  const before = await hp.textContent();
  await cardButton(page, 'Apply damage');
  await expect.poll(() => hp.textContent()).not.toBe(before);
  await shot(page, 'applied');
  await cardButton(page, 'Undo damage');
  await expect.poll(() => hp.textContent()).toBe(before);
  await shot(page, 'undone');
});

it('plays a called shot that stuns: the penalty, the attack of opportunity, the Fortitude save, Stunned on the token', async () => {
  const { page } = pages;
  await open(page, 11);
  await queue(page, 19);
  await attackFromSheet(page, ['Stun (-4)']);
  expect(await card(page).textContent()).toContain('1d20 + 5'); // +9 − 4 for the called shot
  expect(await card(page).textContent()).toContain('The called shot provokes an attack of opportunity');
  // The fighter's player cannot take the rogue's attack of opportunity; the rogue's player can.
  expect(await card(page).getByRole('button', { name: 'Attack of opportunity', exact: true }).count()).toBe(
    0,
  );
  await actAs(page, 'Other Player');
  expect(await card(page).getByRole('button', { name: 'Attack of opportunity', exact: true }).count()).toBe(
    1,
  );
  await queue(page, 12);
  await cardButton(page, 'Roll Defense');
  await shot(page, 'called-shot');
  // The damage waits for the attack of opportunity: the rogue's player lets it go.
  await cardButton(page, 'No attack of opportunity');
  expect(await card(page).textContent()).toContain('made no attack of opportunity');

  await actAs(page, 'Player');
  await queue(page, 1);
  await cardButton(page, 'Roll damage');
  await cardButton(page, 'Apply damage');
  const statuses = page.locator('.pg-combatant[data-side="b"] .pg-statuses');
  expect(await statuses.textContent()).not.toContain('Stunned');

  // The rogue's player rolls the Fortitude save (a 1) and fails: the rogue is stunned.
  await actAs(page, 'Other Player');
  await queue(page, 1);
  await cardButton(page, 'Fortitude save');
  await expect.poll(() => statuses.textContent()).toContain('Stunned');
  await shot(page, 'stunned');
});

it("starts a grapple from the token HUD: the grapple card offers the rogue's player the attack of opportunity", async () => {
  const { page } = pages;
  await open(page, 5);
  const hud = page.locator('.pg-combatant[data-side="a"] .pg-token-hud');
  await hud
    .getByRole('button', { name: 'Grapple: Fighter, 5th level tries to grapple Rogue, 1st level' })
    .click();
  const grapple = page.locator('#chat-log .grapple-card').last();
  await grapple.waitFor();
  expect(await grapple.textContent()).toContain('provokes an attack of opportunity');
  expect(await grapple.getByRole('button', { name: 'Attack of opportunity', exact: true }).count()).toBe(0);
  await actAs(page, 'Other Player');
  expect(await grapple.getByRole('button', { name: 'Attack of opportunity', exact: true }).count()).toBe(1);
  await shot(page, 'grapple');
});

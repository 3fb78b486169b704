/**
 * A strafing burst on the playground's battle map (issue #16), in Chromium at 1600×1000: Player's
 * fighter gets a submachine gun (auto fire, 30 rounds); Player aims the Burst control by clicking
 * the rogue's token, fires; the map draws the cone template, the card in the chat log lists the
 * token inside (the rogue, never the shooter); the GM rolls its Defense and applies the hits; the
 * GM's Undo burst gives the rounds back and removes the cone. axe-core on the map and the card.
 * Runs `npm start --no-build` into a folder of its own (needs `dist/`). Screenshots:
 * test-results/browser/burst-map.png, burst-card.png, burst-card-open.png. Then a burst card with six
 * targets (the Node harness) in a chat log 300 px wide: each target folds, its summary names it and
 * its hits, the numbers that decide are the biggest, Tab and Enter unfold a target, axe-core is clean
 * (burst-card-six.png).
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expectNoSeriousViolations } from './axe.js';
import { expectTidyButtons, fontSize, showInChatLog, tabTo } from './card-layout.js';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { burstState, requestBurstAction, type BurstCardState } from '../../src/cards/burst/burst-actions.js';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { usePlaygroundServer } from './playground-server.js';
import { usePlaygroundPage } from './playground-page.js';

const h = await getHarness();
const pages = useChromiumPages({ viewport: { width: 1600, height: 1000 } });
const server = usePlaygroundServer('burst');
const playground = usePlaygroundPage(pages, server);

const FIGHTER = 'Fighter, 5th level';
const ROGUE = 'Rogue, 1st level';

const map = (page: Page) => page.locator('#pg-map');
const token = (page: Page, name: string) =>
  map(page).getByRole('button', { name: new RegExp(`^${name.replace(/[(),]/g, '\\$&')}, HP`) });
const card = (page: Page) => page.locator('#chat-log .burst-card').last();

/** Runs `code` as the GM in the page (the table draws again for the acting user afterwards). */
async function asGM(page: Page, code: string): Promise<void> {
  await page.evaluate(async (body) => {
    const playground = window.gngPlayground;
    if (!playground) throw new Error('no playground');
    const { harness, table } = playground;
    harness.as(harness.users.gm);
    try {
      await (new Function(`return (async () => { ${body} })();`) as () => Promise<void>)();
    } finally {
      harness.as(table.user);
      table.draw();
    }
  }, code);
}

async function actAs(page: Page, name: string): Promise<void> {
  await page.selectOption('#pg-user', { label: name });
  await expect.poll(() => page.evaluate(() => game.user.name)).toBe(name.replace(/ \(GM\)$/, ''));
}

const rounds = (page: Page) =>
  page.evaluate((n) => {
    const gun = game.actors.getName(n)?.items.find((item) => item.name === 'Submachine gun');
    return (gun?.system as unknown as { firearm: { ammunition: number } }).firearm.ammunition;
  }, FIGHTER);

it('aims a strafing burst at a token, draws the cone, lists who is inside and applies the hits', async () => {
  const { page } = pages;
  await playground.load(page, { seed: 5 });
  await asGM(
    page,
    `const fighter = game.actors.getName(${JSON.stringify(FIGHTER)});
     await fighter.createEmbeddedDocuments('Item', [{
       name: 'Submachine gun', type: 'weapon',
       system: { category: 'simple', use: 'ranged', damage: { medium: '2d6' }, damageTypes: ['piercing'],
         rangeIncrement: 50, strength: 'none', equipped: true,
         firearm: { fireModes: ['single', 'auto'], capacity: 30, ammunition: 30, barrels: 1 } },
     }]);`,
  );
  // Player acts with the fighter: the Burst control offers its gun.
  const control = map(page).getByRole('group', { name: 'Burst' });
  await expect.poll(() => control.getByLabel('Weapon').inputValue()).not.toBe('');
  await control.getByLabel('Kind of burst').selectOption({ label: 'Strafing burst' });
  // Aim by clicking the rogue's token (the rogue stands one square east: 0°).
  await control.getByRole('button', { name: 'Aim by clicking the map' }).click();
  expect(
    await control.getByRole('button', { name: 'Aim by clicking the map' }).getAttribute('aria-pressed'),
  ).toBe('true');
  const targets = () => page.evaluate(() => [...game.user.targets].map((target) => target.id).sort());
  const targetsBefore = await targets();
  await token(page, ROGUE).click();
  expect(await control.getByLabel(/^Direction/).inputValue()).toBe('0');
  // Aiming did not target the rogue.
  expect(await targets()).toEqual(targetsBefore);

  const before = await page.locator('#chat-log > li').count();
  await page.evaluate(() => window.gngPlayground?.harness.dice.queue(5, 5)); // 5 + 5 + 20 = 30 shots
  await control.getByRole('button', { name: 'Fire the burst' }).click();
  // The burst card, and the attack of opportunity it provokes from the adjacent, armed rogue
  // (the other side's token: HOSTILE to the fighter's FRIENDLY).
  await expect.poll(() => page.locator('#chat-log > li').count()).toBe(before + 2);
  expect(await rounds(page)).toBe(0);
  const opportunity = page.locator('#chat-log .opportunity-card').last();
  expect(await opportunity.locator('h3').textContent()).toBe(`${FIGHTER} fires while threatened`);
  expect(await opportunity.locator('.opportunity-answer').allTextContents()).toEqual([
    `${ROGUE} may take an attack of opportunity against ${FIGHTER}.`,
  ]);

  // The cone is on the map, with its label; the card lists the rogue only, never the shooter.
  const cone = map(page).locator('.pg-template-cone');
  await expect.poll(() => cone.count()).toBe(1);
  expect(await cone.locator('text').textContent()).toBe('Strafing burst area');
  expect(await map(page).locator('#pg-map-help').textContent()).toContain('On the map: Strafing burst area.');
  expect(await card(page).locator('h3').textContent()).toBe('Strafing burst: Submachine gun');
  expect(await card(page).locator('.burst-shots .big-value').textContent()).toBe('30');
  const names = await card(page).locator('section.burst-target .target-name').allTextContents();
  expect(names).toEqual([ROGUE]);
  await map(page).screenshot({ path: join(ARTIFACTS_DIR, 'burst-map.png') });
  await expectNoSeriousViolations(page, '#pg-map');

  // The GM rolls the rogue's Defense (a natural 1) and applies the hit.
  await actAs(page, 'Gamemaster (GM)');
  const hp = () =>
    page.evaluate(
      (n) => (game.actors.getName(n)?.system as unknown as { hp: { value: number } }).hp.value,
      ROGUE,
    );
  const hpBefore = await hp();
  await page.evaluate(() => window.gngPlayground?.harness.dice.queue(1));
  await card(page)
    .getByRole('button', { name: `Roll Defense for ${ROGUE}` })
    .click();
  await expect
    .poll(() => card(page).locator('.burst-target-status').first().textContent())
    .toBe('Hits: 1 of 1');
  // The target's section is open while it has a step left: its Defense, attack and hits.
  await card(page).screenshot({ path: join(ARTIFACTS_DIR, 'burst-card-open.png') });
  await page.evaluate(() => window.gngPlayground?.harness.dice.queue(4, 3)); // 7 before Protection
  await card(page)
    .getByRole('button', { name: `Apply hits to ${ROGUE}` })
    .click();
  await expect.poll(() => card(page).locator('.applied-hp').count()).toBe(1);
  const lethal = Number(await card(page).locator('.damage-final .big-value').textContent());
  expect(lethal).toBeGreaterThanOrEqual(0);
  expect(lethal).toBeLessThanOrEqual(7);
  expect(await hp()).toBe(hpBefore - lethal);
  await card(page).screenshot({ path: join(ARTIFACTS_DIR, 'burst-card.png') });
  await expectNoSeriousViolations(page, '#chat-log .burst-card');

  // The GM's Undo burst: HP and rounds back, the cone gone.
  await card(page)
    .getByRole('button', { name: `Undo ${FIGHTER}'s burst` })
    .click();
  await expect.poll(() => map(page).locator('.pg-template-cone').count()).toBe(0);
  expect(await rounds(page)).toBe(30);
  expect(await hp()).toBe(hpBefore);
});

it('six targets stay readable at 300 px: folded sections, big numbers, keyboard, axe', async () => {
  h.reset(3);
  h.as(h.users.gm);
  const gunner = await h.createActor(
    { name: 'Gunner', type: 'npc', system: { abilities: { con: { value: 30 } }, hp: { value: 30 } } },
    h.users.player,
  );
  const [gun] = await gunner.createEmbeddedDocuments('Item', [
    {
      name: 'SMG',
      type: 'weapon',
      system: {
        category: 'simple',
        use: 'ranged',
        damage: { medium: '2d6' },
        damageTypes: ['piercing'],
        rangeIncrement: 50,
        strength: 'none',
        equipped: true,
        firearm: { fireModes: ['single', 'auto'], capacity: 30, ammunition: 30, barrels: 1 },
      },
    },
  ]);
  h.placeToken(gunner);
  const names = ['Ash', 'Birch', 'Cedar', 'Dogwood', 'Elm', 'Fir'];
  for (const [i, name] of names.entries()) {
    const actor = await h.createActor(
      { name, type: 'npc', system: { abilities: { con: { value: 30 } }, hp: { value: 30 } } },
      i % 2 ? h.users.otherPlayer : undefined,
    );
    const token = h.placeToken(actor);
    await (token.document as unknown as { update(c: Record<string, number>): Promise<unknown> }).update({
      x: (i + 1) * 100,
      y: 0,
    });
  }
  h.as(h.users.player);
  h.dice.queue(3, 4);
  const result = await game.gng.burst(gunner, gun as Item, { kind: 'linear', direction: 0 });
  await attackActionsSettled();
  const message = game.messages.get((result as { messageId?: string }).messageId as string) as ChatMessage;
  // The GM rolls the three nearest targets' Defense and applies the first one's hits.
  h.as(h.users.gm);
  const ids = () => (burstState(message) as BurstCardState).targets.map((t) => t.id);
  const [first, second, third] = ids();
  for (const [id, d20] of [
    [first, 2],
    [second, 18],
    [third, 3],
  ] as const) {
    h.dice.queue(d20);
    await requestBurstAction(message.id as string, 'rollDefense', id as string);
  }
  h.dice.queue(5, 5);
  await requestBurstAction(message.id as string, 'applyDamage', first as string);
  await attackActionsSettled();

  const page = pages.page;
  await showInChatLog(page, h, message, h.users.gm, 300);
  const selector = '#chat-log .burst-card';
  expect(await page.locator(`${selector} section.burst-target`).count()).toBe(6);
  const summaries = await page.locator(`${selector} .burst-target-fold > summary`).allTextContents();
  expect(summaries.map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
    expect.stringMatching(/^Ash Hits: 1 · 10 lethal, 0 nonlethal applied$/),
    expect.stringMatching(/^Birch Hits: 0 of 1$/),
    expect.stringMatching(/^Cedar Hits: 1 of 1$/),
    expect.stringMatching(/^Dogwood Defense not rolled yet$/),
    expect.stringMatching(/^Elm Defense not rolled yet$/),
    expect.stringMatching(/^Fir Defense not rolled yet$/),
  ]);
  // Applied (Ash) and missed (Birch) targets are folded; those with a step left are open.
  const open = await page
    .locator(`${selector} .burst-target-fold`)
    .evaluateAll((all) => all.map((d) => (d as HTMLDetailsElement).open));
  expect(open).toEqual([false, false, true, true, true, true]);
  // Every button, unfolded, names its target on one line of its own.
  const folds = page.locator(`${selector} .burst-target-fold`);
  await folds.evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
  await expectTidyButtons(page, selector);
  await folds.evaluateAll(
    (all, states) => all.forEach((d, i) => ((d as HTMLDetailsElement).open = states[i] as boolean)),
    open,
  );
  const big = await fontSize(page, selector, '.burst-shots .big-value');
  expect(big).toBeGreaterThan((await fontSize(page, selector, 'button')) * 1.5);
  expect(await tabTo(page, '.burst-target-fold > summary')).toBe(true);
  await page.keyboard.press('Enter');
  expect(
    await page
      .locator(`${selector} .burst-target-fold`)
      .first()
      .evaluate((d) => (d as HTMLDetailsElement).open),
  ).toBe(true);
  await page.locator(selector).screenshot({ path: join(ARTIFACTS_DIR, 'burst-card-six.png') });
  await expectNoSeriousViolations(page, selector);
});

it('a suppressing fire square is drawn on the map, named for what it is', async () => {
  const { page } = pages;
  await playground.load(page, { seed: 5 });
  await asGM(
    page,
    `const fighter = game.actors.getName(${JSON.stringify(FIGHTER)});
     const [gun] = await fighter.createEmbeddedDocuments('Item', [
       { name: 'Submachine gun', type: 'weapon',
         system: { category: 'simple', use: 'ranged', damage: { medium: '2d6' }, rangeIncrement: 50,
           strength: 'none', equipped: true,
           firearm: { fireModes: ['single', 'semi', 'auto'], capacity: 30, ammunition: 30, barrels: 1 } } },
       { name: 'Martial Weapons Proficiency (firearms)', type: 'feat',
         system: { identifier: 'martial-weapon-proficiency-firearms' } },
     ]);
     window.gngPlayground.harness.dice.queue(5);
     const result = await game.gng.suppress(fighter, gun, {
       area: { shape: 'square', corner: { x: 300, y: 0 } }, mode: 'semi' });
     if (!result.ok) throw new Error(result.error);`,
  );
  const area = map(page).locator('.pg-template-rect');
  await expect.poll(() => area.count()).toBe(1);
  expect(await area.locator('text').textContent()).toBe('Suppressing fire area');
  // A 20-ft square is four squares on a side.
  const box = await area.locator('polygon').boundingBox();
  const layer = map(page).locator('svg.pg-map-templates');
  const viewBox = ((await layer.getAttribute('viewBox')) ?? '').split(' ').map(Number);
  const layerBox = await layer.boundingBox();
  const perSquare = ((layerBox?.width ?? 0) / (viewBox[2] ?? 1)) * 100; // 100 px per 5-ft square
  expect(Math.round((box?.width ?? 0) / perSquare)).toBe(4);
  await map(page).screenshot({ path: join(ARTIFACTS_DIR, 'suppress-map.png') });
});

it("a token moved into a held suppressing fire area by its player calls for the GM's save and free shot", async () => {
  const { page } = pages;
  await playground.load(page, { seed: 7 });
  // The fighter holds a 20-ft square from (600 px, 0) = (30 ft, 0): squares 7 to 10 across, 1 to 4 down.
  await asGM(
    page,
    `const fighter = game.actors.getName(${JSON.stringify(FIGHTER)});
     const [gun] = await fighter.createEmbeddedDocuments('Item', [
       { name: 'Submachine gun', type: 'weapon',
         system: { category: 'simple', use: 'ranged', damage: { medium: '2d6' }, rangeIncrement: 50,
           strength: 'none', equipped: true,
           firearm: { fireModes: ['single', 'semi', 'auto'], capacity: 30, ammunition: 30, barrels: 1 } } },
       { name: 'Martial Weapons Proficiency (firearms)', type: 'feat',
         system: { identifier: 'martial-weapon-proficiency-firearms' } },
     ]);
     window.gngPlayground.harness.dice.queue(5);
     const result = await game.gng.suppress(fighter, gun, {
       area: { shape: 'square', corner: { x: 600, y: 0 } }, mode: 'semi' });
     if (!result.ok) throw new Error(result.error);
     const rogue = game.actors.getName(${JSON.stringify(ROGUE)}).getActiveTokens()[0];
     await rogue.document.update({ x: 1000, y: 100 });`,
  );
  const suppress = page.locator('#chat-log .suppress-card').last();
  await expect.poll(() => suppress.count()).toBe(1);
  expect(await suppress.locator('.suppress-trigger').count()).toBe(0);
  // The rogue's own player steps it one square left, into the area (its centre at 47.5 ft).
  await actAs(page, 'Other Player');
  await token(page, ROGUE).focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => suppress.locator('.suppress-trigger').count()).toBe(1);
  expect(await suppress.locator('.suppress-trigger .target-name').textContent()).toContain(ROGUE);
  expect(await page.locator('#pg-notices').textContent()).not.toContain('permission');
  await suppress.screenshot({ path: join(ARTIFACTS_DIR, 'suppress-trigger-playground.png') });
});

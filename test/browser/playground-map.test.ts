/**
 * The playground's battle map (issue 15), in Chromium at 1600×1000: the tokens of both sides with
 * their images, HP bars and status icons; click and Shift-click to target as the acting user; drag
 * and arrow keys to move (owners and the GM only), updating the token document's x/y in pixels;
 * distances in feet; sides of up to four combatants added and removed; the dead's overlay and the
 * dying's marker at 1280×720 and 1600×1000 (issue 33); axe-core on the map. Runs
 * `npm start --no-build` into a folder of its own (needs `dist/`: `npm run build`). Screenshots:
 * test-results/browser/playground-map-*.png.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import { expectNoSeriousViolations } from './axe.js';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, useChromiumPages } from './chromium.js';
import { usePlaygroundServer } from './playground-server.js';
import { usePlaygroundPage } from './playground-page.js';

const pages = useChromiumPages({ viewport: { width: 1600, height: 1000 } });
const server = usePlaygroundServer('playground-map');
const playground = usePlaygroundPage(pages, server);

const FIGHTER = 'Fighter, 5th level';
const ROGUE = 'Rogue, 1st level';
/** v13's default scene grid: 100 px per square; GnG's system.json: 5 ft per square. */
const SQUARE_PX = 100;

async function open(page: Page): Promise<void> {
  await playground.load(page, { seed: 5 });
}

const map = (page: Page) => page.locator('#pg-map');
/** The map token whose accessible name starts with `name` and a comma. */
const token = (page: Page, name: string) =>
  map(page).getByRole('button', { name: new RegExp(`^${name.replace(/[(),]/g, '\\$&')}, HP`) });

/** A token document's position and size, by its actor's name, read from the page's harness world. */
function place(page: Page, name: string): Promise<{ x: number; y: number; width: number; height: number }> {
  return page.evaluate((actorName) => {
    const actor = game.actors.getName(actorName) as Actor;
    const doc = actor.getActiveTokens()[0]?.document as unknown as Record<string, number>;
    return {
      x: doc.x as number,
      y: doc.y as number,
      width: doc.width as number,
      height: doc.height as number,
    };
  }, name);
}

/** The ids of the acting user's targets, and the tokens' ids on the map, by name. */
async function targetNames(page: Page): Promise<string[]> {
  return page.evaluate(() => [...game.user.targets].map((target) => target.document.name).sort());
}

async function actAs(page: Page, name: string): Promise<void> {
  await page.selectOption('#pg-user', { label: name });
  await expect.poll(() => page.evaluate(() => game.user.name)).toBe(name.replace(/ \(GM\)$/, ''));
}

/** Runs `change` as the GM in the page (the table draws again for the acting user afterwards). */
async function asGM(page: Page, change: string, args: Record<string, unknown>): Promise<void> {
  await page.evaluate(
    async ({ code, data }) => {
      const playground = window.gngPlayground;
      if (!playground) throw new Error('no playground');
      const { harness, table } = playground;
      harness.as(harness.users.gm);
      try {
        await (new Function('data', `return (async () => { ${code} })();`) as (d: unknown) => Promise<void>)(
          data,
        );
      } finally {
        harness.as(table.user);
      }
    },
    { code: change, data: args },
  );
}

async function drag(page: Page, name: string, columns: number, rows: number): Promise<void> {
  const box = await token(page, name).boundingBox();
  const board = await map(page).locator('.pg-map-board').boundingBox();
  if (!box || !board) throw new Error('no token or board on screen');
  const square = board.width / 12;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + (columns * square) / 2, y + (rows * square) / 2, { steps: 4 });
  await page.mouse.move(x + columns * square + 3, y + rows * square - 3, { steps: 4 });
  await page.mouse.up();
}

const shot = (page: Page, name: string) =>
  map(page).screenshot({ path: join(ARTIFACTS_DIR, `playground-map-${name}.png`) });

// One world for what only reads the default map (issue #29: a playground load is about 1.5 s of CPU).
it('shows both default tokens, adjacent, with images, HP bars matching HP and status icons; the map region passes axe-core', async () => {
  const { page } = pages;
  await open(page);
  expect(await map(page).getAttribute('aria-labelledby')).toBeTruthy();
  expect(await page.getByRole('region', { name: 'Battle map' }).count()).toBe(1);
  expect(await map(page).locator('.pg-token').count()).toBe(2);

  // Images: the tokens' texture (the actors' image), loaded.
  for (const name of [FIGHTER, ROGUE]) {
    const image = token(page, name).locator('img.pg-token-image');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const src = await image.getAttribute('src');
    const img = await page.evaluate((n) => game.actors.getName(n)?.img, name);
    expect(src).toBe(img);
  }

  // Side A left of side B, in adjacent squares: the default exchange is a melee attack in reach.
  const fighter = await place(page, FIGHTER);
  const rogue = await place(page, ROGUE);
  expect(rogue.x - fighter.x).toBe(SQUARE_PX);
  expect(rogue.y).toBe(fighter.y);
  expect(fighter.x % SQUARE_PX).toBe(0);
  expect(fighter.y % SQUARE_PX).toBe(0);
  // Player acts with the fighter: the rogue is 5 ft away (one square).
  expect(await token(page, ROGUE).getAttribute('aria-label')).toContain('5 ft away');
  expect(await token(page, ROGUE).locator('.pg-token-distance').textContent()).toBe('5 ft');

  // HP bars: full for the fighter; the rogue's at the share of HP left after damage.
  const hp = (name: string) =>
    page.evaluate((n) => {
      const system = game.actors.getName(n)?.system as unknown as { hp: { value: number; max: number } };
      return { value: system.hp.value, max: system.hp.max };
    }, name);
  const share = async (name: string) => {
    const bar = token(page, name).locator('.pg-token-bar');
    // The track's inner width (without its border) against the fill's width.
    const track = await bar.evaluate((el) => {
      const style = getComputedStyle(el);
      return (
        el.getBoundingClientRect().width -
        parseFloat(style.borderLeftWidth) -
        parseFloat(style.borderRightWidth)
      );
    });
    const fill = await bar.locator('.pg-token-bar-fill').evaluate((el) => el.getBoundingClientRect().width);
    return fill / track;
  };
  const fighterHp = await hp(FIGHTER);
  expect(await share(FIGHTER)).toBeCloseTo(fighterHp.value / fighterHp.max, 2);
  expect(await token(page, FIGHTER).getAttribute('aria-label')).toContain(
    `HP ${fighterHp.value}/${fighterHp.max}`,
  );
  const rogueMax = (await hp(ROGUE)).max;
  const left = Math.max(1, Math.floor(rogueMax / 3));
  await asGM(page, `await game.actors.getName(data.name).update({ 'system.hp.value': data.value });`, {
    name: ROGUE,
    value: left,
  });
  await expect.poll(() => token(page, ROGUE).getAttribute('aria-label')).toContain(`HP ${left}/${rogueMax}`);
  expect(await share(ROGUE)).toBeCloseTo(left / rogueMax, 2);

  // A condition shows as a status icon on the token, and in its name.
  expect(await token(page, ROGUE).locator('[data-status-id="prone"]').count()).toBe(0);
  await asGM(page, `await game.actors.getName(data.name).toggleStatusEffect('prone');`, { name: ROGUE });
  await expect.poll(() => token(page, ROGUE).locator('[data-status-id="prone"]').count()).toBe(1);
  expect(await token(page, ROGUE).getAttribute('aria-label')).toMatch(/, Prone(,|$)/);
  const icon = token(page, ROGUE).locator('[data-status-id="prone"]');
  const iconSrc = await icon.getAttribute('src');
  const configured = await page.evaluate(() => CONFIG.statusEffects.find((s) => s.id === 'prone')?.img);
  expect(iconSrc).toBe(configured);
  await shot(page, 'default');

  // No serious or critical axe-core violation in the map region, with two statuses on a token.
  await asGM(page, `await game.actors.getName(data.name).toggleStatusEffect('dazed');`, { name: ROGUE });
  await expect.poll(() => token(page, ROGUE).locator('[data-status-id="dazed"]').count()).toBe(1);
  await expectNoSeriousViolations(page, '#pg-map');
  // The sides' panels with their add and remove controls too.
  await expectNoSeriousViolations(page, '#pg-combatants');
});

it('click targets a token for the acting user (with a marker), Shift-click adds one', async () => {
  const { page } = pages;
  await open(page);
  // Player starts with the rogue targeted (the README's exchange), Other Player with the fighter.
  expect(await targetNames(page)).toEqual([ROGUE]);
  expect(await token(page, ROGUE).getAttribute('class')).toContain('pg-targeted');
  expect(await token(page, FIGHTER).getAttribute('aria-label')).toContain('targeted by Other Player');
  expect(await token(page, FIGHTER).getAttribute('aria-label')).not.toMatch(/, targeted(,|$)/);

  await token(page, FIGHTER).click();
  expect(await targetNames(page)).toEqual([FIGHTER]);
  await expect.poll(() => token(page, FIGHTER).getAttribute('class')).toContain('pg-targeted');
  expect(await token(page, ROGUE).getAttribute('class')).not.toContain('pg-targeted');
  expect(await token(page, FIGHTER).getAttribute('aria-label')).toMatch(/, targeted(,|$)/);

  await token(page, ROGUE).click({ modifiers: ['Shift'] });
  expect(await targetNames(page)).toEqual([FIGHTER, ROGUE].sort());
  await expect.poll(() => map(page).locator('.pg-token.pg-targeted').count()).toBe(2);

  // Targets are per user: Other Player's are still the fighter only, shown as that user's pip.
  expect(
    await page.evaluate(() =>
      [...(window.gngPlayground?.harness.users.otherPlayer.targets ?? [])].map((t) => t.document.name),
    ),
  ).toEqual([FIGHTER]);
  await actAs(page, 'Other Player');
  await expect.poll(() => map(page).locator('.pg-token.pg-targeted').count()).toBe(1);
  expect(await token(page, FIGHTER).getAttribute('class')).toContain('pg-targeted');
  expect(await token(page, ROGUE).getAttribute('aria-label')).toContain('targeted by Player');
  await shot(page, 'targets');
});

it('drags and arrow keys move an owned token by whole squares; others are refused', async () => {
  const { page } = pages;
  await open(page);
  const start = await place(page, FIGHTER);
  const targetsBefore = await targetNames(page);

  // Player drags the fighter two squares left and one down: x/y change by whole squares (pixels).
  await drag(page, FIGHTER, -2, 1);
  await expect
    .poll(() => place(page, FIGHTER))
    .toMatchObject({ x: start.x - 2 * SQUARE_PX, y: start.y + SQUARE_PX });
  // A drag is no click: the targets did not change.
  expect(await targetNames(page)).toEqual(targetsBefore);
  // Three squares across and one down from the rogue: 15 ft (one diagonal step counts as one square).
  await expect.poll(() => token(page, ROGUE).locator('.pg-token-distance').textContent()).toBe('15 ft');

  // The arrow keys move the focused token one square, and it keeps the focus.
  await token(page, FIGHTER).focus();
  await page.keyboard.press('ArrowRight');
  await expect
    .poll(() => place(page, FIGHTER))
    .toMatchObject({ x: start.x - SQUARE_PX, y: start.y + SQUARE_PX });
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => place(page, FIGHTER)).toMatchObject({ x: start.x - SQUARE_PX, y: start.y });
  // Its accessible name tells where it stands now (columns and rows counted from 1).
  expect(await token(page, FIGHTER).getAttribute('aria-label')).toContain(
    `column ${(start.x - SQUARE_PX) / SQUARE_PX + 1}, row ${start.y / SQUARE_PX + 1}`,
  );
  expect(await map(page).getByRole('status').textContent()).toBe(
    `${FIGHTER} moved to column ${(start.x - SQUARE_PX) / SQUARE_PX + 1}, row ${start.y / SQUARE_PX + 1}.`,
  );
  expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.tokenId)).toBe(
    await token(page, FIGHTER).getAttribute('data-token-id'),
  );

  // The rogue is Other Player's: Player's drag and arrow keys are refused, with a notice.
  const rogue = await place(page, ROGUE);
  await drag(page, ROGUE, 1, 1);
  await expect
    .poll(() => page.locator('#pg-notices').textContent())
    .toContain(`You cannot move ${ROGUE}: only its owner or the GM may move a token.`);
  expect(await place(page, ROGUE)).toEqual(rogue);
  await token(page, ROGUE).focus();
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(100);
  expect(await place(page, ROGUE)).toEqual(rogue);

  // The GM may move any token.
  await actAs(page, 'Gamemaster (GM)');
  await token(page, ROGUE).focus();
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => place(page, ROGUE)).toMatchObject({ x: rogue.x, y: rogue.y + SQUARE_PX });

  // Tokens stay on the map.
  await actAs(page, 'Player');
  await token(page, FIGHTER).focus();
  for (let i = 0; i < 14; i++) await page.keyboard.press('ArrowLeft');
  await expect.poll(() => place(page, FIGHTER)).toMatchObject({ x: 0 });
});

it('adds combatants to a side (up to four), on the map and in the turn order, and removes them', async () => {
  const { page } = pages;
  await open(page);
  const sideA = page.locator('.pg-side[data-side="a"]');
  const sideB = page.locator('.pg-side[data-side="b"]');
  // Remember a moved token: it stays where it was when the sides change.
  await token(page, FIGHTER).focus();
  await page.keyboard.press('ArrowUp');
  const fighter = await place(page, FIGHTER);

  const add = async (side: typeof sideA, letter: string, actor: string) => {
    const before = await map(page).locator('.pg-token').count();
    await side.getByLabel('Add a combatant').fill(actor);
    await side.getByRole('button', { name: `Add ${actor} to side ${letter}`, exact: true }).click();
    await expect.poll(() => map(page).locator('.pg-token').count()).toBe(before + 1);
  };
  // A fight in progress (a message in the log) ends when the sides change, and the page says so.
  await page.evaluate(() => ChatMessage.create({ content: '<p>Round one.</p>' }));
  await expect.poll(() => page.locator('#chat-log > li').count()).toBe(1);
  await add(sideB, 'B', 'Brakka the Sellsword');
  await expect
    .poll(() => page.locator('.pg-notice').last().textContent())
    .toBe('The sides changed, so the table started again: new combatants, an empty chat log, full HP.');
  expect(await page.locator('#chat-log > li').count()).toBe(0);
  await add(sideB, 'B', ROGUE);
  await add(sideA, 'A', ROGUE);

  const names = [FIGHTER, `${ROGUE} (3)`, ROGUE, 'Brakka the Sellsword', `${ROGUE} (2)`];
  for (const name of names) expect(await token(page, name).count()).toBe(1);
  expect(await page.locator('.pg-tracker .combatant .token-name').allTextContents()).toEqual([
    FIGHTER,
    `${ROGUE} (3)`,
    ROGUE,
    'Brakka the Sellsword',
    `${ROGUE} (2)`,
  ]);
  expect(await place(page, FIGHTER)).toEqual(fighter);
  // The new side-A rogue belongs to Player, the side-B ones to Other Player.
  const owns = (name: string, user: 'player' | 'otherPlayer') =>
    page.evaluate(
      ({ n, u }) =>
        game.actors.getName(n)?.testUserPermission(window.gngPlayground!.harness.users[u], 'OWNER'),
      { n: name, u: user },
    );
  expect(await owns(`${ROGUE} (3)`, 'player')).toBe(true);
  expect(await owns(`${ROGUE} (2)`, 'otherPlayer')).toBe(true);
  expect(await owns('Brakka the Sellsword', 'player')).toBe(false);
  // Tokens never share a square when placed.
  const squares = await page.evaluate(() =>
    [...game.actors].map((a) => {
      const d = a.getActiveTokens()[0]?.document as unknown as { x: number; y: number };
      return `${d.x},${d.y}`;
    }),
  );
  expect(new Set(squares).size).toBe(squares.length);
  await page.screenshot({ path: join(ARTIFACTS_DIR, 'playground-map-2v3-page.png') });
  await shot(page, '2v3');

  // Four is the most: the fourth fills side B and its search field is disabled.
  await add(sideB, 'B', FIGHTER);
  expect(await sideB.locator('.pg-combatant').count()).toBe(4);
  expect(await sideB.getByLabel('Add a combatant').isDisabled()).toBe(true);
  expect(await page.locator('.pg-tracker .combatant').count()).toBe(6);

  // Removing one removes its token and its place in the turn order.
  await sideB.getByRole('button', { name: 'Remove Brakka the Sellsword' }).click();
  await expect.poll(() => map(page).locator('.pg-token').count()).toBe(5);
  expect(await token(page, 'Brakka the Sellsword').count()).toBe(0);
  expect(await page.locator('.pg-tracker .combatant .token-name').allTextContents()).not.toContain(
    'Brakka the Sellsword',
  );
  expect(await sideB.getByLabel('Add a combatant').isDisabled()).toBe(false);
  // A side keeps at least one combatant: a lone combatant has no Remove button.
  await sideA.getByRole('button', { name: `Remove ${ROGUE} (3)` }).click();
  await expect.poll(() => map(page).locator('.pg-token').count()).toBe(4);
  expect(await sideA.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
  // Every string of the map and the sides came from lang/en.json.
  expect(await page.evaluate(() => [...(window.gngPlayground?.harness.i18n.missing ?? [])])).toEqual([]);
});

it('sizes a token by its creature size: a Large combatant covers 2×2 squares', async () => {
  const { page } = pages;
  await open(page);
  // The samples are all Medium: make the pack's Brakka Large before adding it.
  await page.evaluate(() => {
    const pack = window.gngPlayground?.table.packs.find((p) => p.name === 'samples');
    const brakka = pack?.documents.find((d) => d.name === 'Brakka the Sellsword');
    if (!brakka) throw new Error('no Brakka in the samples');
    (brakka.system as Record<string, unknown>).size = 'large';
  });
  const sideB = page.locator('.pg-side[data-side="b"]');
  await sideB.getByLabel('Add a combatant').fill('Brakka');
  await sideB.getByRole('button', { name: 'Add Brakka the Sellsword to side B', exact: true }).click();
  await expect.poll(() => map(page).locator('.pg-token').count()).toBe(3);

  const brakka = await place(page, 'Brakka the Sellsword');
  expect(brakka).toMatchObject({ width: 2, height: 2 });
  const box = await token(page, 'Brakka the Sellsword').boundingBox();
  // The board's inner size (without its border): 12 × 8 squares.
  const board = await map(page)
    .locator('.pg-map-board')
    .evaluate((el) => ({ width: el.clientWidth, height: el.clientHeight }));
  if (!box) throw new Error('no token on screen');
  expect(box.width).toBeCloseTo((board.width / 12) * 2, 0);
  expect(box.height).toBeCloseTo((board.height / 8) * 2, 0);
  // Its four squares are free of the others' squares.
  for (const other of [FIGHTER, ROGUE]) {
    const o = await place(page, other);
    const apart =
      o.x >= brakka.x + 2 * SQUARE_PX ||
      brakka.x >= o.x + SQUARE_PX ||
      o.y >= brakka.y + 2 * SQUARE_PX ||
      brakka.y >= o.y + SQUARE_PX;
    expect(apart).toBe(true);
  }
  // Distance from the fighter: to Brakka's nearest square, 5 ft per square.
  const fighter = await place(page, FIGHTER);
  const squares = (a: number, size: number, b: number, otherSize: number) =>
    Math.max(
      0,
      (b - (a + size * SQUARE_PX)) / SQUARE_PX + 1,
      (a - (b + otherSize * SQUARE_PX)) / SQUARE_PX + 1,
    );
  // The d20 1-2-1 rule (system.json grid.diagonals 4): every second diagonal square counts as two.
  const dx = squares(fighter.x, 1, brakka.x, 2);
  const dy = squares(fighter.y, 1, brakka.y, 2);
  const feet = 5 * (Math.max(dx, dy) + Math.floor(Math.min(dx, dy) / 2));
  expect(await token(page, 'Brakka the Sellsword').getAttribute('aria-label')).toContain(`, ${feet} ft away`);
});

it('the dead get the defeated overlay over the whole token; the dying a clear marker (both sizes)', async () => {
  const { page } = pages;
  await page.setViewportSize({ width: 1280, height: 720 });
  await open(page);
  // HP typed as the GM: -10 is dead for a Medium creature (GnG thresholds), -1 is dying.
  await asGM(page, `await game.actors.getName(data.name).update({ 'system.hp.value': -10 });`, {
    name: ROGUE,
  });
  await asGM(page, `await game.actors.getName(data.name).update({ 'system.hp.value': -1 });`, {
    name: FIGHTER,
  });
  // The same world at the larger size: the page resized, not loaded again (issue #29).
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1600, height: 1000 },
  ]) {
    await page.setViewportSize(viewport);
    const dead = token(page, ROGUE);
    const overlay = dead.locator('.pg-token-overlay');
    await expect.poll(() => overlay.count()).toBe(1);
    // The dead effect carries Foundry's overlay flag (set by the system's preCreateActiveEffect hook).
    expect(
      await page.evaluate(
        (n) => game.actors.getName(n)?.effects.find((e) => e.statuses.has('dead'))?.flags.core?.overlay,
        ROGUE,
      ),
    ).toBe(true);
    expect(await overlay.getAttribute('data-status-id')).toBe('dead');
    expect(await overlay.isVisible()).toBe(true);
    // The icon covers the token's image (the token's box less its 3 px padding), not a corner of it.
    const image = await dead.locator('.pg-token-image, .pg-token-initials').first().boundingBox();
    const cover = await overlay.boundingBox();
    if (!image || !cover) throw new Error('no token image or overlay on screen');
    expect(cover.x).toBeCloseTo(image.x, 0);
    expect(cover.y).toBeCloseTo(image.y, 0);
    expect(cover.width).toBeCloseTo(image.width, 0);
    expect(cover.height).toBeCloseTo(image.height, 0);
    expect(cover.width).toBeGreaterThan(40);
    // Not also a small icon; the token is dimmed; its name still says it is dead.
    expect(await dead.locator('.pg-token-statuses [data-status-id="dead"]').count()).toBe(0);
    expect(await dead.locator('.pg-token-image').evaluate((el) => getComputedStyle(el).filter)).toContain(
      'brightness',
    );
    expect(await dead.getAttribute('aria-label')).toMatch(/, Dead(,|$)/);

    // The dying: its own marker, a visible icon at least 20 px, and no overlay.
    const dying = token(page, FIGHTER);
    const marker = dying.locator('.pg-token-statuses [data-status-id="dying"]');
    await expect.poll(() => marker.count()).toBe(1);
    expect(await marker.isVisible()).toBe(true);
    await expect
      .poll(() => marker.evaluate((img) => img instanceof HTMLImageElement && img.naturalWidth > 0))
      .toBe(true);
    const box = await marker.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(20);
    expect(await dying.locator('.pg-token-overlay').count()).toBe(0);
    expect(await dying.getAttribute('aria-label')).toMatch(/, Dying(,|$)/);
    await page.screenshot({ path: join(ARTIFACTS_DIR, `playground-map-dead-${viewport.width}.png`) });
    await shot(page, `dead-${viewport.width}`);
    await expectNoSeriousViolations(page, '#pg-map');
  }
});

/**
 * The playground's reset (`gngPlayground.reset`, playground/main.ts), which playground-page.ts uses
 * instead of a new load, gives exactly what a fresh load gives: a snapshot of a freshly loaded page
 * equals that of a page that played, opened, typed and changed a lot and was then reset. The
 * snapshot: every world document's source, the users' targets and characters, the acting user,
 * settings storage (world and client), the dice to come, open applications, notices, the page's
 * DOM (attributes, text, form values, scroll positions, focus; harness ids by order of appearance),
 * its URL, title and storage. It catches what a reset forgets (the last test).
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useChromiumPages } from './chromium.js';
import { usePlaygroundServer } from './playground-server.js';

const pages = useChromiumPages({ viewport: { width: 1600, height: 1000 } });
const server = usePlaygroundServer('playground-reset');

const SEED = 7;

async function load(page: Page, seed: number): Promise<void> {
  await page.goto(`${server.url()}?seed=${seed}`);
  await page.waitForSelector('body[data-ready="true"]');
}

const reset = (page: Page, seed: number, theme = '') =>
  page.evaluate((options) => window.gngPlayground?.reset(options), { seed, theme });

/**
 * The page's state as one object. It rolls the next dice to compare them: take it last.
 * Harness ids (`h…`, `app-N`) count up for the whole page, so they are numbered by first appearance.
 */
async function snapshot(page: Page): Promise<Record<string, unknown>> {
  const raw = await page.evaluate(() => {
    const pg = window.gngPlayground;
    if (!pg) throw new Error('The playground is not loaded');
    const { harness } = pg;
    const source = (doc: unknown) => {
      const d = doc as { toObject?: () => unknown };
      return typeof d.toObject === 'function' ? d.toObject() : JSON.parse(JSON.stringify(doc));
    };
    const all = (collection: Iterable<unknown>) => [...collection].map(source);
    const scenes = [...(game.scenes ?? [])].map((scene) => ({
      scene: source(scene),
      tokens: all((scene as unknown as { tokens: Iterable<unknown> }).tokens),
    }));
    const users = [...game.users].map((user) => ({
      user: source(user),
      targets: [...user.targets].map((token) => token.document.id),
      character: (user as { character?: Actor | null }).character?.id ?? null,
    }));
    const dice = { queued: [...harness.dice.queued], next: [] as number[] };
    for (let i = 0; i < 8; i++) dice.next.push(harness.dice.roll(1000));

    /** An element as text: its tag, sorted attributes, form state, scroll, then its children. */
    const lines: string[] = [];
    const walk = (node: Node, depth: number) => {
      const pad = ' '.repeat(depth);
      if (node.nodeType === Node.TEXT_NODE) {
        const text = node.textContent?.trim();
        if (text) lines.push(`${pad}"${text}"`);
        return;
      }
      if (!(node instanceof Element)) return;
      if (node.tagName === 'SCRIPT' || node.tagName === 'STYLE') return;
      // The chunks loaded on first use (a model's, a card's): a fresh load would load them again.
      if (node instanceof HTMLLinkElement && node.rel === 'modulepreload') return;
      const attributes = [...node.attributes].map((a) => `${a.name}="${a.value}"`).sort();
      const state: string[] = [];
      if (node instanceof HTMLInputElement) state.push(`value=${node.value}`, `checked=${node.checked}`);
      if (node instanceof HTMLSelectElement) state.push(`value=${node.value}`, `index=${node.selectedIndex}`);
      if (node instanceof HTMLTextAreaElement) state.push(`value=${node.value}`);
      if (node instanceof HTMLButtonElement || node instanceof HTMLSelectElement)
        state.push(`disabled=${node.disabled}`);
      if (node.scrollTop || node.scrollLeft) state.push(`scroll=${node.scrollLeft},${node.scrollTop}`);
      if (node === document.activeElement) state.push('focused');
      lines.push(`${pad}<${node.tagName.toLowerCase()} ${attributes.join(' ')}> ${state.join(' ')}`);
      for (const child of node.childNodes) walk(child, depth + 1);
    };
    walk(document.documentElement, 0);
    const storage = (store: Storage) =>
      Object.fromEntries(
        Array.from({ length: store.length }, (_, i) => store.key(i) as string).map((k) => [
          k,
          store.getItem(k),
        ]),
      );

    return JSON.stringify({
      world: {
        actors: all(game.actors),
        items: all(game.items),
        messages: all(game.messages),
        combats: all(game.combats),
        combat: game.combat?.id ?? null,
        scenes,
        users,
        user: game.user.id,
        time: game.time.worldTime,
      },
      settings: harness.settings.stored(),
      dice,
      applications: [...foundry.applications.instances.keys()],
      notices: structuredClone(harness.notices),
      held: (['Shift', 'Control', 'Alt'] as const).map((key) => game.keyboard.isModifierActive(key)),
      table: { seed: pg.table.seed, model: pg.table.model, user: pg.table.user.id },
      page: {
        url: location.search,
        title: document.title,
        scroll: [window.scrollX, window.scrollY],
        localStorage: storage(localStorage),
        sessionStorage: storage(sessionStorage),
      },
      dom: lines,
    });
  });
  const numbers = new Map<string, string>();
  const normalised = raw.replace(/\bh[0-9a-z]{15}\b|\bapp-\d+\b/g, (id) => {
    if (!numbers.has(id)) numbers.set(id, `id#${numbers.size + 1}`);
    return numbers.get(id) as string;
  });
  return JSON.parse(normalised) as Record<string, unknown>;
}

/** Where two snapshots differ (paths, with both values), the first 20: a short, readable failure. */
function differences(actual: unknown, expected: unknown, path = '', found: string[] = []): string[] {
  if (found.length >= 20) return found;
  if (typeof actual === 'object' && actual && typeof expected === 'object' && expected) {
    const keys = new Set([...Object.keys(actual), ...Object.keys(expected)]);
    for (const key of keys)
      differences(
        (actual as Record<string, unknown>)[key],
        (expected as Record<string, unknown>)[key],
        `${path}.${key}`,
        found,
      );
  } else if (actual !== expected && found.length < 20)
    found.push(`${path}: ${JSON.stringify(actual)} (a fresh load: ${JSON.stringify(expected)})`);
  return found;
}

/** Plays on the table as people do: every part of the page changed from a fresh load's. */
async function playALot(page: Page): Promise<void> {
  const queue = (...dice: number[]) =>
    page.evaluate((values) => window.gngPlayground?.harness.dice.queue(...values), dice);
  // An attack from the fighter's sheet, its damage applied.
  await queue(18);
  await page.locator('.pg-combatant[data-side="a"]').getByRole('button', { name: 'Open sheet' }).click();
  const sheet = page.locator('.pg-window', { hasText: 'Fighter, 5th level' }).first();
  await sheet.locator('[data-action="rollAttack"]').first().click();
  const dialog = page.locator('.pg-window', { has: page.locator('.attack-submit') });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Attack', exact: true }).click();
  await expect.poll(() => page.locator('#chat-log > li').count()).toBeGreaterThan(0);
  // The dialog again, left open; the rogue's sheet, moved.
  await sheet.locator('[data-action="rollAttack"]').first().click();
  await page.locator('.pg-combatant[data-side="b"]').getByRole('button', { name: 'Open sheet' }).click();
  await expect.poll(() => page.locator('.pg-window').count()).toBe(3);
  // Settings: the model (as the GM), a variant rule, a client setting; the acting user; targets;
  // a token moved; dice queued; a card posted as a message; the compendium open with a search.
  await page.selectOption('#pg-model', { index: 1 });
  await expect.poll(() => page.evaluate(() => window.gngPlayground?.table.model)).not.toBe('gng');
  await page.evaluate(async () => {
    const pg = window.gngPlayground as NonNullable<typeof window.gngPlayground>;
    pg.harness.as(pg.harness.users.gm);
    await game.settings.set('gng', 'strengthBonusLimitation', true);
    await game.settings.set('core', 'rollMode', 'gmroll');
    await ChatMessage.create({ content: '<p>Left behind</p>' });
    const token = [...(game.scenes ?? [])][0]?.tokens.contents[0];
    await (token as unknown as { update(data: object): Promise<unknown> } | undefined)?.update({
      x: 0,
      y: 0,
    });
    pg.harness.dice.queue(1, 2, 3);
    pg.harness.hold('Shift');
    localStorage.setItem('left', 'behind');
    sessionStorage.setItem('left', 'behind');
    ui.notifications.info('A notice');
  });
  await page.selectOption('#pg-user', { label: 'Other Player' });
  await page.locator('.pg-combatant[data-side="a"] .pg-target').click();
  await page.locator('#pg-compendium-toggle').click();
  await page.locator('input[name="compendium-search"]').fill('sword');
  await page.locator('input[name="add-a"]').fill('goblin');
  // The burst's direction, in its aiming panel (hidden until a burst is aimed: set, not typed).
  await page.locator('#pg-burst-direction').evaluate((input) => ((input as HTMLInputElement).value = '90'));
  await page.locator('#chat-log').evaluate((log) => log.scrollTo(0, 10));
}

/** The snapshot of a fresh load of SEED, once taken. */
let freshSnapshot: Record<string, unknown> | undefined;

/**
 * What a fresh load of SEED gives, and the test's page to compare with it. The snapshot is taken
 * once a file, in a page of its own that is closed after (a snapshot rolls that page's dice).
 */
async function freshAndPage(): Promise<{ expected: Record<string, unknown>; page: Page }> {
  if (freshSnapshot) return { expected: freshSnapshot, page: pages.page };
  const fresh = pages.page;
  await load(fresh, SEED);
  freshSnapshot = await snapshot(fresh);
  await fresh.close();
  return { expected: freshSnapshot, page: await pages.reopen() };
}

it('a reset to a seed gives exactly what a fresh load with that seed gives', async () => {
  const { expected, page } = await freshAndPage();
  await load(page, 3);
  await playALot(page);
  // What was played changed every part of the snapshot (its dice too: the next are rolled again).
  const played = await snapshot(page);
  for (const part of ['world', 'settings', 'dice', 'applications', 'notices', 'held', 'table', 'page', 'dom'])
    expect(differences(played[part], expected[part]), part).not.toEqual([]);
  await reset(page, SEED);
  expect(differences(await snapshot(page), expected)).toEqual([]);
}, 240_000);

it('the snapshot catches what a reset forgets: a message, a setting, a typed search, storage, the theme', async () => {
  const { expected, page } = await freshAndPage();
  await load(page, SEED);

  const forgets: [string, () => Promise<unknown>][] = [
    ['a message', () => page.evaluate(() => ChatMessage.create({ content: '<p>Left behind</p>' }))],
    ['a setting', () => page.evaluate(() => game.settings.set('core', 'rollMode', 'gmroll'))],
    [
      'a typed search',
      () =>
        page
          .locator('input[name="compendium-search"]')
          .evaluate((input) => ((input as HTMLInputElement).value = 'sword')),
    ],
    ['storage', () => page.evaluate(() => localStorage.setItem('left', 'behind'))],
    ['a queued die', () => page.evaluate(() => window.gngPlayground?.harness.dice.queue(4))],
    ['the theme', () => page.evaluate(() => document.body.classList.add('theme-dark'))],
  ];
  for (const [what, leave] of forgets) {
    await reset(page, SEED);
    await leave();
    expect(differences(await snapshot(page), expected), what).not.toEqual([]);
  }
  await reset(page, SEED);
  expect(differences(await snapshot(page), expected)).toEqual([]);
}, 240_000);

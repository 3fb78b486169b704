/**
 * The playground page (`npm start`): the system's real code — data models, rules engine, templates,
 * CSS, sheets, chat cards and their buttons — on the in-browser version of the test harness, with the
 * content of our built packs. It has no rules or cards of its own: it lays out what the system renders.
 */
import '../styles/gng.scss';
import './playground.scss';
import type { Window as HappyWindow } from 'happy-dom';
import { createHarness, type Harness, type Notice } from '../test/harness/runtime.js';
import { readText } from './files.js';
import { Desk } from './desk.js';
import { fetchPacks } from './packs.js';
import { Table } from './table.js';

declare global {
  interface Window {
    /** The playground's harness and table, for tests and for tinkering in the console. */
    gngPlayground?: { harness: Harness; table: Table };
  }
}

const byId = (id: string) => {
  const found = document.getElementById(id);
  if (!found) throw new Error(`The page has no #${id}`);
  return found;
};

function showNotice(notice: Notice): void {
  const list = byId('pg-notices');
  const item = document.createElement('li');
  item.className = `pg-notice ${notice.level}`;
  item.textContent = notice.message;
  list.append(item);
  setTimeout(() => item.remove(), 8000);
}

function seedFromUrl(): number {
  const seed = Number(new URL(location.href).searchParams.get('seed'));
  return Number.isInteger(seed) && seed > 0 ? seed : Math.floor(Math.random() * 2 ** 31) + 1;
}

async function start(): Promise<void> {
  const desk = new Desk(byId('pg-desk'));
  const harness = await createHarness({
    root: new URL('./', location.href).href,
    window: window as unknown as HappyWindow,
    readText,
    mount: (app) => desk.mount(app),
    unmount: (app) => desk.unmount(app),
    onNotice: showNotice,
  });

  for (const node of document.querySelectorAll<HTMLElement>('[data-i18n]'))
    node.textContent = game.i18n.localize(node.dataset.i18n as string);
  for (const node of document.querySelectorAll<HTMLElement>('[data-i18n-label]'))
    node.setAttribute('aria-label', game.i18n.localize(node.dataset.i18nLabel as string));
  document.title = game.i18n.localize('GNG.Playground.Title');

  const packs = await fetchPacks();
  const table = new Table(
    harness,
    packs,
    desk,
    { combatants: byId('pg-combatants'), tracker: byId('pg-tracker'), chat: byId('chat-log') },
    seedFromUrl(),
  );

  const userSelect = byId('pg-user') as HTMLSelectElement;
  for (const user of [harness.users.player, harness.users.otherPlayer, harness.users.gm]) {
    const option = document.createElement('option');
    option.value = user.id as string;
    option.textContent = user.isGM
      ? game.i18n.format('GNG.Playground.GmUser', { name: user.name })
      : user.name;
    userSelect.append(option);
  }
  userSelect.addEventListener('change', () => {
    const user = game.users.get(userSelect.value);
    if (user) void table.actAs(user);
  });
  byId('pg-next-turn').addEventListener('click', () => void game.combat?.nextTurn());
  byId('pg-reset').addEventListener('click', () => void table.setup().then(showSeed));
  const showSeed = () => {
    byId('pg-seed').textContent = game.i18n.format('GNG.Playground.Seed', { seed: table.seed });
  };

  await table.setup();
  showSeed();
  window.gngPlayground = { harness, table };
  document.body.dataset.ready = 'true';
}

start().catch((error: unknown) => {
  console.error(error);
  const banner = document.querySelector('.pg-banner');
  if (banner) banner.append(` — ${error instanceof Error ? error.message : String(error)}`);
});

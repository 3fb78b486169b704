/**
 * The playground page (`npm start`): the system's real code — data models, rules engine, templates,
 * CSS, sheets, chat cards and their buttons — on the in-browser version of the test harness, with the
 * content of our built packs. It has no rules or cards of its own: it lays out what the system renders.
 */
// What Foundry itself provides to every system, for this page only (never in dist/): its type,
// Signika, and the Font Awesome icon font our templates use (`<i class="fa-solid fa-…">`).
import '@fontsource/signika/400.css';
import '@fontsource/signika/600.css';
import '@fontsource/signika/700.css';
import '@fortawesome/fontawesome-free/css/all.css';
import '../styles/gng.scss';
import './playground.scss';
import type { Window as HappyWindow } from 'happy-dom';
import { createHarness, type Harness, type Notice } from '../test/harness/runtime.js';
import { readText, templateSpecs } from './files.js';
import { addTemplateSpec } from '../test/harness/templates.js';
import { Desk, type DeskRegion } from './desk.js';
import { fetchPacks } from './packs.js';
import { CompendiumBrowser, type CompendiumEntry } from './compendium.js';
import { Table } from './table.js';
import { TC_EXAMPLE_PACK } from './time-count.js';
import { models } from '../src/rules/index.js';
import { modelName } from '../src/settings/combat-model.js';
import { attackActionsSettled } from '../src/cards/kernel/index.js';

/** What `gngPlayground.reset` starts the page again with: as the URL `?seed=…&theme=…` would. */
export interface PlaygroundReset {
  seed: number;
  /** `dark`, or nothing for the light theme. */
  theme?: string;
}

declare global {
  interface Window {
    /** The playground's harness and table, for tests and for tinkering in the console. */
    gngPlayground?: { harness: Harness; table: Table; reset(options: PlaygroundReset): Promise<void> };
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

/** Where windows open: between the combatants and the chat column, below the toolbar. */
function deskRegion(): DeskRegion {
  const gap = 12;
  const table = document.querySelector('.pg-table')?.getBoundingClientRect();
  const chat = document.querySelector('.pg-chat')?.getBoundingClientRect();
  const main = document.querySelector('.pg-main')?.getBoundingClientRect();
  const width = document.documentElement.clientWidth;
  return {
    left: table ? table.right + gap : 0,
    top: Math.max(0, main?.top ?? 0) + gap,
    right: chat ? chat.left - gap : width,
    bottom: document.documentElement.clientHeight,
  };
}

/**
 * Why the acting user may not end the current turn, or null if they may: as in Foundry, only the
 * GM and the owners of the current combatant advance the turn.
 */
function nextTurnRefusal(user: User): string | null {
  const combatant = game.combat?.combatant;
  if (!combatant) return game.i18n.localize('GNG.Playground.NextTurnNoCombat');
  if (user.isGM || combatant.actor?.testUserPermission(user, 'OWNER')) return null;
  return game.i18n.format('GNG.Playground.NextTurnNotYours', { name: combatant.actor?.name ?? '' });
}

/**
 * An item entry pressed in the compendium browser: dropped, with its drag data, on the actor sheet
 * nearest the front (the sheet's own `_onDrop` creates it), or a notice when no sheet is open.
 */
async function giveItem(harness: Harness, desk: Desk, entry: CompendiumEntry): Promise<void> {
  const sheet = desk.frontmost(
    (app) => (app as unknown as { document?: FoundryDocument }).document?.documentName === 'Actor',
  );
  if (!sheet) {
    ui.notifications.warn(game.i18n.localize('GNG.Playground.Compendium.NoSheet'));
    return;
  }
  const created = await harness.drop(sheet as Parameters<Harness['drop']>[0], {
    type: 'Item',
    uuid: entry.uuid,
  });
  if (created)
    ui.notifications.info(
      game.i18n.format('GNG.Playground.Compendium.Given', {
        item: entry.name,
        actor: (sheet as unknown as { document: { name: string } }).document.name,
      }),
    );
}

/**
 * `?theme=dark`: Foundry v13's dark theme, as core marks it (`body.theme-dark`, the class the system's
 * styles/_theme.scss follows); the page's own stand-ins for core's dark surfaces are in playground.scss.
 */
function themeFromUrl(): void {
  if (new URL(location.href).searchParams.get('theme') === 'dark') document.body.classList.add('theme-dark');
}

/**
 * A page's scroll positions back at the top left, as after a load (the chat log, windows' bodies…).
 * The actor pickers' options (three in four of the page's elements) scroll nothing of their own.
 */
function scrollHome(): void {
  window.scrollTo(0, 0);
  for (const node of document.querySelectorAll(':not(option, optgroup)'))
    if (node.scrollTop || node.scrollLeft) node.scrollTo(0, 0);
}

async function start(): Promise<void> {
  themeFromUrl();
  const desk = new Desk(byId('pg-desk'), deskRegion);
  for (const [source, spec] of templateSpecs()) addTemplateSpec(source, spec);
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

  // The packs, and the playground's own: the Time Count example's combatants (time-count.ts).
  const packs = [...(await fetchPacks()), TC_EXAMPLE_PACK];
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
  // Next turn is aria-disabled (still focusable, its reason shown beside it) for users who may not
  // press it; a press anyway is refused with a notification.
  const nextTurn = byId('pg-next-turn');
  const why = byId('pg-next-turn-why');
  const updateNextTurn = () => {
    const refusal = nextTurnRefusal(table.user);
    nextTurn.setAttribute('aria-disabled', String(refusal !== null));
    nextTurn.title = refusal ?? '';
    why.textContent = refusal ?? '';
    why.hidden = refusal === null;
  };
  // The turn order is drawn again whenever the combat, its combatants or the acting user change:
  // the button follows it.
  new MutationObserver(updateNextTurn).observe(byId('pg-tracker'), { childList: true, subtree: true });
  // The system settings' GM-only menus (Foundry shows a restricted menu to GMs only): the variant
  // rules window, from the toolbar while acting as the GM.
  const variants = byId('pg-variants');
  const updateVariants = () => {
    variants.hidden = !harness.settings.menusFor(table.user).has('gng.variantRules');
  };
  variants.addEventListener('click', () => {
    const menu = harness.settings.menusFor(game.user).get('gng.variantRules');
    if (menu) void new menu.type().render(true);
  });
  userSelect.addEventListener('change', () => {
    const user = game.users.get(userSelect.value);
    if (user) void table.actAs(user).then(updateNextTurn).then(updateVariants);
  });
  nextTurn.addEventListener('click', () => {
    const refusal = nextTurnRefusal(game.user);
    if (refusal) ui.notifications.warn(refusal);
    else void game.combat?.nextTurn().then(updateNextTurn);
  });
  // The model switch: every registered combat model; a change plays the table under it (table.ts).
  const modelSelect = byId('pg-model') as HTMLSelectElement;
  for (const id of models.combatModelIds()) {
    const option = document.createElement('option');
    option.value = id;
    option.textContent = modelName(id);
    modelSelect.append(option);
  }
  modelSelect.value = table.model;
  modelSelect.title = game.i18n.localize('GNG.Playground.Model.hint');
  modelSelect.addEventListener('change', () => {
    modelSelect.disabled = true;
    void table
      .setModel(modelSelect.value)
      .then(updateNextTurn, (error: unknown) => console.error(error))
      .finally(() => {
        modelSelect.value = table.model;
        modelSelect.disabled = false;
      });
  });
  byId('pg-reset').addEventListener('click', () => void table.setup().then(showSeed).then(updateNextTurn));
  const showSeed = () => {
    byId('pg-seed').textContent = game.i18n.format('GNG.Playground.Seed', { seed: table.seed });
  };

  // The compendium browser takes the chat column's place while its toolbar button is pressed.
  const browser = new CompendiumBrowser(packs, {
    worldEntries: () => table.worldEntries(),
    addActor: (entry) =>
      void table.addCombatant('b', table.choiceFor(entry.uuid) ?? { pack: entry.pack, id: entry.id }),
    giveItem: (entry) => void giveItem(harness, desk, entry),
  });
  table.onWorldActors = () => browser.draw();
  const chat = document.querySelector('.pg-chat') as HTMLElement;
  chat.after(browser.element);
  const toggle = byId('pg-compendium-toggle');
  toggle.addEventListener('click', () => {
    const show = browser.element.hidden;
    browser.element.hidden = !show;
    chat.hidden = show;
    toggle.setAttribute('aria-pressed', String(show));
  });
  // The stat-block importer's button (in Foundry, the actor directory's): the system's own window,
  // loaded on first use; GM only (others get the system's refusal).
  const importer = byId('pg-import');
  importer.title = game.i18n.localize('GNG.Importer.OpenHint');
  importer.addEventListener('click', () => void game.gng.openImporter());

  /**
   * The page as a fresh load of `?seed=…&theme=…` leaves it (tests reuse one page: a load costs
   * about 2.75 s of CPU, this a tenth of it); playground-reset.test.ts compares the two. Unlike
   * "Start again", it forgets the model, the sides and everything open or typed.
   */
  const reset = async ({ seed, theme = '' }: PlaygroundReset): Promise<void> => {
    await attackActionsSettled();
    await desk.reset();
    (document.activeElement as HTMLElement | null)?.blur();
    localStorage.clear();
    sessionStorage.clear();
    history.replaceState(null, '', `?seed=${seed}${theme ? `&theme=${theme}` : ''}`);
    document.body.removeAttribute('class');
    themeFromUrl();
    byId('pg-notices').replaceChildren();
    browser.reset();
    chat.hidden = false;
    toggle.setAttribute('aria-pressed', 'false');
    await table.reset(seed);
    userSelect.value = table.user.id as string;
    modelSelect.value = table.model;
    modelSelect.disabled = false;
    showSeed();
    updateNextTurn();
    updateVariants();
    scrollHome();
  };

  await table.setup();
  showSeed();
  updateNextTurn();
  updateVariants();
  window.gngPlayground = { harness, table, reset };
  document.body.dataset.ready = 'true';
}

start().catch((error: unknown) => {
  console.error(error);
  const banner = document.querySelector('.pg-banner');
  if (banner) banner.append(` — ${error instanceof Error ? error.message : String(error)}`);
});

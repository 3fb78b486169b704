/**
 * The self-test a GM runs in Foundry ("Check this world", src/self-test/) runs here on the harness:
 * every check passes on a healthy world with two players connected, each check fails with its reason
 * when the behaviour it checks is broken on purpose, the scratch documents are always deleted, and
 * only the active GM can run it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHarness, HarnessChatMessage, ROOT, type HarnessUser } from '../harness/index.js';
import type { HarnessApplicationV2 } from '../harness/applications.js';
import { validatePackSources, type SystemManifest } from '../../scripts/packs.js';
import type { SelfTestReport } from '../../src/self-test/index.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';

const h = await getHarness();
// After the harness: the window's module reads `foundry` when it loads.
const { runSelfTest, formatReport, SELF_TEST_CHECKS, SelfTestApp, SelfTestMenu } =
  await import('../../src/self-test/index.js');
const { SYSTEM_PACKS } = await import('../../src/self-test/checks-packs.js');
const { gm, player, otherPlayer } = h.users;
const manifest = JSON.parse(readFileSync(join(ROOT, 'system.json'), 'utf8')) as SystemManifest;
const sources = validatePackSources(join(ROOT, 'packs/_source'), manifest);

/**
 * Loading every pack prepares the bestiary's 696 actors (about 1 s alone, several on the shared 2-core
 * machine under load; docs/performance.md): tests that load the packs get this time.
 */
const PACKS_LOAD_TIMEOUT = 30_000;

/** Every pack of packs/_source in the harness's `game.packs`, through the data models. */
function loadPacks(): void {
  for (const { pack, documents } of sources)
    for (const { data } of documents)
      h.registerCompendiumDocument(pack.name, structuredClone(data), pack.type as 'Actor' | 'Item');
}

const checks = (...ids: string[]) => SELF_TEST_CHECKS.filter((check) => ids.includes(check.id));
const statusOf = (report: SelfTestReport, id: string) => report.results.find((r) => r.id === id);

/** What the self-test leaves behind: every world document it may create. */
const worldCounts = () => ({
  actors: game.actors.size,
  messages: game.messages.size,
  combats: game.combats.size,
  folders: game.folders.size,
});

let undo: (() => void)[] = [];
/** Replaces `object[key]` for this test only. */
function patch<T extends object, K extends keyof T>(object: T, key: K, value: T[K]): void {
  const had = Object.prototype.hasOwnProperty.call(object, key);
  const before = object[key];
  object[key] = value;
  undo.push(() => {
    if (had) object[key] = before;
    else delete object[key];
  });
}

/**
 * For this test, `ChatMessage.create` keeps the fields named of what the client sent (`author`,
 * `_stats`), where the harness (as we expect of Foundry) makes the creating user the author and the
 * last writer.
 */
function authorsAsGiven(fields: ('author' | '_stats')[]): void {
  const create = HarnessChatMessage.create.bind(HarnessChatMessage);
  patch(HarnessChatMessage, 'create', async (data, options) => {
    const message = await create(data, options);
    const source = (message as unknown as { _source: Record<string, unknown> })._source;
    for (const field of fields) if (data[field] !== undefined) source[field] = data[field];
    (message as unknown as { _initialize(): void })._initialize();
    return message;
  });
}

beforeEach(() => {
  h.reset(7);
  for (const user of [gm, player, otherPlayer]) (user as HarnessUser).active = true;
});
afterEach(async () => {
  await attackActionsSettled();
  for (const fn of undo.reverse()) fn();
  undo = [];
  expect([...h.i18n.missing]).toEqual([]);
});

describe('on a healthy world', () => {
  it(
    'every check passes with two players connected, and nothing is left behind',
    async () => {
      loadPacks();
      const before = worldCounts();
      const report = await runSelfTest();
      const failed = report.results.filter((r) => r.status !== 'pass');
      expect(failed, JSON.stringify(failed, null, 2)).toEqual([]);
      expect(report.passed).toBe(true);
      expect(report.results.map((r) => r.id)).toEqual([...SELF_TEST_CHECKS.map((c) => c.id), 'cleanup']);
      expect(worldCounts()).toEqual(before);
      // Each player answered and was proven the sender.
      const queries = statusOf(report, 'queries')?.detail ?? '';
      expect(queries).toContain(player.name);
      expect(queries).toContain(otherPlayer.name);
      // v13 gives a query handler only its timeout (foundryvtt/foundryvtt#13418): the report says so.
      expect(queries).toContain('timeout');
    },
    PACKS_LOAD_TIMEOUT,
  );

  it('the report names the versions and every check, and is what Copy puts on the clipboard', async () => {
    const report = await runSelfTest({ checks: checks('foundry', 'settings') });
    const text = formatReport(report);
    expect(text).toContain(`gng ${game.system.version}`);
    expect(text).toContain('Foundry 13.351');
    for (const r of report.results) expect(text).toContain(`${r.label}: ${r.detail}`);
  });

  it('reads the selected tokens of the canvas, and skips (saying what to do) when no scene is shown', async () => {
    const token = h.placeToken(await h.createActor({ name: 'Picked', type: 'npc', system: {} }));
    h.control(gm, token);
    const shown = await runSelfTest({ checks: checks('canvas') });
    expect(statusOf(shown, 'canvas')).toMatchObject({
      status: 'pass',
      detail:
        'canvas.tokens.controlled lists the 1 token(s) selected on this client; the party rest can read them.',
    });
    const canvas = (globalThis as { canvas?: { ready: boolean } }).canvas as { ready: boolean };
    canvas.ready = false;
    try {
      const hidden = await runSelfTest({ checks: checks('canvas') });
      expect(statusOf(hidden, 'canvas')).toMatchObject({ status: 'skip' });
      expect(statusOf(hidden, 'canvas')?.detail).toContain('No scene is shown on this client');
    } finally {
      canvas.ready = true;
    }
  });

  it('skips the player round trip, saying what to do, when no player is connected', async () => {
    (player as HarnessUser).active = false;
    (otherPlayer as HarnessUser).active = false;
    const report = await runSelfTest({ checks: checks('queries', 'impostor') });
    expect(statusOf(report, 'queries')).toMatchObject({ status: 'skip' });
    expect(statusOf(report, 'queries')?.detail).toMatch(/No player is connected/);
    // A request forged in a disconnected player's name is refused without asking anyone: that proves
    // nothing, so the impostor check says it could not run (one forged as the GM was still refused).
    expect(statusOf(report, 'impostor')).toMatchObject({ status: 'skip' });
    expect(statusOf(report, 'impostor')?.detail).toMatch(/No player is connected/);
  });

  it("a player's message in the GM's name: refused or rewritten by Foundry, or kept but never a card", async () => {
    const rewritten = await runSelfTest({ checks: checks('cardAuthor') });
    expect(statusOf(rewritten, 'cardAuthor')).toMatchObject({ status: 'pass' });
    expect(statusOf(rewritten, 'cardAuthor')?.detail).toMatch(/made Player the author/);
    expect(statusOf(rewritten, 'cardAuthor')?.detail).toMatch(/stamps no creator/);
    // A Foundry that keeps the author a player names, but stamps the player as the last writer.
    authorsAsGiven(['author']);
    const kept = await runSelfTest({ checks: checks('cardAuthor') });
    expect(statusOf(kept, 'cardAuthor')).toMatchObject({ status: 'pass' });
    expect(statusOf(kept, 'cardAuthor')?.detail).toMatch(/kept the GM as the author of Player's message/);
    expect(game.messages.size).toBe(0);
    // No player: what the GM's client could check, and why the rest was not run.
    (player as HarnessUser).active = false;
    (otherPlayer as HarnessUser).active = false;
    const alone = await runSelfTest({ checks: checks('cardAuthor') });
    expect(statusOf(alone, 'cardAuthor')).toMatchObject({ status: 'skip' });
    expect(statusOf(alone, 'cardAuthor')?.detail).toMatch(/No player is connected/);
  });

  it('skips the combat check while a fight is running, and leaves that fight alone', async () => {
    const fighter = await h.createActor({ name: 'Fighter', type: 'character' });
    const combat = h.startCombat([fighter]);
    const report = await runSelfTest({ checks: checks('durations') });
    expect(statusOf(report, 'durations')?.status).toBe('skip');
    expect(game.combat).toBe(combat);
  });

  it('lists the packs of system.json', () => {
    expect([...SYSTEM_PACKS]).toEqual(manifest.packs.map((p) => p.name));
  });
});

describe('each check fails, with its reason, when what it checks is broken', () => {
  const cases: { id: string; reason: RegExp; only?: string[]; breakIt: () => void | Promise<void> }[] = [
    {
      id: 'queries',
      reason: /did not answer/,
      // A player's client without the probe (an old version of the system, say).
      breakIt: () => {
        const probe = CONFIG.queries['gng.selfTestProbe'];
        patch(CONFIG.queries, 'gng.selfTestProbe', (data, options) => {
          if (game.user.id === player.id) throw new Error('No query handler');
          return probe?.(data, options);
        });
      },
    },
    {
      id: 'queries',
      reason: /proved .* as the sender/,
      // The GM's client believing whoever the request names (no proof).
      breakIt: async () => {
        const { proveSenderUnsafe } = await import('../fixtures/self-test-breaks.js');
        patch(CONFIG.queries, 'gng.selfTestEcho', proveSenderUnsafe(otherPlayer));
      },
    },
    {
      id: 'impostor',
      reason: /forged in the name of/,
      // A client that confirms every request put to it.
      breakIt: () => patch(CONFIG.queries, 'gng.confirmRequest', () => true),
    },
    {
      id: 'cardAuthor',
      reason: /kept the GM as its last writer: after a reload/,
      // A Foundry that let a player's client name the GM as a message's author and its last writer.
      breakIt: () => authorsAsGiven(['author', '_stats']),
    },
    {
      id: 'cardAuthor',
      reason: /names .* as its last writer: after a reload, the system could not tell/,
      // A Foundry whose last-writer stamp names someone else than the GM who made the message.
      breakIt: () => {
        const create = HarnessChatMessage.create.bind(HarnessChatMessage);
        patch(HarnessChatMessage, 'create', async (data, options) => {
          const message = await create(data, options);
          (message as unknown as { _source: Record<string, unknown> })._source._stats = {
            lastModifiedBy: player.id,
          };
          return message;
        });
      },
    },
    {
      id: 'typedCard',
      reason: /did not keep its state in system \(its type: base\)/,
      // A Foundry that does not know the system's ChatMessage subtypes: every message is `base`.
      breakIt: () => {
        const create = HarnessChatMessage.create.bind(HarnessChatMessage);
        patch(HarnessChatMessage, 'create', async (data, options) =>
          create({ ...data, type: 'base' }, options),
        );
      },
    },
    {
      id: 'typedCard',
      reason: /did not replace its state whole \(the object field reads \{"kept":1,"dropped":2\}\)/,
      // A Foundry that merges a `==system` update like a plain `system` one.
      breakIt: () => {
        const update = HarnessChatMessage.prototype.update;
        patch(HarnessChatMessage.prototype, 'update', function (this: HarnessChatMessage, changes, options) {
          const { '==system': system, ...rest } = changes;
          return update.call(this, system ? { ...rest, system } : rest, options);
        });
      },
    },
    {
      id: 'typedCard',
      reason: /not drawn again from its state on this client/,
      // The card's redraw fails on this client (its template does not render).
      breakIt: () =>
        patch(foundry.applications.handlebars, 'renderTemplate', () =>
          Promise.reject(new Error('no template')),
        ),
    },
    {
      id: 'registration',
      reason: /legacyTransferral/,
      breakIt: () => patch(CONFIG.ActiveEffect, 'legacyTransferral', true),
    },
    {
      id: 'registration',
      reason: /BLIND/,
      breakIt: () => patch(CONFIG, 'specialStatusEffects', {}),
    },
    {
      id: 'settings',
      reason: /did not keep its new value/,
      breakIt: () => patch(game.settings, 'set', async () => undefined),
    },
    {
      id: 'packs',
      reason: /"weapons" is missing/,
      breakIt: () => {
        loadPacks();
        const packs = game.packs;
        patch(game, 'packs', {
          ...packs,
          get: (id: string) => (id === 'gng.weapons' ? undefined : packs.get(id)),
        } as Game['packs']);
      },
    },
    {
      id: 'tokenBar',
      reason: /no bar 1|not the HP bar/,
      // The gap of foundryvtt/foundryvtt#8726: hp's max exists only in derived data.
      breakIt: () => patch(CONFIG.Actor, 'trackableAttributes', {}),
    },
    {
      id: 'statuses',
      reason: /prone/,
      breakIt: () =>
        patch(
          CONFIG,
          'statusEffects',
          CONFIG.statusEffects.filter((s) => s.id !== 'prone'),
        ),
    },
    {
      id: 'durations',
      reason: /still there at round 2/,
      // A Combat class without the system's turn-start work.
      breakIt: () => patch(CONFIG.Combat, 'documentClass', foundry.documents.Combat),
    },
    {
      id: 'clock',
      reason: /still there 60 seconds after it started/,
      // Something (a module, say) keeps effects from being deleted: the clock's expiry cannot end one.
      breakIt: () => {
        const id = Hooks.on('preDeleteActiveEffect', () => false);
        undo.push(() => Hooks.off('preDeleteActiveEffect', id));
      },
    },
    {
      id: 'clock',
      reason: /did not record the world time it started/,
      breakIt: () => {
        const id = Hooks.on('preCreateActiveEffect', (effect: ActiveEffect) =>
          effect.updateSource({ flags: { gng: { startTime: null } } }),
        );
        undo.push(() => Hooks.off('preCreateActiveEffect', id));
      },
    },
    {
      id: 'effectGuard',
      reason: /broke the actor's preparation/,
      // An ActiveEffect class without the effect guard (the harness's own, standing in for core's).
      breakIt: () => patch(CONFIG.ActiveEffect, 'documentClass', ActiveEffect),
    },
    {
      id: 'card',
      reason: /removed core message controls/,
      breakIt: () => {
        const id = Hooks.on('renderChatMessageHTML', (message: ChatMessage, html: HTMLElement) => {
          if (message.flags.gng?.type || message.type !== 'base')
            for (const el of html.querySelectorAll('header [data-action]')) el.remove();
        });
        undo.push(() => Hooks.off('renderChatMessageHTML', id));
      },
    },
    {
      id: 'card',
      reason: /"bleedingSave" button did nothing/,
      // Something (a module, say) replaces the card's buttons after the system wired them.
      breakIt: () => {
        const id = Hooks.on('renderChatMessageHTML', (_message: ChatMessage, html: HTMLElement) => {
          for (const button of html.querySelectorAll('button')) button.replaceWith(button.cloneNode(true));
        });
        undo.push(() => Hooks.off('renderChatMessageHTML', id));
      },
    },
  ];

  for (const { id, reason, breakIt, only } of cases) {
    it(
      `${id}: ${String(reason)}`,
      async () => {
        await breakIt();
        const before = worldCounts();
        const report = await runSelfTest({ checks: checks(...(only ?? [id])), waitMs: 200 });
        const result = statusOf(report, id);
        expect(result?.status, JSON.stringify(report.results)).toBe('fail');
        expect(result?.detail).toMatch(reason);
        expect(report.passed).toBe(false);
        // The run still cleaned up after itself.
        expect(statusOf(report, 'cleanup')?.status).toBe('pass');
        expect(worldCounts()).toEqual(before);
      },
      PACKS_LOAD_TIMEOUT,
    );
  }

  it('a scratch document that cannot be deleted is reported, and removed by the next run', async () => {
    const Folder = globalThis.Folder as unknown as { prototype: { delete: () => Promise<unknown> } };
    const remove = Folder.prototype.delete;
    Folder.prototype.delete = async () => {
      throw new Error('locked');
    };
    const report = await runSelfTest({ checks: checks('actor') });
    Folder.prototype.delete = remove;
    expect(statusOf(report, 'cleanup')).toMatchObject({ status: 'fail' });
    expect(statusOf(report, 'cleanup')?.detail).toMatch(/locked/);
    expect(game.folders.size).toBe(1);
    await runSelfTest({ checks: checks('foundry') });
    expect(game.folders.size).toBe(0);
  });
});

describe('who may run it', () => {
  it('only the active GM: a player is refused with a localized message', async () => {
    h.as(player);
    await expect(runSelfTest()).rejects.toThrow('Only the active GM can check the world.');
    expect(game.folders.size).toBe(0);
  });

  it('the settings menu is the GM-only "Check this world" button', () => {
    const menu = h.settings.menus.get('gng.checkWorld');
    expect(menu).toMatchObject({ restricted: true, type: SelfTestMenu });
    expect(h.i18n.localize(menu?.label ?? '')).toBe('Check this world');
  });

  it('its button opens the window, loaded on first use, whatever the render options', async () => {
    // Foundry constructs the menu's type and renders it: the menu renders the real window instead.
    const Menu = h.settings.menus.get('gng.checkWorld')?.type as unknown as new () => {
      render(o?: unknown): Promise<unknown>;
    };
    for (const options of [true, { force: true }]) {
      const shown = (await new Menu().render(options)) as InstanceType<typeof SelfTestApp>;
      expect(shown).toBeInstanceOf(SelfTestApp);
      expect(shown.rendered).toBe(true);
      expect(shown.element.querySelector('button[data-action="run"]')?.textContent).toContain(
        'Run the checks',
      );
      await shown.close();
    }
  });
});

describe('the window', () => {
  it('runs the checks from its button, shows each result, and copies the report', async () => {
    const app = new SelfTestApp();
    await app.render(true);
    const run = app.element.querySelector<HTMLButtonElement>('button[data-action="run"]');
    expect(run?.textContent).toContain('Run the checks');
    expect(app.element.querySelector('button[data-action="copy"]')).toBeNull();
    await app.run({ waitMs: 200 });
    const rows = [...app.element.querySelectorAll<HTMLElement>('tr.self-test-result')];
    expect(rows.map((row) => row.dataset.check)).toEqual([...SELF_TEST_CHECKS.map((c) => c.id), 'cleanup']);
    // The packs are not loaded in this test: that check fails, with its reason on its row.
    const packs = rows.find((row) => row.dataset.check === 'packs');
    expect(packs?.classList.contains('fail')).toBe(true);
    expect(packs?.textContent).toMatch(/"rules" is missing/);
    expect(app.element.querySelector('[role="status"]')?.textContent).toMatch(/1 failed/);
    await h.click(app as unknown as HarnessApplicationV2, 'button[data-action="copy"]');
    expect((game as unknown as { copied: string }).copied).toBe(formatReport(app.report as SelfTestReport));
    expect(app.element.querySelector<HTMLTextAreaElement>('textarea')?.value).toContain('FAIL');
    await app.close();
  });
});

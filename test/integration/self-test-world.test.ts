/**
 * "Check this world" changes nothing a GM cares about (issue #27 part 4): run twice in a world with
 * effects (one due on the world clock within the minute, one counted in rounds), a fight in progress
 * and a prepared encounter — or with only a prepared encounter, the one the GM is viewing — every
 * document (actors with their items and effects, world items, combats, messages, folders), every
 * setting, the world time and the combat the GM views are as they were. Each check it could not run
 * says so, and why.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness, type HarnessUser } from '../harness/index.js';
import type { SelfTestReport } from '../../src/self-test/index.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';

const h = await getHarness();
const { runSelfTest, SELF_TEST_CHECKS } = await import('../../src/self-test/index.js');
const { gm, player, otherPlayer } = h.users;

/** Every check but the packs' (loading the packs takes seconds; they are read, never written). */
const CHECKS = SELF_TEST_CHECKS.filter((check) => check.id !== 'packs');

/** Everything a GM could care about, as text. */
function snapshot(): string {
  const settings = [...h.settings.registered.keys()].sort().map((id) => {
    const [namespace, ...key] = id.split('.');
    return [id, game.settings.get(namespace as string, key.join('.'))];
  });
  return JSON.stringify(
    {
      actors: game.actors.contents.map((actor) => actor.toObject()),
      items: game.items.contents.map((item) => item.toObject()),
      combats: [game.combat, ...game.combats.contents]
        .filter((combat, i, all): combat is Combat => !!combat && all.indexOf(combat) === i)
        .map((combat) => ({
          source: combat.toObject(),
          round: combat.round,
          turn: combat.turn,
          combatants: combat.combatants.contents.map((c) => [c.id, c.actor?.id, c.initiative]),
        })),
      viewed: game.combat?.id ?? null,
      messages: game.messages.contents.map((message) => message.toObject()),
      folders: game.folders.contents.map((folder) => folder.toObject()),
      settings,
      time: game.time.worldTime,
    },
    null,
    1,
  );
}

const effect = (name: string, extra: Record<string, unknown>) => ({ name, ...extra });

/** A world in play: a party with effects, a foe, a chat log and the clock at 1000 s. */
async function world(): Promise<{ hero: Actor; foe: Actor; ally: Actor }> {
  h.as(gm);
  await game.time.advance(1000);
  const hero = await h.createActor({ name: 'Hero', type: 'character' }, player);
  const ally = await h.createActor({ name: 'Ally', type: 'character' }, otherPlayer);
  const foe = await h.createActor({ name: 'Foe', type: 'npc' });
  await hero.createEmbeddedDocuments('Item', [{ name: 'Club', type: 'weapon', system: {} }]);
  // Due on the clock 30 s from now: a minute's advance would end it.
  await hero.createEmbeddedDocuments('ActiveEffect', [
    effect('Bless', { duration: { seconds: 60 }, flags: { gng: { startTime: 970 } } }),
  ]);
  await foe.toggleStatusEffect('prone', { active: true });
  await ally.createEmbeddedDocuments('ActiveEffect', [effect('Shaken', { duration: { seconds: 3600 } })]);
  await ChatMessage.create({ content: '<p>The table talks.</p>' });
  return { hero, foe, ally };
}

/** A prepared encounter: made, with combatants, not begun (round 0). */
async function prepared(actors: Actor[]): Promise<Combat> {
  const combat = await foundry.documents.Combat.create({});
  await combat.createEmbeddedDocuments(
    'Combatant',
    actors.map((actor, i) => ({ actorId: actor.id, initiative: 10 + i })),
  );
  return combat;
}

const statusOf = (report: SelfTestReport, id: string) => report.results.find((r) => r.id === id);

async function runTwice(): Promise<SelfTestReport[]> {
  const reports: SelfTestReport[] = [];
  for (let run = 0; run < 2; run += 1) {
    reports.push(await runSelfTest({ checks: CHECKS, waitMs: 500 }));
    await attackActionsSettled();
  }
  return reports;
}

beforeEach(() => {
  h.reset(27);
  for (const user of [gm, player, otherPlayer]) (user as HarnessUser).active = true;
});

describe('"Check this world" leaves the world as it was', () => {
  it('a fight in progress, a prepared encounter, effects and a chat log: twice, nothing changes', async () => {
    const { hero, foe, ally } = await world();
    await prepared([ally]);
    const fight = h.startCombat([hero, foe]);
    await hero.createEmbeddedDocuments('ActiveEffect', [
      effect('Dazed', { duration: { rounds: 2 }, statuses: ['dazed'] }),
    ]);
    const before = snapshot();
    const reports = await runTwice();
    expect(snapshot()).toBe(before);
    expect(game.combat).toBe(fight);
    for (const report of reports) {
      const failed = report.results.filter((r) => r.status === 'fail');
      expect(failed, JSON.stringify(failed, null, 1)).toEqual([]);
      // The turn check steps a combat of its own only when no fight runs: it says so.
      expect(statusOf(report, 'durations')).toMatchObject({ status: 'skip' });
      expect(statusOf(report, 'durations')?.detail).toMatch(/A fight is running in this world/);
      expect(statusOf(report, 'clock')).toMatchObject({ status: 'pass' });
      expect(statusOf(report, 'clock')?.detail).toMatch(/the world clock was not moved/);
      expect(statusOf(report, 'settings')?.detail).toMatch(/no setting of yours was changed/);
    }
  });

  it('a prepared encounter the GM is viewing: the turn check runs on its own combat, the encounter stays', async () => {
    const { hero, foe } = await world();
    const encounter = await prepared([hero, foe]);
    await encounter.activate();
    const before = snapshot();
    const reports = await runTwice();
    expect(snapshot()).toBe(before);
    expect(game.combat).toBe(encounter);
    for (const report of reports) {
      expect(report.results.filter((r) => r.status === 'fail')).toEqual([]);
      expect(statusOf(report, 'durations')).toMatchObject({ status: 'pass' });
    }
  });

  it('no player connected: the checks that need one say so (localized), and nothing changes', async () => {
    await world();
    (player as HarnessUser).active = false;
    (otherPlayer as HarnessUser).active = false;
    const before = snapshot();
    const [report] = await runTwice();
    expect(snapshot()).toBe(before);
    for (const id of ['queries', 'impostor']) expect(statusOf(report!, id)?.status).toBe('skip');
    expect(statusOf(report!, 'impostor')?.detail).toMatch(
      /No player is connected: a request forged in a player's name is then refused without asking anyone/,
    );
    expect([...h.i18n.missing]).toEqual([]);
  });
});

/**
 * The world stores typed by data models (issue #34, src/settings/world-stores.ts): each of the five
 * settings has a DataModel type, `game.settings.get` hands back an instance (as v13 does), a write
 * the schema refuses changes nothing, and a world's value stored before the change (the records at
 * the top, not under `records`) still reads and is kept by the next write.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getHarness } from '../harness/index.js';
import { careOf, setCare } from '../../src/combat/care-records.js';
import { changeCombatOptionRecord, combatOptionRecord } from '../../src/combat/combat-option-records.js';
import { holdStatuses, releaseStatuses } from '../../src/combat/status-holds.js';
import { recordedTiming } from '../../src/combat/effect-timings.js';
import { STORE_MODELS } from '../../src/settings/world-stores.js';

const h = await getHarness();
const { runSelfTest, SELF_TEST_CHECKS } = await import('../../src/self-test/index.js');
const { gm, player } = h.users;

beforeEach(() => {
  h.reset(34);
  h.as(gm);
});

const STORES = ['statusHolds', 'effectTimings', 'combatOptionRecords', 'careRecords', 'migrationReported'];
const source = (key: string) => (game.settings.get('gng', key) as DataModel).toObject();
const npc = (name: string) => h.createActor({ name, type: 'npc', system: {} }, player);

describe('the world stores', () => {
  it('are typed by DataModels: get hands back an instance of the setting’s model, empty by default', () => {
    for (const key of STORES) {
      const type = h.settings.registered.get(`gng.${key}`)?.type as DataModelConstructor;
      expect(type.prototype, key).toBeInstanceOf(foundry.abstract.DataModel);
      expect(game.settings.get('gng', key), key).toBeInstanceOf(type);
    }
    expect(source('statusHolds')).toEqual({ records: {} });
    expect(source('migrationReported')).toEqual({ entries: [] });
  });

  it('write the records under `records`, each cleaned by the schema', async () => {
    const hero = await npc('Hero');
    await setCare(hero, { week: { days: 3, bedRestDays: 1 } });
    expect(source('careRecords')).toEqual({
      records: { [hero.uuid]: { week: { days: 3, bedRestDays: 1 }, tended: null } },
    });
    expect(careOf(hero).week).toEqual({ days: 3, bedRestDays: 1 });
  });

  it('refuse a value their schema refuses, and keep what they held', async () => {
    const hero = await npc('Hero');
    const hold = await holdStatuses(hero, ['prone']);
    const before = source('statusHolds');
    const bad = { records: { [hero.uuid]: { prone: { effect: 'x', created: 'maybe', holders: [] } } } };
    await expect(game.settings.set('gng', 'statusHolds', bad)).rejects.toThrow(/created/);
    expect(source('statusHolds')).toEqual(before);
    expect(await releaseStatuses(hero, { ...hold })).toEqual([]);
    expect(hero.statuses.has('prone')).toBe(false);
  });

  it('read a world’s value from before (the records at the top) and keep it on the next write', async () => {
    const hero = await npc('Hero');
    const other = await npc('Other');
    const [prone] = await hero.createEmbeddedDocuments('ActiveEffect', [
      { name: 'Prone', statuses: ['prone'], duration: { rounds: 2 } },
    ]);
    const effectId = (prone as ActiveEffect).id as string;
    const raw = (key: string, value: unknown) => h.settings.storeRaw('gng', key, value);
    raw('statusHolds', { [hero.uuid]: { prone: { effect: effectId, created: true, holders: ['h1'] } } });
    raw('careRecords', { [other.uuid]: { tended: { id: 't1', healer: 'Healer', total: 17 } } });
    raw('combatOptionRecords', {
      [hero.uuid]: { strike: { against: [other.uuid], combat: null, round: null } },
    });
    raw('effectTimings', {
      [hero.uuid]: {
        [effectId]: {
          rounds: 5,
          turns: null,
          seconds: null,
          start: null,
          startRound: 1,
          startTurn: 0,
          startTime: null,
        },
      },
    });

    // Read as they were.
    expect(careOf(other).tended).toEqual({ id: 't1', healer: 'Healer', total: 17 });
    expect(combatOptionRecord(hero).strike).toEqual({ against: [other.uuid], combat: null, round: null });
    expect(recordedTiming(prone as ActiveEffect)).toMatchObject({ rounds: 5, startRound: 1 });
    // The hold from before is honoured: its Undo takes the effect it created off.
    expect(await releaseStatuses(hero, { hold: 'h1', statusesAdded: ['prone'] })).toEqual([]);
    expect(hero.effects.get(effectId)).toBeUndefined();
    expect(source('statusHolds')).toEqual({ records: {} });

    // A write to another actor keeps the records from before, now under `records`.
    await setCare(hero, { week: { days: 2, bedRestDays: 0 } });
    expect(source('careRecords')).toEqual({
      records: {
        [other.uuid]: { week: null, tended: { id: 't1', healer: 'Healer', total: 17 } },
        [hero.uuid]: { week: { days: 2, bedRestDays: 0 }, tended: null },
      },
    });
    await changeCombatOptionRecord(other.uuid, () => ({ strike: { against: [], combat: 'c1', round: 2 } }));
    expect(Object.keys((source('combatOptionRecords').records as object) ?? {}).sort()).toEqual(
      [hero.uuid, other.uuid].sort(),
    );
    expect(combatOptionRecord(hero).strike).toEqual({ against: [other.uuid], combat: null, round: null });
  });

  it('stay the GM’s: a player’s write is refused', async () => {
    h.as(player);
    await expect(game.settings.set('gng', 'careRecords', { records: {} })).rejects.toThrow();
  });
});

describe('the self-test of the world stores (checked in Foundry)', () => {
  const run = async () =>
    (await runSelfTest({ checks: SELF_TEST_CHECKS.filter((c) => c.id === 'worldStores') })).results[0];

  it('passes: every store reads, as an instance of its model, and an older value is migrated', async () => {
    expect(await run()).toMatchObject({
      status: 'pass',
      detail:
        '5 world stores read (5 as instances of their data models); an older value is moved under its records.',
    });
  });

  it('fails, saying so, where a model does not migrate an older value', async () => {
    const Holds = STORE_MODELS.statusHolds as DataModelConstructor;
    const spy = vi.spyOn(Holds, 'migrateData').mockImplementation((source) => source);
    try {
      const result = await run();
      expect(result?.status).toBe('fail');
      expect(result?.detail).toMatch(/^A world store's value from before is not moved under its records/);
    } finally {
      spy.mockRestore();
    }
  });
});

/**
 * The Time Count schedule store (issue #32; seed 002:237–250; docs/rules.md "The tracker"): the
 * count and each combatant's next count in the Combat's flags, written only on a GM's client; an act
 * posts next = count + SF (R34); the count advances to the next scheduled count, Foundry's round with
 * it (A14); every write's exact Undo. Hostile: a player's call, a player's own initiative write, a
 * forged record, malformed flags, a double click, acting out of turn.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { Refusal } from '../../src/cards/kernel/index.js';
import {
  actingNow,
  advanceCount,
  markUnsteady,
  parseScheduleRecord,
  registerTcSpeedFactorsSetting,
  revertScheduleAct,
  rollsSpeedFactor,
  roundOfCount,
  scheduleAct,
  setTcInitiative,
  tcSchedule,
  type TcScheduleRecord,
} from '../../src/combat/tc-schedule.js';

const h = await getHarness();
const { gm, player } = h.users;

let zherynn: Actor;
let aeus: Actor;
let garret: Actor;
let combat: Combat;
let z: string;
let a: string;
let g: string;

const idOf = (actor: Actor) => combat.combatants.find((c) => c.actor === actor)?.id as string;

beforeEach(async () => {
  h.reset(32);
  h.as(gm);
  zherynn = await h.createActor({ name: 'Zherynn', type: 'character' }, player);
  aeus = await h.createActor({ name: 'Aeus', type: 'character' });
  garret = await h.createActor({ name: 'Garret', type: 'npc' });
  combat = h.startCombat([zherynn, aeus, garret]);
  [z, a, g] = [idOf(zherynn), idOf(aeus), idOf(garret)];
});

/** The refusal's lang key a promise rejects with. */
async function refusedWith(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Refusal);
  return (error as Refusal).key;
}

/** The text's example (002:243): Zherynn 6, Garret 7, Aeus 8 + 1d6 [5] for surprise = 13. */
async function rollTheExample(): Promise<void> {
  await setTcInitiative(combat, z, { total: 6 });
  await setTcInitiative(combat, g, { total: 7 });
  await setTcInitiative(combat, a, { total: 13, surprised: true });
}

describe('the worked example (002:243)', () => {
  it('plays Zherynn 6 → 12, Garret 7 → 16, then Zherynn at 12 and Aeus one count later', async () => {
    await rollTheExample();
    expect(tcSchedule(combat)).toEqual({
      count: 0,
      next: { [z]: 6, [g]: 7, [a]: 13 },
      unsteady: { [a]: true },
      seq: 3,
    });
    // "Zherynn rolled lowest, so he goes first (at TC 6)".
    await advanceCount(combat);
    expect(tcSchedule(combat).count).toBe(6);
    expect(actingNow(tcSchedule(combat))).toEqual([z]);
    // "He then adds 6 TC … to the current TC (6), for a total of 12."
    const zAct = await scheduleAct(combat, z, { sf: 6, reason: 'dagger' });
    expect(zAct).toMatchObject({ count: 6, before: 6, after: 12, sf: 6 });
    // "The TC increases to 7, and Garret slashes … adds his speed factor (9) to the current TC (7) for 16."
    await advanceCount(combat);
    expect(actingNow(tcSchedule(combat))).toEqual([g]);
    await scheduleAct(combat, g, { sf: 9, reason: 'long sword' });
    expect(tcSchedule(combat).next[g]).toBe(16);
    // "The TC increases again to 12, and Zherynn acts, followed by Aeus 1 point later."
    await advanceCount(combat);
    expect(tcSchedule(combat).count).toBe(12);
    expect(actingNow(tcSchedule(combat))).toEqual([z]);
    await scheduleAct(combat, z, { sf: 5, reason: 'dagger' });
    await advanceCount(combat);
    expect(tcSchedule(combat).count).toBe(13);
    expect(actingNow(tcSchedule(combat))).toEqual([a]);
  });

  it("mirrors each next count in the combatant's initiative", async () => {
    await rollTheExample();
    await advanceCount(combat);
    await scheduleAct(combat, z, { sf: 6, reason: 'dagger' });
    const initiative = (id: string) => combat.combatants.get(id)?.initiative;
    expect([initiative(z), initiative(g), initiative(a)]).toEqual([12, 7, 13]);
  });

  it("keeps Foundry's round at ⌊count/12⌋ + 1 and its turn on the one acting (A14)", async () => {
    expect([roundOfCount(0), roundOfCount(11), roundOfCount(12), roundOfCount(23), roundOfCount(24)]).toEqual(
      [1, 1, 2, 2, 3],
    );
    await rollTheExample();
    await advanceCount(combat);
    expect(combat.round).toBe(1);
    expect(combat.combatant?.id).toBe(z);
    await scheduleAct(combat, z, { sf: 6, reason: 'dagger' });
    await advanceCount(combat);
    expect(combat.combatant?.id).toBe(g);
    await scheduleAct(combat, g, { sf: 9, reason: 'long sword' });
    await advanceCount(combat); // count 12: the second round of 6 s
    expect(combat.round).toBe(2);
    expect(combat.combatant?.id).toBe(z);
  });

  it('ends the unsteadiness of surprise when the surprised one first acts (002:237), not when it delays', async () => {
    await rollTheExample();
    for (const [id, sf] of [
      [z, 10],
      [g, 9],
    ] as const) {
      await advanceCount(combat);
      await scheduleAct(combat, id, { sf, reason: 'attack' });
    }
    // Count 13: Aeus acts; a delay keeps it unsteady, an act ends it.
    await advanceCount(combat);
    expect(tcSchedule(combat).count).toBe(13);
    expect(actingNow(tcSchedule(combat))).toEqual([a]);
    await scheduleAct(combat, a, { sf: 2, reason: 'delay', delay: true });
    expect(tcSchedule(combat).unsteady).toEqual({ [a]: true });
    await advanceCount(combat);
    expect(tcSchedule(combat).count).toBe(15);
    await scheduleAct(combat, a, { sf: 4, reason: 'attack' });
    expect(tcSchedule(combat).unsteady).toEqual({});
  });
});

describe('acting and advancing', () => {
  it('refuses to act out of turn, or without initiative, and changes nothing', async () => {
    await setTcInitiative(combat, z, { total: 6 });
    await setTcInitiative(combat, g, { total: 7 });
    await advanceCount(combat);
    const before = structuredClone(combat.getFlag('gng', 'tc'));
    expect(await refusedWith(scheduleAct(combat, g, { sf: 9, reason: 'x' }))).toBe(
      'GNG.Model.TC.Act.Error.NotActing',
    );
    expect(await refusedWith(scheduleAct(combat, a, { sf: 9, reason: 'x' }))).toBe(
      'GNG.Model.TC.Act.Error.NoInitiative',
    );
    expect(await refusedWith(scheduleAct(combat, 'nobody000000000', { sf: 9, reason: 'x' }))).toBe(
      'GNG.Model.TC.Act.Error.NoCombatant',
    );
    expect(combat.getFlag('gng', 'tc')).toEqual(before);
  });

  it('refuses an SF that is not a whole number of counts from 0', async () => {
    await setTcInitiative(combat, z, { total: 6 });
    await advanceCount(combat);
    for (const sf of [-1, 1.5, Number.NaN, Infinity, '6', null, 5001])
      expect(await refusedWith(scheduleAct(combat, z, { sf: sf as number, reason: 'x' }))).toBe(
        'GNG.Model.TC.Act.Error.BadSpeed',
      );
    expect(tcSchedule(combat).next[z]).toBe(6);
  });

  it('a Free action (SF 0) leaves the combatant acting at the same count', async () => {
    await setTcInitiative(combat, z, { total: 6 });
    await advanceCount(combat);
    await scheduleAct(combat, z, { sf: 0, reason: 'drop' });
    expect(actingNow(tcSchedule(combat))).toEqual([z]);
  });

  it('equal counts act together (R33: simultaneous)', async () => {
    await setTcInitiative(combat, z, { total: 8 });
    await setTcInitiative(combat, g, { total: 8 });
    await setTcInitiative(combat, a, { total: 9 });
    await advanceCount(combat);
    expect(actingNow(tcSchedule(combat)).sort()).toEqual([z, g].sort());
  });

  it('one who does not act at its count holds: it is still acting at the next count', async () => {
    await setTcInitiative(combat, z, { total: 6 });
    await setTcInitiative(combat, g, { total: 7 });
    await advanceCount(combat);
    await advanceCount(combat);
    expect(tcSchedule(combat).count).toBe(7);
    expect(actingNow(tcSchedule(combat)).sort()).toEqual([z, g].sort());
    // Its SF counts from the count it acts at (R34: "add … to the current Time Count").
    await scheduleAct(combat, z, { sf: 6, reason: 'dagger' });
    expect(tcSchedule(combat).next[z]).toBe(13);
  });

  it('refuses to advance when nobody is scheduled later', async () => {
    expect(await refusedWith(advanceCount(combat))).toBe('GNG.Model.TC.Tracker.Error.NothingScheduled');
    await setTcInitiative(combat, z, { total: 6 });
    await advanceCount(combat);
    expect(await refusedWith(advanceCount(combat))).toBe('GNG.Model.TC.Tracker.Error.NothingScheduled');
  });

  it('a double click acts once: the second act is out of turn', async () => {
    await setTcInitiative(combat, z, { total: 6 });
    await advanceCount(combat);
    const results = await Promise.allSettled([
      scheduleAct(combat, z, { sf: 6, reason: 'dagger' }),
      scheduleAct(combat, z, { sf: 6, reason: 'dagger' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(tcSchedule(combat).next[z]).toBe(12);
  });
});

describe('Undo', () => {
  it('reverts an act exactly, and only while its combatant did not move since', async () => {
    await rollTheExample();
    await advanceCount(combat);
    const before = structuredClone(combat.getFlag('gng', 'tc')) as Record<string, unknown>;
    const act = await scheduleAct(combat, z, { sf: 6, reason: 'dagger' });
    const inverse = await revertScheduleAct(act);
    expect(inverse).toMatchObject({ kind: 'act', before: 12, after: 6, reason: 'undo:dagger' });
    const after = combat.getFlag('gng', 'tc') as Record<string, unknown>;
    expect({ ...after, seq: 0 }).toEqual({ ...before, seq: 0 });
    expect(combat.combatants.get(z)?.initiative).toBe(6);
    // Twice is refused: the schedule no longer holds what the act wrote.
    expect(await refusedWith(revertScheduleAct(act))).toBe('GNG.Model.TC.Act.Error.Moved');
  });

  it('brings back the unsteadiness an act ended', async () => {
    await setTcInitiative(combat, a, { total: 13, surprised: true });
    await advanceCount(combat);
    const act = await scheduleAct(combat, a, { sf: 9, reason: 'attack' });
    expect(tcSchedule(combat).unsteady).toEqual({});
    await revertScheduleAct(act);
    expect(tcSchedule(combat).unsteady).toEqual({ [a]: true });
  });

  it('refuses to revert an act when that combatant acted again since', async () => {
    await setTcInitiative(combat, z, { total: 6 });
    await advanceCount(combat);
    const first = await scheduleAct(combat, z, { sf: 0, reason: 'drop' });
    await scheduleAct(combat, z, { sf: 6, reason: 'dagger' });
    expect(await refusedWith(revertScheduleAct(first))).toBe('GNG.Model.TC.Act.Error.Moved');
    expect(tcSchedule(combat).next[z]).toBe(12);
  });

  it('reverts an initiative and an unsteady mark to what was before (none)', async () => {
    const roll = await setTcInitiative(combat, z, { total: 6, surprised: true });
    await revertScheduleAct(roll);
    expect(tcSchedule(combat).next).toEqual({});
    expect(combat.combatants.get(z)?.initiative).toBeNull();
    await setTcInitiative(combat, g, { total: 7 });
    const mark = await markUnsteady(combat, g, 'fumble');
    expect(tcSchedule(combat).unsteady).toEqual({ [g]: true });
    await revertScheduleAct(mark);
    expect(tcSchedule(combat)).toMatchObject({ next: { [g]: 7 }, unsteady: {} });
  });

  it('reverts an advance (count, round, turn) only while nothing was written since', async () => {
    await setTcInitiative(combat, z, { total: 6 });
    await setTcInitiative(combat, g, { total: 13 });
    await advanceCount(combat);
    await scheduleAct(combat, z, { sf: 20, reason: 'slow' });
    const turnBefore = combat.turn;
    const advance = await advanceCount(combat);
    expect([tcSchedule(combat).count, combat.round, combat.combatant?.id]).toEqual([13, 2, g]);
    await revertScheduleAct(advance);
    expect([tcSchedule(combat).count, combat.round, combat.turn]).toEqual([6, 1, turnBefore]);
    const again = await advanceCount(combat);
    await scheduleAct(combat, g, { sf: 4, reason: 'fast' });
    expect(await refusedWith(revertScheduleAct(again))).toBe('GNG.Model.TC.Tracker.Error.AdvanceMoved');
    expect(tcSchedule(combat).count).toBe(13);
  });

  it('refuses a forged or malformed record, and one of a combat that is gone', async () => {
    await setTcInitiative(combat, z, { total: 6 });
    await advanceCount(combat);
    const act = await scheduleAct(combat, z, { sf: 6, reason: 'dagger' });
    const forged = [
      null,
      { ...act, kind: 'teleport' },
      { ...act, after: '12' },
      { ...act, before: -3 },
      { ...act, combatantId: 7 },
    ];
    for (const raw of forged) {
      expect(parseScheduleRecord(raw)).toBeNull();
      expect(await refusedWith(revertScheduleAct(raw as TcScheduleRecord))).toBe(
        'GNG.Model.TC.Act.Error.BadRecord',
      );
    }
    expect(await refusedWith(revertScheduleAct({ ...act, combatId: 'gone0000000000' }))).toBe(
      'GNG.Model.TC.Act.Error.NoCombat',
    );
    expect(parseScheduleRecord(JSON.parse(JSON.stringify(act)))).toEqual(act);
    expect(tcSchedule(combat).next[z]).toBe(12);
  });
});

describe('hostile clients', () => {
  it("refuses every write on a player's client, changing nothing", async () => {
    await setTcInitiative(combat, z, { total: 6 });
    await advanceCount(combat);
    const act = await scheduleAct(combat, z, { sf: 6, reason: 'dagger' });
    const before = structuredClone(combat.getFlag('gng', 'tc'));
    h.as(player);
    expect(await refusedWith(scheduleAct(combat, z, { sf: 1, reason: 'x' }))).toBe(
      'GNG.Model.TC.Act.Error.GMOnly',
    );
    expect(await refusedWith(setTcInitiative(combat, z, { total: 1 }))).toBe('GNG.Model.TC.Act.Error.GMOnly');
    expect(await refusedWith(markUnsteady(combat, g))).toBe('GNG.Model.TC.Act.Error.GMOnly');
    expect(await refusedWith(advanceCount(combat))).toBe('GNG.Model.TC.Act.Error.GMOnly');
    expect(await refusedWith(revertScheduleAct(act))).toBe('GNG.Model.TC.Act.Error.GMOnly');
    h.as(gm);
    expect(combat.getFlag('gng', 'tc')).toEqual(before);
  });

  it("a player's own write of the Combat's flags is refused by Foundry", async () => {
    h.as(player);
    await expect(combat.update({ 'flags.gng.tc.count': 99 })).rejects.toThrow(/lacks permission/);
    h.as(gm);
    expect(tcSchedule(combat).count).toBe(0);
  });

  it("a player's own initiative write is never read as its next count", async () => {
    await setTcInitiative(combat, z, { total: 9 });
    h.as(player);
    await combat.combatants.get(z)?.update({ initiative: 1 });
    h.as(gm);
    expect(tcSchedule(combat).next[z]).toBe(9);
  });

  it('reads malformed flags (a macro, an old world) as absent, never as a count', async () => {
    await combat.update({
      'flags.gng.tc': {
        count: -4,
        next: { [z]: 'soon', [g]: 7.5, [a]: 8, stranger: 3 },
        unsteady: { [z]: 'yes', [a]: true },
        seq: 'x',
      },
    });
    expect(tcSchedule(combat)).toEqual({ count: 0, next: { [a]: 8 }, unsteady: { [a]: true }, seq: 0 });
  });
});

describe('who rolls the SF (R35, 002:254)', () => {
  it('by default a PC rolls and an NPC takes the static SF; the world may make everyone roll or none', async () => {
    expect([rollsSpeedFactor(zherynn), rollsSpeedFactor(garret)]).toEqual([true, false]);
    registerTcSpeedFactorsSetting();
    registerTcSpeedFactorsSetting();
    expect([rollsSpeedFactor(zherynn), rollsSpeedFactor(garret)]).toEqual([true, false]);
    await game.settings.set('gng', 'tcSpeedFactors', 'all-random');
    expect([rollsSpeedFactor(zherynn), rollsSpeedFactor(garret)]).toEqual([true, true]);
    await game.settings.set('gng', 'tcSpeedFactors', 'all-static');
    expect([rollsSpeedFactor(zherynn), rollsSpeedFactor(garret)]).toEqual([false, false]);
  });
});

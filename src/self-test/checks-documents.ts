/**
 * Self-test checks of documents, on scratch actors: create, update and prepare (derived hit points),
 * old data migrated on load, the token's HP bar, status toggles, and an effect's duration counted
 * across the turns of a scratch combat (the system's own turn-start work on the active GM), an
 * effect in seconds ended by the world clock's expiry (the real clock is never moved), and an effect
 * change the data model refuses skipped. Nothing here touches a document the checks did not make.
 */
import { SYSTEM_ID } from '../config/document-types.js';
import type { CreatureData } from '../data/actor/creature-data.js';
import { skippedEffectChanges } from '../data/actor/effect-guard.js';
import { expireTimedEffects } from '../combat/world-time.js';
import { CheckFailure, expect, type SelfTestCheck } from './check.js';
import { SCRATCH_FLAG, type Scratch } from './scratch.js';
import { waitFor } from './wait.js';
import { f } from '../format.js';

const abilities = (con: number) => ({
  str: { value: 12 },
  dex: { value: 12 },
  con: { value: con },
  int: { value: 10 },
  wis: { value: 10 },
  cha: { value: 10 },
});

const hpOf = (actor: Actor) => actor.system.hp;

/** The scratch fighter most checks use (made once per run). */
const fighters = new WeakMap<Scratch, Actor>();
async function fighter(scratch: Scratch): Promise<Actor> {
  let actor = fighters.get(scratch);
  if (!actor) {
    actor = await scratch.actor({
      name: game.i18n.localize('GNG.SelfTest.ScratchActor'),
      type: 'character',
      system: { abilities: abilities(12) },
    });
    fighters.set(scratch, actor);
  }
  return actor;
}

const actorLifecycle: SelfTestCheck = {
  id: 'actor',
  async run(scratch) {
    const actor = await fighter(scratch);
    const before = hpOf(actor).max;
    expect(typeof before === 'number' && before > 0, 'GNG.SelfTest.Fail.NoDerivedHp', {
      value: String(before),
    });
    await actor.update({ 'system.abilities.con.value': 16 });
    const after = hpOf(actor).max;
    expect(typeof after === 'number' && after > before, 'GNG.SelfTest.Fail.NotPrepared', { before, after });
    await actor.update({ 'system.hp.value': after });
    expect(hpOf(actor).value === after, 'GNG.SelfTest.Fail.NotSaved', { field: 'system.hp.value' });
    return f('GNG.SelfTest.Pass.Actor', { before, after });
  },
};

const tokenBar: SelfTestCheck = {
  id: 'tokenBar',
  async run(scratch) {
    const actor = await fighter(scratch);
    const token = await actor.getTokenDocument();
    const bar = token.getBarAttribute('bar1');
    const hp = hpOf(actor);
    expect(bar, 'GNG.SelfTest.Fail.NoBar');
    expect(bar.type === 'bar' && bar.attribute === 'hp', 'GNG.SelfTest.Fail.BarType', {
      type: bar.type,
      attribute: bar.attribute,
    });
    expect(bar.value === hp.value && bar.max === hp.max, 'GNG.SelfTest.Fail.BarValues', {
      value: bar.value,
      max: String(bar.max),
      hp: hp.value,
      hpMax: String(hp.max),
    });
    return f('GNG.SelfTest.Pass.TokenBar', { value: bar.value, max: String(bar.max) });
  },
};

/** A document stored in an old shape (template.json era) loads in the current shape. */
const migration: SelfTestCheck = {
  id: 'migration',
  async run(scratch) {
    const old = await scratch.actor({
      name: game.i18n.localize('GNG.SelfTest.ScratchOld'),
      type: 'npc',
      system: {
        abilities: { str: 15, dex: 13.5, con: 14, int: 10, wis: 10, cha: 8 },
        size: 'Medium-size',
        hp: 9,
      },
      items: [
        {
          name: 'Longsword',
          type: 'weapon',
          system: { damage: '1d8', damageType: 'Piercing Or Slashing.' },
        },
      ],
    });
    const system = old.system as CreatureData & { size: string };
    expect(system.abilities.str.value === 15, 'GNG.SelfTest.Fail.Migration', { field: 'abilities.str' });
    expect(system.abilities.dex.value === 13, 'GNG.SelfTest.Fail.Migration', { field: 'abilities.dex' });
    expect(system.size === 'medium', 'GNG.SelfTest.Fail.Migration', { field: 'size' });
    expect(system.hp.value === 9, 'GNG.SelfTest.Fail.Migration', { field: 'hp' });
    const weapon = old.items.contents[0];
    const data = weapon?.system as { damage?: Record<string, string>; damageTypes?: string[] } | undefined;
    expect(data?.damage?.medium === '1d8', 'GNG.SelfTest.Fail.Migration', { field: 'damage' });
    expect(data?.damageTypes?.join() === 'piercing,slashing', 'GNG.SelfTest.Fail.Migration', {
      field: 'damageType',
    });
    // The world repair (data/world-repair.ts) reads the stored sources and the refused documents.
    expect(Array.isArray(game.data?.actors), 'GNG.SelfTest.Fail.Migration', { field: 'game.data.actors' });
    expect(game.actors.invalidDocumentIds instanceof Set, 'GNG.SelfTest.Fail.Migration', {
      field: 'game.actors.invalidDocumentIds',
    });
    return game.i18n.localize('GNG.SelfTest.Pass.Migration');
  },
};

const statuses: SelfTestCheck = {
  id: 'statuses',
  async run(scratch) {
    const actor = await fighter(scratch);
    for (const id of ['prone', 'blinded']) {
      await actor.toggleStatusEffect(id, { active: true });
      expect(actor.statuses.has(id), 'GNG.SelfTest.Fail.StatusOn', { status: id });
      await actor.toggleStatusEffect(id, { active: false });
      expect(!actor.statuses.has(id), 'GNG.SelfTest.Fail.StatusOff', { status: id });
    }
    return game.i18n.localize('GNG.SelfTest.Pass.Statuses');
  },
};

/** A combat other than the self-test's own is running: its turns are the GM's, not ours to step. */
const fightRunning = () =>
  [game.combat, ...game.combats.contents].some(
    (combat) => combat?.started && combat.getFlag(SYSTEM_ID, SCRATCH_FLAG) !== true,
  );

/**
 * A 1-round effect on the first of two combatants ends at that combatant's next turn start (two
 * turns later), removed by the system on the active GM. The scratch combat is never activated (the
 * GM's prepared or viewed encounter stays the one shown), and the check is skipped while a fight is
 * running, so a GM's fight is never disturbed. The effect carries its start in the scratch combat, as
 * the system stamps it on an effect made in the combat being fought.
 */
const durations: SelfTestCheck = {
  id: 'durations',
  async run(scratch) {
    if (fightRunning()) return { skip: game.i18n.localize('GNG.SelfTest.Skip.CombatRunning') };
    const first = await fighter(scratch);
    const second = await scratch.actor({
      name: game.i18n.localize('GNG.SelfTest.ScratchFoe'),
      type: 'npc',
      system: { abilities: abilities(12) },
    });
    const combat = scratch.keep(
      await foundry.documents.Combat.create({ flags: { [SYSTEM_ID]: { [SCRATCH_FLAG]: true } } }),
    );
    await combat.createEmbeddedDocuments('Combatant', [
      { actorId: first.id, initiative: 20 },
      { actorId: second.id, initiative: 10 },
    ]);
    await combat.startCombat();
    const start = { combat: combat.id as string, round: combat.round, turn: combat.turn ?? 0 };
    const [effect] = await first.createEmbeddedDocuments('ActiveEffect', [
      {
        name: game.i18n.localize('GNG.SelfTest.ScratchEffect'),
        statuses: ['dazed'],
        duration: { rounds: 1 },
        flags: { [SYSTEM_ID]: { start } },
      },
    ]);
    if (!effect) throw new CheckFailure('GNG.SelfTest.Fail.NoEffect');
    const id = effect.id as string;
    await combat.nextTurn();
    expect(first.effects.has(id), 'GNG.SelfTest.Fail.ExpiredEarly');
    await combat.nextTurn();
    const gone = await waitFor(() => !first.effects.has(id), scratch.waitMs);
    expect(gone, 'GNG.SelfTest.Fail.NotExpired', { round: combat.round, turn: combat.turn ?? 0 });
    return f('GNG.SelfTest.Pass.Durations', { round: combat.round });
  },
};

/**
 * The world clock, probed without moving it (moving the real clock would end the world's own
 * effects due in that minute, and moving it back restores none): an effect of 60 seconds carries the
 * world time it started and ends at start + 60; the system's expiry — what runs on `updateWorldTime` —
 * asked for the scratch actor alone keeps it a second before and removes it at the minute.
 */
const clock: SelfTestCheck = {
  id: 'clock',
  async run(scratch) {
    const actor = await fighter(scratch);
    const [effect] = await actor.createEmbeddedDocuments('ActiveEffect', [
      { name: game.i18n.localize('GNG.SelfTest.ScratchEffect'), duration: { seconds: 60 } },
    ]);
    if (!effect) throw new CheckFailure('GNG.SelfTest.Fail.NoEffect');
    const id = effect.id as string;
    const start = effect.flags?.[SYSTEM_ID]?.startTime;
    expect(typeof start === 'number', 'GNG.SelfTest.Fail.NoStartTime');
    const only = () => [actor];
    await expireTimedEffects(start + 59, only);
    expect(actor.effects.has(id), 'GNG.SelfTest.Fail.ClockEarly');
    await expireTimedEffects(start + 60, only);
    const gone = await waitFor(() => !actor.effects.has(id), scratch.waitMs);
    expect(gone, 'GNG.SelfTest.Fail.ClockNotExpired', { seconds: 60 });
    return game.i18n.localize('GNG.SelfTest.Pass.Clock');
  },
};

/**
 * The effect guard (src/data/actor/effect-guard.ts) rests on Foundry applying an actor's effects one
 * change at a time through `ActiveEffect#apply`: an effect with an infinite dodge bonus and an
 * unknown size besides a +2 deflection bonus must leave the actor prepared, Medium, with Defense +2.
 */
const effectGuard: SelfTestCheck = {
  id: 'effectGuard',
  async run(scratch) {
    const actor = await fighter(scratch);
    const system = () => actor.system;
    const before = system().derived.defense.total;
    const { ADD, OVERRIDE, UPGRADE } = CONST.ACTIVE_EFFECT_MODES;
    let effect: ActiveEffect | undefined;
    try {
      [effect] = await actor.createEmbeddedDocuments('ActiveEffect', [
        {
          name: game.i18n.localize('GNG.SelfTest.ScratchBadEffect'),
          changes: [
            { key: 'system.defense.bonuses.dodge', mode: ADD, value: 'Infinity' },
            { key: 'system.size', mode: OVERRIDE, value: 'bogus' },
            { key: 'system.defense.bonuses.deflection', mode: UPGRADE, value: '2' },
          ],
        },
      ]);
    } catch (error) {
      throw new CheckFailure('GNG.SelfTest.Fail.EffectGuardThrew', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
    try {
      const after = system().derived?.defense.total;
      expect(system().size === 'medium', 'GNG.SelfTest.Fail.EffectGuardSize', {
        size: String(system().size),
      });
      expect(after === before + 2, 'GNG.SelfTest.Fail.EffectGuardDefense', { before, after: String(after) });
      const skipped = skippedEffectChanges(actor).map((skip) => skip.key);
      expect(skipped.includes('system.defense.bonuses.dodge'), 'GNG.SelfTest.Fail.EffectGuardNotRecorded');
      return f('GNG.SelfTest.Pass.EffectGuard', { count: skipped.length });
    } finally {
      await effect?.delete();
    }
  },
};

export const DOCUMENT_CHECKS: readonly SelfTestCheck[] = [
  actorLifecycle,
  tokenBar,
  migration,
  statuses,
  durations,
  clock,
  effectGuard,
];

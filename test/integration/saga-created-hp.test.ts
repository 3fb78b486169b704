/**
 * An actor created while the world plays the Saga-style model from data written for GnG (issue #30,
 * round 2; docs/rules.md "Changing the model"): stored HP equal to its full HP under GnG start at full
 * HP under Saga; other stored HP stay; under GnG nothing changes. Written once, by the active GM's
 * client, after creation, whoever created it.
 *
 * By hand (A15: the first level's hit die whole, its average rounded up after, + Con each level):
 * - the pack's Black Bear (3 animal Hit Dice, average progression: d8; Con 15, +2) is stored at
 *   17 HP, its full HP under GnG; under Saga 8 + 2 + 2 × (5 + 2) = 24;
 * - the Appendix 3 fighter (5th level, good: d10; Con 18, +4): 23 under GnG, 10 + 4 + 4 × (6 + 4) = 54;
 * - the rogue (1st level, average: d8; Con 13, +1): 13 under GnG, 8 + 1 = 9.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHarness, ROOT } from '../harness/index.js';
import { FIGHTER_CLASS, FIGHTER_GEAR, ROGUE_CLASS } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { worldModelReady } from '../../src/settings/combat-model.js';
import { hpAtCreation } from '../../src/rules/models/model-change.js';
import { snapshotsOf } from '../../src/simulator/run.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { gm, player } = h.users;

/** The bestiary pack's Black Bear as the playground's "Start again" and an import create it. */
const BEAR = JSON.parse(readFileSync(join(ROOT, 'packs/_source/bestiary/bear-black.json'), 'utf8')) as Record<
  string,
  unknown
>;
function bear(hpValue?: number): Record<string, unknown> {
  const data = structuredClone(BEAR);
  for (const key of ['_id', '_key', '_stats', 'folder', 'ownership', 'sort']) delete data[key];
  if (hpValue !== undefined) (data.system as { hp: { value: number } }).hp.value = hpValue;
  return data;
}
/** The Appendix 3 fighter / rogue as a pack stores a character: its items in the created data. */
const fighter = (value: number) => ({
  name: '5th-level fighter',
  type: 'character',
  system: { abilities: abilities({ str: 18, dex: 10, con: 18 }), hp: { value } },
  items: [FIGHTER_CLASS, ...FIGHTER_GEAR],
});
const rogue = (value: number) => ({
  name: '1st-level rogue',
  type: 'character',
  system: { abilities: abilities({ str: 13, dex: 16, con: 13 }), hp: { value } },
  items: [ROGUE_CLASS],
});
function abilities(scores: Record<string, number>) {
  return Object.fromEntries(Object.entries(scores).map(([k, v]) => [k, { value: v }]));
}

const hp = (actor: Actor) => {
  const { value, max } = (actor.system as CreatureData).hp;
  return { value, max };
};

/** Who wrote an actor's HP after its creation (user ids), each write as the GM's client saw it. */
let writers: string[] = [];
let hook: number;

beforeEach(() => {
  h.reset(33);
  h.as(gm);
  writers = [];
  hook = Hooks.on('updateActor', (_actor: Actor, changes: object, _options: unknown, userId: string) => {
    // Every connected client runs the hook: count each write once.
    if (game.user.id !== gm.id) return;
    if (foundry.utils.getProperty(changes, 'system.hp.value') !== undefined) writers.push(userId);
  });
});
afterEach(async () => {
  Hooks.off('updateActor', hook);
  h.as(gm);
  await game.settings.set('gng', 'combatModel', 'gng');
  await attackActionsSettled();
  expect([...h.i18n.missing]).toEqual([]);
});

async function create(data: Record<string, unknown>, owner?: User): Promise<Actor> {
  const actor = await h.createActor(data, owner);
  await attackActionsSettled();
  return actor;
}

describe('an actor created under the Saga-style model from GnG data', () => {
  it('an unhurt pack creature starts at full HP under Saga: the bear 17 → 24, the fighter 23 → 54, the rogue 13 → 9', async () => {
    await game.settings.set('gng', 'combatModel', 'saga');
    await worldModelReady();
    await attackActionsSettled();
    expect(hp(await create(bear()))).toEqual({ value: 24, max: 24 });
    expect(hp(await create(fighter(23)))).toEqual({ value: 54, max: 54 });
    // Above its maximum no more.
    expect(hp(await create(rogue(13)))).toEqual({ value: 9, max: 9 });
    // Once each, by the GM's client.
    expect(writers).toEqual([gm.id, gm.id, gm.id]);
  });

  it('a wounded one keeps its stored HP (a GM made it so on purpose)', async () => {
    await game.settings.set('gng', 'combatModel', 'saga');
    await worldModelReady();
    expect(hp(await create(bear(10)))).toEqual({ value: 10, max: 24 });
    expect(hp(await create(fighter(18)))).toEqual({ value: 18, max: 54 });
    // At Saga's own maximum already: not GnG's, so as stored.
    expect(hp(await create(rogue(9)))).toEqual({ value: 9, max: 9 });
    expect(writers).toEqual([]);
  });

  it('created by a player: the active GM’s client writes it, the player’s does not', async () => {
    await game.settings.set('gng', 'combatModel', 'saga');
    await worldModelReady();
    h.as(player);
    const actor = await create(bear(), player);
    expect(hp(actor)).toEqual({ value: 24, max: 24 });
    expect(writers).toEqual([gm.id]);
  });

  it('under GnG nothing changes', async () => {
    expect(hp(await create(bear()))).toEqual({ value: 17, max: 17 });
    expect(hp(await create(bear(10)))).toEqual({ value: 10, max: 17 });
    expect(hp(await create(fighter(23)))).toEqual({ value: 23, max: 23 });
    expect(writers).toEqual([]);
  });

  it('the simulator reads a pack’s creature as it would be created: the bear fights at 24 under Saga, 17 under GnG', async () => {
    // A pack's document is prepared when it is loaded, under the world's model then.
    const packBear = () =>
      h.registerCompendiumDocument(
        'bestiary',
        { _id: 'bearblack0000000', ...bear() },
        'Actor',
      ) as unknown as Actor;
    const wounded = await create(bear(10));
    await game.settings.set('gng', 'combatModel', 'saga');
    await worldModelReady();
    await attackActionsSettled();
    const underSaga = packBear();
    let { a, b } = await snapshotsOf([underSaga.uuid], [wounded]);
    expect(a[0]?.hp).toMatchObject({ value: 24, max: 24 });
    expect(a[0]?.model?.health).toMatchObject({ value: 24 });
    // A world actor fights with its own HP (the change of model kept its 7 lost: 24 − 7 = 17).
    expect(b[0]?.hp).toMatchObject({ value: 17, max: 24 });
    // The pack's document itself is not written.
    expect((underSaga.system as CreatureData).hp.value).toBe(17);
    await game.settings.set('gng', 'combatModel', 'gng');
    await worldModelReady();
    await attackActionsSettled();
    ({ a, b } = await snapshotsOf([packBear().uuid], [wounded]));
    expect(a[0]?.hp).toMatchObject({ value: 17, max: 17 });
    expect(a[0]?.model).toBeUndefined();
    expect(b[0]?.hp).toMatchObject({ value: 10, max: 17 });
  });

  it('the rule: only GnG’s full HP become the model’s full HP', () => {
    expect(hpAtCreation(17, 17, 24)).toBe(24);
    expect(hpAtCreation(13, 13, 9)).toBe(9);
    expect(hpAtCreation(10, 17, 24)).toBe(10);
    expect(hpAtCreation(-3, 17, 24)).toBe(-3);
  });
});

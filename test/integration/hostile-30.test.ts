/**
 * Issue #30's hostile-player review: a player who owns an actor writes the Saga-style condition
 * step (`system.model.saga.conditionStep`, GM-only: docs/rules.md "Sheet and track") in every shape
 * an update may take. None moves the step; a write that blanks the whole `system.model` (or its
 * `saga`) field resets the step to its initial 0 as much as writing 0 does, so it is refused too.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { worldModelReady } from '../../src/settings/combat-model.js';
import { conditionStepOf, moveConditionTrack } from '../../src/cards/saga-track/track-state.js';

const h = await getHarness();
const { gm, player } = h.users;

beforeEach(async () => {
  h.reset(30);
  h.as(gm);
  await game.settings.set('gng', 'combatModel', 'saga');
  await worldModelReady();
});
afterEach(async () => {
  h.as(gm);
  await game.settings.set('gng', 'combatModel', 'gng');
  expect([...h.i18n.missing]).toEqual([]);
});

/** The player's NPC, three steps down the track (moved by the GM). */
async function scout(): Promise<Actor> {
  h.as(gm);
  const actor = await h.createActor({ name: 'Scout', type: 'npc', system: { hp: { value: 10 } } }, player);
  for (let i = 0; i < 3; i++) await moveConditionTrack(actor, 'down');
  await attackActionsSettled();
  return actor;
}

const GM_ONLY =
  'Only a GM moves the condition track (Scout): ask the GM with the track’s buttons. Nothing was changed.';

describe("a player's write of the condition step, in any shape", () => {
  const writes: Record<string, unknown>[] = [
    { 'system.model.saga.conditionStep': 0 },
    { system: { model: { saga: { conditionStep: 0 } } } },
    { 'system.model': { saga: { conditionStep: 0 } } },
    { 'system.model.saga': { conditionStep: 0 } },
    { 'system.model.saga.conditionStep': '0' },
    { 'system.model.saga.conditionStep': -1 },
    { 'system.model.saga.conditionStep': null },
    { 'system.model.saga.-=conditionStep': null },
    { 'system.model.-=saga': null },
    { 'system.model': null },
    { 'system.model.saga': null },
    { 'system.model': {} },
  ];
  for (const write of writes)
    it(`${JSON.stringify(write)} leaves step 3`, async () => {
      const actor = await scout();
      h.as(player);
      await actor.update(write).catch(() => undefined);
      await attackActionsSettled();
      expect(conditionStepOf(actor)).toBe(3);
    });

  it('blanking system.model is refused with the message', async () => {
    const actor = await scout();
    h.as(player);
    await actor.update({ 'system.model': null });
    expect(h.notices.at(-1)?.message).toBe(GM_ONLY);
    expect(conditionStepOf(actor)).toBe(3);
  });

  it("a blanking write that got past the player's client is put back by the GM's", async () => {
    const actor = await scout();
    const call = Hooks.call.bind(Hooks);
    Hooks.call = ((name: string, ...args: unknown[]) =>
      name === 'preUpdateActor' ? true : call(name, ...args)) as typeof Hooks.call;
    h.as(player);
    try {
      await actor.update({ 'system.model.saga': null });
    } finally {
      Hooks.call = call;
    }
    await attackActionsSettled();
    expect(conditionStepOf(actor)).toBe(3);
    expect(
      h.notices.some(
        (n) => n.message === 'Player changed Scout’s condition step without the GM: it was put back.',
      ),
    ).toBe(true);
  });
});

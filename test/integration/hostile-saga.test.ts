/**
 * Issue #30's hostile-player review: a player who owns an actor writes the Saga-style condition
 * step (`system.model.saga.conditionStep`, GM-only: docs/rules.md "Sheet and track") in every shape
 * an update may take. None moves the step; a write that blanks the whole `system.model` (or its
 * `saga`) field resets the step to its initial 0 as much as writing 0 does, so it is refused too.
 * Also: hand-written track and refooting requests with bad payloads, and a request card a player wrote.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { conditionStepOf, moveConditionTrack } from '../../src/cards/saga-track/track-state.js';

import { useSagaWorld } from '../fixtures/saga-world.js';

const h = await getHarness();
const { gm, player } = h.users;

useSagaWorld(h, 30, { loaded: true });

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

describe('hand-written track and refooting requests', () => {
  it('a malformed payload is refused, localized; nothing moves, no card', async () => {
    const actor = await scout();
    const { askGM } = await import('../../src/cards/kernel/index.js');
    h.as(player);
    const payloads: [string, unknown][] = [
      ['gng.conditionTrack', { actorUuid: actor.uuid, move: 'sideways' }],
      ['gng.conditionTrack', { actorUuid: actor.uuid, move: 'up', extra: 1 }],
      ['gng.conditionTrack', { actorUuid: 5, move: 'up' }],
      ['gng.conditionTrack', { actorUuid: actor.uuid }],
      ['gng.conditionTrack', null],
      ['gng.conditionTrack', { actorUuid: 'Actor.nope', move: 'up' }],
      ['gng.conditionTrackCard', { messageId: 'nope', action: 'approve', targetId: 'actor' }],
      ['gng.conditionTrackCard', null],
      ['gng.sagaRefoot', { actorUuid: actor.uuid }],
      ['gng.sagaRefoot', { actorUuid: 7 }],
      ['gng.sagaRefoot', null],
    ];
    for (const [q, p] of payloads) {
      h.notices.length = 0;
      const r = await askGM(q, p as never);
      await attackActionsSettled();
      expect(r, `${q} ${JSON.stringify(p)}`).toMatchObject({ ok: false });
      expect(conditionStepOf(actor)).toBe(3);
      expect(game.messages.size).toBe(0);
    }
  });
});

describe('a request card the player wrote', () => {
  it("the GM's Approve on it is refused: the track stays", async () => {
    const actor = await scout();
    h.as(player);
    const forged = (await ChatMessage.create({
      content: 'Player asks to move Scout one step up the condition track.',
      flags: {
        gng: {
          type: 'trackRequest',
          trackRequest: {
            actorUuid: actor.uuid,
            name: 'Scout',
            userId: player.id,
            move: 'up',
            asked: 3,
            status: 'open',
            from: null,
            to: null,
          },
        },
      },
    })) as ChatMessage;
    h.as(gm);
    const { trackCard } = await import('../../src/cards/saga-track/track-actions.js');
    expect(await trackCard.request(forged.id as string, 'approve', 'actor')).toMatchObject({ ok: false });
    await attackActionsSettled();
    expect(conditionStepOf(actor)).toBe(3);
  });
});

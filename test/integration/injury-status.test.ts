/** The injury grade shows on tokens as a marker status kept in step by the active GM's client. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getHarness } from '../harness/index.js';
import { injuryStatusFor, syncInjuryStatus } from '../../src/hooks/injury-status.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
beforeEach(() => h.reset(4));

async function fighter() {
  // Con 20, no classes: 20 HP.
  return h.createActor(
    { name: 'Fighter', type: 'character', system: { abilities: { con: { value: 20 } }, hp: { value: 20 } } },
    h.users.player,
  );
}

describe('injury markers on tokens', () => {
  it('follow HP through every grade, one marker at a time', async () => {
    const actor = await fighter();
    const markers = () => [...actor.statuses].filter((s) => s.startsWith('injury-'));
    expect(markers()).toEqual([]);
    for (const [hp, expected] of [
      [15, ['injury-light']],
      [10, ['injury-moderate']],
      [5, ['injury-severe']],
      [20, []],
    ] as const) {
      await actor.update({ 'system.hp.value': hp });
      await vi.waitFor(() => expect(markers()).toEqual(expected));
    }
  });

  it('a marker never changes the numbers: the penalty comes from HP alone', async () => {
    const actor = await fighter();
    await actor.update({ 'system.hp.value': 10 });
    await vi.waitFor(() => expect(actor.statuses.has('injury-moderate')).toBe(true));
    expect((actor.system as unknown as CreatureData).hp.injury?.penalty).toBe(-4);
    expect((actor.system as unknown as CreatureData).defense.total).toBe(-4);
  });

  it("only the active GM's client writes markers, also for a player's change", async () => {
    const actor = await fighter();
    // The player changes HP; the updateActor hook runs on every client, and the GM's writes the marker.
    h.as(h.users.player);
    await actor.update({ 'system.hp.value': 10 }, { render: false });
    await vi.waitFor(() => expect(actor.statuses.has('injury-moderate')).toBe(true));
    h.as(h.users.gm);
    await actor.toggleStatusEffect('injury-moderate', { active: false });
    // A player's client never writes one.
    h.as(h.users.player);
    await syncInjuryStatus(actor);
    expect(actor.statuses.has('injury-moderate')).toBe(false);
    h.as(h.users.gm);
    await syncInjuryStatus(actor);
    expect(actor.statuses.has('injury-moderate')).toBe(true);
    expect(injuryStatusFor(actor)).toBe('injury-moderate');
  });

  it('creatures immune to injury never get a marker', async () => {
    const zombie = await h.createActor({
      name: 'Zombie',
      type: 'npc',
      system: { creatureType: 'Undead', anatomy: ['no-constitution'], hp: { value: 1 } },
    });
    await syncInjuryStatus(zombie);
    expect([...zombie.statuses]).toEqual([]);
  });
});

/**
 * A combat under a model switch (issue #32, round 2; docs/rules.md "The tracker"): a combat is the
 * world's model's. The model setting is refused while a combat exists (combat-model-setting.ts), so
 * this only happens when that guard is bypassed (here: the combat hidden from the guard's count while
 * the GM writes the setting, as a module or macro writing the Setting document would). Under GnG the
 * combat sorts and turns as GnG's (the higher initiative first, Foundry's own next turn), its Time
 * Count flags kept as they were; back under TC the schedule resumes where it stood and the tracker
 * puts the initiatives back in line with it.
 * The text's example (002:243): Zherynn 6, Garret 7, Aeus 13; the count advanced to 6.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getHarness, type HarnessCombat } from '../harness/index.js';
import { useModelWorld, worldPlays } from '../fixtures/model-world.js';
import { TC_MODEL } from '../../src/rules/models/tc/model.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { registerTcTracker } from '../../src/models/tc-tracker.js';
import {
  advanceCount,
  registerTcSpeedFactorsSetting,
  setTcInitiative,
  tcSchedule,
} from '../../src/combat/tc-schedule.js';

const h = await getHarness();
const { gm } = h.users;
useModelWorld(h, 3240, TC_MODEL);
registerTcTracker();

afterEach(() => {
  vi.restoreAllMocks();
});

/** The GM sets the world's model to `id` while the combat exists (the guard bypassed). */
async function switchTo(id: string): Promise<void> {
  const size = vi.spyOn(game.combats, 'size', 'get').mockReturnValue(0);
  await worldPlays(h, id);
  size.mockRestore();
  expect(game.settings.get('gng', 'combatModel')).toBe(id);
}

describe('a model switch in the middle of a combat', () => {
  it("under GnG the combat is GnG's, its TC flags kept; back under TC the schedule resumes", async () => {
    registerTcSpeedFactorsSetting();
    const zherynn = await h.createActor({ name: 'Zherynn', type: 'character' });
    const aeus = await h.createActor({ name: 'Aeus', type: 'character' });
    const garret = await h.createActor({ name: 'Garret', type: 'npc' });
    h.as(gm);
    const combat = h.startCombat([zherynn, aeus, garret]) as HarnessCombat;
    const id = (actor: Actor) => combat.combatants.find((c) => c.actor === actor)?.id as string;
    const [z, a, g] = [id(zherynn), id(aeus), id(garret)];
    await setTcInitiative(combat, z, { total: 6 });
    await setTcInitiative(combat, g, { total: 7 });
    await setTcInitiative(combat, a, { total: 13 });
    await advanceCount(combat);
    const order = () => combat.turns.map((c) => c.id);
    expect(order()).toEqual([z, g, a]);
    const flags = structuredClone(combat.getFlag('gng', 'tc'));

    await switchTo('gng');
    // The GM's own initiative for Garret under GnG: the turn order is GnG's, the higher first.
    await combat.updateEmbeddedDocuments('Combatant', [{ _id: g, initiative: 20 }]);
    await attackActionsSettled();
    expect(order()).toEqual([g, a, z]);
    expect(combat.combatants.get(g)?.initiative).toBe(20);
    // Foundry's next turn is its own: Zherynn (the last in GnG's order) had the turn; the next round
    // begins with Garret. The Time Count does not move.
    expect([combat.round, combat.combatant?.id]).toEqual([1, z]);
    await combat.nextTurn();
    expect([combat.round, combat.combatant?.id]).toEqual([2, g]);
    expect(tcSchedule(combat).count).toBe(6);
    // The tracker shows no Time Count; the flags are as they were.
    expect(h.renderCombatTracker(combat).querySelector('.gng-tc-count')).toBeNull();
    expect(combat.getFlag('gng', 'tc')).toEqual(flags);

    await switchTo('tc');
    expect(tcSchedule(combat)).toMatchObject({ count: 6, next: { [z]: 6, [g]: 7, [a]: 13 } });
    // The tracker (the active GM's) puts Garret's initiative back to its next count: lowest first again.
    const html = h.renderCombatTracker(combat);
    expect(html.querySelector('.gng-tc-count')?.textContent).toBe('Time Count 6 · round 1');
    await attackActionsSettled();
    expect(combat.combatants.get(g)?.initiative).toBe(7);
    expect(order()).toEqual([z, g, a]);
    // Foundry's next turn advances the count again.
    await combat.nextTurn();
    expect(tcSchedule(combat).count).toBe(7);
  });
});

/**
 * The maneuver and stance cards as a world gets them (issue #32, lane maneuvers): registered with the
 * model by its loader (TC_LOADER → registerTcTable → registerTcManeuverCards), `game.gng.tcManeuver`
 * and `game.gng.tcStance` there. The text's example (002:243): Zherynn's dagger (Fast, piercing)
 * pins Garret to a wall: "Weapon-4 vs. Celerity", "Weapon Speed Class+1" (Standard, 1d6+6), Fatigue 1,
 * "The target is immobile until the weapon is removed" (002:528–538); a natural 20 hits. Aeus's mace
 * is no piercing weapon (002:528).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { tcCardView, tcOf, tcTimeCountExample, useTcWorld } from '../fixtures/tc-world.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { advanceCount, setTcInitiative, tcSchedule } from '../../src/combat/tc-schedule.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
useTcWorld(h, 3207, { loaded: true, endCombats: true });
const view = tcCardView(h);

type Api = {
  tcManeuver(a: Actor, m: string, o: object): Promise<ChatMessage | null>;
  tcStance(a: Actor, s: string): Promise<ChatMessage | null>;
};
const api = () => game.gng as unknown as Api;

let ex: Awaited<ReturnType<typeof tcTimeCountExample>>;
const idOf = (actor: Actor) => ex.combat.combatants.find((c) => c.actor === actor)?.id as string;

beforeEach(async () => {
  ex = await tcTimeCountExample(h);
  await ex.combat.startCombat();
  await setTcInitiative(ex.combat, idOf(ex.zherynn), { total: 6 });
  await setTcInitiative(ex.combat, idOf(ex.garret), { total: 7 });
  await setTcInitiative(ex.combat, idOf(ex.aeus), { total: 13, surprised: true });
  await advanceCount(ex.combat);
});

describe('the cards registered with the model', () => {
  it('Zherynn pins Garret to the wall with the dagger: natural 20 hits, SF 3 + 6 = 9 (6 → 15), Garret immobilized until Undo', async () => {
    h.as(player);
    h.dice.queue(20, 3);
    const dagger = ex.zherynn.items.find((i) => i.name === 'Dagger') as Item;
    const message = (await api().tcManeuver(ex.zherynn, 'pin-to-wall', {
      targets: [ex.garret],
      weapon: dagger,
    })) as ChatMessage;
    await attackActionsSettled();
    h.as(gm);
    expect(tcSchedule(ex.combat).next[idOf(ex.zherynn)]).toBe(15);
    expect(tcOf(ex.zherynn).fatigue).toBe(1);
    h.as(player);
    await view.click(message, 'applyTcManeuver');
    expect([...ex.garret.statuses]).toContain('immobilized');
    await view.click(message, 'undoTcManeuver');
    expect([...ex.garret.statuses]).not.toContain('immobilized');
  });

  it('Aeus’s mace is no piercing weapon: refused, nothing rolled', async () => {
    await advanceCount(ex.combat); // 7
    await advanceCount(ex.combat); // 13: Aeus acts
    h.as(otherPlayer);
    const mace = ex.aeus.items.find((i) => i.name === 'Mace') as Item;
    const count = game.messages.size;
    expect(await api().tcManeuver(ex.aeus, 'pin-to-wall', { targets: [ex.garret], weapon: mace })).toBeNull();
    expect(game.messages.size).toBe(count);
    expect(h.notices.at(-1)?.message).toBe('Pinning to a wall takes a piercing weapon. Nothing was rolled.');
  });

  it('game.gng.tcStance: Zherynn crouches (Rapid, 2): acts next at 8', async () => {
    h.as(player);
    h.dice.queue(2);
    expect(await api().tcStance(ex.zherynn, 'crouch')).not.toBeNull();
    await attackActionsSettled();
    expect(tcOf(ex.zherynn)).toMatchObject({ stance: 'crouch', stanceUntil: 8 });
  });
});

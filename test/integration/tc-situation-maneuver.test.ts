/**
 * The maneuver card and the tracker's Act under the Time Count model with a weapon's category (002:58),
 * a weapon's fumble (002:66), paralysis (R7, 002:704–716) and petrification (R8, 002:719), on the
 * harness with the model loaded (test/fixtures/tc-world.ts). Worked by hand:
 * - Hadwin (the player's): BAB 3, Str 14 (+2), Dex 12 (+1), Con 14 (+2), Fortitude 2: Vigor 14; a
 *   dagger (Fast, piercing; a dagger adds Dexterity, 002:58);
 * - the goblin (the GM's NPC): Dex 12 (+1), Agility 1: Celerity 10 + 1 + 1 = 12 (002:131).
 * Initiative: Hadwin 6, the goblin 7; the count advanced to 6.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { askGM, attackActionsSettled } from '../../src/cards/kernel/index.js';
import { tcManeuverState } from '../../src/cards/tc-maneuver/tc-maneuver-state.js';
import { advanceCount, setTcInitiative, tcSchedule } from '../../src/combat/tc-schedule.js';
import { tcCardView, tcFighter, tcGoblin, useTcWorld } from '../fixtures/tc-world.js';
import type { HarnessCombat } from '../harness/index.js';

const h = await getHarness();
const { gm, player } = h.users;
useTcWorld(h, 3208, { loaded: true, endCombats: true });
const view = tcCardView(h);

type Api = { tcManeuver(a: Actor, m: string, o: object): Promise<ChatMessage | null> };
const api = () => game.gng as unknown as Api;

async function fightAt6(tc: Record<string, unknown> = {}) {
  const fighter = await tcFighter(h, { tc });
  const goblin = await tcGoblin(h);
  h.as(gm);
  const combat = h.startCombat([fighter, goblin]) as HarnessCombat;
  await combat.startCombat();
  const id = (a: Actor) => combat.combatants.find((c) => c.actor === a)?.id as string;
  await setTcInitiative(combat, id(fighter), { total: 6 });
  await setTcInitiative(combat, id(goblin), { total: 7 });
  await advanceCount(combat);
  return { fighter, goblin, combat, f: id(fighter) };
}

describe('the maneuver card with a weapon', () => {
  it('pins with the dagger: Accuracy 3 + Dex 1 − 4 = +0 (not Strength); a natural 1 fumbles, the dagger’s Durability noted', async () => {
    const { fighter, goblin, combat, f } = await fightAt6();
    h.as(player);
    // d20 1; SF "Weapon Speed Class+1": Fast → Standard 1d6 [3] + 6 = 9; the fumble's 1d6 [2]: 11.
    h.dice.queue(1, 3, 2);
    const dagger = fighter.items.find((i) => i.name === 'Dagger') as Item;
    const message = (await api().tcManeuver(fighter, 'pin-to-wall', {
      targets: [goblin],
      weapon: dagger,
    })) as ChatMessage;
    await attackActionsSettled();
    const state = tcManeuverState(view.messageOf(message))!;
    expect(state.check.bonus).toBe(0);
    expect(state.targets[0]?.defenses).toEqual([{ defense: 'celerity', value: 12 }]);
    expect(state).toMatchObject({ fumble: true, weaponFumble: { name: 'Dagger', durability: null } });
    expect(view.text(message)).toContain('Dagger has no Durability Points to lose.');
    expect(tcSchedule(combat).next[f]).toBe(17);
  });

  it('paralysis 8 of Vigor 15 (petrification 1): −2 on the roll, one class slower and +1 SF', async () => {
    const { fighter, goblin, combat, f } = await fightAt6({ paralysis: 8, petrification: 1 });
    h.as(player);
    // 0 − 1 (paralysis) − 1 (petrification) = −2; SF: Standard + 1 class = Slow 1d8 [3] + 8 + 1 = 12.
    h.dice.queue(10, 3);
    const dagger = fighter.items.find((i) => i.name === 'Dagger') as Item;
    const message = (await api().tcManeuver(fighter, 'pin-to-wall', {
      targets: [goblin],
      weapon: dagger,
    })) as ChatMessage;
    await attackActionsSettled();
    expect(tcManeuverState(view.messageOf(message))!.check.bonus).toBe(-2);
    expect(tcSchedule(combat).next[f]).toBe(18);
  });
});

describe('the tracker’s Act with paralysis and petrification', () => {
  it('draws a weapon one class slower, +1 SF: Rapid → Swift 1d4 [3] + 2 + 1 = 6; 6 → 12', async () => {
    const { combat, f } = await fightAt6({ paralysis: 8, petrification: 1 });
    h.as(player);
    h.dice.queue(3);
    expect(
      await askGM('gng.tcAct', { combatId: combat.id, combatantId: f, action: 'drawWeapon' }),
    ).toMatchObject({
      ok: true,
    });
    await attackActionsSettled();
    expect(tcSchedule(combat).next[f]).toBe(12);
  });

  it('fully petrified: no act but a hold (002:714, 719)', async () => {
    const { combat, f } = await fightAt6({ petrification: 10 });
    h.as(player);
    const ask = (data: Record<string, unknown>) =>
      askGM('gng.tcAct', { combatId: combat.id, combatantId: f, ...data });
    expect(await ask({ action: 'drawWeapon' })).toMatchObject({
      ok: false,
      error: 'GNG.Model.TC.Act.Error.Immobile',
    });
    expect(tcSchedule(combat).next[f]).toBe(6);
    expect(await ask({ action: 'hold', counts: 2 })).toMatchObject({ ok: true });
    await attackActionsSettled();
    expect(tcSchedule(combat).next[f]).toBe(8);
  });
});

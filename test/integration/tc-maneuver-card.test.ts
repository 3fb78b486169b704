/**
 * The Time Count maneuver card (issue #32, lane maneuvers; seed 002:308–573; docs/rules.md "###
 * Maneuvers, stances and conditions"), on the harness. Worked by hand:
 * - Zherynn (the player's character): Str 14 (+2), no class (BAB 0), attributes 0: the unarmed
 *   attack bonus = Accuracy 0 + Str 2 + size 0 = 2 (R9, core's tcAttackBonus; Strength in melee).
 * - Garret (the GM's NPC): Con 12 (+1), Dex 10: Vigor = 10 + 1 + Fortitude 0 = 11; ToP 3 (base 3).
 * - The count is 6 (Zherynn's turn, 002:243); Garret acts at 7. Trip: "Unarmed vs. Vigor", Fast
 *   (1d6+3), Fatigue 1, "Hit: The target is knocked prone", "Great Success (5): You deal damage equal
 *   to your Strength" (002:558–570). Zherynn, a PC, rolls its SF.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { tcCountSix } from '../fixtures/tc-world.js';
import { getHarness } from '../harness/index.js';
import { cardView, useModelWorld } from '../fixtures/model-world.js';
import { TC_MODEL } from '../../src/rules/models/tc/model.js';
import { askGM, attackActionsSettled } from '../../src/cards/kernel/index.js';
import { registerTcSpeedFactorsSetting, tcSchedule } from '../../src/combat/tc-schedule.js';
import { registerTcManeuverCards } from '../../src/cards/tc-maneuver/tc-maneuver-register.js';
import { tcManeuverState } from '../../src/cards/tc-maneuver/tc-maneuver-state.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;

useModelWorld(h, 3206, TC_MODEL, { endCombats: true });
const view = cardView(h);

let zherynn: Actor;
let garret: Actor;
let combat: Combat;
let z: string;

interface Tc {
  stance: string;
  fatigue: number;
  topLost: number;
}
const tc = (actor: Actor) => (actor.system as unknown as { model: { tc: Tc } }).model.tc;
const hp = (actor: Actor) => (actor.system as unknown as { hp: { value: number } }).hp.value;

beforeEach(async () => {
  registerTcSpeedFactorsSetting();
  registerTcManeuverCards();
  ({ zherynn, garret, combat, z } = await tcCountSix(h, {
    zherynn: { abilities: { str: { value: 14 } }, hp: { value: 12 } },
    garret: { abilities: { con: { value: 12 } }, hp: { value: 10 } },
  }));
});

async function maneuver(user: User, actor: Actor, kind: string, target: Actor, dice: number[]) {
  h.as(user);
  h.dice.queue(...dice);
  const message = await (
    game.gng as unknown as { tcManeuver(a: Actor, m: string, o: object): Promise<ChatMessage | null> }
  ).tcManeuver(actor, kind, { targets: [target] });
  await attackActionsSettled();
  h.as(gm);
  return message;
}

describe('trip (002:558–572)', () => {
  it('9 + 2 = 11 meets Vigor 11: Garret is knocked prone on Apply; Zherynn spends 1 fatigue and acts next at 6 + (4 + 3) = 13; Undo stands Garret up', async () => {
    const message = (await maneuver(player, zherynn, 'trip', garret, [9, 4])) as ChatMessage;
    const state = tcManeuverState(view.messageOf(message))!;
    expect(state.check.bonus).toBe(2);
    expect(state.targets[0]).toMatchObject({
      defenses: [{ defense: 'vigor', value: 11 }],
      natural: 9,
      total: 11,
      damage: null,
    });
    expect(state.speed).toEqual({ sf: 7, formula: '1d6+3', next: 13 });
    expect(tcSchedule(combat).next[z]).toBe(13);
    expect(tc(zherynn).fatigue).toBe(1);
    const text = view.html(message).textContent ?? '';
    expect(text).toContain('11 (natural 9) against Vigor 11: a hit.');
    expect(text).toContain('Garret is knocked prone.');
    expect(text).toContain('Zherynn acts next at count 13 (SF 1d6+3 = 7).');
    h.as(otherPlayer);
    expect(view.buttons(message)).toEqual([]);
    h.as(player);
    expect(view.buttons(message)).toEqual(['applyTcManeuver', 'takeBackTcManeuver']);
    await view.click(message, 'applyTcManeuver');
    expect(tc(garret).stance).toBe('prone');
    expect(view.buttons(message)).toEqual(['undoTcManeuver']);
    await view.click(message, 'undoTcManeuver');
    expect(tc(garret).stance).toBe('basic');
  });

  it('16 + 2 = 18 beats Vigor 11 by 7: prone and damage equal to Strength, 2 < ToP 3: fatigue +2, ToP lost 1; Undo takes it back', async () => {
    const message = (await maneuver(player, zherynn, 'trip', garret, [16, 1])) as ChatMessage;
    expect(tcManeuverState(view.messageOf(message))!.targets[0]!.damage).toEqual({ amount: 2, formula: '2' });
    expect(view.html(message).textContent).toContain(
      'Garret takes 2 damage, split at its Threshold of Pain when applied.',
    );
    h.as(player);
    await view.click(message, 'applyTcManeuver');
    expect(tc(garret)).toMatchObject({ stance: 'prone', fatigue: 2, topLost: 1 });
    expect(hp(garret)).toBe(10);
    await view.click(message, 'undoTcManeuver');
    expect(tc(garret)).toMatchObject({ stance: 'basic', fatigue: 0, topLost: 0 });
  });

  it('a natural 1 fumbles: SF (2 + 3) + 1d6 [3] = 8, unsteady; Take back returns the count, the unsteadiness and the fatigue', async () => {
    const message = (await maneuver(player, zherynn, 'trip', garret, [1, 2, 3])) as ChatMessage;
    const state = tcManeuverState(view.messageOf(message))!;
    expect(state).toMatchObject({ fumble: true, speed: { sf: 8, next: 14 } });
    expect(tcSchedule(combat)).toMatchObject({ next: { [z]: 14 }, unsteady: { [z]: true } });
    h.as(player);
    await view.click(message, 'takeBackTcManeuver');
    expect(tcSchedule(combat).next[z]).toBe(6);
    expect(tcSchedule(combat).unsteady[z]).toBeUndefined();
    expect(tc(zherynn).fatigue).toBe(0);
    expect(view.buttons(message)).toEqual([]);
  });
});

describe('hostile requests change nothing', () => {
  it('out of turn, another player, a forged field, an unknown maneuver', async () => {
    const before = tcSchedule(combat);
    const count = game.messages.size;
    // Garret acts at 7; the count is 6.
    expect(await maneuver(gm, garret, 'trip', zherynn, [])).toBeNull();
    h.as(otherPlayer);
    const forged = (extra: object) =>
      askGM('gng.tcManeuverAction', {
        action: 'start',
        actorUuid: zherynn.uuid,
        maneuver: 'trip',
        targets: [{ actorUuid: garret.uuid, tokenId: null }],
        ...extra,
      });
    expect(await forged({})).toMatchObject({ ok: false });
    h.as(player);
    expect(await forged({ bonus: 20 })).toMatchObject({ ok: false });
    expect(await forged({ maneuver: 'suplex' })).toMatchObject({ ok: false });
    await attackActionsSettled();
    h.as(gm);
    expect(tcSchedule(combat)).toEqual(before);
    expect(tc(zherynn).fatigue).toBe(0);
    expect(game.messages.size).toBe(count);
  });

  it('pummel needs a grab first: refused, nothing rolled (002:376)', async () => {
    expect(await maneuver(player, zherynn, 'pummel', garret, [])).toBeNull();
    expect(tcSchedule(combat).next[z]).toBe(6);
  });
});

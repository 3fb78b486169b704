/**
 * A stance change under the Time Count model (issue #32, lane maneuvers; seed 002:574–636; docs/rules.md
 * "### Maneuvers, stances and conditions"), on the harness: the owner's request `gng.tcStance` played
 * on the GM's client, the shift's SF posted through the schedule, the transition until that count,
 * the GM's exact Undo. Hostile: another player's actor, a forged stance, out of turn, the same stance
 * twice, an Undo after the count moved. Worked by hand from the text's example (002:243): Zherynn
 * (the player's character) at 6, Garret (the GM's NPC) at 7; Defensive shifts at Swift (1d4+2, static
 * 4), Prone at Rapid (1d4, static 2), back to basic free (002:578, 583, 621).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { tcCountSix } from '../fixtures/tc-world.js';
import { getHarness } from '../harness/index.js';
import { cardView, useModelWorld } from '../fixtures/model-world.js';
import { TC_MODEL } from '../../src/rules/models/tc/model.js';
import { askGM, attackActionsSettled } from '../../src/cards/kernel/index.js';
import {
  advanceCount,
  registerTcSpeedFactorsSetting,
  scheduleAct,
  tcSchedule,
} from '../../src/combat/tc-schedule.js';
import { registerTcManeuverCards } from '../../src/cards/tc-maneuver/tc-maneuver-register.js';
import { tcStanceCardOf } from '../../src/cards/tc-maneuver/tc-stance-actions.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;

useModelWorld(h, 3205, TC_MODEL, { endCombats: true });
const view = cardView(h);

let zherynn: Actor;
let garret: Actor;
let combat: Combat;
let z: string;
let g: string;

const tc = (actor: Actor) =>
  (actor.system as unknown as { model: { tc: { stance: string; stanceUntil: number } } }).model.tc;

beforeEach(async () => {
  registerTcSpeedFactorsSetting();
  registerTcManeuverCards();
  ({ zherynn, garret, combat, z, g } = await tcCountSix(h));
});

/** `user` asks the GM to shift `actor` into `stance`; the answer. */
async function shift(user: User, actor: Actor, stance: string, dice: number[] = []) {
  h.as(user);
  h.dice.queue(...dice);
  const result = (await askGM('gng.tcStance', { actorUuid: actor.uuid, stance })) as {
    ok: boolean;
    messageId?: string;
    error?: string;
  };
  await attackActionsSettled();
  h.as(gm);
  return result;
}

const lastCard = () => game.messages.contents.at(-1) as ChatMessage;

describe('shifting into a stance (002:578)', () => {
  it('the player shifts Zherynn into Defensive at count 6: Swift, rolled 3 + 2 = 5, acts next at 11, in transition until then; the GM undoes it exactly', async () => {
    const result = await shift(player, zherynn, 'defensive', [3]);
    expect(result.ok).toBe(true);
    expect(tc(zherynn)).toMatchObject({ stance: 'defensive', stanceUntil: 11 });
    expect(tcSchedule(combat).next[z]).toBe(11);
    const message = lastCard();
    expect(tcStanceCardOf(message)).toMatchObject({
      from: 'basic',
      to: 'defensive',
      speedClass: 'swift',
      sf: 5,
      next: 11,
    });
    const text = view.html(message).textContent ?? '';
    expect(text).toContain(
      'Zherynn shifts from Basic to Defensive (Swift, SF 1d4+2 = 5) and acts next at count 11.',
    );
    expect(text).toContain('Until count 11, Zherynn has the drawbacks of Defensive without its benefits.');
    // The player sees no Undo; the GM does.
    h.as(player);
    expect(view.buttons(message)).toEqual([]);
    h.as(gm);
    expect(view.buttons(message)).toEqual(['tcStanceUndo']);
    await view.click(message, 'tcStanceUndo');
    expect(tc(zherynn)).toMatchObject({ stance: 'basic', stanceUntil: 0 });
    expect(tcSchedule(combat).next[z]).toBe(6);
    expect(view.buttons(message)).toEqual([]);
    expect(view.html(message).textContent).toContain(
      'Undone: the stance and the Time Count are as they were.',
    );
  });

  it('the NPC takes the static SF: Garret drops prone at count 7, Rapid 2, acts next at 9', async () => {
    await scheduleAct(combat, z, { sf: 6, reason: 'dagger' });
    await advanceCount(combat); // count 7
    const result = await shift(gm, garret, 'prone');
    expect(result.ok).toBe(true);
    expect(tc(garret)).toMatchObject({ stance: 'prone', stanceUntil: 9 });
    expect(tcSchedule(combat).next[g]).toBe(9);
  });

  it('back to basic is free: no count moves, no transition (002:578)', async () => {
    await shift(player, zherynn, 'defensive', [1]); // 1 + 2 = 3: next 9
    await advanceCount(combat); // 7: Garret
    await scheduleAct(combat, g, { sf: 9, reason: 'long sword' });
    await advanceCount(combat); // 9: Zherynn
    const result = await shift(player, zherynn, 'basic');
    expect(result.ok).toBe(true);
    expect(tc(zherynn)).toMatchObject({ stance: 'basic', stanceUntil: 0 });
    expect(tcSchedule(combat).next[z]).toBe(9);
    expect(view.html(lastCard()).textContent).toContain(
      'Zherynn takes the Basic stance (from Defensive; a free action).',
    );
  });

  it('out of a Time Count the stance is simply taken', async () => {
    await combat.delete();
    const result = await shift(player, zherynn, 'crouch');
    expect(result.ok).toBe(true);
    expect(tc(zherynn)).toMatchObject({ stance: 'crouch', stanceUntil: 0 });
  });
});

describe('hostile requests change nothing', () => {
  it('out of turn, another player’s actor, a forged stance, the same stance twice', async () => {
    const before = tcSchedule(combat);
    const cards = game.messages.size;
    // Garret acts at 7, the count is 6.
    expect(await shift(gm, garret, 'defensive')).toMatchObject({ ok: false });
    expect(await shift(otherPlayer, zherynn, 'defensive')).toMatchObject({ ok: false });
    expect(await shift(player, zherynn, 'flying')).toMatchObject({ ok: false });
    expect(await shift(player, zherynn, 'basic')).toMatchObject({ ok: false });
    h.as(player);
    expect(await askGM('gng.tcStance', { actorUuid: zherynn.uuid, stance: 'parry', sf: 0 })).toMatchObject({
      ok: false,
    });
    h.as(gm);
    expect(tcSchedule(combat)).toEqual(before);
    expect(tc(zherynn).stance).toBe('basic');
    expect(tc(garret).stance).toBe('basic');
    expect(game.messages.size).toBe(cards);
  });

  it('a double request: the second finds the stance taken and Zherynn no longer acting', async () => {
    h.as(player);
    h.dice.queue(2, 2);
    const [a, b] = await Promise.all([
      askGM('gng.tcStance', { actorUuid: zherynn.uuid, stance: 'defensive' }),
      askGM('gng.tcStance', { actorUuid: zherynn.uuid, stance: 'defensive' }),
    ]);
    await attackActionsSettled();
    h.as(gm);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect(tcSchedule(combat).next[z]).toBe(10);
  });

  it('a player cannot end a transition early by writing stanceUntil (a GM-only field)', async () => {
    await shift(player, zherynn, 'defensive', [3]); // next 11
    h.as(player);
    await zherynn.update({ 'system.model.tc.stanceUntil': 0 });
    await attackActionsSettled();
    h.as(gm);
    expect(tc(zherynn)).toMatchObject({ stance: 'defensive', stanceUntil: 11 });
  });

  it('the Undo is refused once the count moved since, and nothing changes', async () => {
    await shift(player, zherynn, 'defensive', [4]); // 6: next 12
    const message = lastCard();
    await advanceCount(combat); // 7 Garret
    await scheduleAct(combat, g, { sf: 9, reason: 'long sword' });
    await advanceCount(combat); // 12 Zherynn
    await scheduleAct(combat, z, { sf: 6, reason: 'dagger' });
    await view.click(message, 'tcStanceUndo');
    expect(tc(zherynn)).toMatchObject({ stance: 'defensive', stanceUntil: 12 });
    expect(tcSchedule(combat).next[z]).toBe(18);
    expect(view.buttons(message)).toEqual(['tcStanceUndo']);
  });
});

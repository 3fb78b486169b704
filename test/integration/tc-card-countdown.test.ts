/**
 * The attack card's failed Constitution check writes the tracker's countdown (issue #32, R27,
 * 002:166): the combatant's "checks to wake at" count, and the card's Undo reverts it exactly.
 * Worked by hand (test/fixtures/tc-world.ts): Hadwin's long sword +5 (BAB 3 + Str 2), damage 1d8 +
 * Str 2 + Power 1; a goblin of 1 level (max HP 11, so 8 HP stays 8): Primary 10 + Agility 1 = 11,
 * 8 HP, Con 12 (+1), ToP 3.
 * Initiative: Hadwin 6, the goblin 7; one advance: count 6, Hadwin acts.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled, requestCardAction } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import { advanceCount, setTcInitiative } from '../../src/combat/tc-schedule.js';
import { setTcCountdown, tcCountdowns } from '../../src/combat/tc-countdowns.js';
import { registerTcTracker } from '../../src/models/tc-tracker.js';
import type { HarnessCombat } from '../harness/index.js';
import { tcCardView, tcCreature, tcFighter, tcTrackerText, useTcWorld } from '../fixtures/tc-world.js';

const h = await getHarness();
await import('../../src/cards/attack/attack-gm.js');
const { gm, player } = h.users;

useTcWorld(h, 32, { endCombats: true });
registerTcTracker();

const view = tcCardView(h);
const target = (message: ChatMessage) =>
  (cardState(view.messageOf(message)) as AttackCardState).targets[0] as CardTarget;

async function act(user: User, message: ChatMessage, action: string) {
  h.as(user);
  const result = await requestCardAction(message.id as string, action as never, target(message).id, {});
  await attackActionsSettled();
  return result;
}

/** The fight at count 6; Hadwin hits the goblin (at fatigue 5) for 9 and the player applies it. */
async function failedCheck() {
  const fighter = await tcFighter(h);
  const goblin = await tcCreature(h, {
    name: 'Goblin',
    type: 'npc',
    abilities: { dex: 12, con: 12 },
    attributes: { agility: 1 },
    hp: { value: 8 },
    levels: 1,
    weapons: [{ name: 'Short spear', speedClass: 'fast', category: 'simple' }],
  });
  h.as(gm);
  const combat = h.startCombat([fighter, goblin]) as HarnessCombat;
  await combat.startCombat();
  await attackActionsSettled();
  const id = (a: Actor) => combat.combatants.find((c) => c.actor === a)?.id as string;
  await setTcInitiative(combat, id(fighter), { total: 6 });
  await setTcInitiative(combat, id(goblin), { total: 7 });
  await advanceCount(combat);
  await goblin.update({ 'system.model.tc.fatigue': 5 });
  // d20 12 + 5 = 17 ≥ 11 hits; SF 1d6 [3] + 6; damage d8 [6] + 2 + 1 = 9 against ToP 3: fatigue
  // 5 + 3 = 8, HP 8 − 6 = 2; the check's DC 8 − 2 = 6 (002:162).
  h.dice.queue(12, 3, 6);
  h.as(player);
  h.target(player, h.placeToken(goblin, { x: 100, y: 0 }));
  const sword = fighter.items.find((i) => i.name === 'Long sword') as Item;
  const message = (await game.gng.attack(fighter, sword, {})) as ChatMessage;
  await attackActionsSettled();
  await view.click(message, 'rollDamage');
  await view.click(message, 'applyDamage');
  expect(target(message).tc?.consciousness).toMatchObject({ dc: 6, penalty: 0, roll: null });
  // d20 [2] + Con 1 = 3 < 6: failed by 3 → no check to wake for 30 counts (002:166): count 36.
  h.dice.queue(2);
  expect((await act(gm, message, 'tcConsciousness')).ok).toBe(true);
  return { goblin, combat, message, g: id(goblin) };
}

describe('a failed Constitution check on the Time Count tracker', () => {
  it("writes the goblin's countdown to wake at 36; the card's Undo takes it back exactly", async () => {
    const { goblin, combat, message, g } = await failedCheck();
    expect(target(message).tc?.consciousness?.roll).toMatchObject({ failedBy: 3, wakeAt: 36 });
    expect(tcCountdowns(combat)).toEqual({ [g]: { kind: 'unconscious', at: 36 } });
    // The goblin acts at 7, one count from 6; the check to wake is 30 counts away.
    expect(tcTrackerText(h, goblin, '.gng-tc-row')).toBe(
      'acts at 7 (in 1) · unconscious: checks to wake at 36 (in 30)',
    );
    expect((await act(gm, message, 'undoDamage')).ok).toBe(true);
    expect(tcCountdowns(combat)).toEqual({});
    expect(goblin.statuses.has('unconscious')).toBe(false);
  });

  it('a countdown the GM changed since stays; the Undo notes it and still takes the damage back', async () => {
    const { goblin, combat, message, g } = await failedCheck();
    h.as(gm);
    await setTcCountdown(combat, g, { kind: 'unconscious', at: 40 });
    expect((await act(gm, message, 'undoDamage')).ok).toBe(true);
    expect(tcCountdowns(combat)).toEqual({ [g]: { kind: 'unconscious', at: 40 } });
    expect(goblin.statuses.has('unconscious')).toBe(false);
    expect((goblin.system as unknown as { hp: { value: number } }).hp.value).toBe(8);
    expect(view.text(message)).toContain("Goblin's countdown has changed since");
  });
});

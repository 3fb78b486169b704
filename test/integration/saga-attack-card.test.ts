/**
 * The attack card under the Saga-style model (issue #30, lane card), end to end on the harness:
 * SAGA_MODEL registered (as the test model's tests do, until the lazy registration lands) and chosen
 * with the `gng.combatModel` setting. Worked by hand from seed 001 and the project's decisions:
 * - the attacker: the Appendix 3 fighter, bastard sword 1d10, attack +9 (BAB 5, Str +4), damage + 4;
 * - the target: a trooper (2 levels of a d10 class, good Defense and Fortitude, Con 14, Dex 12):
 *   20 HP; Reflex 10 + 2 + 1 = 13; Fortitude 10 + 3 + 2 = 15 = its damage threshold; Will 10;
 * - a natural 20 hits and doubles the damage (A9); damage ≥ 15 costs one step down the track (A2).
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { sagaCardView, sagaTrooper, useSagaWorld, worldPlays } from '../fixtures/saga-world.js';

const h = await getHarness();
await import('../../src/cards/attack/attack-gm.js');
const { gm, player } = h.users;

useSagaWorld(h, 30);

const sys = (actor: Actor) => actor.system as CreatureData;
const vector = (actor: Actor) => ({
  value: sys(actor).hp.value,
  nonlethal: sys(actor).hp.nonlethal,
  conditionStep: sys(actor).model.saga.conditionStep,
});
const { state, target, html, lastNotice, sagaLines, buttons, click } = sagaCardView(h);

const trooper = () => sagaTrooper(h);

/** The player's fighter attacks `defender` with the bastard sword; the dice are queued in order. */
async function fighterAttacks(defender: Actor, dice: number[], options = {}): Promise<ChatMessage | null> {
  const fighter = await appendix3Fighter(h, player);
  h.as(player);
  const token = h.placeToken(defender);
  h.target(player, token);
  h.dice.queue(...dice);
  const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
  const message = await game.gng.attack(fighter, sword, options);
  await attackActionsSettled();
  return message ?? null;
}

/** The token id the player targets (the per-target options' key). */
const targetedTokenId = () => [...game.user.targets][0]?.id as string;

describe('the attack card under the Saga-style model', () => {
  it('one roll against the static Reflex Defense; a critical beats the threshold: Apply costs a step, Undo takes back the whole vector', async () => {
    const defender = await trooper();
    const message = (await fighterAttacks(defender, [20])) as ChatMessage;
    expect(state(message).model).toBe('saga');
    // d20 20 + 9 = 29 against Reflex 13: a hit by 16, a critical hit (A9).
    expect(state(message).attack).toMatchObject({ natural: 20, total: 29, chainDice: [] });
    expect(target(message).defense).toMatchObject({
      source: 'static',
      id: 'reflex',
      total: 13,
      natural: null,
    });
    expect(target(message).result).toEqual({
      hit: true,
      relativeDegree: 16,
      automatic: false,
      critical: true,
    });
    expect(html(message).querySelector('.static-defense')?.textContent).toBe('vs Reflex Defense 13');
    // No Defense step, no aborts: the damage is next.
    expect(buttons(message)).toEqual(['rollDamage']);

    h.as(player);
    h.dice.queue(4);
    await click(message, 'rollDamage');
    // (d10 4 + Str 4) × 2 = 16.
    expect(target(message).damage).toMatchObject({ final: 16, lethal: 16, nonlethal: 0 });
    await click(message, 'applyDamage');
    // 16 ≥ the threshold 15: one step down; 20 − 16 = 4 HP.
    expect(vector(defender)).toEqual({ value: 4, nonlethal: 0, conditionStep: 1 });
    expect(html(message).querySelector('.saga-track')?.textContent).toBe(
      "Trooper's condition track: Normal → −1.",
    );

    // Another blow lands after it (the GM's edit): Undo gives back the card's own share of each field.
    h.as(gm);
    await defender.update({ 'system.model.saga.conditionStep': 2, 'system.hp.value': 1 });
    h.as(player);
    await click(message, 'undoDamage');
    expect(vector(defender)).toEqual({ value: 17, nonlethal: 0, conditionStep: 1 });
    expect(target(message).applied).toBeNull();
  });

  it('damage under the threshold costs no step', async () => {
    const defender = await trooper();
    const message = (await fighterAttacks(defender, [10])) as ChatMessage;
    // 19 against 13: a hit by 6, no critical.
    expect(target(message).result).toEqual({ hit: true, relativeDegree: 6, automatic: false });
    h.dice.queue(10);
    await click(message, 'rollDamage');
    // 10 + 4 = 14 < 15.
    await click(message, 'applyDamage');
    expect(vector(defender)).toEqual({ value: 6, nonlethal: 0, conditionStep: 0 });
    expect(html(message).querySelector('.saga-track')).toBeNull();
  });

  it("the dialog's options: charge and flanking +2 each, cover +5 to Reflex, a prone target +5 in melee", async () => {
    const defender = await trooper();
    await defender.toggleStatusEffect('prone', { active: true });
    const fighter = await appendix3Fighter(h, player);
    h.as(player);
    h.target(player, h.placeToken(defender));
    h.dice.queue(5);
    const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
    const message = (await game.gng.attack(fighter, sword, {
      saga: { charge: true, flanking: true, cover: { [targetedTokenId()]: 'cover' } },
    })) as ChatMessage;
    await attackActionsSettled();
    // 5 + 9 + 2 + 2 = 18; against Trooper its prone +5: 23 against Reflex 13 + 5 = 18, a hit by 5.
    expect(state(message).attack.total).toBe(18);
    expect(state(message).attack.parts.map((p) => [p.label, p.value])).toEqual([
      ['GNG.AttackDialog.Part.bab', 5],
      ['GNG.AttackDialog.Part.str', 4],
      ['GNG.Model.Saga.Option.charge', 2],
      ['GNG.Model.Saga.Option.flanking', 2],
    ]);
    expect(target(message).defense?.total).toBe(18);
    expect(target(message).result).toEqual({ hit: true, relativeDegree: 5, automatic: false });
    expect(sagaLines(message)).toEqual(['Against Trooper: prone +5']);
  });

  it("GnG's own options are refused under it, and its options under GnG; nothing is rolled", async () => {
    const defender = await trooper();
    expect(await fighterAttacks(defender, [10], { situational: ['flanking'] })).toBeNull();
    expect(lastNotice()).toBe("GnG's situational modifiers is not part of this world's combat rules.");
    expect(await fighterAttacks(defender, [10], { saga: { intoMelee: 'careful' } })).toBeNull();
    expect(lastNotice()).toBe('Shooting into melee is a ranged attack: nothing was rolled.');
    await worldPlays(h, 'gng');
    expect(await fighterAttacks(defender, [10], { saga: { charge: true } })).toBeNull();
    expect(lastNotice()).toBe("The Saga-style attack options is not part of this world's combat rules.");
    expect(game.messages.contents).toHaveLength(0);
  });

  it('total cover: no attack', async () => {
    const defender = await trooper();
    const fighter = await appendix3Fighter(h, player);
    h.as(player);
    h.target(player, h.placeToken(defender));
    const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
    await game.gng.attack(fighter, sword, { saga: { cover: { [targetedTokenId()]: 'total' } } });
    await attackActionsSettled();
    expect(lastNotice()).toBe(
      'Trooper has total cover: no attack can be made against it. Nothing was rolled.',
    );
    expect(game.messages.contents).toHaveLength(0);
  });

  it("concealment's d% on the card: 1–50 fails against total concealment, 51 goes on", async () => {
    const defender = await trooper();
    const fighter = await appendix3Fighter(h, player);
    h.as(player);
    h.target(player, h.placeToken(defender));
    const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
    const id = targetedTokenId();
    h.dice.queue(15, 50);
    const missed = (await game.gng.attack(fighter, sword, {
      saga: { concealment: { [id]: 'total' } },
    })) as ChatMessage;
    await attackActionsSettled();
    expect(target(missed).result).toEqual({ hit: false, relativeDegree: 0, automatic: true });
    expect(target(missed).defense).toBeNull();
    expect(sagaLines(missed)).toEqual([
      'Total concealment (50%): d% 50 (1–50 fails): the attack misses Trooper.',
    ]);
    expect(buttons(missed)).toEqual([]);

    h.dice.queue(15, 51);
    const passed = (await game.gng.attack(fighter, sword, {
      saga: { concealment: { [id]: 'concealment' } },
    })) as ChatMessage;
    await attackActionsSettled();
    // 20% needs 1–20 to fail: 51 goes on; 15 + 9 = 24 against 13.
    expect(target(passed).result).toMatchObject({ hit: true, relativeDegree: 11 });
    expect(sagaLines(passed)).toEqual([
      'Concealment (20%): d% 51 (1–20 fails): the attack goes on against Trooper.',
    ]);
  });
});

describe('Partial and Total Defense, withdrawing (001:121, 139)', () => {
  it('Total Defense +5 to every defense: the threshold too (16 damage costs no step)', async () => {
    const defender = await trooper();
    const fighter = await appendix3Fighter(h, player);
    h.as(player);
    h.target(player, h.placeToken(defender));
    h.dice.queue(20);
    const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
    const message = (await game.gng.attack(fighter, sword, {
      saga: { defending: { [targetedTokenId()]: 'total' } },
    })) as ChatMessage;
    await attackActionsSettled();
    // Reflex 13 + 5 = 18; a natural 20 hits: (4 + 4) × 2 = 16 < Fortitude 15 + 5 = 20.
    expect(target(message).defense?.total).toBe(18);
    h.dice.queue(4);
    await click(message, 'rollDamage');
    await click(message, 'applyDamage');
    expect(vector(defender)).toEqual({ value: 4, nonlethal: 0, conditionStep: 0 });
    await click(message, 'undoDamage');
    expect(vector(defender)).toEqual({ value: 20, nonlethal: 0, conditionStep: 0 });
  });

  it('withdrawing: +2 Reflex only', async () => {
    const other = await trooper();
    const fighter = await appendix3Fighter(h, player);
    h.as(player);
    h.target(player, h.placeToken(other));
    h.dice.queue(10);
    const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
    const withdrawing = (await game.gng.attack(fighter, sword, {
      saga: { defending: { [targetedTokenId()]: 'withdrawing' } },
    })) as ChatMessage;
    await attackActionsSettled();
    expect(target(withdrawing).defense?.total).toBe(15);
    expect(target(withdrawing).saga?.situation).toBeUndefined();
  });
});

describe("a hand-made request's Saga options (the trust model)", () => {
  it('anything the dialog cannot make is refused and nothing is rolled', async () => {
    const defender = await trooper();
    const other = await trooper();
    const fighter = await appendix3Fighter(h, player);
    h.as(player);
    const elsewhere = h.placeToken(other);
    h.target(player, h.placeToken(defender));
    const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
    const bad: Record<string, unknown>[] = [
      { saga: { charge: 'yes' } },
      { saga: { bogus: true } },
      JSON.parse('{"saga": {"__proto__": {"charge": true}}}') as Record<string, unknown>,
      { saga: { cover: { 'not an id!': 'cover' } } },
      // A token that is not a target of this attack.
      { saga: { cover: { [elsewhere.id as string]: 'partial' } } },
      { saga: { concealment: { [targetedTokenId()]: 'one-half' } } },
      { saga: { maneuver: 'trip', wallAfter: 2 } },
      { saga: { maneuver: 'trip' }, coupDeGrace: true },
      { saga: { wallAfter: -1, maneuver: 'bull-rush' } },
    ];
    for (const options of bad) {
      h.notices.length = 0;
      expect(await game.gng.attack(fighter, sword, options)).toBeFalsy();
      await attackActionsSettled();
      expect(lastNotice()).toBe(
        'The attack card refused this request: it carries data the card does not accept.',
      );
    }
    expect(game.messages.contents).toHaveLength(0);
  });
});

describe('an area attack (001:27, A14): one roll against each target', () => {
  it("one d20 against each target's own Reflex Defense, each with its cover", async () => {
    const first = await trooper();
    const second = await trooper();
    const fighter = await appendix3Fighter(h, player);
    h.as(player);
    const a = h.placeToken(first);
    const b = h.placeToken(second);
    h.target(player, a, b);
    h.dice.queue(8);
    const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
    const message = (await game.gng.attack(fighter, sword, {
      saga: { cover: { [b.id as string]: 'partial' } },
    })) as ChatMessage;
    await attackActionsSettled();
    // One roll: 8 + 9 = 17; against 13 a hit by 4, against 13 + 2 = 15 a hit by 2.
    expect(message.rolls).toHaveLength(1);
    const [one, two] = state(message).targets;
    expect(one?.defense?.total).toBe(13);
    expect(one?.result).toMatchObject({ hit: true, relativeDegree: 4 });
    expect(two?.defense?.total).toBe(15);
    expect(two?.result).toMatchObject({ hit: true, relativeDegree: 2 });
  });
});

describe('the coup de grace (001:80)', () => {
  it('refused against a target that is not helpless', async () => {
    const defender = await trooper();
    expect(await fighterAttacks(defender, [10], { coupDeGrace: true })).toBeNull();
    expect(lastNotice()).toBe(
      'Trooper is not helpless, paralyzed or unconscious: no coup de grace. Nothing was rolled.',
    );
  });

  it('against the flat-footed Reflex; a hit is a critical; damage ≥ Fortitude kills; Undo brings it back', async () => {
    const defender = await trooper();
    await defender.toggleStatusEffect('unconscious', { active: true });
    const message = (await fighterAttacks(defender, [3], { coupDeGrace: true })) as ChatMessage;
    // Reflex without Dex: 12. 3 + 9 = 12, + helpless 5 = 17: a hit by 5, counted as a critical.
    expect(target(message).defense?.total).toBe(12);
    expect(target(message).result).toEqual({
      hit: true,
      relativeDegree: 5,
      automatic: false,
      critical: true,
    });
    expect(sagaLines(message)).toContain('Against Trooper: helpless +5');
    h.dice.queue(4);
    await click(message, 'rollDamage');
    // (4 + 4) × 2 = 16 ≥ Fortitude 15: dead.
    expect(target(message).damage?.final).toBe(16);
    await click(message, 'applyDamage');
    expect(defender.statuses.has('dead')).toBe(true);
    expect(vector(defender)).toEqual({ value: 4, nonlethal: 0, conditionStep: 1 });
    await click(message, 'undoDamage');
    expect(defender.statuses.has('dead')).toBe(false);
    expect(vector(defender)).toEqual({ value: 20, nonlethal: 0, conditionStep: 0 });
  });

  it('less damage than the Fortitude Defense: alive, one step down all the same', async () => {
    const defender = await trooper();
    await defender.toggleStatusEffect('unconscious', { active: true });
    h.as(gm);
    await defender.update({ 'system.model.saga.conditionStep': 2 });
    const message = (await fighterAttacks(defender, [10], { coupDeGrace: true })) as ChatMessage;
    h.dice.queue(1);
    await click(message, 'rollDamage');
    // (1 + 4) × 2 = 10 < Fortitude 15 − 2 (step 2's penalty, A1) = 13: step 2 → 3, alive.
    expect(target(message).damage?.final).toBe(10);
    await click(message, 'applyDamage');
    expect(vector(defender)).toEqual({ value: 10, nonlethal: 0, conditionStep: 3 });
    expect(defender.statuses.has('dead')).toBe(false);
    await click(message, 'undoDamage');
    expect(vector(defender)).toEqual({ value: 20, nonlethal: 0, conditionStep: 2 });
  });
});

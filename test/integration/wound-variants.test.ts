/**
 * GnG Appendix 1 "Advanced Wound Trauma" and "Wounds Normally Cause Bleeding" at the table: the same
 * exchange with each world setting off and on, on the attack card and the area card, through the
 * cards' buttons as each user sees them. Dice are queued in the order they are rolled: attack d20,
 * Defense d20, damage dice, then the wound-trauma Fortitude d20 and its 2d6.
 *
 * Expected values come from the text: DC = 10 + damage × size modifier (Medium ×1, Large ×½); "If you
 * fail the saving throw, you are dazed for one round. If you fail the save by five or more points,
 * you are stunned for one round. If you fail by 10 or more points, you are stunned for 2d6 rounds."
 * "Table: Damage Necessary to Cause Bleeding": Medium 4 slashing / 6 other, Large 8 / 12.
 * The save is rolled after the loss, so the injury it left counts (GnG INJURY: "a -4 injury penalty on
 * all attack rolls, defense rolls, ability checks, skill checks, and saving throws" at ≤ 50% of the
 * maximum HP, −2 at ≤ 75%).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { cardHelpers } from '../fixtures/cards.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import { areaState, type AreaCardState, type AreaTarget } from '../../src/cards/area/area-actions.js';
import {
  grappleState,
  requestGrappleAction,
  type GrappleCardState,
} from '../../src/cards/grapple/grapple-ask.js';
import { traumaPending } from '../../src/combat/action-budget.js';
import { applyHitPointLoss } from '../../src/combat/hp-loss.js';
import { storedStart } from '../../src/combat/conditions-timer.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import type { HarnessCombat } from '../harness/documents.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(17));
// Every string the cards showed is in lang/en.json.
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const attackTarget = (message: ChatMessage) =>
  (cardState(fresh(message)) as AttackCardState).targets[0] as CardTarget;
const areaTarget = (message: ChatMessage, index = 0) =>
  (areaState(fresh(message)) as AreaCardState).targets[index] as AreaTarget;
const text = (message: ChatMessage) =>
  h.renderMessage(fresh(message)).textContent?.replace(/\s+/g, ' ') ?? '';

async function variants(advancedWoundTrauma: boolean, woundsCauseBleeding: boolean): Promise<void> {
  h.as(gm);
  await game.settings.set('gng', 'advancedWoundTrauma', advancedWoundTrauma);
  await game.settings.set('gng', 'woundsCauseBleeding', woundsCauseBleeding);
}

/** Buttons the current user sees on the card (action[:disabled]). */
function buttons(message: ChatMessage): string[] {
  const html = h.renderMessage(fresh(message));
  return [...html.querySelectorAll<HTMLButtonElement>('button[data-action]')].map(
    (b) => `${b.dataset.action}${b.disabled ? ':disabled' : ''}`,
  );
}

/** The button of `action` the current user sees (throws when it sees none). */
function button(message: ChatMessage, action: string): HTMLButtonElement {
  const found = h
    .renderMessage(fresh(message))
    .querySelector<HTMLButtonElement>(`button[data-action="${action}"]`);
  if (!found) throw new Error(`${game.user.name} sees no ${action} button`);
  return found;
}

const { click } = cardHelpers(h);

/**
 * The defender: a Medium NPC of the other player's with Con 16 (max HP 16, Fortitude +3) and Defense
 * +0; or Large (`size`).
 */
function brute(system: Record<string, unknown> = {}): Promise<Actor> {
  return h.createActor(
    {
      name: 'Brute',
      type: 'npc',
      system: { abilities: { con: { value: 16 } }, hp: { value: 16 }, ...system },
    },
    otherPlayer,
  );
}

/**
 * The player's Appendix 3 fighter hits `defender` with the bastard sword (+9, 1d10 + 4, slashing):
 * attack d20 10 (total 19), Defense d20 `defenseNatural`, damage d10 `d10`; the player applies it.
 */
async function exchange(
  defender: Actor,
  { defenseNatural = 16, d10 = 1 }: { defenseNatural?: number; d10?: number } = {},
): Promise<ChatMessage> {
  const fighter = await appendix3Fighter(h, player);
  const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
  h.as(gm);
  const combat = h.startCombat([fighter, defender]) as HarnessCombat;
  await combat.begin();
  await attackActionsSettled();
  h.as(player);
  h.target(player, h.placeToken(defender));
  h.dice.queue(10);
  const message = (await game.gng.attack(fighter, sword, {})) as ChatMessage;
  await attackActionsSettled();
  h.as(otherPlayer);
  h.dice.queue(defenseNatural);
  await click(message, 'rollDefense');
  h.as(player);
  h.dice.queue(d10);
  await click(message, 'rollDamage');
  await click(message, 'applyDamage');
  return message;
}

describe('Advanced Wound Trauma on the attack card', () => {
  it('off: 8 damage of 16 HP marks trauma and offers no save', async () => {
    await variants(false, false);
    const defender = await brute();
    const message = await exchange(defender);
    expect(attackTarget(message).damage?.final).toBe(8); // 1 + 4 + RD (19 − 16 = 3)
    expect(sys(defender).hp.value).toBe(8);
    expect(attackTarget(message).applied).toMatchObject({ trauma: true, woundTrauma: null });
    expect(traumaPending(defender)).toBe(true);
    h.as(otherPlayer);
    expect(buttons(message)).not.toContain('woundTraumaSave');
    h.as(gm);
    expect(buttons(message)).not.toContain('woundTraumaSave');
    expect(text(message)).not.toContain('wound trauma');
  });

  it("on: no trauma; the Medium target's owners roll Fortitude against DC 10 + 8 = 18", async () => {
    await variants(true, false);
    const defender = await brute();
    const message = await exchange(defender);
    expect(attackTarget(message).damage?.final).toBe(8);
    // "This variant rule replaces the standard Wound Trauma mechanic."
    expect(attackTarget(message).applied).toMatchObject({
      trauma: false,
      woundTrauma: { dc: 18, save: null },
    });
    expect(traumaPending(defender)).toBe(false);
    expect(text(message)).toContain('Advanced Wound Trauma: Brute makes a Fortitude save (DC 18).');
    // The attacker's player sees no save button; the defender's owner does, naming it.
    h.as(player);
    expect(buttons(message)).not.toContain('woundTraumaSave');
    h.as(otherPlayer);
    expect(button(message, 'woundTraumaSave').textContent?.trim()).toBe('Fortitude vs DC 18 — Brute');
  });

  // d20 + the target's Fortitude save against DC 18: +3 (Con 16) − 4 (Moderate Injury: 8 of 16 HP
  // left) = −1.
  it.each([
    [19, 18, 'none', 0, null],
    [18, 17, 'dazed', 1, null],
    [15, 14, 'dazed', 1, null],
    [14, 13, 'stunned', 1, null],
    [10, 9, 'stunned', 1, null],
    [9, 8, 'stunned', 7, [3, 4]],
    [1, 0, 'stunned', 12, [6, 6]],
  ] as const)(
    'natural %i (total %i vs DC 18): %s for %i round(s); Undo takes the save and its effect back',
    async (natural, total, effect, rounds, stun) => {
      await variants(true, false);
      const defender = await brute();
      const message = await exchange(defender);
      h.as(otherPlayer);
      h.dice.queue(natural, ...(stun ?? []));
      await click(message, 'woundTraumaSave');
      const save = attackTarget(message).applied?.woundTrauma?.save;
      expect(save).toMatchObject({
        natural,
        bonus: -1,
        total,
        dc: 18,
        success: effect === 'none',
        effect,
        rounds,
        dice: stun ?? [],
      });
      expect(buttons(message)).not.toContain('woundTraumaSave');
      const result = effect === 'none' ? 'saved' : 'failed';
      expect(text(message)).toContain(
        `Wound trauma: Fortitude save ${natural} -1 = ${total} vs DC 18: ${result}`,
      );
      const created = defender.effects.find((e) => e.getFlag('gng', 'woundTrauma') !== undefined);
      if (effect === 'none') {
        expect(created).toBeUndefined();
        expect(text(message)).toContain('Brute shakes off the wound.');
      } else {
        expect(defender.statuses.has(effect)).toBe(true);
        expect(created?.duration.rounds).toBe(rounds);
        expect(text(message)).toContain(
          stun
            ? `Brute is stunned for ${rounds} rounds (2d6: ${stun.join(', ')}; failed by ${18 - total}).`
            : `Brute is ${effect} for 1 round (failed by ${18 - total}).`,
        );
      }
      // The attacker's player no longer undoes what the defender rolled against (a GM does).
      h.as(player);
      expect(buttons(message)).not.toContain('undoDamage');
      h.as(gm);
      await click(message, 'undoDamage');
      expect(sys(defender).hp.value).toBe(16);
      expect(defender.statuses.has('dazed') || defender.statuses.has('stunned')).toBe(false);
      expect(defender.effects.size).toBe(0);
      expect(attackTarget(message).applied).toBeNull();
      expect(text(message)).not.toContain('wound trauma');
    },
  );

  it('a dazed round runs out by itself in combat (the conditions timer)', async () => {
    await variants(true, false);
    const defender = await brute();
    const message = await exchange(defender);
    h.as(otherPlayer);
    h.dice.queue(18); // 18 − 1 = 17 vs DC 18: dazed
    await click(message, 'woundTraumaSave');
    const dazed = defender.effects.find((e) => e.statuses.has('dazed')) as ActiveEffect;
    expect(storedStart(dazed)).not.toBeNull();
    h.as(gm);
    const combat = game.combat as unknown as HarnessCombat;
    await combat.nextTurn();
    await combat.nextTurn();
    await attackActionsSettled();
    expect(defender.statuses.has('dazed')).toBe(false);
  });

  it('when the owner does not roll, the GM rolls the save', async () => {
    await variants(true, false);
    const defender = await brute();
    const message = await exchange(defender);
    h.as(gm);
    h.dice.queue(10); // 10 − 1 = 9 vs DC 18: failed by 9
    await click(message, 'woundTraumaSave');
    expect(attackTarget(message).applied?.woundTrauma?.save).toMatchObject({ effect: 'stunned', rounds: 1 });
  });

  it('a Large target halves the damage first: 8 damage → DC 14', async () => {
    await variants(true, false);
    // Large: −1 to Defense (size), so a d20 of 17 gives the same Defense total, 16.
    const defender = await brute({ size: 'large', hp: { value: 40 } });
    const message = await exchange(defender, { defenseNatural: 17 });
    expect(attackTarget(message).damage?.final).toBe(8);
    expect(attackTarget(message).applied?.woundTrauma).toEqual({ dc: 14, save: null });
    h.as(otherPlayer);
    expect(button(message, 'woundTraumaSave').textContent).toContain('DC 14');
  });
});

describe('Wounds Normally Cause Bleeding on the attack card', () => {
  it.each([
    [false, false],
    [true, true],
  ])('bleeding %s: 5 slashing damage to a Medium target bleeds: %s', async (on, bleeds) => {
    await variants(false, on);
    const defender = await brute();
    // RD 0 (19 vs 19), d10 1: 1 + 4 = 5 slashing (bastard sword).
    const message = await exchange(defender, { defenseNatural: 19 });
    expect(attackTarget(message).damage?.final).toBe(5);
    expect(defender.statuses.has('severe-bleeding')).toBe(bleeds);
    expect(attackTarget(message).applied?.statusesAdded.includes('severe-bleeding')).toBe(bleeds);
    expect(text(message).includes('also set: Severe bleeding')).toBe(bleeds);
    h.as(player);
    await click(message, 'undoDamage');
    expect(defender.statuses.has('severe-bleeding')).toBe(false);
    expect(defender.effects.size).toBe(0);
  });
});

/** The GM posts `total` damage of `type` (2d6 rolled as `dice`), Reflex DC 15, against `targets`. */
async function blast(targets: Actor[], dice: [number, number], type: string): Promise<ChatMessage> {
  h.as(gm);
  h.dice.queue(...dice);
  const message = await game.gng.areaDamage({ damage: '2d6', damageType: type, saveDc: 15, targets });
  expect(message).toBeTruthy();
  return message as ChatMessage;
}

/** A player's NPC with Con 30 (30 HP, Fortitude +10), Medium or `size`. */
function hero(name: string, size = 'medium'): Promise<Actor> {
  return h.createActor(
    { name, type: 'npc', system: { size, abilities: { con: { value: 30 } }, hp: { value: 30 } } },
    player,
  );
}

describe('the area card', () => {
  it('Advanced Wound Trauma: the GM applies 8, the owner rolls Fortitude (DC 18), Undo takes it all back', async () => {
    await variants(true, false);
    const pc = await hero('Hero');
    const message = await blast([pc], [4, 4], 'fire');
    await click(message, 'applyDamage');
    expect(sys(pc).hp.value).toBe(22);
    expect(areaTarget(message).applied).toMatchObject({ trauma: false, woundTrauma: { dc: 18, save: null } });
    h.as(otherPlayer);
    expect(buttons(message)).not.toContain('woundTraumaSave');
    h.as(player);
    expect(button(message, 'woundTraumaSave').textContent?.trim()).toBe('Fortitude vs DC 18 — Hero');
    // Fortitude +10 (Con 30) − 2 (Light Injury: 22 of 30 HP left): 5 + 8 = 13 fails DC 18 by 5 →
    // stunned 1 round.
    h.dice.queue(5);
    await click(message, 'woundTraumaSave');
    expect(areaTarget(message).applied?.woundTrauma?.save).toMatchObject({
      natural: 5,
      bonus: 8,
      total: 13,
      success: false,
      effect: 'stunned',
      rounds: 1,
    });
    expect(pc.statuses.has('stunned')).toBe(true);
    expect(text(message)).toContain('Hero is stunned for 1 round (failed by 5).');
    expect(buttons(message)).not.toContain('woundTraumaSave');
    h.as(gm);
    await click(message, 'undoDamage');
    expect(sys(pc).hp.value).toBe(30);
    expect(pc.statuses.has('stunned')).toBe(false);
    expect(pc.effects.size).toBe(0);
    expect(areaTarget(message).applied).toBeNull();
  });

  it('a natural 1 always fails: 1 + 12 = 13 against DC 10 + 2 = 12 leaves the target dazed', async () => {
    await variants(true, false);
    const pc = await h.createActor(
      { name: 'Tough', type: 'npc', system: { abilities: { con: { value: 34 } }, hp: { value: 34 } } },
      player,
    );
    const message = await blast([pc], [1, 1], 'fire');
    await click(message, 'applyDamage');
    expect(areaTarget(message).applied?.woundTrauma).toEqual({ dc: 12, save: null });
    h.as(player);
    h.dice.queue(1);
    await click(message, 'woundTraumaSave');
    expect(areaTarget(message).applied?.woundTrauma?.save).toMatchObject({
      natural: 1,
      bonus: 12,
      total: 13,
      success: false,
      effect: 'dazed',
      rounds: 1,
    });
    expect(pc.statuses.has('dazed')).toBe(true);
  });

  it('Advanced Wound Trauma off: no save is owed', async () => {
    await variants(false, false);
    const pc = await hero('Hero');
    const message = await blast([pc], [4, 4], 'fire');
    await click(message, 'applyDamage');
    expect(areaTarget(message).applied?.woundTrauma).toBeNull();
    h.as(player);
    expect(buttons(message)).not.toContain('woundTraumaSave');
  });

  // "Table: Damage Necessary to Cause Bleeding": Medium 4 slashing / 6 other; Large 8 / 12.
  it.each([
    ['medium', 'slashing', [2, 2], true],
    ['medium', 'slashing', [1, 2], false],
    ['medium', 'piercing', [2, 3], false],
    ['medium', 'piercing', [3, 3], true],
    ['large', 'slashing', [4, 4], true],
    ['large', 'slashing', [3, 4], false],
    ['large', 'piercing', [6, 6], true],
    ['large', 'piercing', [5, 6], false],
  ] as const)(
    'bleeding on: %s target, %s damage %j → severe bleeding %s',
    async (size, type, dice, bleeds) => {
      await variants(false, true);
      const pc = await hero('Hero', size);
      const message = await blast([pc], [...dice], type);
      await click(message, 'applyDamage');
      expect(sys(pc).hp.value).toBe(30 - dice[0] - dice[1]);
      expect(pc.statuses.has('severe-bleeding')).toBe(bleeds);
      expect(text(message).includes('Statuses set: Severe bleeding')).toBe(bleeds);
      await click(message, 'undoDamage');
      expect(pc.statuses.has('severe-bleeding')).toBe(false);
      expect(pc.effects.find((e) => e.statuses.has('severe-bleeding'))).toBeUndefined();
    },
  );

  it('bleeding off: 6 piercing or 4 slashing to a Medium target cause no bleeding', async () => {
    await variants(false, false);
    const a = await hero('A');
    const b = await hero('B');
    const piercing = await blast([a], [3, 3], 'piercing');
    await click(piercing, 'applyDamage');
    const slashing = await blast([b], [2, 2], 'slashing');
    await click(slashing, 'applyDamage');
    expect(a.statuses.has('severe-bleeding')).toBe(false);
    expect(b.statuses.has('severe-bleeding')).toBe(false);
  });
});

describe('the HP loss under the variants (applyHitPointLoss)', () => {
  const orc = (hp: Record<string, number>) =>
    h.createActor({ name: 'Orc', type: 'npc', system: { abilities: { con: { value: 20 } }, hp } });

  it('the DC counts the Hit Points lost: temporary HP absorb first; none lost, no save', async () => {
    await variants(true, true);
    const partly = await applyHitPointLoss(
      await orc({ value: 20, temp: 5 }),
      { lethal: 8, nonlethal: 0 },
      () => true,
    );
    expect(partly).toMatchObject({ hpLost: 3, woundTraumaDC: 13, trauma: false, severeBleeding: false });
    const absorbed = await applyHitPointLoss(
      await orc({ value: 20, temp: 10 }),
      { lethal: 8, nonlethal: 0 },
      () => true,
    );
    expect(absorbed).toMatchObject({ hpLost: 0, woundTraumaDC: null, severeBleeding: false });
  });

  it('nonlethal damage sets off neither variant; the dead owe no save and do not bleed', async () => {
    await variants(true, true);
    const stunned = await applyHitPointLoss(
      await orc({ value: 20 }),
      { lethal: 0, nonlethal: 8, nonlethalAttack: true },
      () => true,
    );
    expect(stunned).toMatchObject({ woundTraumaDC: null, severeBleeding: false });
    const dead = await orc({ value: 5 });
    const killed = await applyHitPointLoss(dead, { lethal: 15, nonlethal: 0, slashing: true }, () => true);
    expect(killed).toMatchObject({ condition: 'dead', woundTraumaDC: null, severeBleeding: false });
    expect(dead.statuses.has('severe-bleeding')).toBe(false);
  });

  it('an actor already bleeding gets no second bleeding effect', async () => {
    await variants(false, true);
    const actor = await orc({ value: 20 });
    const first = await applyHitPointLoss(actor, { lethal: 4, nonlethal: 0, slashing: true }, () => true);
    expect(first?.statusesAdded).toEqual(['severe-bleeding']);
    const second = await applyHitPointLoss(actor, { lethal: 4, nonlethal: 0, slashing: true }, () => true);
    expect(second?.statusesAdded).toEqual([]);
    expect(actor.effects.filter((e) => e.statuses.has('severe-bleeding'))).toHaveLength(1);
  });
});

/**
 * Grapple damage (core "Grapple": the hold and the Damage move deal damage) loses Hit Points like any
 * other: under Advanced Wound Trauma it marks no trauma and the damaged side's owners roll the
 * Fortitude save on the grapple card. The grappler (the other player's): Str 14 (+2), grapple +2, no
 * Improved Grapple; the victim (the player's): Con 30, 30 HP, Fortitude +10, grapple +0. Unarmed
 * damage: 1d3 + Str 2 + RD.
 */
describe('grapple damage (the grapple card)', () => {
  const grappleCard = (message: ChatMessage) => grappleState(fresh(message)) as GrappleCardState;
  const lastStep = (message: ChatMessage) => grappleCard(message).steps.at(-1);

  async function grapplers(): Promise<{ grappler: Actor; victim: Actor }> {
    const grappler = await h.createActor(
      { name: 'Grappler', type: 'npc', system: { abilities: { str: { value: 14 } } } },
      otherPlayer,
    );
    const victim = await h.createActor(
      { name: 'Victim', type: 'npc', system: { abilities: { con: { value: 30 } }, hp: { value: 30 } } },
      player,
    );
    h.as(gm);
    const combat = h.startCombat([grappler, victim]) as HarnessCombat;
    await combat.begin();
    await attackActionsSettled();
    return { grappler, victim };
  }

  /**
   * The grappler grabs the victim (the victim's owner declines the attack of opportunity; touch attack
   * d20 15 against touch Defense d20 2 hits) and holds: hold d20 `hold` + 2 against the victim's d20
   * `answer`, then the hold's 1d3 `d3`.
   */
  async function hold(grappler: Actor, victim: Actor, held: number, answer: number, d3: number) {
    h.as(otherPlayer);
    h.target(otherPlayer, h.placeToken(victim));
    const message = (await game.gng.grapple(grappler)) as ChatMessage;
    await attackActionsSettled();
    h.as(player);
    await click(message, 'declineAoo');
    h.as(otherPlayer);
    h.dice.queue(15);
    await click(message, 'touch');
    h.as(player);
    h.dice.queue(2, held);
    await click(message, 'oppose');
    h.dice.queue(answer, d3);
    await click(message, 'oppose');
    return message;
  }

  it.each([
    ['off', false, true],
    ['on', true, false],
  ] as const)(
    'Advanced Wound Trauma %s: the hold deals 25 of 30 HP; trauma marked: %s',
    async (_label, variant, trauma) => {
      await variants(variant, false);
      const { grappler, victim } = await grapplers();
      // Hold 19 + 2 = 21 vs 1: RD 20; 1d3 (3) + 2 + 20 = 25, half or more of the 30 HP.
      const message = await hold(grappler, victim, 19, 1, 3);
      expect(lastStep(message)).toMatchObject({ move: 'start', won: true });
      expect(lastStep(message)?.damage).toMatchObject({ dealt: 25 });
      expect(sys(victim).hp.value).toBe(5);
      expect(traumaPending(victim)).toBe(trauma);
      // The variant's DC: 10 + 25 (Medium).
      expect(lastStep(message)?.woundTrauma ?? null).toEqual(variant ? { dc: 35, save: null } : null);
      h.as(player);
      expect(buttons(message).includes('woundTraumaSave')).toBe(variant);
      expect(text(message).includes('Advanced Wound Trauma: Victim makes a Fortitude save (DC 35).')).toBe(
        variant,
      );
    },
  );

  it("the victim's owners roll Fortitude (DC 17); failed by 5: stunned 1 round; the moves wait for it; the GM's Undo takes it all back", async () => {
    await variants(true, false);
    const { grappler, victim } = await grapplers();
    // Hold 7 + 2 = 9 vs 5: RD 4; 1d3 (1) + 2 + 4 = 7 → DC 10 + 7 = 17 (23 of 30 HP left: no injury).
    const message = await hold(grappler, victim, 7, 5, 1);
    expect(lastStep(message)?.damage).toMatchObject({ dealt: 7 });
    expect(sys(victim).hp.value).toBe(23);
    expect(lastStep(message)?.woundTrauma).toEqual({ dc: 17, save: null });
    expect(text(message)).toContain('Advanced Wound Trauma: Victim makes a Fortitude save (DC 17).');
    // "you must immediately perform a Fortitude saving throw": the grappler's next move waits for it.
    h.as(otherPlayer);
    expect(buttons(message)).not.toContain('woundTraumaSave');
    // No move is offered until then (issue #33); the card says whose save it waits for.
    expect(buttons(message)).not.toContain('damage');
    expect(text(message)).toContain("Waiting for Victim's wound trauma save; the next move comes after it.");
    const refused = await requestGrappleAction(message.id as string, 'damage');
    expect(refused).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.WoundTraumaPending' });
    expect(sys(victim).hp.value).toBe(23);
    // The victim's owner sees the button, and so does the GM.
    h.as(gm);
    expect(buttons(message)).toContain('woundTraumaSave');
    h.as(player);
    // The note above names the victim; the button is short enough for one line in the chat log.
    expect(button(message, 'woundTraumaSave').textContent?.trim()).toBe(
      'Roll Fortitude (wound trauma, DC 17)',
    );
    // d20 2 + 10 = 12 vs DC 17: failed by 5 → stunned for one round.
    h.dice.queue(2);
    await click(message, 'woundTraumaSave');
    expect(lastStep(message)?.woundTrauma?.save).toMatchObject({
      natural: 2,
      bonus: 10,
      total: 12,
      dc: 17,
      success: false,
      failedBy: 5,
      effect: 'stunned',
      rounds: 1,
      dice: [],
    });
    expect(victim.statuses.has('stunned')).toBe(true);
    const stun = victim.effects.find((e) => e.getFlag('gng', 'woundTrauma') === 'stunned');
    expect(stun?.duration.rounds).toBe(1);
    expect(text(message)).toContain('Wound trauma: Fortitude save 2 +10 = 12 vs DC 17: failed');
    expect(text(message)).toContain('Victim is stunned for 1 round (failed by 5).');
    expect(buttons(message)).not.toContain('woundTraumaSave');
    // Rolled once: the grappler goes on; its player no longer undoes the hold (the GM does).
    h.as(otherPlayer);
    expect(buttons(message)).toContain('damage');
    expect(buttons(message)).not.toContain('undo');
    const undoRefused = await requestGrappleAction(message.id as string, 'undo');
    expect(undoRefused).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.UndoSaved' });
    h.as(gm);
    await click(message, 'undo');
    expect(sys(victim).hp.value).toBe(30);
    expect(victim.statuses.has('stunned')).toBe(false);
    expect(victim.effects.find((e) => e.getFlag('gng', 'woundTrauma') !== undefined)).toBeUndefined();
    expect(grappleCard(message).steps.map((s) => s.move)).toEqual(['touch']);
    expect(text(message)).not.toContain('wound trauma');
    expect(text(message)).not.toContain('Wound trauma');
  });

  it("the victim's sheet offers the save while it is owed (and no move), as the card does", async () => {
    await variants(true, false);
    const { grappler, victim } = await grapplers();
    const message = await hold(grappler, victim, 7, 5, 1); // 7 damage, DC 17
    const moves = (sheet: { element: HTMLElement }) =>
      [
        ...sheet.element.querySelectorAll<HTMLButtonElement>(
          '.grapple-moves button[data-action="grappleMove"]',
        ),
      ].map((b) => `${b.dataset.move}: ${b.textContent?.trim()}`);
    h.as(player);
    const sheet = await h.openSheet(victim);
    expect(moves(sheet)).toEqual(['woundTraumaSave: Roll Fortitude (wound trauma, DC 17)']);
    h.dice.queue(12); // 12 + 10 = 22 vs DC 17: made
    await h.click(sheet, '.grapple-moves button[data-move="woundTraumaSave"]');
    await attackActionsSettled();
    expect(lastStep(message)?.woundTrauma?.save).toMatchObject({ natural: 12, total: 22, effect: 'none' });
    await sheet.render(false);
    expect(moves(sheet)).toEqual([
      'damage: Damage',
      'pin: Pin',
      'escape: Escape',
      'escapeArtist: Escape Artist',
    ]);
  });

  it('the Damage move owes its own save; the GM may roll it; a success sets nothing', async () => {
    await variants(true, false);
    const { grappler, victim } = await grapplers();
    const message = await hold(grappler, victim, 7, 5, 1); // 7 damage, DC 17
    h.as(gm);
    h.dice.queue(7); // 7 + 10 = 17 vs DC 17: made
    await click(message, 'woundTraumaSave');
    expect(lastStep(message)?.woundTrauma?.save).toMatchObject({ total: 17, success: true, effect: 'none' });
    expect(victim.effects.find((e) => e.getFlag('gng', 'woundTrauma') !== undefined)).toBeUndefined();
    // Damage: 6 + 2 = 8 vs 8: the mover wins ties, RD 0; 1d3 (1) + 2 = 3 → DC 13 (20 of 30 HP left).
    h.as(otherPlayer);
    h.dice.queue(6);
    await click(message, 'damage');
    h.as(player);
    h.dice.queue(8, 1);
    await click(message, 'oppose');
    expect(lastStep(message)).toMatchObject({ move: 'damage', won: true, relativeDegree: 0 });
    expect(sys(victim).hp.value).toBe(20);
    expect(lastStep(message)?.woundTrauma).toEqual({ dc: 13, save: null });
    // The hold's save stays in the history.
    expect(text(message)).toContain('Victim shakes off the wound.');
    // The note above names the victim; the button is short enough for one line in the chat log.
    expect(button(message, 'woundTraumaSave').textContent?.trim()).toBe(
      'Roll Fortitude (wound trauma, DC 13)',
    );
  });
});

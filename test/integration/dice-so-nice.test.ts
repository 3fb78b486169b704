/**
 * Dice So Nice shows every roll a card makes after it was posted (src/cards/kernel/show-rolls.ts):
 * Defense, Block (with its d10 chain), damage, Roll with the Blow, called-shot saves and durations,
 * grapple checks and their damage, Maintain Footing, area Reflex saves and Dive for Cover — each
 * once, on the card, to whom the card's roll mode allows; the card's first rolls stay in its `rolls`
 * (DSN animates those on creation). Without DSN, or with a failing DSN, the cards work the same.
 * The stand-in (test/harness/dice3d.ts) records each `showForRoll` and whose clients would show it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardHelpers, withFeats } from '../fixtures/cards.js';
import { getHarness, installDice3d, type Dice3DStandIn, type ShownRoll } from '../harness/index.js';
import { HarnessRoll } from '../harness/roll.js';
import { asClient } from '../harness/clients.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import { grappleState, type GrappleCardState } from '../../src/cards/grapple/grapple-ask.js';
import { areaState, type AreaCardState } from '../../src/cards/area/area-actions.js';
import { maneuverState, type ManeuverCardState } from '../../src/cards/maneuver/maneuver-actions.js';
import { bleedingCardOf } from '../../src/cards/bleeding/bleeding-actions.js';
import { showRolls } from '../../src/cards/kernel/index.js';

const h = await getHarness();
const { click } = cardHelpers(h);
const { gm, player, otherPlayer } = h.users;
const [gmId, playerId, otherId] = [gm, player, otherPlayer].map((user) => user.id as string) as [
  string,
  string,
  string,
];
const everyone = [gmId, playerId, otherId];

// Every Roll evaluated (its `this`), in order: what the cards rolled, to compare with what DSN showed.
const evaluate = vi.spyOn(HarnessRoll.prototype, 'evaluate');
const rolledSince = (mark: number): Roll[] =>
  (evaluate.mock.contexts.slice(mark) as Roll[]).filter((roll) => roll.dice.length > 0);
const mark = () => evaluate.mock.contexts.length;

beforeEach(() => {
  h.reset(31);
  evaluate.mockClear();
});
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const attackTarget = (message: ChatMessage) =>
  (cardState(fresh(message)) as AttackCardState).targets[0] as CardTarget;
const sword = (actor: Actor) => actor.items.find((i) => i.name === 'Bastard sword') as Item;

/** The current user clicks `action` on the card's first target (a Block without breaking). */
async function press(message: ChatMessage, action: string): Promise<void> {
  const html = h.renderMessage(fresh(message));
  const button = html.querySelector<HTMLButtonElement>(
    `button[data-action="${action}"]:not([data-breaking]):not([disabled])`,
  );
  if (!button) throw new Error(`${game.user.name} sees no ${action} button`);
  button.dispatchEvent(
    new h.window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event,
  );
  await attackActionsSettled();
}

/**
 * Each roll made since `since` (with dice) was shown exactly once, in order, for `message`: by the
 * GM's client, synchronized, with the given audience.
 */
function expectShown(
  dsn: Dice3DStandIn,
  since: number,
  message: ChatMessage,
  audience: Pick<ShownRoll, 'whisper' | 'blind' | 'seenBy'>,
): void {
  const made = rolledSince(since);
  expect(made.length).toBeGreaterThan(0);
  expect(dsn.shown.map((s) => s.roll)).toHaveLength(made.length);
  dsn.shown.forEach((shown, i) => {
    expect(shown.roll).toBe(made[i]);
    expect(shown).toMatchObject({
      by: gmId,
      user: gmId,
      synchronize: true,
      messageId: message.id,
      speaker: fresh(message).speaker,
      ...audience,
    });
  });
}

/** The fighter (player's) and the rogue (other player's, Tumble 4 ranks), in combat. */
async function duel(): Promise<{ fighter: Actor; rogue: Actor }> {
  const fighter = await appendix3Fighter(h, player);
  const rogue = await appendix3Rogue(h, otherPlayer);
  await rogue.update({ 'system.skills.tumble.ranks': 4 });
  await (h.startCombat([fighter, rogue]) as unknown as { begin(): Promise<void> }).begin();
  return { fighter, rogue };
}

/** The player's fighter attacks `defender` (attack d20 `natural`) with `options`. */
async function attack(fighter: Actor, defender: Actor, natural: number, options = {}): Promise<ChatMessage> {
  h.as(player);
  h.target(player, h.placeToken(defender));
  h.dice.queue(natural);
  const message = (await game.gng.attack(fighter, sword(fighter), options)) as ChatMessage;
  await attackActionsSettled();
  return message;
}

describe('Dice So Nice on the attack card', () => {
  it('Defense, a failed Block with its chain, damage and Roll with the Blow: each shown once, to everyone', async () => {
    const dsn = installDice3d();
    const { fighter, rogue } = await duel();
    const message = await attack(fighter, rogue, 15);
    // The attack roll is the card's own roll: DSN animates it when the card is created.
    expect(fresh(message).rolls).toHaveLength(1);
    expect(dsn.shown).toEqual([]);
    const since = mark();
    h.as(otherPlayer);
    h.dice.queue(1);
    await press(message, 'rollDefense');
    expect(attackTarget(message).result?.hit).toBe(true);
    h.dice.queue(1, 3); // a natural 1 on the Block: the critical failure chain rolls its d10s
    await press(message, 'block');
    const block = attackTarget(message).aborts?.block;
    expect(block).toMatchObject({ natural: 1, blocked: false });
    expect(block?.chainDice.length).toBeGreaterThan(0);
    h.as(player);
    await press(message, 'rollDamage');
    h.as(otherPlayer);
    await press(message, 'rollWithBlow');
    expect(attackTarget(message).aborts?.rollWithBlow).toBeTruthy();
    h.as(gm);
    await press(message, 'applyDamage');
    expect(attackTarget(message).applied).toBeTruthy();

    expectShown(dsn, since, message, { whisper: null, blind: false, seenBy: everyone });
    // Defense d20, Block d20, its d10s, the damage dice, the Tumble d20.
    expect(dsn.shown.map((s) => s.formula)).toEqual([
      '1d20',
      '1d20 + ' + block?.bonus,
      ...(block?.chainDice ?? []).map(() => '1d10'),
      attackTarget(message).damage?.formula,
      expect.stringMatching(/^1d20/),
    ]);
  });

  it('called shots: the Penetration Reflex save, then the Stun Fortitude save after Apply', async () => {
    const dsn = installDice3d();
    const orc = await h.createActor({
      name: 'Orc',
      type: 'npc',
      system: { hp: { value: 30 }, abilities: { con: { value: 30 } } },
    });
    const fighter = await appendix3Fighter(h, player);
    const message = await attack(fighter, orc, 19, { calledShots: ['penetration', 'stun'] });
    const since = mark();
    h.as(gm);
    h.dice.queue(1);
    await press(message, 'rollDefense');
    h.dice.queue(1);
    await press(message, 'penetrationSave');
    await press(message, 'declineAttackOfOpportunity');
    h.as(player);
    await press(message, 'rollDamage');
    await press(message, 'applyDamage');
    h.as(gm);
    h.dice.queue(1);
    await press(message, 'conditionSave');
    const calledShot = attackTarget(message).calledShot;
    expect(calledShot?.penetration?.save).toMatchObject({ natural: 1 });
    expect(calledShot?.condition?.save).toMatchObject({ natural: 1, success: false });
    expectShown(dsn, since, message, { whisper: null, blind: false, seenBy: everyone });
    expect(dsn.shown).toHaveLength(4); // Defense, Reflex, damage, Fortitude (Stun lasts 1 round: no dice)
  });

  it('follows the card’s roll mode: a whisper reaches its users; a blind card the GMs only', async () => {
    const dsn = installDice3d();
    const { fighter, rogue } = await duel();
    const whispered = await attack(fighter, rogue, 15);
    h.as(gm);
    await fresh(whispered).update({ whisper: [gmId, otherId] });
    let since = mark();
    h.as(otherPlayer);
    h.dice.queue(1);
    await press(whispered, 'rollDefense');
    expectShown(dsn, since, whispered, {
      whisper: [gmId, otherId],
      blind: false,
      seenBy: [gmId, otherId],
    });

    dsn.shown.length = 0;
    const blind = await attack(fighter, rogue, 15);
    h.as(gm);
    // A blind GM roll, even one whispered to a player too: its dice are the GMs' only.
    await fresh(blind).update({ whisper: [gmId, playerId], blind: true });
    since = mark();
    h.as(otherPlayer);
    h.dice.queue(1);
    await press(blind, 'rollDefense');
    h.as(player);
    await press(blind, 'rollDamage');
    expectShown(dsn, since, blind, { whisper: [gmId], blind: false, seenBy: [gmId] });
    expect(dsn.shown).toHaveLength(2);
  });

  it('on a client that is not a GM’s, a blind card’s roll is blind there (DSN does not animate it)', async () => {
    const dsn = installDice3d();
    const { fighter, rogue } = await duel();
    const message = await attack(fighter, rogue, 15);
    h.as(gm);
    await fresh(message).update({ whisper: [gmId], blind: true });
    const roll = await new Roll('1d6').evaluate();
    const flat = await new Roll('0').evaluate(); // no dice: nothing for DSN to show
    asClient(player, () => showRolls(fresh(message), [roll, flat, null]));
    expect(dsn.shown).toHaveLength(1);
    expect(dsn.shown[0]).toMatchObject({ by: playerId, whisper: [gmId], blind: true, seenBy: [gmId] });
  });
});

describe('Dice So Nice on the other cards', () => {
  it('grapple: the touch attack is the card’s roll; touch Defense, hold and grapple checks and damage are shown', async () => {
    const dsn = installDice3d();
    const victim = await h.createActor(
      { name: 'Victim', type: 'npc', system: { abilities: { con: { value: 30 } }, hp: { value: 30 } } },
      player,
    );
    const grappler = await withFeats(
      await h.createActor(
        { name: 'Grappler', type: 'npc', system: { abilities: { str: { value: 14 } } } },
        otherPlayer,
      ),
      ['improved-grapple'],
    );
    h.as(otherPlayer);
    h.target(otherPlayer, h.placeToken(victim));
    h.dice.queue(15); // no attack of opportunity: the touch attack is rolled with the card
    const message = (await game.gng.grapple(grappler)) as ChatMessage;
    await attackActionsSettled();
    const touch = (grappleState(fresh(message)) as GrappleCardState).pending?.roll;
    expect(fresh(message).rolls.map((r) => r.total)).toEqual([touch?.total]);
    expect(touch?.natural).toBe(15);
    expect(dsn.shown).toEqual([]);
    const since = mark();
    h.as(player);
    h.dice.queue(2, 18); // touch Defense 2: hit; the hold check's d20 18
    await click(message, 'oppose');
    h.dice.queue(3); // the victim's grapple check: the hold wins and deals its damage
    await click(message, 'oppose');
    const state = grappleState(fresh(message)) as GrappleCardState;
    expect(state.phase).toBe('grappling');
    expect(state.steps.at(-1)?.damage).toBeTruthy();
    expectShown(dsn, since, message, { whisper: null, blind: false, seenBy: everyone });
    expect(dsn.shown).toHaveLength(4); // touch Defense, hold check, answer, damage
  });

  it('maneuver: Maintain Footing; area: the Reflex save and Dive for Cover', async () => {
    const dsn = installDice3d();
    const hero = await h.createActor(
      {
        name: 'Hero',
        type: 'npc',
        system: {
          abilities: { con: { value: 30 } },
          hp: { value: 30 },
          skills: { jump: { ranks: 10 }, balance: { ranks: 5 } },
        },
      },
      player,
    );
    const brute = await h.createActor(
      { name: 'Brute', type: 'npc', system: { abilities: { str: { value: 14 } } } },
      otherPlayer,
    );
    h.as(otherPlayer);
    h.target(otherPlayer, h.placeToken(hero));
    h.dice.queue(10);
    const trip = (await game.gng.maneuver(brute, 'trip', {})) as ChatMessage;
    await attackActionsSettled();
    let since = mark();
    h.as(player);
    h.dice.queue(8);
    await click(trip, 'maintainFooting');
    expect((maneuverState(fresh(trip)) as ManeuverCardState).targets[0]?.footing).toMatchObject({
      natural: 8,
    });
    expectShown(dsn, since, trip, { whisper: null, blind: false, seenBy: everyone });

    dsn.shown.length = 0;
    h.as(gm);
    const blast = (await game.gng.areaDamage({
      damage: '2d6',
      saveDc: 20,
      save: 'ref',
      targets: [hero],
    })) as ChatMessage;
    expect(fresh(blast).rolls).toHaveLength(1);
    since = mark();
    h.as(player);
    h.dice.queue(3);
    await click(blast, 'rollSave');
    h.dice.queue(16);
    await click(blast, 'diveForCover');
    expect((areaState(fresh(blast)) as AreaCardState).targets[0]).toMatchObject({
      save: { natural: 3 },
      dive: { natural: 16 },
    });
    expectShown(dsn, since, blast, { whisper: null, blind: false, seenBy: everyone });
    expect(dsn.shown).toHaveLength(2);
  });

  it('Severe Bleeding: the round’s Fortitude save', async () => {
    const dsn = installDice3d();
    const { fighter } = await duel();
    await fighter.toggleStatusEffect('severe-bleeding');
    await attackActionsSettled();
    h.as(gm);
    const combat = game.combat as unknown as { nextRound(): Promise<void> };
    await combat.nextRound();
    await attackActionsSettled();
    const card = game.messages.contents.filter((m) => bleedingCardOf(m) !== null).at(-1) as ChatMessage;
    expect(card).toBeTruthy();
    const since = mark();
    h.as(player);
    h.dice.queue(12);
    await click(card, 'bleedingSave');
    expect(bleedingCardOf(fresh(card))?.result).toMatchObject({ natural: 12 });
    expectShown(dsn, since, card, { whisper: null, blind: false, seenBy: everyone });
    expect(dsn.shown.map((s) => s.total)).toEqual([12]);
  });
});

describe('without Dice So Nice', () => {
  it('the cards work as before when the module is absent or its animation fails', async () => {
    expect(game.dice3d).toBeUndefined();
    const { fighter, rogue } = await duel();
    const message = await attack(fighter, rogue, 15);
    h.as(otherPlayer);
    h.dice.queue(1);
    await press(message, 'rollDefense');
    h.as(player);
    await press(message, 'rollDamage');
    expect(attackTarget(message).damage).toBeTruthy();

    // A DSN that throws or rejects: the card goes on, the error is logged.
    const dsn = installDice3d();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    dsn.showForRoll = () => {
      calls += 1;
      if (calls === 1) throw new Error('no WebGL');
      return Promise.reject(new Error('no WebGL'));
    };
    const second = await attack(fighter, rogue, 15);
    h.as(otherPlayer);
    h.dice.queue(1);
    await press(second, 'rollDefense');
    h.as(player);
    await press(second, 'rollDamage');
    await vi.waitFor(() => expect(errors).toHaveBeenCalledTimes(2));
    errors.mockRestore();
    expect(attackTarget(second).damage).toBeTruthy();
  });
});

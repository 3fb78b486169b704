/**
 * Issue #33: each card says in words whose move it is and what for, a step's button shows only while
 * the step is open (never greyed after it), and a finished step keeps its result (folded steps). On
 * the harness, through the buttons each user sees: the attack card step by step, a called shot that
 * waits for the attack of opportunity, and the grapple card (only the side that may act has moves;
 * Escape only once the sides are grappled, and only the escapes for a pinned side).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardHelpers, withFeats } from '../fixtures/cards.js';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState } from '../../src/cards/attack/attack-state.js';
import { grappleState, type GrappleCardState } from '../../src/cards/grapple/grapple-ask.js';

const h = await getHarness();
const { click, visibleButtons, waiting } = cardHelpers(h);
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(33));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const attack = (message: ChatMessage) => cardState(fresh(message)) as AttackCardState;
const grapple = (message: ChatMessage) => grappleState(fresh(message)) as GrappleCardState;

/** What every user sees: no button is ever drawn greyed (a closed step has none). */
function noGreyedButtons(message: ChatMessage): void {
  for (const user of [gm, player, otherPlayer]) {
    h.as(user);
    expect(visibleButtons(message).filter((b) => b.endsWith(':disabled'))).toEqual([]);
  }
}

/** `user`'s view of the card: its buttons and its waiting lines. */
function seenBy(user: User, message: ChatMessage) {
  h.as(user);
  return { buttons: visibleButtons(message), waiting: waiting(message) };
}

/** An NPC (`owner`'s, else the GM's) with Defense +0, no Protection, 30 HP. */
function orc(owner?: User): Promise<Actor> {
  return h.createActor(
    { name: 'Orc', type: 'npc', system: { hp: { value: 30 }, abilities: { con: { value: 30 } } } },
    owner,
  );
}

/** The player's fighter (bastard sword +9, 1d10 + 4) attacks `target` with the d20 `natural`. */
async function fighterAttacks(target: Actor, natural: number, options: Record<string, unknown> = {}) {
  const fighter = await appendix3Fighter(h, player);
  h.as(player);
  h.target(player, h.placeToken(target));
  h.dice.queue(natural);
  const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
  const message = (await game.gng.attack(fighter, sword, options)) as ChatMessage;
  await attackActionsSettled();
  return { fighter, message };
}

describe('the attack card says what it waits for, step by step', () => {
  it('Defense, damage, Apply: one line naming whose step it is; a finished step keeps its result, folded', async () => {
    const target = await orc();
    const { fighter, message } = await fighterAttacks(target, 10); // 10 + 9 = 19
    const me = fighter.name;
    // The Orc is the GM's: the player sees why nothing is to press, the GM the button.
    expect(seenBy(player, message)).toEqual({ buttons: [], waiting: ["Waiting for Orc's Defense roll."] });
    expect(seenBy(gm, message).buttons).toEqual(['rollDefense']);
    noGreyedButtons(message);

    h.as(gm);
    h.dice.queue(5); // Defense 5: a hit, RD 14 (19 − 5)
    await click(message, 'rollDefense');
    expect(seenBy(player, message)).toEqual({
      buttons: ['rollDamage'],
      waiting: [`Waiting for ${me}'s damage roll.`],
    });
    // The GM's Roll Defense is gone; the Defense step is its total with its steps folded away.
    const html = h.renderMessage(fresh(message));
    expect(html.querySelector('[data-action="rollDefense"]')).toBeNull();
    expect(html.querySelector('.defense-total .big-value')?.textContent).toBe('5');
    const folded = html.querySelector<HTMLDetailsElement>('.defense details.steps');
    expect(folded?.open).toBe(false);
    expect(folded?.querySelector('summary')?.textContent).toContain('Natural 5');
    noGreyedButtons(message);

    h.as(player);
    h.dice.queue(3);
    await click(message, 'rollDamage');
    expect(seenBy(player, message)).toEqual({
      buttons: ['applyDamage'],
      waiting: [`Waiting for ${me} to apply the damage to Orc.`],
    });
    expect(seenBy(otherPlayer, message)).toEqual({
      buttons: [],
      waiting: [`Waiting for ${me} to apply the damage to Orc.`],
    });
    noGreyedButtons(message);

    h.as(player);
    await click(message, 'applyDamage');
    expect(attack(message).targets[0]?.applied).not.toBeNull();
    // Nothing left to wait for: only the attacker's Undo remains.
    expect(seenBy(player, message)).toEqual({ buttons: ['undoDamage'], waiting: [] });
    expect(seenBy(otherPlayer, message)).toEqual({ buttons: [], waiting: [] });
    noGreyedButtons(message);
  }, 20_000); // the file's first card loads the attack card's modules (seconds on a busy machine)

  it('a miss ends the exchange: no button and no waiting line', async () => {
    const target = await orc();
    const { message } = await fighterAttacks(target, 2); // 11
    h.as(gm);
    h.dice.queue(15); // 15: a miss
    await click(message, 'rollDefense');
    expect(attack(message).targets[0]?.result?.hit).toBe(false);
    for (const user of [gm, player]) expect(seenBy(user, message)).toEqual({ buttons: [], waiting: [] });
  });
});

describe('a called shot waits for the attack of opportunity it provoked', () => {
  it("no greyed Roll damage: the line says it waits for the Orc's choice, then the damage, then its save", async () => {
    const target = await orc(otherPlayer);
    const { fighter, message } = await fighterAttacks(target, 15, { calledShots: ['stun'] });
    h.as(otherPlayer);
    h.dice.queue(1);
    await click(message, 'rollDefense');
    expect(attack(message).targets[0]?.calledShot).toMatchObject({ provokes: true });
    const line = 'Waiting for Orc to take or decline the attack of opportunity; the damage comes after it.';
    // The attacker's side has no Roll damage (greyed or not); the Orc's owner has the choice.
    expect(seenBy(player, message)).toEqual({ buttons: [], waiting: [line] });
    expect(seenBy(otherPlayer, message).buttons).toEqual(
      expect.arrayContaining(['attackOfOpportunity', 'declineAttackOfOpportunity']),
    );
    noGreyedButtons(message);

    h.as(otherPlayer);
    await click(message, 'declineAttackOfOpportunity');
    expect(seenBy(player, message)).toEqual({
      buttons: ['rollDamage'],
      waiting: [`Waiting for ${fighter.name}'s damage roll.`],
    });
    h.as(player);
    h.dice.queue(6);
    await click(message, 'rollDamage');
    await click(message, 'applyDamage');
    // After Apply the stun calls for the Orc's Fortitude save: its owner's button, everyone's line.
    const save = "Waiting for Orc's Fortitude save against the called shot's effects.";
    expect(seenBy(player, message)).toEqual({ buttons: ['undoDamage'], waiting: [save] });
    expect(seenBy(otherPlayer, message)).toEqual({ buttons: ['conditionSave'], waiting: [save] });
    noGreyedButtons(message);
  });
});

describe('the grapple card: only the side that may act has moves, and the card says whose turn it is', () => {
  async function grab(): Promise<ChatMessage> {
    const victim = await h.createActor(
      { name: 'Victim', type: 'npc', system: { abilities: { con: { value: 30 } }, hp: { value: 30 } } },
      player,
    );
    const grappler = await withFeats(
      await h.createActor(
        { name: 'Grappler', type: 'npc', system: { abilities: { str: { value: 14 } } } },
        otherPlayer,
      ),
      [],
    );
    h.as(otherPlayer);
    h.target(otherPlayer, h.placeToken(victim));
    const message = (await game.gng.grapple(grappler)) as ChatMessage;
    await attackActionsSettled();
    return message;
  }

  it('the grab: the defender chooses on the attack of opportunity, then the touch attack; no Escape before the hold', async () => {
    const message = await grab();
    const aoo =
      "Waiting for Victim to take or decline the attack of opportunity; Grappler's touch attack comes after it.";
    // The grappler has no moves at all (not five greyed ones, not Escape): the line says why.
    expect(seenBy(otherPlayer, message)).toEqual({ buttons: [], waiting: [aoo] });
    expect(seenBy(player, message)).toEqual({ buttons: ['aoo', 'declineAoo'], waiting: [aoo] });
    h.as(gm);
    expect(h.renderMessage(fresh(message)).querySelectorAll('.grapple-side')).toHaveLength(1);
    noGreyedButtons(message);

    h.as(player);
    await click(message, 'declineAoo');
    expect(seenBy(otherPlayer, message)).toEqual({
      buttons: ['touch'],
      waiting: ["Waiting for Grappler's touch attack."],
    });
    expect(seenBy(player, message).buttons).toEqual([]);
    for (const user of [gm, player, otherPlayer]) {
      h.as(user);
      expect(visibleButtons(message)).not.toContain('escape');
    }

    // The touch attack waits for the victim's touch Defense.
    h.as(otherPlayer);
    h.dice.queue(15);
    await click(message, 'touch');
    const touch = "Waiting for Victim's touch Defense roll against Grappler's touch attack.";
    expect(seenBy(otherPlayer, message)).toEqual({ buttons: [], waiting: [touch] });
    expect(seenBy(player, message)).toEqual({ buttons: ['oppose'], waiting: [touch] });
    noGreyedButtons(message);
  });

  it('grappling: both sides may escape (both are grappled); a pinned side has only the escapes, and the card says so', async () => {
    const message = await grab();
    h.as(player);
    await click(message, 'declineAoo');
    h.as(otherPlayer);
    h.dice.queue(15);
    await click(message, 'touch');
    h.as(player);
    h.dice.queue(2, 10); // touch Defense 2: a hit; the hold check 10 + 2 = 12
    await click(message, 'oppose');
    h.dice.queue(5, 2); // 12 vs 5: held
    await click(message, 'oppose');
    expect(grapple(message).phase).toBe('grappling');
    const either = 'Waiting for a move by Grappler or Victim, each on its turn.';
    expect(seenBy(player, message)).toMatchObject({ waiting: [either] });
    expect(seenBy(player, message).buttons).toEqual(expect.arrayContaining(['escape', 'pin', 'damage']));
    expect(seenBy(otherPlayer, message).buttons).toEqual(expect.arrayContaining(['escape', 'pin', 'damage']));

    // The grappler pins the victim: the victim's row holds only the escapes.
    h.as(otherPlayer);
    h.dice.queue(19);
    await click(message, 'pin');
    h.as(player);
    h.dice.queue(1);
    await click(message, 'oppose');
    const held = seenBy(player, message);
    const row = h
      .renderMessage(fresh(message))
      .querySelectorAll<HTMLElement>('.grapple-defender [data-action]');
    expect([...row].map((b) => b.dataset.action)).toEqual(['escape', 'escapeArtist']);
    expect(held.waiting).toEqual([either, 'Victim is held: only an escape is possible.']);
    noGreyedButtons(message);
  });
});

describe('the area card says whose step it waits for', () => {
  it("the target's Reflex save, then the GM's Apply (the GM's step, named so); then nothing", async () => {
    const hero = await h.createActor(
      { name: 'Hero', type: 'npc', system: { abilities: { con: { value: 30 } }, hp: { value: 30 } } },
      player,
    );
    h.as(gm);
    h.dice.queue(3, 3);
    const message = (await game.gng.areaDamage({
      damage: '2d6',
      saveDc: 15,
      save: 'ref',
      targets: [hero],
    })) as ChatMessage;
    await attackActionsSettled();
    const save =
      "Waiting for Hero's Reflex save (DC 15) or Dive for Cover; then for the GM to apply the damage.";
    expect(seenBy(player, message)).toEqual({ buttons: ['rollSave', 'diveForCover'], waiting: [save] });
    noGreyedButtons(message);
    h.as(player);
    h.dice.queue(2); // the save fails
    await click(message, 'rollSave');
    const apply = 'Waiting for the GM to apply the damage to Hero.';
    expect(seenBy(player, message)).toEqual({ buttons: ['diveForCover'], waiting: [apply] });
    expect(seenBy(gm, message).buttons).toEqual(['diveForCover', 'applyDamage']);
    h.as(gm);
    await click(message, 'applyDamage');
    expect(seenBy(player, message)).toEqual({ buttons: [], waiting: [] });
    expect(seenBy(gm, message)).toEqual({ buttons: ['undoDamage'], waiting: [] });
    noGreyedButtons(message);
  });
});

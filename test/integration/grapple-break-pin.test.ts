/**
 * Break Another's Pin (core "If the Character is Grappling": "Make an opposed grapple check; if the
 * character succeeds, he or she can break the hold that an opponent has over an ally") on the grapple
 * card: an ally that grapples the pinner presses Break the pin on the pinned creature's card, the
 * pinner's owner answers with a Grapple check, a win clears the pin (not the grapple), Undo puts it
 * back. Dice are queued in roll order; the numbers are worked by hand in the comments.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardHelpers, fromConsole } from '../fixtures/cards.js';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { grappleState, type GrappleCardState } from '../../src/cards/grapple/grapple-ask.js';

const h = await getHarness();
const { click, visibleButtons } = cardHelpers(h);
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(11));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const card = (message: ChatMessage) =>
  grappleState(game.messages.get(message.id as string)) as GrappleCardState;
const lastStep = (message: ChatMessage) => card(message).steps.at(-1);
const timedPin = (actor: Actor) =>
  actor.effects.find((e) => e.statuses.has('pinned') && e.getFlag('gng', 'grappleTimed') === true);

/**
 * The cast, each with Con 30 (30 HP), BAB 0, Medium: the pinner (`otherPlayer`, Str 14: grapple
 * +2), the victim (`player`, Str 10: +0) and the victim's ally (`player`, Str 16: +3).
 */
async function cast() {
  const make = (name: string, str: number, owner: User) =>
    h.createActor(
      {
        name,
        type: 'npc',
        system: { abilities: { str: { value: str }, con: { value: 30 } }, hp: { value: 30 } },
      },
      owner,
    );
  return {
    pinner: await make('Pinner', 14, otherPlayer),
    victim: await make('Victim', 10, player),
    ally: await make('Ally', 16, player),
  };
}

/**
 * The pinner grapples and pins the victim: the victim's owner declines the attack of opportunity;
 * touch attack d20 15 vs touch Defense d20 2 hits; hold 10 + 2 = 12 vs 5 + 0 = 5 (damage die 1);
 * pin 10 + 2 = 12 vs 5 + 0 = 5.
 */
async function pinned(pinner: Actor, victim: Actor): Promise<ChatMessage> {
  h.as(otherPlayer);
  h.target(otherPlayer, h.placeToken(victim));
  const message = (await game.gng.grapple(pinner)) as ChatMessage;
  await attackActionsSettled();
  h.as(player);
  await click(message, 'declineAoo');
  h.as(otherPlayer);
  h.dice.queue(15);
  await click(message, 'touch');
  h.as(player);
  h.dice.queue(2, 10);
  await click(message, 'oppose');
  h.dice.queue(5, 1);
  await click(message, 'oppose');
  h.as(otherPlayer);
  h.dice.queue(10);
  await click(message, 'pin');
  h.as(player);
  h.dice.queue(5);
  await click(message, 'oppose');
  expect(victim.statuses.has('pinned')).toBe(true);
  return message;
}

/**
 * The ally joins the grapple against the pinner (core "Joining a Grapple": no attack of opportunity,
 * the grab succeeds): hold 12 + 3 = 15 vs the pinner's 5 + 2 = 7 (damage die 1).
 */
async function allyJoins(ally: Actor, pinner: Actor): Promise<ChatMessage> {
  h.as(player);
  h.target(player, h.placeToken(pinner));
  h.dice.queue(12);
  const message = (await game.gng.grapple(ally)) as ChatMessage;
  await attackActionsSettled();
  expect(card(message)).toMatchObject({ join: true });
  h.as(otherPlayer);
  h.dice.queue(5, 1);
  await click(message, 'oppose');
  expect(ally.statuses.has('grappling')).toBe(true);
  return message;
}

describe("Break Another's Pin", () => {
  it('an ally in the grapple breaks the pin (not the grapple) by an opposed check; it may fail; Undo restores it', async () => {
    const { pinner, victim, ally } = await cast();
    const first = await pinned(pinner, victim);
    await allyJoins(ally, pinner);

    // The victim's owner (the ally's) sees Break the pin; the pinner's owner does not.
    h.as(player);
    expect(visibleButtons(first)).toContain('breakPin');
    h.as(otherPlayer);
    expect(visibleButtons(first)).not.toContain('breakPin');

    // First try: the ally 4 + 3 = 7 against the pinner's 10 + 2 = 12: fails, the pin holds.
    h.as(player);
    h.dice.queue(4);
    await click(first, 'breakPin');
    expect(card(first).pending).toMatchObject({ move: 'breakPin', side: 'defender', roll: { total: 7 } });
    expect(card(first).pending?.ally?.name).toBe('Ally');
    h.as(otherPlayer);
    h.dice.queue(10);
    await click(first, 'oppose');
    expect(lastStep(first)).toMatchObject({ move: 'breakPin', won: false, relativeDegree: 7 - 12 });
    expect(victim.statuses.has('pinned')).toBe(true);

    // Second try: 15 + 3 = 18 against 6 + 2 = 8: the pin is broken; both still grapple.
    h.as(player);
    h.dice.queue(15);
    await click(first, 'breakPin');
    h.as(otherPlayer);
    h.dice.queue(6);
    await click(first, 'oppose');
    expect(lastStep(first)).toMatchObject({
      move: 'breakPin',
      side: 'defender',
      won: true,
      relativeDegree: 10,
      ally: { actorUuid: ally.uuid, name: 'Ally' },
    });
    expect(victim.statuses.has('pinned')).toBe(false);
    expect([victim.statuses.has('grappling'), pinner.statuses.has('grappling')]).toEqual([true, true]);
    expect(card(first).phase).toBe('grappling');
    const html = h.renderMessage(game.messages.get(first.id as string) as ChatMessage);
    expect(html.querySelector('.grapple-outcome')?.textContent).toBe('Ally wins');

    // Undo (by the ally's user, who won): the pin is back for its 1 round.
    h.as(player);
    await click(first, 'undo');
    expect(victim.statuses.has('pinned')).toBe(true);
    expect(timedPin(victim)?.duration.rounds).toBe(1);
    expect(lastStep(first)).toMatchObject({ move: 'breakPin', won: false });
  });

  it("from the ally's sheet: its Grapple group offers Break Victim's pin, which the pinner answers", async () => {
    const { pinner, victim, ally } = await cast();
    const first = await pinned(pinner, victim);
    await allyJoins(ally, pinner);
    h.as(player);
    const sheet = await h.openSheet(ally);
    const button = sheet.element.querySelector<HTMLButtonElement>(
      `button[data-action="grappleMove"][data-move="breakPin"][data-message-id="${first.id}"]`,
    );
    expect(button?.textContent?.trim()).toBe("Break Victim's pin");
    // The ally 9 + 3 = 12 against the pinner's 9 + 2 = 11: broken.
    h.dice.queue(9);
    await h.click(
      sheet,
      `button[data-action="grappleMove"][data-move="breakPin"][data-message-id="${first.id}"]`,
    );
    await attackActionsSettled();
    expect(card(first).pending).toMatchObject({
      move: 'breakPin',
      roll: { total: 12 },
      ally: { name: 'Ally' },
    });
    h.as(otherPlayer);
    h.dice.queue(9);
    await click(first, 'oppose');
    expect(lastStep(first)).toMatchObject({ move: 'breakPin', won: true, relativeDegree: 1 });
    expect(victim.statuses.has('pinned')).toBe(false);
    // The pinner's own sheet offers no such button.
    const pinnerSheet = await h.openSheet(pinner);
    expect(pinnerSheet.element.querySelector('button[data-move="breakPin"]')).toBeNull();
  });

  it('refused without an ally grappling the pinner, for a creature on the card, or with nobody pinned', async () => {
    const { pinner, victim, ally } = await cast();
    const first = await pinned(pinner, victim);
    // The ally has not joined the grapple: its owner sees no ally to break the pin with.
    h.as(player);
    expect(
      await fromConsole('gng.grappleAction', {
        messageId: first.id,
        action: 'breakPin',
        target: 'defender',
        allyUuid: ally.uuid,
      }),
    ).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.AllyNotGrappling' });
    // The pinned creature cannot break its own pin this way (that is Escape from Pin).
    expect(
      await fromConsole('gng.grappleAction', {
        messageId: first.id,
        action: 'breakPin',
        target: 'defender',
        allyUuid: victim.uuid,
      }),
    ).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.AllyNotGrappling' });
    // Another user's creature is not this player's ally to move.
    const stranger = await h.createActor({ name: 'Stranger', type: 'npc', system: {} }, otherPlayer);
    expect(
      await fromConsole('gng.grappleAction', {
        messageId: first.id,
        action: 'breakPin',
        target: 'defender',
        allyUuid: stranger.uuid,
      }),
    ).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.AllyNotYours' });
    expect(victim.statuses.has('pinned')).toBe(true);
    expect(card(first).pending).toBeNull();
    // Once the pin is escaped (10 + 0 = 10 vs 3 + 2 = 5), nothing is pinned: no button, and refused.
    h.as(player);
    h.dice.queue(10);
    await click(first, 'escape');
    h.as(otherPlayer);
    h.dice.queue(3);
    await click(first, 'oppose');
    expect(victim.statuses.has('pinned')).toBe(false);
    h.as(gm);
    expect(visibleButtons(first)).not.toContain('breakPin');
  });
});

describe('Wrench (decision: named by GnG, never described)', () => {
  it('"Choke, Lock, Throw, and Wrench": the card offers Choke, Lock and Throw, and refuses a Wrench', async () => {
    const { pinner, victim } = await cast();
    // Even with Advanced Grapple (which opens Choke, Lock and Throw) there is no Wrench button.
    await pinner.createEmbeddedDocuments('Item', [
      { name: 'Advanced Grapple', type: 'feat', system: { identifier: 'advanced-grapple' } },
    ]);
    const message = await pinned(pinner, victim);
    h.as(gm);
    const buttons = visibleButtons(message);
    expect(buttons).toEqual(expect.arrayContaining(['choke', 'lock', 'throw']));
    expect(buttons.filter((b) => /wrench/i.test(b))).toEqual([]);
    h.as(otherPlayer);
    expect(
      await fromConsole('gng.grappleAction', { messageId: message.id, action: 'wrench', target: 'attacker' }),
    ).toMatchObject({ ok: false, error: 'GNG.Error.Attack.BadRequest' });
    expect(card(message).pending).toBeNull();
  });
});

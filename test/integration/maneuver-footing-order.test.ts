/**
 * Issue #28 ("Rules loose ends"): the maneuver card's Apply waits for the defender's answer (Maintain
 * Footing, or not) while Maintain Footing is open to it (GnG "Maintain Footing": "You use this
 * abort action when an opponent makes a successful Bull Rush, Trip, Throw, or similar melee attack
 * action").
 */
import { describe, expect, it } from 'vitest';
import { cardHelpers, cardStateOf, content, fromConsole } from '../fixtures/cards.js';
import { pseudo, pseudoLocale } from '../fixtures/pseudo-locale.js';
import { useErrorGuard, refused } from '../fixtures/hostile.js';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import {
  maneuverState,
  requestManeuverAction,
  type ManeuverCardState,
  type ManeuverTarget,
} from '../../src/cards/maneuver/maneuver-actions.js';

const h = await getHarness();
const { click, drawn, visibleButtons } = cardHelpers(h);
const { gm, player, otherPlayer } = h.users;

useErrorGuard(h, 2828);

const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const lastNotice = () => h.notices.at(-1)?.message;

const maneuver = (message: ChatMessage) => maneuverState(fresh(message)) as ManeuverCardState;
const defender = (message: ChatMessage) => maneuver(message).targets[0] as ManeuverTarget;

/** `otherPlayer`'s brute (Str 14) trips `player`'s hero (Balance 5 ranks); the check's d20 is 10. */
async function trip(kind: 'trip' | 'bull-rush' | 'throw' = 'trip') {
  h.as(gm);
  const hero = await h.createActor(
    {
      name: 'Hero',
      type: 'npc',
      system: { abilities: { con: { value: 30 } }, hp: { value: 30 }, skills: { balance: { ranks: 5 } } },
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
  const message = (await game.gng.maneuver(brute, kind)) as ChatMessage;
  await attackActionsSettled();
  return { hero, brute, message, id: defender(message).id };
}

describe("the maneuver's Apply waits for the defender's answer", () => {
  it('Apply is refused (and not shown, the reason on the card) until the defender answers', async () => {
    const { hero, message, id } = await trip();
    h.as(otherPlayer);
    expect(visibleButtons(message)).not.toContain('applyManeuver');
    expect(visibleButtons(message)).not.toContain('applyManeuver:disabled');
    expect(content(message)).toContain('Waiting for Hero: Maintain Footing or not.');
    refused(
      await requestManeuverAction(message.id as string, 'applyManeuver', id),
      'GNG.Maneuver.Error.FootingPending',
    );
    expect(lastNotice()).toBe(
      'Not yet: Hero has not answered the Trip (Maintain Footing or not); Apply waits for the answer.',
    );
    expect(hero.statuses.has('prone')).toBe(false);
    expect(defender(message).applied).toBeNull();
    // The defender's owner answers "no": now Apply goes through.
    h.as(player);
    expect(visibleButtons(message)).toEqual(expect.arrayContaining(['maintainFooting', 'declineFooting']));
    await click(message, 'declineFooting');
    expect(defender(message)).toMatchObject({ footing: null, footingDeclinedBy: player.id });
    expect(content(message)).toContain('Hero does not try to maintain footing.');
    expect(content(message)).not.toContain('Waiting for Hero');
    // Now the card waits for the attacker's side to apply it (issue #33).
    expect(content(message)).toContain('Waiting for Brute to apply the Trip to Hero.');
    // Answered once: neither Maintain Footing nor the refusal again.
    refused(
      await requestManeuverAction(message.id as string, 'maintainFooting', id),
      'GNG.Maneuver.Error.Unavailable.maintainFooting',
    );
    refused(
      await requestManeuverAction(message.id as string, 'declineFooting', id),
      'GNG.Maneuver.Error.Unavailable.declineFooting',
    );
    h.as(otherPlayer);
    await click(message, 'applyManeuver');
    expect(hero.statuses.has('prone')).toBe(true);
  });

  it('the attacker cannot answer for the defender; a Maintain Footing answers too', async () => {
    const { hero, message, id } = await trip('bull-rush');
    h.as(otherPlayer);
    refused(
      await requestManeuverAction(message.id as string, 'declineFooting', id),
      'GNG.Maneuver.Error.NotAllowed',
    );
    refused(
      await fromConsole('gng.maneuverAction', {
        messageId: message.id,
        action: 'declineFooting',
        target: id,
        by: player.id,
      }),
      'GNG.Error.Attack.BadRequest',
    );
    h.as(player);
    h.dice.queue(3); // Balance 3 + 5 = 8 < 12: not kept
    await click(message, 'maintainFooting');
    expect(defender(message).footing).toMatchObject({ maintained: false });
    h.as(otherPlayer);
    await click(message, 'applyManeuver');
    expect(defender(message).applied).toMatchObject({ feet: 5 });
    expect(hero.statuses.has('prone')).toBe(false);
  });

  it('a defender who cannot Maintain Footing (flat-footed) is not waited for', async () => {
    const { hero, message, id } = await trip();
    h.as(gm);
    await hero.toggleStatusEffect('flat-footed', { active: true });
    h.as(player);
    expect(visibleButtons(message)).toEqual([]);
    h.as(otherPlayer);
    const applied = await requestManeuverAction(message.id as string, 'applyManeuver', id);
    expect(applied).toMatchObject({ ok: true });
    expect(hero.statuses.has('prone')).toBe(true);
  });
});

describe('the maneuver card as a typed message (issue #34)', () => {
  const text = (html: HTMLElement, selector: string) => html.querySelector(selector)?.textContent?.trim();

  it('has the subtype maneuver and its whole state in system, none in its flags', async () => {
    const { message } = await trip();
    expect(message.type).toBe('maneuver');
    expect(cardStateOf(message)).toMatchObject({ version: 1, maneuver: 'trip', attacker: { name: 'Brute' } });
    expect(cardStateOf<ManeuverCardState>(message)?.targets[0]).toMatchObject({
      name: 'Hero',
      footing: null,
      applied: null,
    });
    expect(message.flags.gng?.maneuver).toBeUndefined();
  });

  it("is drawn on each client in its user's language: the GM's in English, the player's in another", async () => {
    const { message } = await trip();
    h.setLanguage(player, pseudoLocale());
    h.as(player);
    let html = await drawn(message);
    // The maneuver's name is localized too.
    expect(text(html, '.card-header h3')).toBe(pseudo(`Brute: ${pseudo('Trip')}`));
    expect(html.textContent).toContain(
      pseudo('Waiting for Hero: Maintain Footing or not. Apply waits for the answer.'),
    );
    h.as(gm);
    html = await drawn(message);
    expect(text(html, '.card-header h3')).toBe('Brute: Trip');
    expect(html.textContent).toContain('Waiting for Hero: Maintain Footing or not.');
  });

  it('a card posted before the change (type base, flags.gng.maneuver) still renders, applies and undoes', async () => {
    const { hero, message, id } = await trip();
    h.as(gm);
    const legacy = (await ChatMessage.create({
      content: message.content,
      speaker: message.speaker,
      flags: { gng: { type: 'maneuverCard', maneuver: maneuver(message) } },
    })) as ChatMessage;
    expect(legacy.type).toBe('base');
    h.setLanguage(player, pseudoLocale());
    h.as(player);
    expect(text(await drawn(legacy), '.card-header h3')).toBe('Brute: Trip');
    await click(legacy, 'declineFooting');
    h.as(otherPlayer);
    await click(legacy, 'applyManeuver');
    expect(hero.statuses.has('prone')).toBe(true);
    await click(legacy, 'undoManeuver');
    expect(hero.statuses.has('prone')).toBe(false);
    const after = fresh(legacy);
    expect(after.type).toBe('base');
    const target = (after.flags.gng?.maneuver as ManeuverCardState).targets[0];
    expect(target).toMatchObject({ id, footingDeclinedBy: player.id, applied: null });
  });
});

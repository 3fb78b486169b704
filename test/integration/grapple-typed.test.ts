/**
 * The grapple card as a typed chat message (issue #34): its state in `system` (subtype `grapple`),
 * drawn on each client in that user's language, and a card posted before the change (state in
 * `flags.gng.grapple`) still drawn, played and undone.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { cardHelpers, cardStateOf } from '../fixtures/cards.js';
import { pseudo } from '../fixtures/pseudo-locale.js';
import { typedCardSuite } from '../fixtures/typed-card-suite.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import {
  grappleState,
  requestGrappleAction,
  type GrappleCardState,
} from '../../src/cards/grapple/grapple-ask.js';

const h = await getHarness();
const { buttons, click, drawn } = cardHelpers(h);
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(34));
const suite = typedCardSuite(h);
const { fresh } = suite;
const grappleCard = suite.card({
  subtype: 'grapple',
  flag: 'grapple',
  legacyType: 'grappleCard',
  kindInFlags: true,
});

/** `otherPlayer`'s Grappler (no Improved Grapple: the grab provokes) starts against `player`'s Victim. */
async function post(): Promise<ChatMessage> {
  h.as(gm);
  const victim = await h.createActor({ name: 'Victim', type: 'npc' }, player);
  const grappler = await h.createActor(
    { name: 'Grappler', type: 'npc', system: { abilities: { str: { value: 14 } } } },
    otherPlayer,
  );
  h.as(otherPlayer);
  h.target(otherPlayer, h.placeToken(victim));
  const message = (await game.gng.grapple(grappler)) as ChatMessage;
  await attackActionsSettled();
  return message;
}

describe('the grapple card as a typed message', () => {
  it('has the subtype grapple and its whole state in system, none in its flags', async () => {
    const card = await post();
    const state = grappleCard.expectTyped<GrappleCardState>(card, {
      version: 2,
      source: 'grapple',
      attacker: { name: 'Grappler', weaponId: null },
      defender: { name: 'Victim' },
      provokes: true,
      phase: 'grab',
      aoo: null,
      pending: null,
      steps: [],
    });
    expect(grappleState(card)).toEqual(state);
  });

  it("is drawn on each client in its user's language: the GM's in English, the player's in another", async () => {
    const card = await post();
    suite.asReader();
    let html = await drawn(card);
    expect(html.querySelector('.card-header h3')?.textContent?.trim()).toBe(
      pseudo('Grappler grapples Victim'),
    );
    expect(html.textContent).toContain(pseudo('No attack of opportunity'));
    expect(buttons(card)).toEqual(['aoo', 'declineAoo']);
    await click(card, 'declineAoo');
    h.as(player);
    html = await drawn(card);
    expect(html.textContent).toContain(pseudo('Victim makes no attack of opportunity.'));
    h.as(gm);
    html = await drawn(card);
    expect(html.querySelector('.card-header h3')?.textContent?.trim()).toBe('Grappler grapples Victim');
    expect(html.textContent).toContain('Victim makes no attack of opportunity.');
    expect(fresh(card).content).toContain('Victim makes no attack of opportunity.');
    expect(cardStateOf<GrappleCardState>(fresh(card))?.aooDeclinedBy).toBe(player.id);
  });

  it('a card posted before the change (type base, flags.gng.grapple) still renders, plays and undoes', async () => {
    const typed = await post();
    const state = cardStateOf<GrappleCardState>(typed) as GrappleCardState;
    h.as(gm);
    const legacy = await grappleCard.postLegacy(typed, { state, content: typed.content });
    // Drawn from its stored content (the GM's English), with this user's buttons.
    const heading = async (message: ChatMessage) =>
      (await drawn(message)).querySelector('.card-header h3')?.textContent?.trim();
    await suite.expectReaderReads(legacy, heading, 'Grappler grapples Victim');
    expect(buttons(legacy)).toEqual(['aoo', 'declineAoo']);
    await click(legacy, 'declineAoo');
    // The touch attack (d20 2) misses the rolled touch Defense (d20 19): the grab ends.
    h.as(otherPlayer);
    h.dice.queue(2);
    await click(legacy, 'touch');
    h.as(player);
    h.dice.queue(19);
    await click(legacy, 'oppose');
    const played = fresh(legacy).flags.gng?.grapple as GrappleCardState;
    expect(fresh(legacy).type).toBe('base');
    expect(played).toMatchObject({ aooDeclinedBy: player.id, phase: 'ended', pending: null });
    expect(played.steps.map((step) => [step.move, step.won])).toEqual([['touch', false]]);
    expect(fresh(legacy).content).toContain('Victim makes no attack of opportunity.');
    // A lost step only the GM undoes (G16): Undo reverts it, still in the flags.
    h.as(otherPlayer);
    expect(buttons(legacy)).not.toContain('undo');
    h.as(gm);
    await click(legacy, 'undo');
    const undone = fresh(legacy).flags.gng?.grapple as GrappleCardState;
    expect(fresh(legacy).type).toBe('base');
    // Undo takes back the answer: the touch attack waits for the touch Defense again.
    expect(undone).toMatchObject({
      phase: 'grab',
      pending: { move: 'touch', side: 'attacker', by: otherPlayer.id, roll: { natural: 2 } },
      steps: [],
    });
    expect(grappleState(fresh(legacy))).toEqual(undone);
  });

  it('a throw choice with a field its schema does not name, or of the wrong type, is refused as malformed', async () => {
    const card = await post();
    h.as(otherPlayer);
    const id = card.id as string;
    const malformed = { ok: false, error: 'GNG.Error.Attack.BadRequest' };
    expect(await requestGrappleAction(id, 'throwChoice', { feet: 5, keep: false, x: 1 })).toMatchObject(
      malformed,
    );
    expect(await requestGrappleAction(id, 'throwChoice', { feet: '5', keep: false })).toMatchObject(
      malformed,
    );
    expect(await requestGrappleAction(id, 'throwChoice', { feet: 5.5, keep: false })).toMatchObject(
      malformed,
    );
    // Well formed, it is refused only because no throw waits for its choice.
    expect(await requestGrappleAction(id, 'throwChoice', { feet: 5, keep: false })).toMatchObject({
      ok: false,
      error: 'GNG.Grapple.Error.Unavailable.throwChoice',
    });
    expect(cardStateOf(fresh(card))).toEqual(cardStateOf(card));
  });
});

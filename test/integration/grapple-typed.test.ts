/**
 * The grapple card as a typed chat message (issue #34): its state in `system` (subtype `grapple`),
 * drawn on each client in that user's language, and a card posted before the change (state in
 * `flags.gng.grapple`) still drawn, played and undone.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { cardHelpers, cardStateOf, withFeats } from '../fixtures/cards.js';
import { pseudo, pseudoLocale } from '../fixtures/pseudo-locale.js';
import { typedCardSuite } from '../fixtures/typed-card-suite.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import {
  grappleState,
  renderGrappleCard,
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

describe('the grapple card drawn from its system alone (issue #34)', () => {
  it("draws the pin, moves and weapons from the GM's view of the actors, written as they change", async () => {
    h.as(gm);
    const victim = await h.createActor(
      { name: 'Victim', type: 'npc', system: { abilities: { con: { value: 30 } }, hp: { value: 30 } } },
      player,
    );
    const grappler = await withFeats(
      await h.createActor(
        { name: 'Grappler', type: 'npc', system: { abilities: { str: { value: 14 } } } },
        otherPlayer,
      ),
      ['improved-grapple', 'advanced-grapple'],
    );
    const [sword] = (await grappler.createEmbeddedDocuments('Item', [
      {
        name: 'Longsword',
        type: 'weapon',
        system: { category: 'simple', use: 'one-handed', damage: { medium: '1d8' }, equipped: true },
      },
    ])) as Item[];
    h.as(otherPlayer);
    h.target(otherPlayer, h.placeToken(victim));
    h.dice.queue(15); // Improved Grapple: no attack of opportunity, the touch attack at once
    const card = (await game.gng.grapple(grappler)) as ChatMessage;
    await attackActionsSettled();
    h.as(player);
    h.dice.queue(2, 10); // the touch Defense misses it; the hit rolls the hold check
    await click(card, 'oppose');
    h.dice.queue(5, 1); // the victim's answer loses: grappling, the hold's damage
    await click(card, 'oppose');
    h.as(otherPlayer);
    h.dice.queue(15);
    await click(card, 'pin');
    h.as(player);
    h.dice.queue(2);
    await click(card, 'oppose');
    expect(victim.statuses.has('pinned')).toBe(true);
    const view = () => cardStateOf<GrappleCardState>(fresh(card))?.view;
    expect(view()).toMatchObject({
      attacker: {
        advanced: true,
        held: false,
        pinned: false,
        weapons: [{ itemId: sword?.id, name: 'Longsword' }],
      },
      defender: { advanced: false, held: true, pinned: true, locked: false, weapons: [] },
    });
    const badge = async () => (await drawn(card)).querySelector('.grapple-state')?.textContent?.trim();
    h.setLanguage(player, pseudoLocale());
    h.as(player);
    expect(await badge()).toBe(pseudo('Victim is pinned'));
    h.as(otherPlayer);
    expect(buttons(card)).toEqual(expect.arrayContaining(['choke', 'lock', 'throw', 'weapon']));

    // A client that finds neither actor draws the same card: nothing of it is read from them.
    const state = grappleState(fresh(card)) as GrappleCardState;
    const withActors = await renderGrappleCard(state);
    const lookup = globalThis.fromUuidSync;
    globalThis.fromUuidSync = (() => null) as typeof fromUuidSync;
    try {
      expect(await renderGrappleCard(state)).toBe(withActors);
      h.as(player);
      expect(await badge()).toBe(pseudo('Victim is pinned'));
    } finally {
      globalThis.fromUuidSync = lookup;
    }

    // The GM ends the pin and takes the sword away: the card's view follows (the GM writes it), and
    // every client draws it anew.
    h.as(gm);
    await victim.effects.find((effect) => effect.statuses.has('pinned'))?.delete();
    await attackActionsSettled();
    expect(view()?.defender).toMatchObject({ pinned: false, held: false });
    h.as(player);
    expect(await badge()).toBe(pseudo('Grappling'));
    h.as(gm);
    await sword?.delete();
    await attackActionsSettled();
    expect(view()?.attacker.weapons).toEqual([]);
    h.as(otherPlayer);
    expect(buttons(card)).not.toContain('weapon');
  });
});

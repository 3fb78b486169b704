/**
 * The multiple target burst card as a typed message (issue #34; subtype `burst`, src/cards/burst/):
 * its state in `system`, none in `flags.gng.burst`; drawn on each client in that user's language (the
 * GM's in English, the player's in a pseudo-locale), the burst's Undo notes stored as keys; and a card
 * posted before the change (`type: 'base'`, `flags.gng.burst`) still drawn, rolled, applied and undone.
 *
 * As in burst.test.ts: the shooter's token at column 0, its gun 2d6, range increment 50 ft; one
 * target "Near" (30 HP, Defense +0) at column 2: 10 ft, no range penalty. Linear burst: Take 10 at −4
 * (attack total 10 + 0 − 4 = 6), shots 2d10 + 10.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenHelpers } from '../fixtures/tokens.js';
import { burstGunner } from '../fixtures/gunners.js';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { burstState, requestBurstAction, type BurstCardState } from '../../src/cards/burst/burst-actions.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { cardStateOf } from '../fixtures/cards.js';
import { pseudo } from '../fixtures/pseudo-locale.js';
import { typedCardSuite } from '../fixtures/typed-card-suite.js';

const h = await getHarness();
const { gm, player } = h.users;
beforeEach(() => h.reset(34));
const suite = typedCardSuite(h);
const { fresh, texts: text } = suite;
const burstCard = suite.card({ subtype: 'burst', flag: 'burst', legacyType: 'burstCard', kindInFlags: true });
const hp = (actor: Actor) =>
  ((game.actors.get(actor.id as string) as Actor).system as unknown as CreatureData).hp.value;

const { placeNew: place } = tokenHelpers(h);

/** Player's Gunner fires a linear burst (2d10 = 5 + 5, 20 shots) at Near, 10 ft away. */
async function fire(): Promise<{ gun: Item; near: Actor; card: ChatMessage }> {
  const { actor: gunner, gun } = await burstGunner(h);
  const near = await h.createActor({
    name: 'Near',
    type: 'npc',
    system: { abilities: { con: { value: 30 } }, hp: { value: 30 } },
  });
  await place(near, 2);
  h.as(player);
  h.dice.queue(5, 5);
  expect(await game.gng.burst(gunner, gun as Item, { kind: 'linear', direction: 0 })).toMatchObject({
    ok: true,
  });
  await attackActionsSettled();
  return { gun: gun as Item, near, card: game.messages.contents.at(-1) as ChatMessage };
}

async function act(card: ChatMessage, action: string, target: string, dice: number[] = []): Promise<void> {
  h.as(gm);
  h.dice.queue(...dice);
  expect(await requestBurstAction(card.id as string, action as never, target)).toMatchObject({ ok: true });
  await attackActionsSettled();
}

const heading = (card: ChatMessage) => text(card, '.card-header h3');

/** The card's target id of Near (its token's id). */
const nearId = (card: ChatMessage) => (burstState(fresh(card)) as BurstCardState).targets[0]?.id as string;

describe('the burst card as a typed message', () => {
  it('has the subtype burst; its state is in system (none in its flags)', async () => {
    const { near, card } = await fire();
    burstCard.expectTyped(card, {
      version: 1,
      kind: 'linear',
      attacker: { name: 'Gunner' },
      weapon: { name: 'Test SMG', damage: '2d6', barrels: 1 },
      shots: { shotsFired: 20 },
      attack: { total: 6 },
      targets: [{ name: 'Near', actorUuid: near.uuid, attackTotal: 6, defense: null, applied: null }],
      undone: false,
    });
  });

  it("is drawn on each client in its user's language; the Undo notes are keys, localized there", async () => {
    const { gun, near, card } = await fire();
    await suite.expectEachLanguage(card, heading, ['Linear burst: Test SMG']);
    // Defense 6 (natural 6 + 0) against 6: hit; 2d6 = 3 + 4 = 7 damage (Protection 0).
    await act(card, 'rollDefense', nearId(card), [6]);
    await act(card, 'applyDamage', nearId(card), [3, 4]);
    expect(hp(near)).toBe(23);
    // The gun is gone before the burst's Undo: its rounds cannot go back (a note).
    await gun.delete();
    await act(card, 'undoBurst', 'burst');
    expect(hp(near)).toBe(30);
    const state = cardStateOf<BurstCardState>(fresh(card)) as BurstCardState;
    expect(state.undone).toBe(true);
    expect(state.undoNotes).toEqual([{ key: 'GNG.Ammunition.Undo.Gone', data: { weapon: 'Test SMG' } }]);
    const gone = 'The weapon no longer exists: its rounds could not be given back.';
    const undone = 'The burst was undone: the rounds went back and the area is gone.';
    expect(await text(card, '.burst-undone, .undo-note')).toEqual([undone, gone]);
    h.as(player);
    expect(await text(card, '.burst-undone, .undo-note')).toEqual([pseudo(undone), pseudo(gone)]);
  });
});

describe('a burst card posted before issue #34 (type base, its state in flags.gng.burst)', () => {
  it('still renders as it was, and its Defense, Apply and Undo still work, saved in its flags', async () => {
    const { near, card } = await fire();
    h.as(gm);
    const legacy = await burstCard.postLegacy(card, { omit: ['undoNotes'] });
    // Not drawn again: its content as the GM's client wrote it.
    await suite.expectReaderReads(legacy, heading, ['Linear burst: Test SMG']);
    await act(legacy, 'rollDefense', nearId(legacy), [6]);
    await act(legacy, 'applyDamage', nearId(legacy), [3, 4]);
    expect(hp(near)).toBe(23);
    expect(burstState(fresh(legacy))?.targets[0]?.applied).toMatchObject({ lethal: 7 });
    await act(legacy, 'undoBurst', 'burst');
    expect(hp(near)).toBe(30);
    burstCard.expectSaved(legacy, { undone: true, targets: [{ applied: null }] });
    expect(fresh(legacy).content).toContain('The burst was undone');
  });
});

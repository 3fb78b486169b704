/**
 * The area damage card as a typed message (issue #34; subtype `area`, src/cards/area/): its state in
 * `system`, none in `flags.gng.area`; drawn on each client in that user's language (the GM's in
 * English, the player's in a pseudo-locale); and a card posted before the change (`type: 'base'`,
 * `flags.gng.area`) still drawn as it was, applied and undone, saved in its flags.
 *
 * As in aborts-area.test.ts: the GM's 6d6 blast of exactly 20 (6, 6, 4, 2, 1, 1), Reflex DC 20, on a
 * player's Hero (30 HP, Protection 0): Apply with no save takes 20 → 10 HP; Undo gives them back.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { areaState, requestAreaAction, type AreaCardState } from '../../src/cards/area/area-actions.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { cardHelpers, cardStateOf } from '../fixtures/cards.js';
import { pseudo, pseudoLocale } from '../fixtures/pseudo-locale.js';
import { typedCardSuite } from '../fixtures/typed-card-suite.js';

const h = await getHarness();
const { gm, player } = h.users;
beforeEach(() => h.reset(34));
const suite = typedCardSuite(h);
const { drawn } = cardHelpers(h);
const { fresh, texts: text } = suite;
const areaCard = suite.card({ subtype: 'area', flag: 'area', legacyType: 'areaCard', kindInFlags: true });
const hp = (actor: Actor) =>
  ((game.actors.get(actor.id as string) as Actor).system as unknown as CreatureData).hp.value;
const heroId = (card: ChatMessage) => (areaState(fresh(card)) as AreaCardState).targets[0]?.id as string;

async function blast(): Promise<{ hero: Actor; card: ChatMessage }> {
  h.as(gm);
  const hero = await h.createActor(
    { name: 'Hero', type: 'npc', system: { abilities: { con: { value: 30 } }, hp: { value: 30 } } },
    player,
  );
  h.dice.queue(6, 6, 4, 2, 1, 1);
  const card = await game.gng.areaDamage({ damage: '6d6', saveDc: 20, save: 'ref', targets: [hero] });
  await attackActionsSettled();
  return { hero, card: card as ChatMessage };
}

async function act(card: ChatMessage, action: string): Promise<void> {
  h.as(gm);
  expect(await requestAreaAction(card.id as string, action as never, heroId(card))).toMatchObject({
    ok: true,
  });
  await attackActionsSettled();
}

describe('the area damage card as a typed message', () => {
  it('has the subtype area; its state is in system (none in its flags)', async () => {
    const { hero, card } = await blast();
    areaCard.expectTyped(card, {
      version: 1,
      damage: { formula: '6d6', dice: [6, 6, 4, 2, 1, 1], total: 20 },
      save: { type: 'ref', dc: 20 },
      targets: [{ name: 'Hero', actorUuid: hero.uuid, save: null, dive: null, applied: null }],
    });
  });

  it("is drawn on each client in its user's language, before and after the GM's Apply and Undo", async () => {
    const { hero, card } = await blast();
    const tags = (message: ChatMessage) => text(message, '.card-header h3, .card-tags li');
    await suite.expectEachLanguage(
      card,
      tags,
      ['Area damage', 'Reflex DC 20 for half'],
      [pseudo('Area damage'), pseudo('Reflex DC 20 for half')],
    );
    await act(card, 'applyDamage');
    expect(hp(hero)).toBe(10);
    expect(cardStateOf<AreaCardState>(fresh(card))?.targets[0]?.applied).toMatchObject({
      hp: { before: 30, after: 10 },
    });
    await act(card, 'undoDamage');
    expect(hp(hero)).toBe(30);
    expect(cardStateOf<AreaCardState>(fresh(card))?.targets[0]?.applied).toBeNull();
    h.as(player);
    expect((await text(card, '.card-tags li'))[0]).toBe(pseudo('Reflex DC 20 for half'));
  });
});

describe('an area card posted before issue #34 (type base, its state in flags.gng.area)', () => {
  it('still renders as it was, and its Apply and Undo still work, saved in its flags', async () => {
    const { hero, card } = await blast();
    h.as(gm);
    const legacy = await areaCard.postLegacy(card);
    // Not drawn again: its content as the GM's client wrote it.
    await suite.expectReaderReads(legacy, (message) => text(message, '.card-header h3'), ['Area damage']);
    await act(legacy, 'applyDamage');
    expect(hp(hero)).toBe(10);
    expect(fresh(legacy).flags.gng?.area).toMatchObject({ targets: [{ applied: { lethal: 20 } }] });
    await act(legacy, 'undoDamage');
    expect(hp(hero)).toBe(30);
    areaCard.expectSaved(legacy, { targets: [{ applied: null }] });
  });
});

describe('the area card drawn from its system alone (issue #34)', () => {
  it("shows each target's damage as the GM recorded it, whatever the client's actor says", async () => {
    // A Hero with Protection 3 (natural armor): the blast's 20, no save, is 20 − 3 = 17 lethal.
    h.as(gm);
    const hero = await h.createActor(
      {
        name: 'Hero',
        type: 'npc',
        system: { naturalArmor: 3, abilities: { con: { value: 30 } }, hp: { value: 30 } },
      },
      player,
    );
    h.dice.queue(6, 6, 4, 2, 1, 1);
    const card = (await game.gng.areaDamage({
      damage: '6d6',
      saveDc: 20,
      save: 'ref',
      targets: [hero],
    })) as ChatMessage;
    await attackActionsSettled();
    const reduction = () => cardStateOf<AreaCardState>(fresh(card))?.targets[0]?.reduction;
    expect(reduction()).toEqual({ protection: 3, energyResistance: 0, immune: null });
    h.setLanguage(player, pseudoLocale());
    h.as(player);
    expect(await text(card, '.area-target .lethal')).toEqual(['17']);
    // The Hero's armor goes (no step of the card since): drawn again, the card shows what the GM
    // recorded, and so does a client that cannot find the actor at all.
    h.as(gm);
    await hero.update({ 'system.naturalArmor': 0 });
    h.as(player);
    expect(await text(card, '.area-target .lethal')).toEqual(['17']);
    const lookup = globalThis.fromUuidSync;
    globalThis.fromUuidSync = (() => null) as typeof fromUuidSync;
    try {
      expect(await text(card, '.area-target .lethal')).toEqual(['17']);
      expect((await drawn(card)).querySelector('.area-target .steps')?.textContent).toContain('-3');
    } finally {
      globalThis.fromUuidSync = lookup;
    }
    // The GM's Apply reads the actor as it is now (Protection 0: 20 lethal, 30 → 10 HP); the card
    // keeps what Apply used, and shows it.
    await act(card, 'applyDamage');
    expect(hp(hero)).toBe(10);
    expect(reduction()).toEqual({ protection: 0, energyResistance: 0, immune: null });
    h.as(player);
    expect(await text(card, '.area-target .lethal')).toEqual(['20']);
  });
});

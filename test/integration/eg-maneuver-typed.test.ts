/**
 * The EG maneuver card as a typed message (issue #34; subtype `egManeuver`, src/cards/eg-maneuver/):
 * its state in `system`; drawn on each client in its user's language (the rogue's player's client in
 * the pseudo-locale, the GM's in English); and a maneuver card posted before the change (`type:
 * 'base'`, `flags.gng.egManeuver`) still drawn, applied and undone. Numbers as in
 * eg-maneuver-card.test.ts: the rogue grabs the goblin, Acrobatics (Balance +3), natural 8: 11 beats
 * Reflex 11; Apply grabs and immobilizes it.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { egCardView, egFight, egTurnOf, useEgWorld } from '../fixtures/eg-world.js';
import { pseudo } from '../fixtures/pseudo-locale.js';
import { typedCardSuite } from '../fixtures/typed-card-suite.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { egManeuverState } from '../../src/cards/eg-maneuver/eg-maneuver-state.js';

const h = await getHarness();
const { gm, otherPlayer } = h.users;
useEgWorld(h, 3408, { endCombats: true });
const view = egCardView(h);
const suite = typedCardSuite(h, otherPlayer);
const { fresh, texts } = suite;
const maneuverCard = suite.card({
  subtype: 'egManeuver',
  flag: 'egManeuver',
  legacyType: 'egManeuverCard',
});
const heading = (card: ChatMessage) => texts(card, '.card-header h3');
const statuses = (actor: Actor) => [...actor.statuses].sort();

/** The rogue (the other player's) grabs the adjacent goblin, natural 8; the card. */
async function grabbed(): Promise<{ rogue: Actor; goblin: Actor; card: ChatMessage }> {
  const { rogue, goblin } = await egFight(h);
  h.as(gm);
  const place = async (actor: Actor, x: number, disposition: number) => {
    const token = h.placeToken(actor, { x, y: 0 });
    await (token.document as unknown as { update(d: object): Promise<unknown> }).update({ disposition });
  };
  await place(rogue, 0, 1);
  await place(goblin, 100, -1);
  await egTurnOf(h, rogue);
  h.as(otherPlayer);
  h.dice.queue(8);
  const card = (await game.gng.egManeuver(rogue, 'grab', { targets: [goblin] })) as ChatMessage;
  await attackActionsSettled();
  h.as(gm);
  return { rogue, goblin, card };
}

const check = '11 (natural 8) beats Reflex 11';

describe('the EG maneuver card as a typed message', () => {
  it('has the subtype egManeuver and its whole state in system, none in its flags', async () => {
    const { rogue, card } = await grabbed();
    maneuverCard.expectTyped(card, {
      version: 1,
      maneuver: 'grab',
      attacker: { actorUuid: rogue.uuid, name: rogue.name },
      check: { bonus: 3, parts: [{ label: 'GNG.Skill.balance', value: 3 }], spent: null },
      targets: [{ defense: { id: 'reflex', value: 11 }, checks: [{ natural: 8, total: 11, success: true }] }],
    });
  });

  it("is drawn in each client's language: the player's pseudo-locale, the GM's English", async () => {
    const { rogue, goblin, card } = await grabbed();
    expect(await texts(card, '.card-header h3')).toEqual([`${rogue.name}: Grab`]);
    expect(await texts(card, '.eg-maneuver-check')).toEqual([check]);
    suite.asReader();
    expect(await texts(card, '.card-header h3')).toEqual([pseudo(`${rogue.name}: ${pseudo('Grab')}`)]);
    expect(await texts(card, '.eg-maneuver-check')).toEqual([
      pseudo(`11 (natural 8) beats ${pseudo('Reflex')} 11`),
    ]);
    await view.click(card, 'applyEgManeuver');
    expect(statuses(goblin)).toEqual(['grabbed', 'immobilized']);
    expect(await texts(card, '.applied .statuses')).toEqual([
      pseudo(`Applied: ${pseudo('Grabbed')}, ${pseudo('Immobilized')}`),
    ]);
    h.as(gm);
    expect(await texts(card, '.applied .statuses')).toEqual(['Applied: Grabbed, Immobilized']);
  });
});

describe('an EG maneuver card posted before issue #34 (type base, its state in flags.gng.egManeuver)', () => {
  it('still renders, and its Apply and Undo still work, saved in its flags', async () => {
    const { rogue, goblin, card } = await grabbed();
    const legacy = await maneuverCard.postLegacy(card);
    expect(egManeuverState(legacy)).toMatchObject({ maneuver: 'grab', check: { bonus: 3 } });
    // Drawn from its stored content (the English it was posted in).
    await suite.expectReaderReads(legacy, heading, [`${rogue.name}: Grab`]);
    expect(view.buttons(legacy)).toEqual(['applyEgManeuver', 'takeBackEgManeuver']);
    await view.click(legacy, 'applyEgManeuver');
    expect(statuses(goblin)).toEqual(['grabbed', 'immobilized']);
    expect(fresh(legacy).type).toBe('base');
    expect(egManeuverState(fresh(legacy))?.targets[0]?.applied).not.toBeNull();
    expect(view.buttons(legacy)).toEqual(['undoEgManeuver']);
    await view.click(legacy, 'undoEgManeuver');
    expect(statuses(goblin)).toEqual([]);
    expect(egManeuverState(fresh(legacy))?.targets[0]?.applied).toBeNull();
    expect(view.buttons(legacy)).toEqual(['applyEgManeuver', 'takeBackEgManeuver']);
  });
});

/**
 * The dying and stabilize cards as typed messages (issue #34; subtypes `dying` and `stabilize`,
 * src/cards/dying/): their state in `system`; drawn on each client in its user's language (a player
 * in the pseudo-locale, the GM in English); and cards posted before the change (`type: 'base'`,
 * `flags.gng.dying` / `flags.gng.stabilize`) still drawn and undone. Numbers as in
 * dying-card.test.ts: Dan (Con 12) at −3, out of combat: d% 40 > 12 loses 1 HP (−3 → −4); Hana's
 * Heal +5, d20 10: 15 against DC 15 stabilizes.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { cardHelpers } from '../fixtures/cards.js';
import { pseudo } from '../fixtures/pseudo-locale.js';
import { typedCardSuite } from '../fixtures/typed-card-suite.js';

const h = await getHarness();
const { gm, player } = h.users;
const { buttons, click } = cardHelpers(h);
beforeEach(() => h.reset(72));
const suite = typedCardSuite(h);
const dyingCard = suite.card({ subtype: 'dying', flag: 'dying', legacyType: 'dyingCard' });
const stabilizeCard = suite.card({ subtype: 'stabilize', flag: 'stabilize', legacyType: 'stabilizeCard' });
const hp = (actor: Actor) => (actor.system as unknown as { hp: { value: number } }).hp.value;
const statuses = (actor: Actor) => ['dying', 'stable', 'dead'].filter((id) => actor.statuses.has(id));
/** The heading and lines the current user's client draws (redrawn from the state). */
const lines = (card: ChatMessage, selector: string) => suite.texts(card, `h3, ${selector}`);

async function dyingDan(): Promise<Actor> {
  h.as(gm);
  const dan = await h.createActor(
    { name: 'Dan', type: 'character', system: { abilities: { con: { value: 12 } }, hp: { value: -3 } } },
    player,
  );
  await dan.toggleStatusEffect('dying', { active: true });
  return dan;
}

async function hana(): Promise<Actor> {
  h.as(gm);
  const actor = await h.createActor(
    {
      name: 'Hana',
      type: 'character',
      system: { abilities: { con: { value: 14 }, wis: { value: 14 } }, skills: { heal: { ranks: 3 } } },
    },
    player,
  );
  await actor.update({ 'system.hp.value': (actor.system as unknown as { hp: { max: number } }).hp.max });
  expect(
    (actor.system as unknown as { derived: { skills: { heal: { total: number } } } }).derived.skills.heal
      .total,
  ).toBe(5);
  return actor;
}

async function dyingRound(dan: Actor): Promise<ChatMessage> {
  h.as(gm);
  h.dice.queue(40);
  expect(await game.gng.dyingRound(dan)).toMatchObject({ ok: true });
  expect(hp(dan)).toBe(-4);
  return game.messages.contents.at(-1) as ChatMessage;
}

async function stabilized(dan: Actor, healer: Actor): Promise<ChatMessage> {
  h.as(player);
  h.dice.queue(10);
  expect(await game.gng.stabilize(dan, healer)).toMatchObject({ ok: true });
  expect(statuses(dan)).toEqual(['stable']);
  return game.messages.contents.at(-1) as ChatMessage;
}

const dyingHeading = 'Dan is dying';
const lost = 'Dan loses 1 HP (-3 → -4) and is still dying.';
const stabHeading = 'Hana tries to stabilize Dan';
const stable = 'Dan is stable: no more HP are lost (none are regained).';

describe('the dying card as a typed message', () => {
  it('has the subtype dying and its state in system, none in its flags', async () => {
    const dan = await dyingDan();
    const card = await dyingRound(dan);
    dyingCard.expectTyped(card, {
      actorUuid: dan.uuid,
      name: 'Dan',
      round: null,
      hpBefore: -3,
      outcome: { roll: 40, chance: 12, stable: false, hpLost: 1, current: -4, condition: 'dying' },
      applied: { hpLost: 1 },
      undone: false,
    });
  });

  it("a player reads it in the pseudo-locale, the GM in English; the GM's Undo redraws both", async () => {
    const dan = await dyingDan();
    const card = await dyingRound(dan);
    const outcome = (message: ChatMessage) => lines(message, '.dying-outcome');
    await suite.expectEachLanguage(card, outcome, [dyingHeading, lost], [pseudo(dyingHeading), pseudo(lost)]);
    await click(card, 'dyingUndo');
    expect(hp(dan)).toBe(-3);
    const undone = 'The GM undid this round.';
    expect(await lines(card, '.dying-outcome, .dying-undone')).toEqual([dyingHeading, lost, undone]);
    h.as(player);
    expect(await lines(card, '.dying-outcome, .dying-undone')).toEqual([
      pseudo(dyingHeading),
      pseudo(lost),
      pseudo(undone),
    ]);
  });

  it('a card posted before issue #34 (flags.gng.dying) still renders and undoes, saved in its flags', async () => {
    const dan = await dyingDan();
    const card = await dyingRound(dan);
    const legacy = await dyingCard.postLegacy(card, { omit: ['undone', 'undoNotes'] });
    h.as(gm);
    expect(await lines(legacy, '.dying-outcome')).toEqual([dyingHeading, lost]);
    expect(buttons(legacy)).toContain('dyingUndo');
    await click(legacy, 'dyingUndo');
    expect(hp(dan)).toBe(-3);
    dyingCard.expectSaved(legacy, { applied: null, undone: true });
    expect(buttons(legacy)).toEqual([]);
  });
});

describe('the stabilize card as a typed message', () => {
  it('has the subtype stabilize and its state in system, none in its flags', async () => {
    const dan = await dyingDan();
    const healer = await hana();
    const card = await stabilized(dan, healer);
    stabilizeCard.expectTyped(card, {
      patientUuid: dan.uuid,
      patientName: 'Dan',
      healerUuid: healer.uuid,
      healerName: 'Hana',
      natural: 10,
      bonus: 5,
      total: 15,
      dc: 15,
      stable: true,
      inCombat: false,
      undone: false,
    });
  });

  it("a player reads it in the pseudo-locale, the GM in English; the GM's Undo redraws", async () => {
    const dan = await dyingDan();
    const card = await stabilized(dan, await hana());
    const line = (message: ChatMessage) => lines(message, '.stabilize-line');
    await suite.expectEachLanguage(card, line, [stabHeading, stable], [pseudo(stabHeading), pseudo(stable)]);
    await click(card, 'stabilizeUndo');
    expect(statuses(dan)).toEqual(['dying']);
    const undone = 'The GM undid this Heal check.';
    expect(await lines(card, '.stabilize-line, .stabilize-undone')).toEqual([stabHeading, stable, undone]);
  });

  it('a card posted before issue #34 (flags.gng.stabilize) still renders and undoes, saved in its flags', async () => {
    const dan = await dyingDan();
    const card = await stabilized(dan, await hana());
    h.as(gm);
    const legacy = await stabilizeCard.postLegacy(card, { omit: ['undone', 'undoNotes', 'model'] });
    expect(await lines(legacy, '.stabilize-line')).toEqual([stabHeading, stable]);
    expect(buttons(legacy)).toEqual(['stabilizeUndo']);
    await click(legacy, 'stabilizeUndo');
    expect(statuses(dan)).toEqual(['dying']);
    stabilizeCard.expectSaved(legacy, { applied: null, undone: true });
    expect(buttons(legacy)).toEqual([]);
  });
});

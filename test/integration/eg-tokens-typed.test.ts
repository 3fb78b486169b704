/**
 * The Enlightened Grognard token card as a typed message (issue #34; subtype `egTokens`,
 * src/cards/eg-tokens/): its state in `system`, drawn on each client in that user's language (the
 * GM's in English, the player's in a pseudo-locale, the buttons too), and a card posted before the
 * change (`type: 'base'`, `flags.gng.egTokens`) still drawn, chosen on and undone. A PC's initiative
 * gains 2 tokens of its choice (003:430): the fifth mix is 1 speed and 1 insight.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { models } from '../../src/rules/index.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { tokenPool } from '../../src/combat/eg-token-store.js';
import { registerEgTokens } from '../../src/models/eg-tokens.js';
import { egTokenCardOf } from '../../src/cards/eg-tokens/token-state.js';
import { EG_MODEL } from '../../src/rules/models/eg/index.js';
import { worldPlays } from '../fixtures/saga-world.js';
import { cardHelpers, cardStateOf } from '../fixtures/cards.js';
import { pseudo } from '../fixtures/pseudo-locale.js';
import { typedCardSuite } from '../fixtures/typed-card-suite.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
const { buttons, click } = cardHelpers(h);

beforeAll(() => {
  models.registerCombatModel(EG_MODEL);
  registerEgTokens();
});
afterAll(() => models.unregisterCombatModel(EG_MODEL.id));

let ayla: Actor;
let combat: Combat;

beforeEach(async () => {
  h.reset(34);
  h.as(gm);
  await worldPlays(h, EG_MODEL.id);
  ayla = await h.createActor({ name: 'Ayla', type: 'character' }, player);
  const bren = await h.createActor({ name: 'Bren', type: 'character' }, otherPlayer);
  combat = h.startCombat([ayla, bren]);
});
afterEach(async () => {
  h.as(gm);
  for (const c of [...game.combats]) await c.delete();
  await worldPlays(h, 'gng');
});
const suite = typedCardSuite(h);
const { fresh } = suite;
const tokenCard = suite.card({ subtype: 'egTokens', flag: 'egTokens', legacyType: 'egTokens' });
/** The labels of the card's choice buttons, as the current user's client draws them. */
const choices = (card: ChatMessage) => suite.texts(card, 'button[data-action="choose"]');

/** The player rolls Ayla's initiative: the GM's client posts her token card. */
async function initiativeCard(): Promise<ChatMessage> {
  h.as(player);
  await combat.rollInitiative([combat.combatants.find((c) => c.actorId === ayla.id)?.id as string]);
  await attackActionsSettled();
  return game.messages.contents.filter((m) => egTokenCardOf(m)).at(-1) as ChatMessage;
}

const mixes = [
  '2 power',
  '1 power, 1 speed',
  '1 power, 1 insight',
  '2 speed',
  '1 speed, 1 insight',
  '2 insight',
];

describe('the token card as a typed message', () => {
  it('has the subtype egTokens and its whole state in system, none in its flags', async () => {
    const card = await initiativeCard();
    tokenCard.expectTyped(
      card,
      {
        kind: 'initiative',
        actorUuid: ayla.uuid,
        name: 'Ayla',
        combatId: combat.id,
        gain: 2,
        recipientUuid: null,
        recipientName: null,
        type: null,
        amount: 0,
        status: 'open',
        choice: null,
        records: [],
      },
      true,
    );
  });

  it("is drawn on each client in its user's language, its buttons too; the choice redraws both", async () => {
    const card = await initiativeCard();
    // A mix is "{count} {type}" of two keys: each translated.
    const inPseudo = (mix: string) =>
      mix
        .split(', ')
        .map((part) => {
          const [count, type] = part.split(' ');
          return pseudo(`${count} ${pseudo(type as string)}`);
        })
        .join(', ');
    await suite.expectEachLanguage(card, choices, mixes, mixes.map(inPseudo));
    h.as(player);
    await choices(card);
    await click(card, 'choose');
    expect(cardStateOf(fresh(card))).toMatchObject({
      status: 'done',
      choice: { power: 2, speed: 0, insight: 0 },
    });
    expect(tokenPool(combat, ayla).encounter).toEqual({ power: 2, speed: 0, insight: 0 });
    expect(buttons(card)).toEqual([]);
    h.as(gm);
    expect(buttons(card)).toEqual(['undo']);
  });
});

describe('a token card posted before issue #34 (type base, its state in flags.gng.egTokens)', () => {
  it('still renders, its owner still chooses and a GM still undoes, saved in its flags', async () => {
    const card = await initiativeCard();
    h.as(gm);
    const legacy = await tokenCard.postLegacy(card);
    // Drawn from its stored content (English for everyone), with the owner's buttons.
    await suite.expectReaderReads(legacy, choices, mixes);
    await click(legacy, 'choose');
    expect(tokenPool(combat, ayla).encounter).toEqual({ power: 2, speed: 0, insight: 0 });
    tokenCard.expectSaved(legacy, { status: 'done' });
    h.as(gm);
    await click(legacy, 'undo');
    expect(tokenPool(combat, ayla).encounter).toEqual({ power: 0, speed: 0, insight: 0 });
    expect(fresh(legacy).flags.gng?.egTokens).toMatchObject({ status: 'open', records: [] });
  });
});

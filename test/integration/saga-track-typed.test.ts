/**
 * The Saga-style condition track's request card as a typed message (issue #34; subtype `sagaTrack`,
 * src/cards/saga-track/): its state in `system`, drawn on each client in that user's language (the
 * GM's in English, the player's in a pseudo-locale), and a request card posted before the change
 * (`type: 'base'`, state in `flags.gng.trackRequest`) still drawn and decided.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { cardHelpers, cardStateOf } from '../fixtures/cards.js';
import { pseudo } from '../fixtures/pseudo-locale.js';
import { typedCardSuite } from '../fixtures/typed-card-suite.js';
import { useSagaWorld } from '../fixtures/saga-world.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { conditionStepOf, moveConditionTrack } from '../../src/cards/saga-track/track-state.js';

const h = await getHarness();
const { buttons, click, drawn } = cardHelpers(h);
const { gm, player } = h.users;
useSagaWorld(h, 34, { loaded: true });
const suite = typedCardSuite(h);
const { fresh } = suite;
const trackCard = suite.card({ subtype: 'sagaTrack', flag: 'trackRequest', legacyType: 'trackRequest' });

const text = (html: HTMLElement, selector: string) => html.querySelector(selector)?.textContent?.trim();
/** The card's request line as the current user's client draws it. */
const asked = async (card: ChatMessage) => text(await drawn(card), '.track-ask');

/** The player's scout asks the GM to move it one step down (the track at Normal). */
async function request(): Promise<{ scout: Actor; card: ChatMessage }> {
  h.as(gm);
  const scout = await h.createActor({ name: 'Scout', type: 'npc' }, player);
  h.as(player);
  expect(await moveConditionTrack(scout, 'down')).toMatchObject({ ok: true });
  await attackActionsSettled();
  return { scout, card: game.messages.contents.at(-1) as ChatMessage };
}

describe('the condition-track request card as a typed message', () => {
  it('has the subtype sagaTrack and its whole state in system, none in its flags', async () => {
    const { scout, card } = await request();
    trackCard.expectTyped(
      card,
      {
        actorUuid: scout.uuid,
        name: 'Scout',
        userId: player.id,
        asker: 'Player',
        move: 'down',
        asked: 0,
        status: 'open',
        from: null,
        to: null,
      },
      true,
    );
    expect(card.flags.gng?.rollMode).toEqual({ mode: 'gmroll', user: player.id });
  });

  it("is drawn on each client in its user's language; the GM's Approve redraws both", async () => {
    const { scout, card } = await request();
    // The step's name is a lang key of its own: translated inside the translated line.
    const ask = (step: string) =>
      `Player asks to move Scout one step down the condition track (now ${step}).`;
    await suite.expectEachLanguage(card, asked, ask('Normal'), pseudo(ask(pseudo('Normal'))), []);
    await click(card, 'approve');
    expect(conditionStepOf(scout)).toBe(1);
    expect(cardStateOf(fresh(card))).toMatchObject({ status: 'approved', from: 0, to: 1 });
    const result = (from: string, to: string) => `Approved: Scout moved from ${from} to ${to}.`;
    expect(text(await drawn(card), '.track-result')).toBe(result('Normal', '−1'));
    h.as(player);
    expect(text(await drawn(card), '.track-result')).toBe(pseudo(result(pseudo('Normal'), pseudo('−1'))));
    // The fallback content stays the GM's English.
    expect(fresh(card).content).toContain(result('Normal', '−1'));
  });
});

describe('a request card posted before issue #34 (type base, its state in flags.gng.trackRequest)', () => {
  it('still renders from its content and the GM still declines it, saved in its flags', async () => {
    const { scout, card } = await request();
    h.as(gm);
    const legacy = await trackCard.postLegacy(card, { omit: ['asker'], whisper: true, keep: true });
    // Drawn from its stored content (English for everyone), no buttons for the player.
    await suite.expectReaderReads(
      legacy,
      asked,
      'Player asks to move Scout one step down the condition track (now Normal).',
    );
    expect(buttons(legacy)).toEqual([]);
    h.as(gm);
    expect(buttons(legacy)).toEqual(['approve', 'decline']);
    await click(legacy, 'decline');
    expect(conditionStepOf(scout)).toBe(0);
    trackCard.expectSaved(legacy, { status: 'declined', asker: 'Player' });
    expect(buttons(legacy)).toEqual([]);
    expect(fresh(legacy).content).toContain('Declined');
  });
});

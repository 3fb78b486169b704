/**
 * The Time Count heal card as a typed message (issue #34; subtype `tcHeal`, src/cards/tc-heal/): its
 * state in `system`; drawn on each client in its user's language (the card is whispered to the GMs:
 * a GM whose client speaks another language reads it in that one, the content stays the posting
 * client's English); and a heal card posted before the change (`type: 'base'`, `flags.gng.tcHeal`)
 * still drawn and undone. Numbers as in tc-heal.test.ts: Hadwin at 20 of 28 HP with 6 fatigue, healed
 * 5 Invigoration and 3 fatigue: Invigoration 0 → 5, fatigue 6 → 3.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { askGM } from '../../src/cards/kernel/index.js';
import { pseudo } from '../fixtures/pseudo-locale.js';
import { typedCardSuite } from '../fixtures/typed-card-suite.js';
import { tcCardView, tcFighter, tcOf, useTcWorld } from '../fixtures/tc-world.js';
import { tcHealCardOf } from '../../src/cards/tc-heal/tc-heal-actions.js';

const h = await getHarness();
const { gm } = h.users;
const view = tcCardView(h);
useTcWorld(h, 34, { loaded: true, endCombats: true });
// The card is whispered to the GMs: the GM's client is the one in the other language.
const suite = typedCardSuite(h, gm);
const { fresh } = suite;
const healCard = suite.card({ subtype: 'tcHeal', flag: 'tcHeal', legacyType: 'tcHeal' });
/** The card's heading and lines as the current user's client draws it (redrawn from its state). */
const lines = (card: ChatMessage) => suite.texts(card, '.card-header h3, .tc-heal-line');

async function healed(): Promise<{ actor: Actor; card: ChatMessage }> {
  const actor = await tcFighter(h, { hp: 20, tc: { fatigue: 6 } });
  h.as(gm);
  expect(await askGM('gng.tcHeal', { actorUuid: actor.uuid, invigoration: '5', fatigue: '3' })).toMatchObject(
    {
      ok: true,
    },
  );
  return { actor, card: game.messages.contents.at(-1) as ChatMessage };
}

const heading = 'Hadwin is healed';
const given = 'Invigoration +5 (now 5); fatigue −3 (6 → 3).';

describe('the heal card as a typed message', () => {
  it('has the subtype tcHeal and its whole state in system, none in its flags', async () => {
    const { actor, card } = await healed();
    const pair = (invigoration: number, fatigue: number) => ({ invigoration, fatigue });
    healCard.expectTyped(
      card,
      {
        actorUuid: actor.uuid,
        name: 'Hadwin',
        asked: pair(5, 3),
        given: pair(5, 3),
        before: pair(0, 6),
        after: pair(5, 3),
        applied: pair(5, 3),
        undone: false,
      },
      true,
    );
  });

  it("is drawn in the client's language: a GM's other language, the English of another; Undo redraws", async () => {
    const { actor, card } = await healed();
    suite.asReader();
    expect(await lines(card)).toEqual([pseudo(heading), pseudo(given)]);
    await view.click(card, 'tcHealUndo');
    expect(tcOf(actor)).toMatchObject({ invigoration: 0, fatigue: 6 });
    const undone = 'Undone: the Invigoration taken back and the fatigue put back.';
    expect(await lines(card)).toEqual([pseudo(heading), pseudo(given), pseudo(undone)]);
    // The fallback content was written by the GM's client in its language at each save.
    expect(fresh(card).content).toContain(pseudo(undone));
    h.setLanguage(gm, null);
    expect(await lines(card)).toEqual([heading, given, undone]);
  });
});

describe('a heal card posted before issue #34 (type base, its state in flags.gng.tcHeal)', () => {
  it('still renders and its Undo still works, saved in its flags', async () => {
    const { actor, card } = await healed();
    // The typed card undone first, so that the legacy card's Undo is the one that takes the heal back.
    const legacy = await healCard.postLegacy(card, { omit: ['undone'], whisper: true });
    expect(tcHealCardOf(legacy)).toMatchObject({ applied: { invigoration: 5, fatigue: 3 } });
    // Drawn from its stored content (the English it was posted in), with the GM's Undo.
    await suite.expectReaderReads(legacy, lines, [heading, given]);
    expect(view.buttons(legacy)).toEqual(['tcHealUndo']);
    await view.click(legacy, 'tcHealUndo');
    expect(tcOf(actor)).toMatchObject({ invigoration: 0, fatigue: 6 });
    healCard.expectSaved(legacy, { applied: null, undone: true });
    expect(view.buttons(legacy)).toEqual([]);
  });
});

/**
 * A rest under the Time Count model (issue #32, lane world; docs/rules.md "Sheet and world"): the rest
 * card, besides what it does under every model, ends the Invigoration each night (002:151) and heals
 * impairments (002:93: "one point from your single worst impairment every night, or two worst for a
 * day of bed rest. If more than one type is tied for worst, it is randomly determined"), with the
 * exact Undo. Worked by hand on the fixture's fighter with 5 Invigoration and impairments B 0, P 1,
 * S 2:
 * - a night: Invigoration 0; the worst, slashing, 2 → 1;
 * - a day of bed rest: the two worst, slashing 2 → 1 and piercing 1 → 0;
 * - B 1, P 1, S 0 tied: a d2 of 2 picks the second of the tied (piercing), in the order B, P, S;
 * - under GnG none of it.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { restCardOf, requestRestUndo } from '../../src/cards/rest/rest-actions.js';
import { tcFighter, tcOf, useTcWorld, worldPlays } from '../fixtures/tc-world.js';

const h = await getHarness();
const { gm } = h.users;

useTcWorld(h, 32, { loaded: true, endCombats: true });

const HURT = { invigoration: 5, impairments: { piercing: 1, slashing: 2 } };
const lastCard = () => game.messages.contents.filter((m) => restCardOf(m) !== null).at(-1) as ChatMessage;
const lines = (card: ChatMessage) =>
  (card.content ?? '')
    .replace(/<[^>]+>/g, '\n')
    .split('\n')
    .map((l) => l.trim());

async function rest(actor: Actor, kind: string): Promise<ChatMessage> {
  h.as(gm);
  expect(await game.gng.rest(actor, { kind: kind as 'night', clock: false })).toMatchObject({ ok: true });
  await attackActionsSettled();
  return lastCard();
}

describe('a rest under the Time Count', () => {
  it('a night ends the Invigoration and heals the worst impairment; Undo puts both back', async () => {
    const actor = await tcFighter(h, { tc: HURT });
    const card = await rest(actor, 'night');
    expect(tcOf(actor)).toMatchObject({
      invigoration: 0,
      impairments: { bludgeoning: 0, piercing: 1, slashing: 1 },
    });
    expect(lines(card)).toEqual(
      expect.arrayContaining(['The night ended 5 Invigoration.', 'Impairments healed: Slashing 1.']),
    );
    expect(await requestRestUndo(card.id as string)).toMatchObject({ ok: true });
    expect(tcOf(actor)).toMatchObject({
      invigoration: 5,
      impairments: { bludgeoning: 0, piercing: 1, slashing: 2 },
    });
  });

  it('a day of bed rest heals the two worst', async () => {
    const actor = await tcFighter(h, { tc: HURT });
    const card = await rest(actor, 'bed-rest-day');
    expect(tcOf(actor)).toMatchObject({ invigoration: 0, impairments: { piercing: 0, slashing: 1 } });
    expect(lines(card)).toContain('Impairments healed: Piercing 1, Slashing 1.');
  });

  it('a tie for the worst is rolled', async () => {
    const actor = await tcFighter(h, { tc: { impairments: { bludgeoning: 1, piercing: 1 } } });
    h.dice.queue(2);
    await rest(actor, 'night');
    expect(h.dice.queued).toEqual([]);
    expect(tcOf(actor)).toMatchObject({ impairments: { bludgeoning: 1, piercing: 0, slashing: 0 } });
  });

  it('under GnG the rest leaves the Time Count fields alone', async () => {
    const actor = await tcFighter(h, { tc: HURT });
    await worldPlays(h, 'gng');
    const card = await rest(actor, 'night');
    expect(tcOf(actor)).toMatchObject({ invigoration: 5, impairments: { piercing: 1, slashing: 2 } });
    // No Time Count part on the card (a typed card's schema holds it as null).
    expect(restCardOf(card)?.tc).toBeNull();
  });
});

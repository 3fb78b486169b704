/**
 * The Enlightened Grognard action card as a typed message (issue #34; subtype `egAction`,
 * src/cards/eg-action/): its lines stored as lang keys and data in `system`, drawn on each client in
 * that user's language (the GM's in English, the player's in a pseudo-locale, the token count and
 * type translated inside the line), and a card posted before the change (`type: 'base'`,
 * `flags.gng.egAction`) still drawn and undone. As in eg-sheet-actions.test.ts: the Guard's Refocus
 * gains 1 speed token.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { askGM, attackActionsSettled } from '../../src/cards/kernel/index.js';
import { tokenPool } from '../../src/combat/eg-token-store.js';
import { cardHelpers, cardStateOf } from '../fixtures/cards.js';
import { pseudo } from '../fixtures/pseudo-locale.js';
import { typedCardSuite } from '../fixtures/typed-card-suite.js';
import { egGoblin, egGuard, useEgWorld } from '../fixtures/eg-world.js';
import { egActionCardOf } from '../../src/cards/eg-action/eg-action-actions.js';

const h = await getHarness();
const { gm, player } = h.users;
const { buttons, click } = cardHelpers(h);
useEgWorld(h, 34, { loaded: true, endCombats: true });
const suite = typedCardSuite(h);
const { fresh } = suite;
const actionCard = suite.card({ subtype: 'egAction', flag: 'egAction', legacyType: 'egAction' });
const lines = (card: ChatMessage) => suite.texts(card, '.card-header h3, .eg-action-line');

/** The player's Guard refocuses on its turn: 1 speed token, on a card. */
async function refocus(): Promise<{ guard: Actor; combat: Combat; card: ChatMessage }> {
  const guard = await egGuard(h, { owner: player, hp: 28, name: 'Guard' });
  h.as(gm);
  const combat = h.startCombat([guard, await egGoblin(h)]);
  await combat.startCombat();
  await attackActionsSettled();
  h.as(player);
  const sent = { actorUuid: guard.uuid, action: 'refocus', first: '', second: '', aidTo: '' };
  expect(await askGM('gng.egAction', sent)).toMatchObject({ ok: true });
  await attackActionsSettled();
  return { guard, combat, card: game.messages.contents.find((m) => egActionCardOf(m)) as ChatMessage };
}

const refocused = (tokens: string) => `Guard refocuses and gains ${tokens} token(s).`;

describe('the action card as a typed message', () => {
  it('has the subtype egAction; its lines are keys and data in system, none in its flags', async () => {
    const { guard, card } = await refocus();
    actionCard.expectTyped(card, {
      actorUuid: guard.uuid,
      name: 'Guard',
      action: 'refocus',
      lines: [
        {
          key: 'GNG.Model.EG.Action.refocus.result',
          data: {
            name: 'Guard',
            tokens: [
              {
                key: 'GNG.Model.EG.Token.Count',
                data: { count: 1, type: { key: 'GNG.Model.EG.Token.Type.speed' } },
              },
            ],
          },
        },
      ],
      applied: { hpDelta: 0, nonlethalDelta: 0 },
      undone: false,
    });
  });

  it("is drawn on each client in its user's language; the GM's Undo redraws both", async () => {
    const { guard, combat, card } = await refocus();
    const heading = (action: string) => `Guard: ${action}`;
    await suite.expectEachLanguage(
      card,
      lines,
      [heading('Refocus'), refocused('1 speed')],
      [pseudo(heading(pseudo('Refocus'))), pseudo(refocused(pseudo(`1 ${pseudo('speed')}`)))],
      [],
    );
    await click(card, 'egActionUndo');
    expect(tokenPool(combat, guard).encounter).toEqual({ power: 0, speed: 0, insight: 0 });
    expect(cardStateOf(fresh(card))).toMatchObject({ applied: null, undone: true });
    h.as(player);
    expect((await lines(card)).at(-1)).toBe(pseudo('Undone: the HP, statuses and tokens are as they were.'));
    expect(fresh(card).content).toContain(refocused('1 speed'));
  });
});

describe('an action card posted before issue #34 (type base, its state in flags.gng.egAction)', () => {
  it('still renders, with its lines as it stored them, and its Undo still works, saved in its flags', async () => {
    const { guard, combat, card } = await refocus();
    h.as(gm);
    // Before issue #34 the lines' data held the GM's words: "1 speed".
    const old = {
      ...actionCard.legacyState(card, ['undone', 'undoNotes']),
      lines: [{ key: 'GNG.Model.EG.Action.refocus.result', data: { name: 'Guard', tokens: '1 speed' } }],
    };
    const legacy = await actionCard.postLegacy(card, { state: old });
    await suite.expectReaderReads(legacy, lines, ['Guard: Refocus', refocused('1 speed')]);
    h.as(gm);
    expect(buttons(legacy)).toEqual(['egActionUndo']);
    await click(legacy, 'egActionUndo');
    expect(tokenPool(combat, guard).encounter).toEqual({ power: 0, speed: 0, insight: 0 });
    actionCard.expectSaved(legacy, { applied: null, undone: true });
    // Redrawn by the kernel's save from the legacy state: its stored line as it was.
    expect(fresh(legacy).content).toContain(refocused('1 speed'));
  });
});

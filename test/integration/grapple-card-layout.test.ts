/**
 * The grapple card as each user's chat log shows it (issue 15, item 8): one group of moves per side,
 * headed with that side's name ("Moves for Grappler"); a user sees only the groups of the sides it may
 * act for (the GM both, told apart by their headings), never a heading left without buttons; the
 * answer to a waiting check is its own group, named for the answering side; the header's badge says
 * the grapple's state (grappling, who is pinned, who escaped); an ended grapple shows no moves, only
 * Undo, which says which step it takes back.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { withFeats } from '../fixtures/cards.js';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import {
  grappleState,
  requestGrappleAction,
  type GrappleAction,
} from '../../src/cards/grapple/grapple-ask.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(7));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

/** What `user` sees on the card: the group headings, whether each group has a button, the badge, the buttons. */
function seenBy(user: User, message: ChatMessage) {
  h.as(user);
  const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
  const groups = [...html.querySelectorAll<HTMLElement>('.gng-card-group')];
  return {
    headings: groups
      .filter((g) => g.matches('fieldset.grapple-side, fieldset.grapple-answer'))
      .map((g) => g.querySelector('legend')?.textContent?.trim()),
    empty: groups.filter((g) => !g.querySelector('button')).length,
    badge: html.querySelector('.grapple-state')?.textContent,
    waiting: [...html.querySelectorAll('.gng-card-waiting')].map((p) => p.textContent?.trim()),
    buttons: [...html.querySelectorAll<HTMLButtonElement>('button[data-action]')].map(
      (b) => b.textContent?.trim() ?? '',
    ),
  };
}

async function gmDoes(message: ChatMessage, action: GrappleAction, ...dice: number[]): Promise<void> {
  h.as(gm);
  h.dice.queue(...dice);
  const result = await requestGrappleAction(message.id as string, action);
  await attackActionsSettled();
  expect(result.ok).toBe(true);
}

it("each user sees the headed groups of the sides it may act for; the badge follows the grapple's state", async () => {
  const grappler = await withFeats(
    await h.createActor(
      { name: 'Grappler', type: 'npc', system: { abilities: { str: { value: 14 } } } },
      otherPlayer,
    ),
    ['improved-grapple'],
  );
  const victim = await h.createActor(
    { name: 'Victim', type: 'npc', system: { abilities: { con: { value: 30 } }, hp: { value: 30 } } },
    player,
  );
  h.as(gm);
  h.target(gm, h.placeToken(victim));
  h.dice.queue(15); // Improved Grapple: no attack of opportunity, the touch attack at once
  const message = (await game.gng.grapple(grappler)) as ChatMessage;
  await attackActionsSettled();
  await gmDoes(message, 'oppose', 2, 12); // touch Defense 2: a hit; the hold check 12 + 2
  await gmDoes(message, 'oppose', 3, 1); // the victim's 3: held; damage 1d3 (1)
  expect(grappleState(game.messages.get(message.id as string))?.phase).toBe('grappling');

  // The GM owns both sides: two groups, each named for its side; each player only its own side's.
  expect(seenBy(gm, message)).toMatchObject({
    headings: ['Moves for Grappler', 'Moves for Victim'],
    empty: 0,
    badge: 'Grappling',
  });
  expect(seenBy(otherPlayer, message)).toMatchObject({ headings: ['Moves for Grappler'], empty: 0 });
  expect(seenBy(player, message)).toMatchObject({ headings: ['Moves for Victim'], empty: 0 });

  // A Pin waits for the victim's answer: the answer is the victim's group, named for it; no side has
  // a move meanwhile (no greyed moves, issue #33), and the card says whose answer it waits for.
  await gmDoes(message, 'pin', 15);
  expect(seenBy(gm, message).headings).toEqual(['Victim answers']);
  expect(seenBy(player, message)).toMatchObject({ headings: ['Victim answers'], empty: 0 });
  expect(seenBy(otherPlayer, message)).toMatchObject({ headings: [], empty: 0, buttons: [] });
  expect(seenBy(otherPlayer, message).waiting).toEqual([
    "Waiting for Victim's Grapple check against Grappler's Pin.",
  ]);
  await gmDoes(message, 'oppose', 2);
  expect(victim.statuses.has('pinned')).toBe(true);
  expect(seenBy(player, message).badge).toBe('Victim is pinned');
  expect(seenBy(gm, message).buttons).toContain('Undo: Pin (Grappler)');

  // Out of the pin, then out of the grapple: no moves are left, only Undo naming the escape.
  h.as(gm);
  h.dice.queue(20);
  await requestGrappleAction(message.id as string, 'escape', { side: 'defender' });
  await attackActionsSettled();
  await gmDoes(message, 'oppose', 1);
  expect(seenBy(gm, message).badge).toBe('Grappling');
  h.as(player); // the victim's owner escapes this time
  h.dice.queue(20);
  expect((await requestGrappleAction(message.id as string, 'escape', { side: 'defender' })).ok).toBe(true);
  await attackActionsSettled();
  await gmDoes(message, 'oppose', 1);
  expect(grappleState(game.messages.get(message.id as string))?.phase).toBe('ended');
  expect(seenBy(gm, message)).toMatchObject({
    headings: [],
    empty: 0,
    badge: 'Victim escaped',
    buttons: ['Undo: Escape (Victim)'],
  });
  // The victim's owner made the escape and won it: it may undo it; the grappler's owner may not.
  expect(seenBy(player, message).buttons).toEqual(['Undo: Escape (Victim)']);
  expect(seenBy(otherPlayer, message).buttons).toEqual([]);
});

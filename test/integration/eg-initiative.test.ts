/**
 * Initiative under the Enlightened Grognard (R41, issue #31 round 2 gaps), in a world that loads the
 * model as a world does (EG_LOADER: the token glue registered with it). Worked by hand from the text:
 * - "An initiative check is a Dexterity check … each character applies his or her Dexterity modifier"
 *   (003:487–488): the fighter (Dex 10, +0), the rogue (Dex 16, +3), the goblin (Dex 12, +1);
 * - "counting down from highest result to lowest" (003:493); a tie goes to the higher total modifier
 *   (003:500–501): d20s 15, 9 and 14 give the fighter 15, the rogue 12, the goblin 15; the goblin
 *   (+1) acts before the fighter (+0), then the rogue. The stored count adds the tiebreaker
 *   (modifier + 50) / 100 (docs/rules.md "Initiative ties"): 15.50, 12.53, 15.51;
 * - "Whenever you roll initiative, you gain 2 tokens of your choice" (003:491) but "NPCs and monsters
 *   don't gain tokens when they roll initiative" (003:472): a choice card for each PC, none for the
 *   goblin; the fighter's player picks 2 power, the rogue's 1 speed and 1 insight.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import { egGoblin, useEgWorld } from '../fixtures/eg-world.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { tokenPool } from '../../src/combat/eg-token-store.js';
import { egTokenCardOf } from '../../src/cards/eg-tokens/token-state.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
useEgWorld(h, 59, { loaded: true, endCombats: true });

const tokenCards = () => game.messages.contents.filter((m) => egTokenCardOf(m));

/** `user` clicks the initiative card's choice `index` as that user's client draws it. */
async function choose(message: ChatMessage, index: number, user: User): Promise<void> {
  h.as(user);
  const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
  await attackActionsSettled();
  const button = html.querySelector<HTMLButtonElement>(
    `button[data-action="choose"][data-choice="${index}"]`,
  );
  expect(button).not.toBeNull();
  button?.click();
  await attackActionsSettled();
}

describe('initiative under the Enlightened Grognard (R41)', () => {
  it('d20 + Dex, highest first, ties by the modifier; each PC a 2-token choice card, the NPC none', async () => {
    const fighter = await appendix3Fighter(h, player);
    const rogue = await appendix3Rogue(h, otherPlayer);
    const goblin = await egGoblin(h);
    h.as(gm);
    const combat = h.startCombat([fighter, rogue, goblin]);
    const ids = [fighter, rogue, goblin].map(
      (actor) => combat.combatants.find((c) => c.actor === actor)?.id as string,
    );
    h.dice.queue(15, 9, 14);
    await combat.rollInitiative(ids);
    await attackActionsSettled();
    expect(h.dice.queued).toEqual([]);
    expect([...combat.combatants].map((c) => [c.actor?.name, c.initiative])).toEqual([
      ['Goblin', 15.51],
      ['5th-level fighter', 15.5],
      ['1st-level rogue', 12.53],
    ]);

    // One card for each PC; the goblin's roll gains nothing.
    const cards = tokenCards();
    expect(cards.map((m) => egTokenCardOf(m)?.actorUuid).sort()).toEqual([fighter.uuid, rogue.uuid].sort());
    expect(tokenPool(combat, goblin).encounter).toEqual({ power: 0, speed: 0, insight: 0 });
    const cardOf = (actor: Actor) =>
      cards.find((m) => egTokenCardOf(m)?.actorUuid === actor.uuid) as ChatMessage;
    // Each player chooses for its own PC only: the rogue's player sees no choice on the fighter's card.
    h.as(otherPlayer);
    expect(h.renderMessage(cardOf(fighter)).querySelector('button[data-action="choose"]')).toBeNull();
    await choose(cardOf(fighter), 0, player); // 2 power
    await choose(cardOf(rogue), 4, otherPlayer); // 1 speed, 1 insight
    h.as(gm);
    expect(tokenPool(combat, fighter).encounter).toEqual({ power: 2, speed: 0, insight: 0 });
    expect(tokenPool(combat, rogue).encounter).toEqual({ power: 0, speed: 1, insight: 1 });
    expect(tokenPool(combat, goblin).encounter).toEqual({ power: 0, speed: 0, insight: 0 });
  });
});

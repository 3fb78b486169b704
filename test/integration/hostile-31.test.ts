/**
 * Issue #31 (the Enlightened Grognard model): a hostile player against the glue, on the harness with
 * the model loaded as a world loads it. What a player's client sends decides nothing it may not
 * decide; a refusal is localized and changes nothing.
 * - "Whenever you roll initiative you immediately gain 2 tokens of your choice" (003:430): once per
 *   PC and combat, however many combatants the player gives the PC.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-flow.js';
import { egFight, useEgWorld } from '../fixtures/eg-world.js';
import { egTokenCardOf } from '../../src/cards/eg-tokens/token-card-state.js';

const h = await getHarness();
const { player } = h.users;

useEgWorld(h, 3131, { loaded: true, endCombats: true });

describe('the initiative tokens (003:430)', () => {
  it('a second combatant of the same PC, added and rolled by its player, gains nothing more', async () => {
    const { fighter, combat } = await egFight(h);
    const tokenCards = () => game.messages.filter((m) => egTokenCardOf(m) !== null);
    h.as(player);
    const first = combat.combatants.find((c) => c.actorId === fighter.id) as Combatant;
    await combat.rollInitiative([first.id as string]);
    await attackActionsSettled();
    expect(tokenCards()).toHaveLength(1);
    const [second] = await combat.createEmbeddedDocuments('Combatant', [{ actorId: fighter.id }]);
    await combat.rollInitiative([second?.id as string]);
    await attackActionsSettled();
    expect(second?.initiative).not.toBeNull();
    expect(tokenCards()).toHaveLength(1);
  });
});

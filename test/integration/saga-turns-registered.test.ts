/**
 * The Saga-style turns (src/combat/saga-turns.ts: the tracker's badge and Refoot button, the turn
 * starts' budget, the refooting query) are registered when the world's model is loaded by its
 * loader, as a world playing it loads it — not only when a test calls `registerSagaTurns()` itself
 * (saga-turns.test.ts does). Nothing here imports saga-turns.ts's registration.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { askGM } from '../../src/cards/kernel/index.js';
import { combatantOf } from '../../src/combat/scene-lookup.js';
import { sagaFight, useSagaWorld } from '../fixtures/saga-world.js';

const h = await getHarness();
const { player } = h.users;

useSagaWorld(h, 30, { loaded: true, endCombats: true });

describe('the world plays the Saga-style model (loaded by its loader)', () => {
  it('the tracker shows the budget and the Refoot button; a player’s refooting request is answered', async () => {
    const { fighter } = await sagaFight(h);
    const id = (combatantOf(fighter) as Combatant).id as string;
    const row = () => h.renderCombatTracker().querySelector(`[data-combatant-id="${id}"]`);
    // A fresh turn: one standard, two moves (the standard as a move), three swifts; one AoO (A13).
    expect(row()?.querySelector('.gng-saga-turn')?.textContent).toBe('standard · move ×2 · swift ×3 · AoO 1');
    h.as(player);
    expect(row()?.querySelector('.gng-saga-refoot')?.textContent).toBe('Refoot');
    // The query as the button sends it (saga-turns.ts REFOOT_QUERY).
    expect(await askGM('gng.sagaRefoot', { actorUuid: fighter.uuid })).toEqual({ ok: true });
  });
});

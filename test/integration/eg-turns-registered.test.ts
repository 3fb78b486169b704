/**
 * The EG turns (src/combat/eg-turns.ts: the tracker's budget badge, the sheet's budget lines, the
 * turn starts' refill) are registered when the world's model is loaded by its loader (EG_LOADER), as a
 * world playing it loads it — not only when a test calls `registerEgTurns()` itself (eg-turns.test.ts
 * does). Nothing here imports eg-turns.ts's registration.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { combatantOf } from '../../src/combat/scene-lookup.js';
import { budgetLines } from '../../src/combat/budget-display.js';
import { egFight, egTrackerText, useEgWorld } from '../fixtures/eg-world.js';

const h = await getHarness();

useEgWorld(h, 31, { loaded: true, endCombats: true });

describe('the world plays the EG model (loaded by its loader)', () => {
  it('the tracker shows the budget, the sheet its lines, and the next turn start refills it', async () => {
    const { fighter, rogue, combat } = await egFight(h);
    // A fresh EG turn (003:600–604): one standard, a move or a swift (or the standard as a second); one AoO.
    expect(egTrackerText(h, fighter, '.gng-eg-turn')).toBe('standard · move ×2 · swift ×2 · AoO 1');
    expect(egTrackerText(h, rogue, '.gng-eg-turn')).toBe('AoO 1');
    expect(budgetLines(rogue)[0]).toBe('Next turn: standard, move, swift');
    await combat.nextTurn();
    await attackActionsSettled();
    const record = combat.getFlag('gng', 'eg') as { turns: Record<string, { round: number }> };
    expect(record.turns[(combatantOf(rogue) as Combatant).id as string]?.round).toBe(1);
    expect(egTrackerText(h, rogue, '.gng-eg-turn')).toBe('standard · move ×2 · swift ×2 · AoO 1');
  });
});

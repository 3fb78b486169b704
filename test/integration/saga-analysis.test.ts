/**
 * The odds and the simulator under the Saga-style model (issue #30) on the harness: the attack
 * dialog's odds table shows the model's own outcomes (miss, hit for no harm, hurt, loses a step,
 * drops, dead), and `game.gng.simulate` runs the model's fight loop from the actors' snapshots.
 * Expected values by hand.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { dummyFights, oddsAgainst, useAnalysisWorld } from '../fixtures/analysis-world.js';
import { saga } from '../../src/rules/on-demand.js';

const h = await getHarness();
const { percent } = await import('../../src/cards/attack/attack-odds-view.js');
await (await import('../../src/applications/attack-dialog.js')).dialogOdds();
await saga.SAGA_MODEL.analysis();

useAnalysisWorld(h, 30, saga.SAGA_MODEL);

describe('the attack dialog under the Saga-style model', () => {
  it("shows the model's outcomes: only a natural 1 misses a Reflex 10 at the fighter's bonus", async () => {
    const { dialog, row } = await oddsAgainst(h, 100);
    const cells = [...(row?.querySelectorAll<HTMLElement>('td[data-outcome]') ?? [])];
    expect(cells.map((c) => c.dataset.outcome)).toEqual(['miss', 'absorbed', 'hurt', 'step', 'down', 'dead']);
    const heads = [...dialog.element.querySelectorAll('.attack-odds .odds-exclusive thead th')].map(
      (th) => th.textContent,
    );
    expect(heads).toContain('Loses a step');
    expect(heads).toContain('Drops');
    // The NPC's Reflex Defense: 10 (no class, Dex 10, Medium, no armor); the fighter's bonus is at
    // least +9, so every natural but the 1 hits (A9).
    const cell = (outcome: string) => row?.querySelector(`td[data-outcome="${outcome}"]`)?.textContent;
    expect(cell('miss')).toBe(percent(0.05));
    // 100 HP: no hit of a bastard sword comes near −10.
    expect(cell('dead')).toBe(percent(0));
    expect(cell('down')).toBe(percent(0));
  });
});

describe('the simulator under the Saga-style model', () => {
  it("runs the model's fights: the fighter against a 1-HP dummy always wins; the dummy ends down", async () => {
    const r = await dummyFights(h, 40);
    // Any hit deals at least 1: the dummy at 0 or less is disabled, dying or dead (A4), never standing.
    expect(r.wins).toEqual({ a: 40, b: 0, draw: 0 });
    const d = r.combatants[1];
    expect(d?.states.standing).toBe(0);
    expect((d?.states.disabled ?? 0) + (d?.states.dying ?? 0) + (d?.states.dead ?? 0)).toBeCloseTo(1, 12);
    // Only a natural 1 misses the dummy's Reflex 10.
    expect(r.combatants[0]?.hitRate).toBeGreaterThan(0.8);
  });
});

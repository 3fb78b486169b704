/**
 * The odds and the simulator under the Enlightened Grognard model (issue #31) on the harness: the
 * attack dialog's odds table shows the model's own outcomes (miss, hit for no harm, hurt, bloodied,
 * disabled, drops, dead) under its stated token policy (the legend), the simulator's window states the
 * fights' token policy, and `game.gng.simulate` runs the model's fight loop from the actors'
 * snapshots. Expected values by hand.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { dummyFights, oddsAgainst, useAnalysisWorld } from '../fixtures/analysis-world.js';
import { EG_MODEL } from '../../src/rules/models/eg/model.js';
import type { SimulatorApp } from '../../src/simulator/simulator-app.js';

const h = await getHarness();
const { percent } = await import('../../src/cards/attack/attack-odds-view.js');
await (await import('../../src/applications/attack-dialog.js')).dialogOdds();
await EG_MODEL.analysis();

useAnalysisWorld(h, 31, EG_MODEL);

describe('the attack dialog under the EG model', () => {
  it("shows the model's outcomes and its token policy; a 100-HP target is only ever hurt", async () => {
    const { dialog, row } = await oddsAgainst(h, 100);
    const cells = [...(row?.querySelectorAll<HTMLElement>('td[data-outcome]') ?? [])];
    expect(cells.map((c) => c.dataset.outcome)).toEqual([
      'miss',
      'absorbed',
      'hurt',
      'bloodied',
      'disabled',
      'down',
      'dead',
    ]);
    const heads = [...dialog.element.querySelectorAll('.attack-odds .odds-exclusive thead th')].map(
      (th) => th.textContent,
    );
    expect(heads).toContain('Bloodied');
    expect(heads).toContain('Disabled');
    // A hit deals at least 1 (003:210): never "no harm". 100 HP: bloodied below 50 needs 51 damage,
    // beyond a bastard sword's maximum; so nothing worse than hurt.
    const cell = (outcome: string) => row?.querySelector(`td[data-outcome="${outcome}"]`)?.textContent;
    for (const outcome of ['absorbed', 'bloodied', 'disabled', 'down', 'dead'])
      expect(cell(outcome)).toBe(percent(0));
    // The legend states the policy the odds were computed under.
    expect(dialog.element.querySelector('.attack-odds .odds-legend')?.textContent).toContain(
      'the defender spends none',
    );
  });
});

describe('the simulator under the EG model', () => {
  it("runs the model's fights: the fighter against a 1-HP dummy always wins; the dummy ends down", async () => {
    const r = await dummyFights(h, 40);
    // Any hit deals at least 1: the dummy at 0 or less is disabled, dying or dead, never standing.
    expect(r.wins).toEqual({ a: 40, b: 0, draw: 0 });
    const d = r.combatants[1];
    expect(d?.states.standing).toBe(0);
    expect((d?.states.disabled ?? 0) + (d?.states.dying ?? 0) + (d?.states.dead ?? 0)).toBeCloseTo(1, 12);
  });

  it("the window states the fights' token policy under EG only", async () => {
    const app = (await game.gng.openSimulator()) as InstanceType<typeof SimulatorApp>;
    expect(app.element.querySelector('.gng-sim-model-policy')?.textContent).toContain(
      'a PC gains 2 tokens as it rolls initiative',
    );
    await app.close();
    await game.settings.set('gng', 'combatModel', 'gng');
    const gng = (await game.gng.openSimulator()) as InstanceType<typeof SimulatorApp>;
    expect(gng.element.querySelector('.gng-sim-model-policy')).toBeNull();
    await gng.close();
  });
});

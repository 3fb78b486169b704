/**
 * The odds and the simulator under the Time Count model (issue #32, lane analysis) on the harness: the
 * attack dialog's odds table shows the model's own outcomes (miss, fatigue only, past the ToP, a Con
 * check passed or failed, dying, dead), the simulator's window states the fights' Time Count policy,
 * and `game.gng.simulate` runs the model's fight loop on the Time Count from the actors' snapshots
 * (PCs marked: they roll their speed factors). Expected values by hand.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { dummyFights, hpNpc, oddsAgainst, useAnalysisWorld } from '../fixtures/analysis-world.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { TC_MODEL } from '../../src/rules/models/tc/model.js';
import type { SimulatorApp } from '../../src/simulator/simulator-app.js';

const h = await getHarness();
const { percent } = await import('../../src/cards/attack/attack-odds-view.js');
await (await import('../../src/applications/attack-dialog.js')).dialogOdds();
await TC_MODEL.analysis();

useAnalysisWorld(h, 32, TC_MODEL);

describe('the attack dialog under the TC model', () => {
  it("shows the model's outcomes; a 100-HP target never owes a Con check", async () => {
    const { dialog, row } = await oddsAgainst(h, 100);
    const cells = [...(row?.querySelectorAll<HTMLElement>('td[data-outcome]') ?? [])];
    expect(cells.map((c) => c.dataset.outcome)).toEqual([
      'miss',
      'fatigue',
      'passed',
      'awake',
      'unconscious',
      'dying',
      'dead',
    ]);
    const heads = [...dialog.element.querySelectorAll('.attack-odds .odds-exclusive thead th')].map(
      (th) => th.textContent,
    );
    expect(heads).toContain('Past the ToP');
    expect(heads).toContain('Unconscious');
    // ToP 3 (base 3, no Persona, no armor): a hit adds at most 3 fatigue, far below 100 HP, and takes
    // at most the sword's maximum off them: no check, never dying or dead.
    const cell = (outcome: string) => row?.querySelector(`td[data-outcome="${outcome}"]`)?.textContent;
    for (const outcome of ['awake', 'unconscious', 'dying', 'dead']) expect(cell(outcome)).toBe(percent(0));
    expect(cell('passed')).not.toBe(percent(0));
    expect(dialog.element.querySelector('.attack-odds .odds-legend')?.textContent).toContain(
      'Threshold of Pain',
    );
  });
});

describe('the simulator under the TC model', () => {
  it("runs the model's fights on the Time Count: the fighter against a 1-HP dummy always wins", async () => {
    const r = await dummyFights(h, 40);
    // Any hit deals at least 1: under the ToP it is fatigue ≥ the dummy's 1 HP (a Con check, DC ≥ 0),
    // past it HP: the dummy ends unconscious, dying or dead unless it passes every check until a hit
    // kills it; never standing at the end.
    expect(r.wins).toEqual({ a: 40, b: 0, draw: 0 });
    expect(r.combatants[1]?.states.standing).toBe(0);
  });

  it('the snapshots mark PCs (they roll their speed factors, 002:257), NPCs not', async () => {
    const fighter = await appendix3Fighter(h);
    const dummy = await hpNpc(h, 'Dummy', 1);
    const { actorSnapshot } = await import('../../src/simulator/snapshot.js');
    expect(fighter.type).toBe('character');
    expect(actorSnapshot(fighter, 'f').model?.pc).toBe(true);
    expect(actorSnapshot(dummy, 'd').model?.pc).toBe(false);
  });

  it("the snapshot's attack carries its weapon's speed class (A10), under TC only", async () => {
    const fighter = await appendix3Fighter(h);
    const sword = fighter.items.find((i) => i.name === 'Bastard sword');
    if (!sword) throw new Error('the fighter has its bastard sword');
    const { actorSnapshot } = await import('../../src/simulator/snapshot.js');
    const swordRow = (): { speedClass?: string } | undefined =>
      actorSnapshot(fighter, 'f').attacks.find((a) => a.name === 'Bastard sword');
    // A weapon made before the field reads Standard (the schema's default).
    expect(swordRow()?.speedClass).toBe('standard');
    await sword.update({ 'system.speedClass': 'slow' });
    expect(swordRow()?.speedClass).toBe('slow');
    await game.settings.set('gng', 'combatModel', 'gng');
    expect(swordRow()).toBeDefined();
    expect(swordRow()?.speedClass).toBeUndefined();
  });

  it("the window states the fights' Time Count policy under TC only", async () => {
    const app = (await game.gng.openSimulator()) as InstanceType<typeof SimulatorApp>;
    expect(app.element.querySelector('.gng-sim-model-policy')?.textContent).toContain(
      'the fights run on counts, not rounds',
    );
    await app.close();
    await game.settings.set('gng', 'combatModel', 'gng');
    const gng = (await game.gng.openSimulator()) as InstanceType<typeof SimulatorApp>;
    expect(gng.element.querySelector('.gng-sim-model-policy')).toBeNull();
    await gng.close();
  });
});

/**
 * The fight simulator under the Saga-style model (issue #30, round 2): the window offers only what
 * the world's model has (no GnG Block, called shot or Appendix 1 variants), a hand-made
 * `game.gng.simulate` asking for them is refused with a localized message, and the "Who wins" shares
 * shown add up to 100.0 % (largest remainder, charts.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import type { SimulationAggregate } from '../../src/rules/simulate/index.js';

const h = await getHarness();
const { gm } = h.users;
const { SimulatorApp } = await import('../../src/simulator/simulator-app.js');
const { tenthsOfPercent, winsChart } = await import('../../src/simulator/charts.js');

beforeEach(() => h.reset(31));
afterEach(async () => {
  h.as(gm);
  await game.settings.set('gng', 'combatModel', 'gng');
  expect([...h.i18n.missing]).toEqual([]);
});

async function sides() {
  h.as(gm);
  return { fighter: await appendix3Fighter(h), rogue: await appendix3Rogue(h) };
}

async function openWindow() {
  const app = (await game.gng.openSimulator()) as InstanceType<typeof SimulatorApp>;
  return app;
}

describe('the simulator window offers what the world’s model has', () => {
  it('under GnG: Block, Called shot and the variants; under Saga: none of them, and Run still runs', async () => {
    const { fighter, rogue } = await sides();
    const gngApp = await openWindow();
    expect(gngApp.element.querySelectorAll('select[name$=".block"]')).toHaveLength(2);
    expect(gngApp.element.querySelectorAll('select[name$=".calledShot"]')).toHaveLength(2);
    expect(gngApp.element.querySelector('fieldset.gng-sim-variants')).not.toBeNull();
    await gngApp.close();

    await game.settings.set('gng', 'combatModel', 'saga');
    const app = await openWindow();
    expect(app.element.querySelector('select[name$=".block"]')).toBeNull();
    expect(app.element.querySelector('select[name$=".calledShot"]')).toBeNull();
    expect(app.element.querySelector('fieldset.gng-sim-variants')).toBeNull();
    expect(app.element.querySelector('input[name="compare"]')).toBeNull();
    // The world's stored wound variant (set under GnG) does not stop the window's run under Saga.
    await game.settings.set('gng', 'advancedWoundTrauma', true);
    app.draft.sideA = [fighter.uuid];
    app.draft.sideB = [rogue.uuid];
    await app.render();
    (app.element.querySelector('input[name="n"]') as HTMLInputElement).value = '40';
    await SimulatorApp.onRun.call(app);
    expect(app.error).toBe('');
    expect(app.runs.map((r) => r.result.fights)).toEqual([40]);
    await game.settings.set('gng', 'advancedWoundTrauma', false);
    await app.close();
  });
});

describe('game.gng.simulate under Saga refuses what the model does not offer', () => {
  it('Block, a called shot and the wound variants are refused with a localized message; defaults run', async () => {
    const { fighter, rogue } = await sides();
    await game.settings.set('gng', 'combatModel', 'saga');
    const base = { sideA: [fighter], sideB: [rogue], n: 10, seed: 4 };
    const cases: [object, string][] = [
      [{ policies: { a: { block: 'always' } } }, 'Block'],
      [{ policies: { b: { calledShot: 'vital-strike' } } }, 'Called shot'],
      [{ variants: { advancedWoundTrauma: true } }, 'Advanced Wound Trauma'],
      [{ variants: { woundsCauseBleeding: true } }, 'Wounds Normally Cause Bleeding'],
    ];
    for (const [extra, option] of cases)
      await expect(game.gng.simulate({ ...base, ...extra })).rejects.toThrow(
        `${option} is not part of the combat model Saga-style (static defenses, condition track): the simulator does not run it.`,
      );
    // The defaults ask for nothing GnG-only; Strength Bonus Limitation is the world's sheet rule too.
    const r = await game.gng.simulate({
      ...base,
      policies: { a: { block: 'spare', calledShot: 'none' } },
      variants: { strengthBonusLimitation: true },
    });
    expect(r.fights).toBe(10);
    // Under GnG the same requests run.
    await game.settings.set('gng', 'combatModel', 'gng');
    const g = await game.gng.simulate({
      ...base,
      policies: { a: { block: 'always', calledShot: 'vital-strike' } },
    });
    expect(g.fights).toBe(10);
  });
});

describe('“Who wins” shares add up to 100.0 %', () => {
  it('9,995 / 5 / 0 of 10,000: 99.9 % and 0.1 % (each rounded alone: 100.0 % and 0.1 %)', () => {
    expect(tenthsOfPercent([9995, 5, 0], 10000)).toEqual([999, 1, 0]);
    // 1/3 each: 333.33… tenths; one tenth left, to the first of equal counts.
    expect(tenthsOfPercent([100, 100, 100], 300)).toEqual([334, 333, 333]);
    // 4, 1, 1 of 6: 666.67, 166.67, 166.67 tenths (each alone: 667 + 167 + 167 = 1,001); two tenths
    // left for three equal remainders go to the smaller counts.
    expect(tenthsOfPercent([4, 1, 1], 6)).toEqual([666, 167, 167]);
    expect(tenthsOfPercent([7, 0, 0], 7)).toEqual([1000, 0, 0]);
    expect(tenthsOfPercent([0, 0, 0], 0)).toEqual([0, 0, 0]);
  });

  it('the chart prints the consistent shares', () => {
    const agg = { fights: 10000, wins: { a: 9995, b: 5, draw: 0 } } as SimulationAggregate;
    const labels = { sideA: 'A', sideB: 'B', draw: 'Draw', wins: 'Wins', fights: 'fights' };
    const svg = winsChart('w', agg, labels as Parameters<typeof winsChart>[2]);
    expect(svg).toContain('>99.9%<');
    expect(svg).toContain('>0.1%<');
    expect(svg).toContain('>0.0%<');
    expect(svg).not.toContain('100.0%');
  });
});

/**
 * The simulator's Web Worker runs the Time Count model (issue #32): the page sends a TC job whose
 * snapshots carry each weapon's speed class read from its item (`system.speedClass`, A10) and whether
 * the combatant rolls its speed factors as the tracker answers it (`rollsSpeedFactor`, the world's
 * `tcSpeedFactors`, R35); the worker — whose registry starts with GnG only — loads the model on the
 * job's arrival and runs its fights on the Time Count. The worker module runs in-process behind a
 * stand-in Worker (test/fixtures/worker-job.ts).
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { simulateThroughWorker, useWorkerStubs } from '../fixtures/worker-job.js';
import { tcFighter, tcGoblin } from '../fixtures/tc-world.js';
import { models } from '../../src/rules/index.js';
import { registerTcSpeedFactorsSetting } from '../../src/combat/tc-speed-setting.js';

const h = await getHarness();
useWorkerStubs(h);

/** Hadwin (the player's: a long sword, Standard; a dagger, Fast) against the GM's goblin (a short spear, Fast). */
const sides = async () => ({ sideA: [await tcFighter(h)], sideB: [await tcGoblin(h)] });

describe("the simulator's worker under the Time Count model", () => {
  it("carries the weapons' speed classes and who rolls its SF, as the world says; the worker loads the model and runs the fights", async () => {
    h.reset(3232);
    registerTcSpeedFactorsSetting();
    const {
      posted,
      messages,
      result: r,
    } = await simulateThroughWorker(h, 'tc', () => expect(models.combatModelById('tc')).toBeNull(), sides);
    expect(posted).toMatchObject([{ model: 'tc', n: 20 }]);
    const [a] = posted[0]?.sides.a ?? [];
    const [b] = posted[0]?.sides.b ?? [];
    // Read from the items (002:243: a long sword Standard, a dagger Fast).
    expect(a?.attacks.map((x) => [x.name, x.speedClass])).toEqual([
      ['Long sword', 'standard'],
      ['Dagger', 'fast'],
    ]);
    expect(b?.attacks.map((x) => [x.name, x.speedClass])).toEqual([['Short spear', 'fast']]);
    // The world's default (pc-random): the PC rolls, the NPC takes the static SF (002:257).
    expect(a?.model).toMatchObject({ pc: true, randomSf: true });
    expect(b?.model).toMatchObject({ pc: false, randomSf: false });
    expect(messages.at(-1)).toBe('done');
    expect(models.combatModelById('tc')?.id).toBe('tc');
    expect(r.fights).toBe(20);
    expect(r.wins.a + r.wins.b + r.wins.draw).toBe(20);

    // The world says everybody rolls: the NPC rolls its SF too (the same worker, a second job).
    await game.settings.set('gng', 'tcSpeedFactors', 'all-random');
    await game.gng.simulate({ sideA: [await tcFighter(h)], sideB: [await tcGoblin(h)], n: 5, seed: 4 });
    expect(posted).toHaveLength(2);
    expect(posted[1]?.sides.b[0]?.model).toMatchObject({ pc: false, randomSf: true });
    await game.settings.set('gng', 'tcSpeedFactors', 'pc-random');
  });
});

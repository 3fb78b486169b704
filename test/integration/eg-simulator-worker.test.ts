/**
 * The simulator's Web Worker runs the Enlightened Grognard model (issue #31): the page sends an EG job
 * to the worker (a built-in model) with each snapshot marked a PC or not (only PCs gain initiative
 * tokens, 003:472), and the worker — whose registry starts with GnG only — loads the model on the
 * job's arrival (src/simulator/worker-models.ts) and runs its fights. The worker module runs here
 * in-process behind a stand-in Worker that passes the messages (Node has no Web Worker).
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { simulateThroughWorker, useWorkerStubs } from '../fixtures/worker-job.js';
import { models } from '../../src/rules/index.js';

const h = await getHarness();
useWorkerStubs(h);

describe("the simulator's worker under the EG model", () => {
  it('the job goes to the worker, which loads the model and runs its fights', async () => {
    h.reset(31);
    const {
      posted,
      messages,
      result: r,
    } = await simulateThroughWorker(h, 'eg', () => {
      expect(models.combatModelLabel('eg')).toBe('GNG.Model.EG.label');
      expect(models.combatModelById('eg')).toBeNull();
    });
    expect(posted).toMatchObject([{ model: 'eg', n: 20 }]);
    expect(posted[0]?.sides.a[0]?.model?.pc).toBe(true);
    expect(posted[0]?.sides.b[0]?.model?.pc).toBe(false);
    expect(messages.at(-1)).toBe('done');
    expect(models.combatModelById('eg')?.id).toBe('eg');
    // The fighter against a 1-HP dummy: any hit deals at least 1 (003:210), leaving it at 0 or below,
    // out of the fight; the fighter always wins.
    expect(r.wins).toEqual({ a: 20, b: 0, draw: 0 });
    expect(r.combatants[1]?.states.standing).toBe(0);
  });
});

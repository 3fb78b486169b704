/**
 * The simulator's Web Worker runs the Saga-style model (issue #30): the page sends a Saga job to the
 * worker (a built-in model), and the worker — whose registry starts with GnG only — loads the model
 * on the job's arrival (src/simulator/worker-models.ts) and runs its fights. The worker module runs
 * here in-process behind a stand-in Worker that passes the messages (Node has no Web Worker).
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { simulateThroughWorker, useWorkerStubs } from '../fixtures/worker-job.js';
import { models } from '../../src/rules/index.js';

const h = await getHarness();
useWorkerStubs(h);

describe("the simulator's worker under the Saga-style model", () => {
  it('the job goes to the worker, which loads the model and runs its fights', async () => {
    h.reset(30);
    const {
      posted,
      messages,
      result: r,
    } = await simulateThroughWorker(h, 'saga', () => {
      expect(models.combatModelLabel('saga')).toBe('GNG.Model.Saga.label');
      expect(models.combatModelById('saga')).toBeNull();
    });
    expect(posted).toMatchObject([{ model: 'saga', n: 20 }]);
    expect(messages.at(-1)).toBe('done');
    expect(models.combatModelById('saga')?.id).toBe('saga');
    // The fighter against a 1-HP dummy (Reflex 10): any hit drops it (A4); the fighter always wins.
    expect(r.wins).toEqual({ a: 20, b: 0, draw: 0 });
    expect(r.combatants[1]?.states.standing).toBe(0);
  });
});

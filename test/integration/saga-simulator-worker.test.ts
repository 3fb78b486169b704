/**
 * The simulator's Web Worker runs the Saga-style model (issue #30): the page sends a Saga job to the
 * worker (a built-in model), and the worker — whose registry starts with GnG only — loads the model
 * on the job's arrival (src/simulator/worker-models.ts) and runs its fights. The worker module runs
 * here in-process behind a stand-in Worker that passes the messages (Node has no Web Worker).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { models } from '../../src/rules/index.js';
import type { SimulationJob, WorkerMessage } from '../../src/simulator/protocol.js';

const h = await getHarness();
const { gm } = h.users;

afterEach(async () => {
  vi.unstubAllGlobals();
  h.as(gm);
  await game.settings.set('gng', 'combatModel', 'gng');
  expect([...h.i18n.missing]).toEqual([]);
});

describe("the simulator's worker under the Saga-style model", () => {
  it('the job goes to the worker, which loads the model and runs its fights', async () => {
    h.reset(30);
    // The worker's own scope: its onmessage set by the module, its messages back to the page.
    const scope: {
      onmessage: ((event: { data: SimulationJob }) => void) | null;
      postMessage(m: WorkerMessage): void;
    } = {
      onmessage: null,
      postMessage: () => {},
    };
    vi.stubGlobal('self', scope);
    // The worker starts with no Saga-style model: only what its own bundle registers.
    models.unregisterCombatModel('saga');
    await import('../../src/simulator/simulate-worker.js');
    expect(models.combatModelLabel('saga')).toBe('GNG.Model.Saga.label');
    expect(models.combatModelById('saga')).toBeNull();
    const posted: SimulationJob[] = [];
    const messages: WorkerMessage['type'][] = [];
    class PassingWorker {
      onmessage: ((event: { data: WorkerMessage }) => void) | null = null;
      onerror: unknown = null;
      postMessage(job: SimulationJob) {
        posted.push(job);
        scope.postMessage = (message) => {
          messages.push(message.type);
          this.onmessage?.({ data: message });
        };
        scope.onmessage?.({ data: job });
      }
      terminate() {}
    }
    vi.stubGlobal('Worker', PassingWorker);
    h.as(gm);
    await game.settings.set('gng', 'combatModel', 'saga');
    const fighter = await appendix3Fighter(h);
    const dummy = await h.createActor({
      name: 'Dummy',
      type: 'npc',
      system: { hp: { value: 1 }, abilities: { con: { value: 10 } } },
    });
    const r = await game.gng.simulate({ sideA: [fighter], sideB: [dummy], n: 20, seed: 3 });
    expect(posted).toMatchObject([{ model: 'saga', n: 20 }]);
    expect(messages.at(-1)).toBe('done');
    expect(models.combatModelById('saga')?.id).toBe('saga');
    // The fighter against a 1-HP dummy (Reflex 10): any hit drops it (A4); the fighter always wins.
    expect(r.wins).toEqual({ a: 20, b: 0, draw: 0 });
    expect(r.combatants[1]?.states.standing).toBe(0);
  });
});

/**
 * The simulator's Web Worker runs the Enlightened Grognard model (issue #31): the page sends an EG job
 * to the worker (a built-in model) with each snapshot marked a PC or not (only PCs gain initiative
 * tokens, 003:472), and the worker — whose registry starts with GnG only — loads the model on the
 * job's arrival (src/simulator/worker-models.ts) and runs its fights. The worker module runs here
 * in-process behind a stand-in Worker that passes the messages (Node has no Web Worker).
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

describe("the simulator's worker under the EG model", () => {
  it('the job goes to the worker, which loads the model and runs its fights', async () => {
    h.reset(31);
    // The worker's own scope: its onmessage set by the module, its messages back to the page.
    const scope: {
      onmessage: ((event: { data: SimulationJob }) => void) | null;
      postMessage(m: WorkerMessage): void;
    } = {
      onmessage: null,
      postMessage: () => {},
    };
    vi.stubGlobal('self', scope);
    // The worker starts with no EG model: only what its own bundle registers.
    models.unregisterCombatModel('eg');
    await import('../../src/simulator/simulate-worker.js');
    expect(models.combatModelLabel('eg')).toBe('GNG.Model.EG.label');
    expect(models.combatModelById('eg')).toBeNull();
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
    await game.settings.set('gng', 'combatModel', 'eg');
    const fighter = await appendix3Fighter(h);
    const dummy = await h.createActor({
      name: 'Dummy',
      type: 'npc',
      system: { hp: { value: 1 }, abilities: { con: { value: 10 } } },
    });
    const r = await game.gng.simulate({ sideA: [fighter], sideB: [dummy], n: 20, seed: 3 });
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

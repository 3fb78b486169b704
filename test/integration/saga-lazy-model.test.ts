/**
 * A combat model registered by its loader (issue #30: the Saga-style model is one): a choice at once,
 * its code loaded when the world plays it. Until it arrives GnG stands in for data preparation, and
 * every actor prepared so is prepared again when it arrives; a GM query waits for it (so a card is
 * never made under the stand-in); a load that fails refuses with a localized message and changes
 * nothing; the self-test reports how the model was loaded. A stand-in model (the test model under
 * other ids) is loaded here, its load held until the test lets it go.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { TEST_MODEL, TEST_DEFENSE } from '../fixtures/test-combat-model.js';
import { models, type CombatModel } from '../../src/rules/index.js';
import { attackActionsSettled, askGM, registerGMQuery } from '../../src/cards/kernel/index.js';
import {
  combatModel,
  combatModelId,
  worldModelLoad,
  worldModelReady,
} from '../../src/settings/combat-model.js';
import { COMBAT_MODEL_CHOICES } from '../../src/settings/combat-model-setting.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { SELF_TEST_CHECKS, runSelfTest } = await import('../../src/self-test/index.js');
const { gm, player } = h.users;

/** A load the test lets go of: `release()` resolves it with `model`, `fail()` rejects it. */
function heldLoad(model: CombatModel) {
  let calls = 0;
  let release!: () => void;
  let fail!: (error: Error) => void;
  const load = () => {
    calls += 1;
    return new Promise<CombatModel>((resolve, reject) => {
      release = () => resolve(model);
      fail = reject;
    });
  };
  return {
    load,
    calls: () => calls,
    release: () => release(),
    fail: (error: Error) => fail(error),
  };
}

const modelAs = (id: string): CombatModel => ({ ...TEST_MODEL, id, label: `Model ${id}` });
const ids: string[] = [];
function registerLazy(id: string, load: () => Promise<CombatModel>): void {
  ids.push(id);
  models.registerCombatModel({ id, label: `Model ${id}`, load });
}

/** The world's model (a GM's write, as the Variant rules window makes it). */
async function worldPlays(id: string): Promise<void> {
  h.as(gm);
  await game.settings.set('gng', 'combatModel', id);
}

const defenses = (actor: Actor) => Object.keys((actor.system as CreatureData).derived.modelDefenses);

beforeEach(() => h.reset(30));
afterEach(async () => {
  h.as(gm);
  await game.settings.set('gng', 'combatModel', 'gng');
  for (const id of ids.splice(0)) models.unregisterCombatModel(id);
  expect([...h.i18n.missing]).toEqual([]);
});

describe('the registry', () => {
  it('lists a model registered by its loader with its label, and knows its model only once loaded, loading it once', async () => {
    const held = heldLoad(modelAs('lazy-a'));
    registerLazy('lazy-a', held.load);
    expect(models.combatModelIds()).toContain('lazy-a');
    expect(models.combatModelLabel('lazy-a')).toBe('Model lazy-a');
    expect(COMBAT_MODEL_CHOICES['lazy-a']).toBe('Model lazy-a');
    expect(models.combatModelById('lazy-a')).toBeNull();
    const first = models.loadCombatModel('lazy-a');
    const second = models.loadCombatModel('lazy-a');
    expect(held.calls()).toBe(1);
    held.release();
    const loaded = await first;
    expect(loaded?.id).toBe('lazy-a');
    expect(await second).toBe(loaded);
    expect(models.combatModelById('lazy-a')).toBe(loaded);
    expect(await models.loadCombatModel('lazy-a')).toBe(loaded);
    expect(held.calls()).toBe(1);
    expect(await models.loadCombatModel('nothing-here')).toBeNull();
  });

  it('refuses a loader without a label, a loaded model of another id or malformed, and loads again after a failure', async () => {
    expect(() => models.registerCombatModel({ id: 'lazy-b', load: async () => TEST_MODEL } as never)).toThrow(
      /label/,
    );
    registerLazy('lazy-c', async () => modelAs('other'));
    await expect(models.loadCombatModel('lazy-c')).rejects.toThrow(/lazy-c loaded a model named other/);
    registerLazy('lazy-d', async () => ({ ...modelAs('lazy-d'), resolve: undefined }) as never);
    await expect(models.loadCombatModel('lazy-d')).rejects.toThrow(/resolve is missing/);
    expect(models.combatModelById('lazy-d')).toBeNull();
    const held = heldLoad(modelAs('lazy-e'));
    registerLazy('lazy-e', held.load);
    const failed = models.loadCombatModel('lazy-e');
    held.fail(new Error('network'));
    await expect(failed).rejects.toThrow('network');
    const again = models.loadCombatModel('lazy-e');
    expect(held.calls()).toBe(2);
    held.release();
    expect((await again)?.id).toBe('lazy-e');
  });
});

describe("the world's model, loaded on first use", () => {
  it('GnG stands in for preparation until it arrives; every actor is then prepared again under it', async () => {
    const held = heldLoad(modelAs('lazy-f'));
    registerLazy('lazy-f', held.load);
    await worldPlays('lazy-f');
    expect(combatModelId()).toBe('lazy-f');
    const orc = await h.createActor({ name: 'Orc', type: 'npc', system: { hp: { value: 10 } } });
    // Prepared while the model loads: GnG's melee and ranged Defense stood in.
    expect(defenses(orc)).toEqual(['melee', 'ranged']);
    const reads = worldModelLoad.standIns;
    expect(reads).toBeGreaterThan(0);
    expect(held.calls()).toBe(1);
    held.release();
    await attackActionsSettled();
    expect(worldModelLoad.reprepared).toBe(true);
    expect(combatModel().id).toBe('lazy-f');
    // The test model's one static defense of 10.
    expect(defenses(orc)).toEqual(['static']);
    expect((orc.system as CreatureData).derived.defense.melee.total).toBe(TEST_DEFENSE);
    // The self-test tells it.
    const report = await runSelfTest({ checks: SELF_TEST_CHECKS.filter((c) => c.id === 'combatModel') });
    const result = report.results.find((r) => r.id === 'combatModel');
    expect(result?.status).toBe('pass');
    expect(result?.detail).toContain(`arrived after ${reads} read(s)`);
    expect(result?.detail).toContain('every actor was prepared again');
  });

  it("a GM query waits for it: the handler runs under the world's model, never the stand-in", async () => {
    const held = heldLoad(modelAs('lazy-g'));
    registerLazy('lazy-g', held.load);
    const seen: string[] = [];
    registerGMQuery('gng.testLazyModel', async () => {
      seen.push(combatModel().id);
      return { ok: true };
    });
    await worldPlays('lazy-g');
    h.as(player);
    const answer = askGM('gng.testLazyModel', {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual([]);
    held.release();
    expect(await answer).toEqual({ ok: true });
    expect(seen).toEqual(['lazy-g']);
  });

  it('a load that fails: queries are refused with a localized message, and the next one loads again', async () => {
    const held = heldLoad(modelAs('lazy-h'));
    registerLazy('lazy-h', held.load);
    let ran = 0;
    registerGMQuery('gng.testLazyModelFail', async () => {
      ran += 1;
      return { ok: true };
    });
    await worldPlays('lazy-h');
    h.as(player);
    const answer = askGM('gng.testLazyModelFail', {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    held.fail(new Error('chunk missing'));
    expect(await answer).toMatchObject({ ok: false, error: 'GNG.Model.Error.NotLoaded' });
    expect(ran).toBe(0);
    expect(h.notices.at(-1)?.message).toBe(
      'The Model lazy-h combat rules could not be loaded, so nothing was changed. Reload the world; if this stays, the console (F12) says why.',
    );
    expect(worldModelLoad.error).toContain('chunk missing');
    // The self-test tries again; that load fails too: it fails with the reason.
    h.as(gm);
    const running = runSelfTest({ checks: SELF_TEST_CHECKS.filter((c) => c.id === 'combatModel') });
    await new Promise((resolve) => setTimeout(resolve, 20));
    held.fail(new Error('chunk missing again'));
    const result = (await running).results.find((r) => r.id === 'combatModel');
    expect(result).toMatchObject({ status: 'fail' });
    expect(result?.detail).toContain('(Model lazy-h) could not be loaded: Error: chunk missing again');
    // Tried again: this time it loads.
    const again = worldModelReady();
    held.release();
    expect((await again).id).toBe('lazy-h');
    h.as(player);
    expect(await askGM('gng.testLazyModelFail', {})).toEqual({ ok: true });
    expect(ran).toBe(1);
  });
});

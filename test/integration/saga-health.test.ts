/**
 * The Saga-style model on the harness (issue #30, lane core): a world under SAGA_MODEL (registered
 * here, as the test model's tests do, until the lazy registration lands) prepares an actor with its
 * static defenses and hit-die HP, and Apply/Undo write and take back the whole health vector, the
 * condition step at `system.model.saga.conditionStep` included. Worked by hand:
 * - a class with a d10 hit die, 2 levels, Con 14 (+2): 10 + 6 + 2 × 2 = 20 HP (A15);
 * - good Fortitude at 2 (+3, the SRD's good save) + Con 2 = save 5 → Fortitude Defense 15 = the
 *   damage threshold (A2, A3); Dex 12 (+1), good Defense at 2 (+2): Reflex 10 + 2 + 1 = 13.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { sagaTrooper, useSagaWorld } from '../fixtures/saga-world.js';
import { SAGA_MODEL } from '../../src/rules/models/saga/index.js';
import { applyHitPointLoss, recordOf, restoreHitPointLoss } from '../../src/combat/hp-loss.js';
import { healthOf } from '../../src/combat/model-health.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();

useSagaWorld(h, 30);

const sys = (actor: Actor) => actor.system as CreatureData;
const vector = (actor: Actor) => ({
  value: sys(actor).hp.value,
  temp: sys(actor).hp.temp,
  nonlethal: sys(actor).hp.nonlethal,
  conditionStep: sys(actor).model.saga.conditionStep,
});

const trooper = () => sagaTrooper(h, { value: 20, temp: 2 });

describe('an actor under the Saga-style model', () => {
  it('has hit-die HP, three static defenses and a condition step of 0', async () => {
    const actor = await trooper();
    const derived = sys(actor).derived;
    expect(derived.hp.max).toBe(20);
    expect(derived.modelDefenses.reflex).toMatchObject({ kind: 'static', value: 13 });
    expect(derived.modelDefenses.fortitude).toMatchObject({ kind: 'static', value: 15 });
    expect(sys(actor).model.saga.conditionStep).toBe(0);
    expect(healthOf(actor)).toEqual({ value: 20, temp: 2, nonlethal: 0, conditionStep: 0 });
  });

  it('Apply: 15 damage beats the threshold (one step down); Undo takes all of it back exactly', async () => {
    const actor = await trooper();
    const loss = await applyHitPointLoss(actor, { lethal: 15, nonlethal: 0 }, () => true, SAGA_MODEL);
    expect(loss).toMatchObject({ hpLost: 13, before: { conditionStep: 0 }, after: { conditionStep: 1 } });
    expect(vector(actor)).toEqual({ value: 7, temp: 0, nonlethal: 0, conditionStep: 1 });
    expect(healthOf(actor).conditionStep).toBe(1);
    // The step's −1 is on every defense now.
    expect(sys(actor).derived.modelDefenses.reflex).toMatchObject({ value: 12 });

    await restoreHitPointLoss(actor, recordOf(loss!), SAGA_MODEL);
    expect(vector(actor)).toEqual({ value: 20, temp: 2, nonlethal: 0, conditionStep: 0 });
    expect(sys(actor).derived.modelDefenses.reflex).toMatchObject({ value: 13 });
  });

  it('Undo takes back its own change from the values as they are now (later changes stay)', async () => {
    const actor = await trooper();
    const first = await applyHitPointLoss(actor, { lethal: 16, nonlethal: 0 }, () => true, SAGA_MODEL);
    const second = await applyHitPointLoss(actor, { lethal: 3, nonlethal: 0 }, () => true, SAGA_MODEL);
    // 16: 2 from temporary HP, 14 from 20 → 6, a step (16 ≥ 15); then 3 → 3, no step.
    expect(vector(actor)).toEqual({ value: 3, temp: 0, nonlethal: 0, conditionStep: 1 });
    await restoreHitPointLoss(actor, recordOf(first!), SAGA_MODEL);
    expect(vector(actor)).toEqual({ value: 17, temp: 2, nonlethal: 0, conditionStep: 0 });
    await restoreHitPointLoss(actor, recordOf(second!), SAGA_MODEL);
    expect(vector(actor)).toEqual({ value: 20, temp: 2, nonlethal: 0, conditionStep: 0 });
  });

  it('a GM who moved the step up since: Undo stops at step 0', async () => {
    const actor = await trooper();
    const loss = await applyHitPointLoss(actor, { lethal: 15, nonlethal: 0 }, () => true, SAGA_MODEL);
    await actor.update({ 'system.model.saga.conditionStep': 0 });
    await restoreHitPointLoss(actor, recordOf(loss!), SAGA_MODEL);
    expect(vector(actor)).toEqual({ value: 20, temp: 2, nonlethal: 0, conditionStep: 0 });
  });

  it('refuses a condition step off the track, and a hit die that is no d4–d12; a class stored before has none', async () => {
    const actor = await trooper();
    await expect(actor.update({ 'system.model.saga.conditionStep': 6 })).rejects.toThrow();
    expect(sys(actor).model.saga.conditionStep).toBe(0);
    const [cls] = actor.items.filter((i) => i.type === 'class');
    await expect(cls!.update({ 'system.hitDie': 20 })).rejects.toThrow('hitDie must be between 4 and 12');
    expect((cls!.system as unknown as { hitDie: number }).hitDie).toBe(10);
    const [old] = (await actor.createEmbeddedDocuments('Item', [
      { name: 'Old', type: 'class', system: { levels: 1 } },
    ])) as Item[];
    expect((old!.system as unknown as { hitDie: number | null }).hitDie).toBeNull();
  });

  it('the class item sheet edits the hit die; emptied, the HP progression gives it again (d10: good)', async () => {
    const actor = await trooper();
    const cls = actor.items.find((i) => i.type === 'class') as Item;
    const sheet = await h.openItemSheet(cls);
    const input = sheet.element.querySelector<HTMLInputElement>('input[name="system.hitDie"]');
    const label = sheet.element.querySelector(`label[for="${input?.id ?? 'none'}"]`);
    expect(label?.textContent?.trim()).toBe(
      'Hit die (Saga-style combat: d4–d12; empty: by the HP progression)',
    );
    expect(input?.value).toBe('10');
    // A d6: 6 + 4 + 2 × 2 = 14 HP.
    await h.change(sheet, 'input[name="system.hitDie"]', '6');
    expect(sys(actor).derived.hp.max).toBe(14);
    // Emptied: its HP progression (average, the default) gives a d8: 8 + 5 + 4 = 17.
    await h.change(sheet, 'input[name="system.hitDie"]', '');
    expect((cls.system as unknown as { hitDie: number | null }).hitDie).toBeNull();
    expect(sys(actor).derived.hp.max).toBe(17);
    await sheet.close();
  });
});

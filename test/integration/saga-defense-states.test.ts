/**
 * GnG's defensive statuses (fighting defensively +2, total defense +4: dodge bonuses of GnG's own
 * combat options) are not the chapter's: under the Saga-style model they add nothing to Reflex
 * Defense (its Partial/Total Defense are the attack card's own situation, 001:121). The creature's
 * own typed modifiers (its sheet's dodge bonus) still count. Worked by hand (saga-health's trooper):
 * Dex 12 (+1), good Defense at 2 (+2): Reflex 10 + 2 + 1 = 13; with a sheet dodge +1: 14.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { useSagaWorld } from '../fixtures/saga-world.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
useSagaWorld(h, 30);

const sys = (actor: Actor) => actor.system as CreatureData;
const reflex = (actor: Actor) => sys(actor).derived.modelDefenses.reflex;

async function trooper(dodge = 0): Promise<Actor> {
  const actor = await h.createActor({
    name: 'Trooper',
    type: 'npc',
    system: { abilities: { con: { value: 14 }, dex: { value: 12 } } },
  });
  // A dodge bonus of its own (a feat's effect: docs/active-effects.md).
  if (dodge)
    await actor.createEmbeddedDocuments('ActiveEffect', [
      {
        name: 'Dodge',
        changes: [
          { key: 'system.defense.bonuses.dodge', mode: CONST.ACTIVE_EFFECT_MODES.ADD, value: String(dodge) },
        ],
      },
    ]);
  await actor.createEmbeddedDocuments('Item', [
    {
      name: 'Soldier',
      type: 'class',
      system: { levels: 2, hitDie: 10, defenseProgression: 'good', saves: { fort: 'good' } },
    },
  ]);
  return actor;
}

describe("GnG's defensive statuses under the Saga-style model", () => {
  it("a GM's total defense or fighting defensively adds nothing to Reflex Defense", async () => {
    const actor = await trooper();
    expect(reflex(actor)).toMatchObject({ value: 13 });
    await actor.toggleStatusEffect('total-defense', { active: true });
    expect(actor.statuses.has('total-defense')).toBe(true);
    expect(reflex(actor)).toMatchObject({ value: 13 });
    await actor.toggleStatusEffect('total-defense', { active: false });
    await actor.toggleStatusEffect('fighting-defensively', { active: true });
    expect(actor.statuses.has('fighting-defensively')).toBe(true);
    expect(reflex(actor)).toMatchObject({ value: 13 });
  });

  it("the creature's own dodge bonus counts, with or without the status", async () => {
    const actor = await trooper(1);
    expect(reflex(actor)).toMatchObject({ value: 14 });
    await actor.toggleStatusEffect('total-defense', { active: true });
    expect(reflex(actor)).toMatchObject({ value: 14 });
    const modifiers = reflex(actor)?.parts.find((p: { label: string }) => p.label.endsWith('.modifiers'));
    expect(modifiers?.value).toBe(1);
  });

  it('under GnG the same status still gives its +4 dodge', async () => {
    await game.settings.set('gng', 'combatModel', 'gng');
    const actor = await trooper();
    const before = sys(actor).derived.defense.melee.total;
    await actor.toggleStatusEffect('total-defense', { active: true });
    expect(sys(actor).derived.defense.melee.total).toBe(before + 4);
  });
});

/**
 * The Time Count model on the harness (issue #32, lane core): a world under TC_MODEL (registered here
 * until the world lane's loader lands) prepares an actor with its five static defenses and hit-die HP,
 * stores the model's fields at `system.model.tc` (defaults: base ToP 3, stance basic), reads its health
 * vector where the model stores it, and Apply/Undo write and take back all of it. Worked by hand:
 * - 3 levels of a d8 class, Con 14 (+2): 8 + 5 + 5 + 3 × 2 = 24 HP; Dex 14 (+2), Agility 3:
 *   Primary 10 + 3 = 13, Celerity 10 + 2 + 3 = 15, Passive 10.
 * - ToP 3 + Persona 2 = 5; a hit of 9: fatigue +5, HP −4 (24 → 20), ToP lost 1.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { useModelWorld } from '../fixtures/model-world.js';
import { tcHealth } from '../fixtures/tc-analysis.js';
import { TC_MODEL, tcDefenseChoice, tcThreshold } from '../../src/rules/models/tc/index.js';
import { applyHitPointLoss, recordOf, restoreHitPointLoss } from '../../src/combat/hp-loss.js';
import { healthOf } from '../../src/combat/model-health.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const sys = (actor: Actor) => actor.system as CreatureData;

useModelWorld(h, 32, TC_MODEL);

async function scout(): Promise<Actor> {
  h.as(h.users.gm);
  const actor = await h.createActor({
    name: 'Scout',
    type: 'npc',
    system: {
      abilities: { con: { value: 14 }, dex: { value: 14 } },
      hp: { value: 24 },
      model: { tc: { attributes: { agility: 3, persona: 2 } } },
    },
  });
  await actor.createEmbeddedDocuments('Item', [
    { name: 'Scout', type: 'class', system: { levels: 3, hitDie: 8 } },
  ]);
  return actor;
}

/** The scout's health at the start: 24 HP, nothing else taken. */
const start = tcHealth(24);

describe('an actor under the Time Count model', () => {
  it('stores model.tc with its defaults, has hit-die HP and five static defenses', async () => {
    const actor = await scout();
    expect(sys(actor).model.tc).toEqual({
      fatigue: 0,
      invigoration: 0,
      topLost: 0,
      paralysis: 0,
      petrification: 0,
      impairments: { bludgeoning: 0, piercing: 0, slashing: 0 },
      stance: 'basic',
      stanceUntil: 0,
      attributes: { fortitude: 0, agility: 3, willpower: 0, persona: 2, power: 0, accuracy: 0, topBase: 3 },
    });
    const derived = sys(actor).derived;
    expect(derived.hp.max).toBe(24);
    expect(derived.modelDefenses.primary).toMatchObject({ kind: 'static', value: 13 });
    expect(derived.modelDefenses.passive).toMatchObject({ kind: 'static', value: 10 });
    expect(derived.modelDefenses.celerity).toMatchObject({ kind: 'static', value: 15 });
    expect(healthOf(actor)).toEqual(start);
  });

  it('worn armor and a shield: Primary 10 + 5 + 1 + 3 = 19, Passive 15, ToP 3 + 2 + 5 = 10 (002:74, 116, 122)', async () => {
    const actor = await scout();
    await actor.createEmbeddedDocuments('Item', [
      { name: 'Breastplate', type: 'armor', system: { armorBonus: 5, type: 'medium', equipped: true } },
      { name: 'Buckler', type: 'shield', system: { shieldBonus: 1, equipped: true } },
    ]);
    const creature = sys(actor).derived.modelCreature;
    expect(sys(actor).derived.modelDefenses.primary).toMatchObject({ value: 19 });
    expect(sys(actor).derived.modelDefenses.passive).toMatchObject({ value: 15 });
    expect(tcThreshold(creature).effective).toBe(10);
    // Surprised: the card meets Passive and says why.
    const choice = tcDefenseChoice({ mode: 'melee', touch: false, situation: { surprised: true } }, creature);
    expect(choice).toMatchObject({ defense: { id: 'passive', value: 15 }, reasons: ['surprised'] });
  });

  it('Apply splits a hit at the ToP into fatigue and HP; Undo takes all of it back', async () => {
    const actor = await scout();
    const loss = await applyHitPointLoss(actor, { lethal: 9, nonlethal: 0 }, () => true, TC_MODEL);
    expect(loss).toMatchObject({ hpLost: 4, after: { value: 20, fatigue: 5, topLost: 1 } });
    expect(sys(actor).hp.value).toBe(20);
    expect(sys(actor).model.tc).toMatchObject({ fatigue: 5, topLost: 1 });
    await restoreHitPointLoss(actor, recordOf(loss!), TC_MODEL);
    expect(healthOf(actor)).toEqual(start);
  });

  it('the schema refuses negative fatigue, petrification above 10 and an unknown stance, changing nothing', async () => {
    const actor = await scout();
    await expect(actor.update({ 'system.model.tc.fatigue': -1 })).rejects.toThrow();
    await expect(actor.update({ 'system.model.tc.petrification': 11 })).rejects.toThrow();
    await expect(actor.update({ 'system.model.tc.impairments.piercing': -1 })).rejects.toThrow();
    await expect(actor.update({ 'system.model.tc.stance': 'flying' })).rejects.toThrow();
    await expect(actor.update({ 'system.model.tc.attributes.topBase': -1 })).rejects.toThrow();
    expect(healthOf(actor)).toEqual(start);
    expect(sys(actor).model.tc.stance).toBe('basic');
    await actor.update({ 'system.model.tc.petrification': 10, 'system.model.tc.stance': 'prone' });
    expect(sys(actor).model.tc).toMatchObject({ petrification: 10, stance: 'prone' });
  });
});

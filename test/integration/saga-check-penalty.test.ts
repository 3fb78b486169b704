/**
 * Decision A1 on the sheet (issue #30, lane rounds): under the Saga-style model the condition step's
 * penalty (−1, −2, −5, −10, −10) is on ability and skill checks rolled from the sheet; under GnG the
 * stored step changes nothing. Worked by hand: Str 14 (+2), 3 ranks of Climb → Climb +5 (SRD: ranks
 * + ability modifier); at step 3 (−5): Climb +0, a Strength check d20 10 → 10 + 2 − 5 = 7.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { useSagaWorld } from '../fixtures/saga-world.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();

useSagaWorld(h, 32);

type Roller = {
  rollAbilityCheck(a: string): Promise<ChatMessage>;
  rollSkill(s: string): Promise<ChatMessage>;
};
const sys = (actor: Actor) => actor.system as CreatureData;

async function climber(step: number): Promise<Actor> {
  return h.createActor({
    name: 'Climber',
    type: 'npc',
    system: {
      abilities: { str: { value: 14 } },
      hp: { value: 10 },
      skills: { climb: { ranks: 3 } },
      model: { saga: { conditionStep: step } },
    },
  });
}

describe('the condition step on checks (A1)', () => {
  it('step 0: Climb +5; step 3 (−5): Climb +0 and a Strength check of d20 10 totals 7', async () => {
    expect(sys(await climber(0)).derived.skills.climb.total).toBe(5);
    const actor = await climber(3);
    expect(sys(actor).derived.skills.climb.total).toBe(0);
    h.dice.queue(10);
    const check = await (actor as unknown as Roller).rollAbilityCheck('str');
    expect(check.rolls[0]?.total).toBe(7);
    h.dice.queue(10);
    const skill = await (actor as unknown as Roller).rollSkill('climb');
    expect(skill.rolls[0]?.total).toBe(10);
  });

  it('the GM moves it down: step 1 (−1), step 4 (−10); back to 0, no penalty', async () => {
    const actor = await climber(0);
    await actor.update({ 'system.model.saga.conditionStep': 1 });
    expect(sys(actor).derived.skills.climb.total).toBe(4);
    await actor.update({ 'system.model.saga.conditionStep': 4 });
    expect(sys(actor).derived.skills.climb.total).toBe(-5);
    h.dice.queue(10);
    expect((await (actor as unknown as Roller).rollAbilityCheck('str')).rolls[0]?.total).toBe(2);
    await actor.update({ 'system.model.saga.conditionStep': 0 });
    expect(sys(actor).derived.skills.climb.total).toBe(5);
  });

  it('under GnG a stored step changes no check', async () => {
    await game.settings.set('gng', 'combatModel', 'gng');
    const actor = await climber(3);
    expect(sys(actor).derived.skills.climb.total).toBe(5);
    h.dice.queue(10);
    expect((await (actor as unknown as Roller).rollAbilityCheck('str')).rolls[0]?.total).toBe(12);
  });
});

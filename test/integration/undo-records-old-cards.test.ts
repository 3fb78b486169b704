/**
 * Undo records in a field of their own (issue #34): a card stored before its Undo data moved still
 * undoes. The attack card's aborts kept their Undo data (`budgetBefore`, `epoch`, Roll with Blow's
 * `damageBefore`) on the abort itself, the area card's Dive for Cover too (`budgetBefore`, `epoch`);
 * they now keep it in `undo`. An old typed card is read through the model's `migrateData`, an old
 * flag card (`type: 'base'`) through the legacy reader.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardHelpers } from '../fixtures/cards.js';
import { getHarness, type HarnessCombat } from '../harness/index.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import { areaState, type AreaCardState, type AreaTarget } from '../../src/cards/area/area-actions.js';
import { budgetOf } from '../../src/combat/action-budget.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { newActionBudget } from '../../src/rules/index.js';

const h = await getHarness();
const { click, clickTarget } = cardHelpers(h);
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(34));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const target = (message: ChatMessage) =>
  (cardState(fresh(message)) as AttackCardState).targets[0] as CardTarget;

/**
 * In combat, the fighter hits the rogue (attack 19), the rogue fails a Block (its move) and rolls with
 * the blow (Tumble 22: 3 points nonlethal, its attack): the card, the damage's split as rolled, the rogue.
 */
async function blockedAndRolled() {
  const fighter = await appendix3Fighter(h, player);
  const rogue = await appendix3Rogue(h, otherPlayer);
  await rogue.update({ 'system.skills.tumble.ranks': 4 });
  h.as(gm);
  await (h.startCombat([fighter, rogue]) as HarnessCombat).begin();
  h.as(player);
  h.target(player, h.placeToken(rogue));
  h.dice.queue(10);
  const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
  const message = (await game.gng.attack(fighter, sword)) as ChatMessage;
  await attackActionsSettled();
  h.as(otherPlayer);
  h.dice.queue(1);
  await click(message, 'rollDefense');
  h.dice.queue(10 - (sys(rogue).derived.attacks[0]?.bonus as number)); // Block 10 < 19
  await click(message, 'block');
  h.as(player);
  h.dice.queue(6);
  await click(message, 'rollDamage');
  const damage = target(message).damage as NonNullable<CardTarget['damage']>;
  const rolled = { lethal: damage.lethal, nonlethal: damage.nonlethal };
  h.as(otherPlayer);
  h.dice.queue(22 - sys(rogue).derived.skills.tumble.total);
  await click(message, 'rollWithBlow');
  expect(budgetOf(rogue)).toMatchObject({ move: false, attack: false });
  return { message, rolled, rogue };
}

/** The card's state as an older version wrote it: each abort's Undo data on the abort itself. */
function oldShape(state: AttackCardState): Record<string, unknown> {
  const old = structuredClone(state) as unknown as {
    targets: { aborts: Record<string, { undo?: Record<string, unknown> } & Record<string, unknown>> }[];
  };
  for (const abort of Object.values(old.targets[0]!.aborts)) {
    Object.assign(abort, abort.undo);
    delete abort.undo;
  }
  return old as unknown as Record<string, unknown>;
}

describe('an attack card whose aborts kept their Undo data on themselves', () => {
  it('a typed card (read through migrateData): the GM undoes its aborts exactly', async () => {
    const { message, rolled, rogue } = await blockedAndRolled();
    const old = oldShape(cardState(fresh(message)) as AttackCardState);
    const aborts = (old.targets as CardTarget[])[0]!.aborts as unknown as Record<string, object>;
    expect(aborts.rollWithBlow).toMatchObject({ damageBefore: rolled, budgetBefore: { attack: true } });
    expect(aborts.block).toMatchObject({ epoch: 0 }); // the turn's epoch: the combat's round
    h.as(gm);
    const stored = (await ChatMessage.create({
      type: 'attack',
      system: old,
      content: fresh(message).content,
    })) as ChatMessage;
    // Read into the new shape: each abort's `undo`.
    expect(target(stored).aborts?.rollWithBlow?.undo).toMatchObject({ damageBefore: rolled, epoch: 0 });
    expect(target(stored).aborts?.rollWithBlow).not.toHaveProperty('damageBefore');
    await click(stored, 'undoAborts');
    expect(budgetOf(rogue)).toEqual(newActionBudget());
    expect(target(stored).damage).toMatchObject(rolled);
    expect(target(stored).aborts).toBeUndefined();
  }, 20_000); // the file's first card loads the attack card's modules (seconds on a busy machine)

  it('a flag card from before issue #34 (type base): the GM undoes its aborts exactly', async () => {
    const { message, rolled, rogue } = await blockedAndRolled();
    const old = oldShape(cardState(fresh(message)) as AttackCardState);
    h.as(gm);
    const legacy = (await ChatMessage.create({
      content: fresh(message).content,
      flags: { gng: { type: 'attackCard', attack: old } },
    })) as ChatMessage;
    expect(legacy.type).toBe('base');
    expect(target(legacy).aborts?.block?.undo).toMatchObject({ budgetBefore: { move: true }, epoch: 0 });
    await click(legacy, 'undoAborts');
    expect(budgetOf(rogue)).toEqual(newActionBudget());
    expect(target(legacy).damage).toMatchObject(rolled);
    expect(target(legacy).aborts).toBeUndefined();
    expect(fresh(legacy).type).toBe('base');
  });
});

describe('an area card whose Dive for Cover kept its Undo data on itself', () => {
  /** In combat, a blast of 20 (Reflex DC 20) on a hero (Jump +10) who dives (Jump 26: 6 converted). */
  async function dived() {
    const pc = await h.createActor(
      {
        name: 'Hero',
        type: 'npc',
        system: { abilities: { con: { value: 30 } }, hp: { value: 30 }, skills: { jump: { ranks: 10 } } },
      },
      player,
    );
    h.as(gm);
    await (h.startCombat([pc]) as HarnessCombat).begin();
    h.dice.queue(6, 6, 4, 2, 1, 1);
    const message = (await game.gng.areaDamage({
      damage: '6d6',
      saveDc: 20,
      save: 'ref',
      targets: [pc],
      cover: true,
    })) as ChatMessage;
    const id = (areaState(fresh(message)) as AreaCardState).targets[0]!.id;
    h.as(player);
    h.dice.queue(16);
    await clickTarget(message, 'diveForCover', id);
    expect(budgetOf(pc)).toMatchObject({ move: false });
    // The card as an older version stored it: the dive's budget before and epoch on the dive itself.
    const old = structuredClone(areaState(fresh(message))) as AreaCardState;
    const dive = old.targets[0]!.dive as unknown as Record<string, unknown> & { undo: object };
    Object.assign(dive, dive.undo);
    delete (dive as { undo?: object }).undo;
    expect(dive).toMatchObject({ converted: 6, budgetBefore: newActionBudget(), epoch: expect.any(Number) });
    return { pc, message, old, id, undo: { budgetBefore: newActionBudget(), epoch: dive.epoch } };
  }
  const areaTarget = (message: ChatMessage) =>
    (areaState(fresh(message)) as AreaCardState).targets[0] as AreaTarget;

  it('a typed card (read through migrateData): the GM undoes the dive, its move given back', async () => {
    const { pc, message, old, id, undo } = await dived();
    h.as(gm);
    const stored = (await ChatMessage.create({
      type: 'area',
      system: old,
      content: fresh(message).content,
    })) as ChatMessage;
    expect(areaTarget(stored).dive?.undo).toEqual(undo);
    await clickTarget(stored, 'undoDamage', id);
    expect(budgetOf(pc)).toEqual(newActionBudget());
    expect(areaTarget(stored).dive).toBeNull();
  });

  it('a flag card from before issue #34 (type base): the GM undoes the dive, its move given back', async () => {
    const { pc, message, old, id, undo } = await dived();
    h.as(gm);
    const legacy = (await ChatMessage.create({
      content: fresh(message).content,
      flags: { gng: { type: 'areaCard', area: old } },
    })) as ChatMessage;
    expect(legacy.type).toBe('base');
    expect(areaTarget(legacy).dive?.undo).toEqual(undo);
    await clickTarget(legacy, 'undoDamage', id);
    expect(budgetOf(pc)).toEqual(newActionBudget());
    expect(areaTarget(legacy).dive).toBeNull();
  });
});

/**
 * The attack card under the Saga-style model spends the attacker's action on its turn (001:5–21):
 * an attack a standard action, a charge (001:66) a full-round action; refused, nothing posted, when
 * the turn has none left; the attacker's "Take back the attack" gives it back exactly. Off its turn
 * an attack spends one of the round's attacks of opportunity (001:43: one without Combat Reflexes),
 * refused when none is left. The fighter acts first (the combat's first combatant).
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness, type HarnessCombat } from '../harness/index.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState } from '../../src/cards/attack/attack-state.js';
import { models } from '../../src/rules/index.js';
import { SAGA_MODEL } from '../../src/rules/models/saga/index.js';
import { combatantOf } from '../../src/combat/scene-lookup.js';
import { registerSagaTurns, sagaRecordOf } from '../../src/combat/saga-turns.js';

const h = await getHarness();
await import('../../src/cards/attack/attack-gm.js');
const { gm, player } = h.users;

models.registerCombatModel(SAGA_MODEL);
registerSagaTurns();
afterAll(() => models.unregisterCombatModel(SAGA_MODEL.id));

beforeEach(async () => {
  h.reset(30);
  h.as(gm);
  await game.settings.set('gng', 'combatModel', 'saga');
});
afterEach(async () => {
  expect([...h.i18n.missing]).toEqual([]);
  h.as(gm);
  for (const combat of [...game.combats]) await combat.delete();
  await game.settings.set('gng', 'combatModel', 'gng');
});

const messageOf = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const state = (message: ChatMessage) => cardState(messageOf(message)) as AttackCardState;
const html = (message: ChatMessage) => h.renderMessage(messageOf(message));
const budget = (actor: Actor) => sagaRecordOf(combatantOf(actor) as Combatant).budget;

async function scene(): Promise<{ fighter: Actor; trooper: Actor; combat: HarnessCombat; tokenId: string }> {
  h.as(gm);
  const trooper = await h.createActor({
    name: 'Trooper',
    type: 'npc',
    system: { abilities: { con: { value: 14 }, dex: { value: 12 } }, hp: { value: 20 } },
  });
  const fighter = await appendix3Fighter(h, player);
  const combat = h.startCombat([fighter, trooper]) as HarnessCombat;
  await combat.startCombat();
  await attackActionsSettled();
  h.as(player);
  const token = h.placeToken(trooper);
  h.target(player, token);
  return { fighter, trooper, combat, tokenId: token.id as string };
}

async function attacks(fighter: Actor, dice: number[], options = {}): Promise<ChatMessage | null> {
  h.as(player);
  h.dice.queue(...dice);
  const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
  const message = await game.gng.attack(fighter, sword, options);
  await attackActionsSettled();
  return message ?? null;
}

async function takeBack(message: ChatMessage, fighter: Actor): Promise<void> {
  const button = html(message).querySelector<HTMLButtonElement>('button[data-action="undoAttack"]');
  if (!button) throw new Error('no Take back button');
  expect(button.textContent).toBe(`Take back the attack (${fighter.name}): its action returns`);
  button.dispatchEvent(
    new h.window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event,
  );
  await attackActionsSettled();
}

describe("the Saga attack card and the attacker's turn", () => {
  it('an attack spends the standard action; a second is refused; taking it back returns it', async () => {
    const { fighter } = await scene();
    const first = (await attacks(fighter, [2])) as ChatMessage;
    expect(state(first).sagaTurn?.spent).toMatchObject({ action: 'standard', paidWith: ['standard'] });
    expect(budget(fighter)).toMatchObject({ standard: false, move: true, swift: true });
    expect(html(first).querySelector('.saga-turn-spent')?.textContent).toBe(
      `${fighter.name} spent a standard action on this attack.`,
    );
    const count = game.messages.size;
    expect(await attacks(fighter, [15])).toBeNull();
    expect(game.messages.size).toBe(count);
    expect(h.notices.at(-1)?.message).toBe('No standard action is left this turn.');
    await takeBack(first, fighter);
    expect(budget(fighter)).toMatchObject({ standard: true, move: true, swift: true });
    expect(state(first).sagaTurn?.withdrawn).toMatchObject({ given: true });
    expect(html(first).querySelector('.saga-turn-withdrawn')?.textContent).toBe(
      'The attack was taken back: its action is given back.',
    );
    expect(html(first).querySelector('button[data-action="undoAttack"]')).toBeNull();
    expect(await attacks(fighter, [15])).not.toBeNull();
  });

  it('a charge is a full-round action: refused once the standard action is spent', async () => {
    const { fighter } = await scene();
    const charge = (await attacks(fighter, [2], { saga: { charge: true } })) as ChatMessage;
    expect(state(charge).sagaTurn?.spent).toMatchObject({ action: 'full-round' });
    expect(budget(fighter)).toMatchObject({ standard: false, move: false, swift: true });
    await takeBack(charge, fighter);
    expect(budget(fighter)).toMatchObject({ standard: true, move: true, swift: true });
    await attacks(fighter, [2]);
    expect(await attacks(fighter, [2], { saga: { charge: true } })).toBeNull();
    expect(h.notices.at(-1)?.message).toBe(
      'A full-round action needs both the standard and the move action of the turn.',
    );
  });

  it("off the attacker's turn an attack spends an attack of opportunity; a second is refused; taking it back returns it", async () => {
    const { fighter, combat } = await scene();
    const aooUsed = () => sagaRecordOf(combatantOf(fighter) as Combatant).aooUsed;
    h.as(gm);
    await combat.nextTurn();
    await attackActionsSettled();
    const offTurn = (await attacks(fighter, [2])) as ChatMessage;
    expect(state(offTurn).sagaTurn).toMatchObject({ opportunity: { round: 1 }, withdrawn: null });
    expect(state(offTurn).sagaTurn?.spent).toBeUndefined();
    expect(aooUsed()).toBe(1);
    expect(html(offTurn).querySelector('.saga-turn-spent')?.textContent).toBe(
      `${fighter.name} spent an attack of opportunity on this attack.`,
    );
    const count = game.messages.size;
    expect(await attacks(fighter, [2])).toBeNull();
    expect(game.messages.size).toBe(count);
    expect(h.notices.at(-1)?.message).toMatch(/^No attack of opportunity is left this round/);
    await takeBack(offTurn, fighter);
    expect(state(offTurn).sagaTurn?.withdrawn).toMatchObject({ given: true });
    expect(aooUsed()).toBe(0);
  });

  it('no attack of opportunity against a target with total concealment (001:73)', async () => {
    const { fighter, combat, tokenId } = await scene();
    h.as(gm);
    await combat.nextTurn();
    await attackActionsSettled();
    const count = game.messages.size;
    expect(await attacks(fighter, [2], { saga: { concealment: { [tokenId]: 'total' } } })).toBeNull();
    expect(game.messages.size).toBe(count);
    expect(h.notices.at(-1)?.message).toMatch(/none can be made against a target with total concealment/);
    expect(sagaRecordOf(combatantOf(fighter) as Combatant).aooUsed).toBe(0);
    const partial = (await attacks(fighter, [2, 50], {
      saga: { concealment: { [tokenId]: 'concealment' } },
    })) as ChatMessage;
    expect(state(partial).sagaTurn?.opportunity).toEqual({ round: 1 });
  });

  it('a new turn since: taking back gives nothing, neither an action nor an attack of opportunity', async () => {
    const { fighter, combat } = await scene();
    const first = (await attacks(fighter, [2])) as ChatMessage;
    h.as(gm);
    await combat.nextTurn();
    await attackActionsSettled();
    const offTurn = (await attacks(fighter, [2])) as ChatMessage;
    h.as(gm);
    await combat.nextTurn();
    await attackActionsSettled();
    expect(budget(fighter)).toMatchObject({ standard: true, move: true, swift: true });
    expect(sagaRecordOf(combatantOf(fighter) as Combatant).aooUsed).toBe(0);
    await takeBack(first, fighter);
    expect(state(first).sagaTurn?.withdrawn).toMatchObject({ given: false });
    expect(budget(fighter)).toMatchObject({ standard: true, move: true, swift: true });
    await takeBack(offTurn, fighter);
    expect(state(offTurn).sagaTurn?.withdrawn).toMatchObject({ given: false });
    expect(sagaRecordOf(combatantOf(fighter) as Combatant).aooUsed).toBe(0);
  });
});

describe('which action an attack card takes', () => {
  it('a coup de grace and a charge are full-round; an attack or a maneuver a standard action', async () => {
    const { sagaAttackAction } = await import('../../src/cards/attack/saga-turn-spend.js');
    expect(sagaAttackAction({ coupDeGrace: true } as never)).toBe('full-round');
    expect(sagaAttackAction({ saga: { charge: true } } as never)).toBe('full-round');
    expect(sagaAttackAction({ saga: { maneuver: 'trip' } } as never)).toBe('standard');
    expect(sagaAttackAction({} as never)).toBe('standard');
  });
});

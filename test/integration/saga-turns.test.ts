/**
 * The Saga-style turns at the table (issue #30; 001:5–21, 43, 156): each combatant's action budget
 * and attacks of opportunity in the Combat's flags, refilled at its turn start on the GM's client and
 * shown on the tracker; refooting asked by a player through the GM and done as the round ends. Played
 * under the Saga-style model.
 */
import { describe, expect, it, vi } from 'vitest';
import { getHarness } from '../harness/index.js';
import { sagaFight, trackerText, useSagaWorld } from '../fixtures/saga-world.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { combatantOf } from '../../src/combat/scene-lookup.js';
import {
  registerSagaTurns,
  requestRefooting,
  sagaRecordOf,
  spendOpportunityFor,
  spendSagaActionFor,
  refundSagaActionFor,
} from '../../src/combat/saga-turns.js';

const h = await getHarness();
const { gm, player } = h.users;
registerSagaTurns();

useSagaWorld(h, 30, { endCombats: true });

const badge = (actor: Actor) => trackerText(h, actor);

const fight = () => sagaFight(h);

describe('the Saga budget on the tracker', () => {
  it("a record of an earlier round on the current turn reads as a fresh turn (its turn start's refill not written yet)", async () => {
    const { fighter, combat } = await fight();
    expect((await spendSagaActionFor(fighter, 'standard')).ok).toBe(true);
    expect(badge(fighter)).toBe('move ×1 · swift ×2 · AoO 1');
    h.as(gm);
    // The same spent record, but of the round before: the GM's client has not written this turn start.
    const id = (combatantOf(fighter) as Combatant).id as string;
    const stale = { ...sagaRecordOf(combatantOf(fighter) as Combatant), round: combat.round - 1 };
    await combat.setFlag('gng', 'saga', { [id]: stale });
    expect(sagaRecordOf(combatantOf(fighter) as Combatant).budget.standard).toBe(false);
    expect(badge(fighter)).toBe('standard · move ×2 · swift ×3 · AoO 1');
  });

  it('the current combatant shows what its turn has left, everyone its attacks of opportunity', async () => {
    const { fighter, rogue } = await fight();
    expect(badge(fighter)).toBe('standard · move ×2 · swift ×3 · AoO 1');
    expect(badge(rogue)).toBe('AoO 1');
    // A swift, then a move spent to move: the swift paid by the swift, the move by the move.
    expect((await spendSagaActionFor(fighter, 'swift')).ok).toBe(true);
    expect((await spendSagaActionFor(fighter, 'move', { movement: true })).ok).toBe(true);
    expect(badge(fighter)).toBe('standard · AoO 1');
    // A step after moving is refused, nothing written.
    expect(await spendSagaActionFor(fighter, 'step')).toEqual({
      ok: false,
      reason: 'GNG.Model.Saga.Turn.Refusal.moved',
    });
    expect(await spendOpportunityFor(rogue)).toBe(true);
    expect(await spendOpportunityFor(rogue)).toBe(false);
    expect(badge(rogue)).toBe('AoO 0');
  });

  it("the next turn start refills the budget and the combatant's attacks of opportunity", async () => {
    const { fighter, rogue, combat } = await fight();
    await spendOpportunityFor(rogue);
    const spent = await spendSagaActionFor(fighter, 'full-round');
    expect(spent).toMatchObject({ ok: true, spent: { paidWith: ['standard', 'move'] } });
    await combat.nextTurn();
    await attackActionsSettled();
    expect(badge(rogue)).toBe('standard · move ×2 · swift ×3 · AoO 1');
    await combat.nextTurn();
    await attackActionsSettled();
    expect(sagaRecordOf(combatantOf(fighter) as Combatant)).toMatchObject({
      round: 2,
      budget: { standard: true, move: true, swift: true },
    });
    // Undo of the fighter's round-1 spend once its next turn has begun: nothing is given back.
    expect(await refundSagaActionFor(fighter, spent.ok ? spent.spent : null)).toBe(false);
  });

  it('Undo in the same turn is the exact inverse', async () => {
    const { fighter } = await fight();
    const before = sagaRecordOf(combatantOf(fighter) as Combatant).budget;
    const spent = await spendSagaActionFor(fighter, 'swift');
    await spendSagaActionFor(fighter, 'swift');
    expect(await refundSagaActionFor(fighter, spent.ok ? spent.spent : null)).toBe(true);
    expect(sagaRecordOf(combatantOf(fighter) as Combatant).budget).toEqual({
      ...before,
      move: false,
    });
  });
});

describe('refooting (001:156)', () => {
  it('a player asks; as the round ends the GM rerolls and the new result stands; once per encounter', async () => {
    const { fighter, rogue, combat } = await fight();
    await combat.updateEmbeddedDocuments('Combatant', [
      { _id: (combatantOf(fighter) as Combatant).id, initiative: 30 },
      { _id: (combatantOf(rogue) as Combatant).id, initiative: 20 },
    ]);
    h.as(player);
    expect((await requestRefooting(fighter)).ok).toBe(true);
    h.as(gm);
    expect(badge(fighter)).toContain("refooting at round's end");
    // The fighter's initiative: d20 + its modifier; the d20 shows 1.
    h.dice.queue(1);
    const turnUpdates: Record<string, unknown>[] = [];
    const update = combat.update.bind(combat);
    vi.spyOn(combat, 'update').mockImplementation((changes, options) => {
      if ('turn' in changes) turnUpdates.push(changes);
      return update(changes, options);
    });
    await combat.nextTurn();
    await combat.nextTurn();
    await attackActionsSettled();
    const combatant = combatantOf(fighter) as Combatant;
    const record = sagaRecordOf(combatant).refoot;
    expect(record).toMatchObject({ round: 1, before: 30 });
    expect(combatant.initiative).toBe(record?.after);
    expect(record?.after).toBeLessThan(20);
    // The new round begins with the first of the new order, the rogue: the GM's client sets the
    // turn to 0 (in Foundry that update starts the turn; the harness does not model turn updates).
    expect(combat.round).toBe(2);
    expect([...combat.combatants][0]?.actor).toBe(rogue);
    expect(turnUpdates).toContainEqual({ turn: 0 });
    h.as(player);
    expect((await requestRefooting(fighter)).ok).toBe(false);
    h.as(gm);
    expect(h.notices.at(-1)?.message).toBe(
      'Refooting is once per encounter, and this combatant has refooted already. Nothing changed.',
    );
  });

  it("the tracker's Refoot button: on the player's own combatant only, gone once asked", async () => {
    const { fighter, rogue } = await fight();
    h.as(player);
    const button = (actor: Actor) =>
      h
        .renderCombatTracker()
        .querySelector<HTMLButtonElement>(
          `[data-combatant-id="${(combatantOf(actor) as Combatant).id}"] .gng-saga-refoot`,
        );
    expect(button(rogue)).toBeNull();
    const own = button(fighter) as HTMLButtonElement;
    expect(own.textContent).toBe('Refoot');
    own.click();
    await attackActionsSettled();
    expect(sagaRecordOf(combatantOf(fighter) as Combatant).refootAsked).toBe(1);
    expect(button(fighter)).toBeNull();
    h.as(gm);
  });

  it("a player cannot refoot another player's actor", async () => {
    const { rogue } = await fight();
    h.as(player);
    expect((await requestRefooting(rogue)).ok).toBe(false);
    h.as(gm);
    expect(sagaRecordOf(combatantOf(rogue) as Combatant).refootAsked).toBeNull();
  });
});

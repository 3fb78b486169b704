/**
 * The Enlightened Grognard turns at the table (issue #31; 003:35, 44–45, 524–576, 597–646, 759,
 * 815–818): each combatant's action budget and attacks of opportunity in the Combat's flags
 * (`flags.gng.eg.turns`), refilled at its turn start on the GM's client, shown on the tracker and the
 * sheet; an attack spends the turn's standard action on its own turn and an attack of opportunity off
 * it. Played under the EG model.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { egFight, egTrackerText, useEgWorld } from '../fixtures/eg-world.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { combatantOf } from '../../src/combat/scene-lookup.js';
import { budgetLines } from '../../src/combat/budget-display.js';
import {
  egTurnRecordOf,
  refundEgActionFor,
  refundEgAttackFor,
  registerEgTurns,
  spendEgActionFor,
  spendEgAttackFor,
} from '../../src/combat/eg-turns.js';

const h = await getHarness();
registerEgTurns();

useEgWorld(h, 31, { endCombats: true });

const badge = (actor: Actor) => egTrackerText(h, actor, '.gng-eg-turn');
const record = (actor: Actor) => egTurnRecordOf(combatantOf(actor) as Combatant);

describe('the EG budget on the tracker and the sheet', () => {
  it('the current combatant shows what its turn has left, everyone its attacks of opportunity', async () => {
    const { fighter, rogue, goblin } = await egFight(h);
    // A fresh turn: one standard, two moves or two swifts with the standard (003:602); one AoO (003:560).
    expect(badge(fighter)).toBe('standard · move ×2 · swift ×2 · AoO 1');
    expect(badge(rogue)).toBe('AoO 1');
    expect(badge(goblin)).toBe('AoO 1');
    // Two swifts: the swift, then the standard; the move is left and cannot be a swift (003:603–604).
    expect((await spendEgActionFor(fighter, 'swift')).ok).toBe(true);
    expect(await spendEgActionFor(fighter, 'swift')).toMatchObject({
      ok: true,
      spent: { paidWith: ['standard'] },
    });
    expect(badge(fighter)).toBe('move ×1 · AoO 1');
    expect(await spendEgActionFor(fighter, 'swift')).toEqual({
      ok: false,
      reason: 'GNG.Model.EG.Budget.Refusal.noSwift',
    });
    expect(await spendEgActionFor(fighter, 'full-round')).toEqual({
      ok: false,
      reason: 'GNG.Model.EG.Budget.Refusal.fullRound',
    });
  });

  it('off its turn a combatant spends nothing of its budget but immediate and free actions', async () => {
    const { rogue } = await egFight(h);
    expect(await spendEgActionFor(rogue, 'move')).toEqual({
      ok: false,
      reason: 'GNG.Model.EG.Budget.Refusal.notYourTurn',
    });
    expect(await spendEgActionFor(rogue, 'free')).toMatchObject({ ok: true });
    expect(record(rogue).budget).toMatchObject({ standard: true, move: true, swift: true });
  });

  it('a record a player or an old version left malformed reads as a fresh one', async () => {
    const { fighter, combat } = await egFight(h);
    const id = (combatantOf(fighter) as Combatant).id as string;
    await combat.setFlag('gng', 'eg', { turns: { [id]: { round: 'x', budget: 'none', aooUsed: -3 } } });
    expect(record(fighter)).toEqual({
      round: 0,
      budget: { standard: true, move: true, swift: true, attacks: 0, ran: false, totalDefense: false },
      aooUsed: 0,
    });
    // Its turn is fresh: a spend writes this round's record.
    expect((await spendEgActionFor(fighter, 'standard')).ok).toBe(true);
    expect(record(fighter)).toMatchObject({ round: 1, budget: { standard: false } });
  });

  it('Run: the turn may not attack after it (003:816), and the badge says so', async () => {
    const { fighter } = await egFight(h);
    expect((await spendEgActionFor(fighter, 'run')).ok).toBe(true);
    // The standard may still be a second move (or swift): the badge counts it.
    expect(badge(fighter)).toBe('standard · move ×1 · swift ×2 · ran: no attack this turn · AoO 1');
    expect(await spendEgAttackFor(fighter)).toEqual({
      ok: false,
      reason: 'GNG.Model.EG.Budget.Refusal.ranNoAttack',
    });
    // Nothing was written by the refusal.
    expect(record(fighter).budget).toMatchObject({ standard: true, attacks: 0, ran: true });
  });

  it('the sheet words this turn, the trade and the attacks of opportunity; the others their next turn', async () => {
    const { fighter, rogue } = await egFight(h);
    expect(budgetLines(fighter)).toEqual([
      'This turn: standard, move, swift left',
      'Trade: the standard action as a move or a swift action (never a move action as a swift)',
      'Attacks of opportunity left this round: 1',
    ]);
    expect(budgetLines(rogue)[0]).toBe('Next turn: standard, move, swift');
  });

  it('an attack off its turn is an attack of opportunity: one a round, none against a prone target', async () => {
    const { fighter, rogue, goblin, combat } = await egFight(h);
    // The goblin attacks the fighter during the fighter's turn.
    const first = await spendEgAttackFor(goblin, { target: fighter });
    expect(first).toEqual({ ok: true, spent: { kind: 'opportunity', round: 0 } });
    expect(badge(goblin)).toBe('AoO 0');
    expect(await spendEgAttackFor(goblin, { target: rogue })).toEqual({
      ok: false,
      reason: 'GNG.Model.EG.Budget.Opportunity.noneLeft',
    });
    // Prone gives cover (003:1353), and no attack of opportunity against cover (003:1357).
    await rogue.toggleStatusEffect('prone', { active: true });
    expect(await spendEgAttackFor(fighter, { target: rogue })).toMatchObject({ ok: true });
    await combat.nextTurn();
    await attackActionsSettled();
    expect(await spendEgAttackFor(fighter, { target: rogue })).toEqual({
      ok: false,
      reason: 'GNG.Model.EG.Budget.Opportunity.cover',
    });
    // Undo gives the goblin's attack of opportunity back while its record stands.
    expect(await refundEgAttackFor(goblin, first.ok ? first.spent : null)).toBe(true);
    expect(badge(goblin)).toBe('AoO 1');
  });

  it('Combat Reflexes adds the Dexterity modifier (the rogue: Dex 16, +3)', async () => {
    const { rogue } = await egFight(h);
    await rogue.createEmbeddedDocuments('Item', [
      { name: 'Combat Reflexes', type: 'feat', system: { identifier: 'combat-reflexes' } },
    ]);
    expect(badge(rogue)).toBe('AoO 4');
  });

  it("the next turn start refills the budget and the combatant's attacks of opportunity", async () => {
    const { fighter, rogue, goblin, combat } = await egFight(h);
    const spent = await spendEgAttackFor(fighter, { target: goblin });
    expect(spent).toMatchObject({ ok: true, spent: { kind: 'action', spent: { paidWith: ['standard'] } } });
    await spendEgAttackFor(rogue, { target: goblin });
    expect(badge(rogue)).toBe('AoO 0');
    await combat.nextTurn();
    await attackActionsSettled();
    expect(badge(rogue)).toBe('standard · move ×2 · swift ×2 · AoO 1');
    await combat.nextTurn();
    await combat.nextTurn();
    await attackActionsSettled();
    expect(record(fighter)).toMatchObject({ round: 2, budget: { standard: true, attacks: 0 } });
    // Undo of the fighter's round-1 attack once its next turn has begun: nothing is given back.
    expect(await refundEgAttackFor(fighter, spent.ok ? spent.spent : null)).toBe(false);
  });

  it('Undo in the same turn is the exact inverse', async () => {
    const { fighter } = await egFight(h);
    const before = record(fighter).budget;
    const spent = await spendEgActionFor(fighter, 'total-defense');
    expect(record(fighter).budget).toMatchObject({ standard: false, totalDefense: true });
    expect(await refundEgActionFor(fighter, spent.ok ? spent.spent : null)).toBe(true);
    expect(record(fighter).budget).toEqual(before);
  });

  it('a dazed combatant starts its turn with one standard action (003:646, A3)', async () => {
    const { fighter, rogue, combat } = await egFight(h);
    await rogue.toggleStatusEffect('dazed', { active: true });
    await combat.nextTurn();
    await attackActionsSettled();
    expect(badge(rogue)).toBe('standard · move ×1 · swift ×1 · AoO 1');
    expect(record(rogue).budget).toMatchObject({ standard: true, move: false, swift: false });
    expect(badge(fighter)).toBe('AoO 1');
  });
});

/**
 * The Saga-style turns seen at the table (issue #30, "Sheets" and "Tokens and tracker"): the sheet's
 * combat panel words the action budget (001:5–21: one standard, one move and one swift action a turn,
 * a greater spent as a lesser, standard + move as a full-round action; a step or a move taken) and the
 * attacks of opportunity left (001:43); the combat tracker shows each combatant's condition step.
 * GnG's lines stay GnG's.
 */
import { describe, expect, it, vi } from 'vitest';
import { getHarness } from '../harness/index.js';
import { sagaFight, useSagaWorld } from '../fixtures/saga-world.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { combatantOf } from '../../src/combat/scene-lookup.js';
import { registerSagaTurns, spendSagaActionFor } from '../../src/combat/saga-turns.js';

const h = await getHarness();
// The sheet's module needs the harness's Foundry globals first.
const { combatPanelContext } = await import('../../src/applications/sheets/actor-context.js');
const { gm, player, otherPlayer } = h.users;
registerSagaTurns();

useSagaWorld(h, 30, { endCombats: true });

const lines = (actor: Actor) => combatPanelContext(actor).combat.budget;

const fight = () => sagaFight(h);

const ALL_TRADES =
  'Trades: the standard action as a move or a swift action; the move action as a swift action; ' +
  'standard and move together as one full-round action';

describe("the sheet's action budget under the Saga-style model", () => {
  it('out of combat: nothing', async () => {
    const fighter = await appendix3Fighter(h, player);
    expect(lines(fighter)).toEqual([]);
  });

  it('on its turn what is left and the trades; the others their next turn', async () => {
    const { fighter, rogue } = await fight();
    // Both fixtures have one attack of opportunity a round (the tracker shows "AoO 1", saga-turns test).
    expect(lines(fighter)).toEqual([
      'This turn: standard, move, swift left',
      ALL_TRADES,
      'Attacks of opportunity left this round: 1',
    ]);
    expect(lines(rogue)).toEqual([
      'Next turn: standard, move, swift',
      ALL_TRADES,
      'Attacks of opportunity left this round: 1',
    ]);
  });

  it('each spend narrows the trades; a move spent to move forbids the step', async () => {
    const { fighter } = await fight();
    await spendSagaActionFor(fighter, 'standard');
    // Only the move is left to trade (as a swift); no full-round action without the standard.
    expect(lines(fighter)).toEqual([
      'This turn: move, swift left',
      'Trades: the move action as a swift action',
      'Attacks of opportunity left this round: 1',
    ]);
    await spendSagaActionFor(fighter, 'move', { movement: true });
    await spendSagaActionFor(fighter, 'swift');
    expect(lines(fighter)).toEqual([
      'This turn: no actions left',
      'A move action was spent to move: no step this turn.',
      'Attacks of opportunity left this round: 1',
    ]);
  });

  it('after a step: the move may not move (001:21)', async () => {
    const { fighter } = await fight();
    await spendSagaActionFor(fighter, 'step');
    expect(lines(fighter)).toEqual([
      'This turn: standard, move, swift left',
      ALL_TRADES,
      'A step was taken: no move action may move this turn.',
      'Attacks of opportunity left this round: 1',
    ]);
  });

  it("the turn's lines follow the turn: the next combatant's turn is fresh", async () => {
    const { fighter, rogue, combat } = await fight();
    await spendSagaActionFor(fighter, 'full-round');
    await combat.nextTurn();
    await attackActionsSettled();
    expect(lines(rogue)[0]).toBe('This turn: standard, move, swift left');
    expect(lines(fighter)[0]).toBe('Next turn: standard, move, swift');
  });

  it('under GnG the Saga lines are not shown', async () => {
    await game.settings.set('gng', 'combatModel', 'gng');
    const { fighter } = await fight();
    const shown = lines(fighter);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.some((line) => /standard|swift|opportunity/i.test(line))).toBe(false);
  });
});

describe("the tracker's condition step", () => {
  const stepOf = (actor: Actor) => {
    const html = h.renderCombatTracker();
    const combatant = combatantOf(actor) as Combatant;
    return html.querySelector<HTMLElement>(`[data-combatant-id="${combatant.id}"] .gng-saga-step`);
  };

  it("each row shows its actor's step, for everyone; the turn badge is unchanged", async () => {
    const { fighter, rogue } = await fight();
    expect(stepOf(fighter)?.textContent).toBe('CT Normal');
    await rogue.update({ 'system.model.saga.conditionStep': 2 });
    await attackActionsSettled();
    h.as(player);
    const step = stepOf(rogue);
    expect(step?.textContent).toBe('CT −2');
    expect(step?.getAttribute('aria-label')).toBe('Condition track: −2');
    const row = step?.closest('[data-combatant-id]');
    expect(row?.querySelector('.gng-saga-turn')?.textContent).toBe('AoO 1');
    h.as(gm);
    await rogue.update({ 'system.model.saga.conditionStep': 5 });
    await attackActionsSettled();
    expect(stepOf(rogue)?.textContent).toBe('CT Unconscious');
  });

  it("a change of a combatant's step redraws the open tracker; other changes do not", async () => {
    const { rogue } = await fight();
    // Each client redraws its own tracker: the harness's clients share one `ui`, so the calls say whose.
    const render = vi.fn(() => game.user.id);
    ui.combat = { rendered: true, render };
    try {
      await rogue.update({ name: 'Renamed' });
      expect(render).not.toHaveBeenCalled();
      await rogue.update({ 'system.model.saga.conditionStep': 1 });
      const once = [gm.id, player.id, otherPlayer.id].sort();
      expect(render.mock.results.map((r) => r.value as string).sort()).toEqual(once);
      // An actor in no combat has no row: nothing to redraw.
      const bystander = await appendix3Fighter(h, player);
      await bystander.update({ 'system.model.saga.conditionStep': 2 });
      expect(render).toHaveBeenCalledTimes(3);
    } finally {
      delete ui.combat;
    }
  });

  it('under GnG no step is shown', async () => {
    await game.settings.set('gng', 'combatModel', 'gng');
    const { fighter } = await fight();
    expect(stepOf(fighter)).toBeNull();
  });
});

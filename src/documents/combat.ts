/**
 * The system's Combat document (`CONFIG.Combat.documentClass`): initiative is rolled per combatant
 * (GnGCombatant), shared by creatures of one kind when the world asks for it; at each combatant's turn start the
 * turn gets only what its aborts left (and a partial action after trauma) and its action budget is
 * refilled (src/combat/action-budget.ts), expired effects end and bleeding actors get their save card
 * (src/combat/conditions-timer.ts). Foundry v13 calls the turn events once, on the active GM's
 * client; the guard below keeps it so if a caller runs them elsewhere. The action budget is GnG's
 * (aborts and trauma): under a combat model without either, a turn start writes none of it.
 */
import { budgetInPlay, startTurnOf } from '../combat/action-budget.js';
import { runConditionsAtTurnStart } from '../combat/conditions-timer.js';
import { isActiveGM } from './active-gm.js';
import { onDemand } from '../on-demand.js';
import { modelOffers, worldModelReady } from '../settings/combat-model.js';

/** Group initiative, loaded when initiative is first rolled (docs/performance.md "Code loaded at start"). */
const initiativeGroups = onDemand(() => import('../combat/initiative-groups.js'));
/** The Time Count's initiative (issue #32), loaded with its first roll under that model. */
const tcInitiative = onDemand(() => import('../combat/tc-initiative.js'));
const tcTracker = onDemand(() => import('../models/tc-tracker.js'));
/**
 * Whether the world's model (once loaded) plays the Time Count: a combat is the world's model's, its
 * TC flags kept under another (docs/rules.md "The tracker"). Rejects as `worldModelReady`.
 */
const timeCount = async () => (await worldModelReady()).capabilities.timeCount;

/** Work at a combatant's turn start from above the documents (a card's, a model's). */
export type CombatTurnStep = (combat: Combat, combatant: Combatant) => Promise<unknown>;
const turnStartSteps: CombatTurnStep[] = [];

/**
 * Adds a step to every scheduled turn start (active GM, after the conditions timer), on `init`
 * (src/gng.ts): the documents import neither cards nor applications.
 */
export function addTurnStartStep(step: CombatTurnStep): void {
  turnStartSteps.push(step);
}

export class GnGCombat extends foundry.documents.Combat {
  /**
   * Core's roll for each combatant (GnGCombatant's formula); with the world option
   * `groupNpcInitiative`, creatures of one kind share one roll (src/combat/initiative-groups.ts).
   */
  override async rollInitiative(
    ids: string | string[],
    options: Parameters<Combat['rollInitiative']>[1] = {},
  ): Promise<this> {
    const list = typeof ids === 'string' ? [ids] : ids;
    // Time Count model: its own roll, on the GM's client (src/combat/tc-initiative.ts).
    if (await timeCount()) {
      await (await tcInitiative()).rollTcInitiative(this, list);
      return this;
    }
    const { rollGroupedInitiative } = await initiativeGroups();
    await rollGroupedInitiative(this, list, (roll) => super.rollInitiative(roll, options));
    return this;
  }

  /**
   * While the world plays the Time Count (its schedule in the Combat's flags, src/combat/tc-schedule.ts)
   * the lowest count acts first (002:248); `initiative` mirrors each next count. Under another model a
   * combat is that model's, its TC flags kept for a switch back (docs/rules.md "The tracker"). Uses no
   * `this` (test/harness/README.md).
   */
  override _sortCombatants(a: Combatant, b: Combatant): number {
    if (!modelOffers('timeCount')) return super._sortCombatants(a, b);
    return (a.initiative ?? Infinity) - (b.initiative ?? Infinity) || 0;
  }

  /** Under the Time Count, Foundry's next turn and next round advance the count (tc-tracker.ts). */
  override async nextTurn(): Promise<this> {
    if (!(await timeCount())) return super.nextTurn();
    await (await tcTracker()).advanceFromCore(this);
    return this;
  }

  override async nextRound(): Promise<this> {
    if (!(await timeCount())) return super.nextRound();
    await (await tcTracker()).advanceFromCore(this);
    return this;
  }

  override async _onStartTurn(combatant: Combatant, context: CombatTurnEventContext): Promise<void> {
    await super._onStartTurn(combatant, context);
    if (!isActiveGM() || context.skipped) return;
    // Time Count: only the schedule's own turn starts do the work below (a turn written by hand does not).
    if (
      modelOffers('timeCount') &&
      !(await tcTracker()).isScheduledTurnStart(this, combatant.id, context.round)
    )
      return;
    if (budgetInPlay()) await startTurnOf(combatant, context.round);
    // Durations count down, Severe Bleeding asks for its save (src/combat/conditions-timer.ts).
    await runConditionsAtTurnStart(this, combatant);
    // What cards and models add (src/gng.ts): the shooter's suppressing fire ends at its next turn
    // start (src/cards/suppress/), then the Saga-style model's regeneration and dying round.
    for (const step of turnStartSteps) await step(this, combatant);
  }
}

/**
 * Sudden Action (Appendix 4) on the GM's client: "Once per cycle, you can change your place in the
 * initiative order, moving higher in the count by a number less than or equal to your character
 * level … at the start of any round, before anyone else takes an action" (engine
 * `suddenActionProblem`, `suddenActionInitiative`). The GM checks the request against the documents,
 * raises the combatant's initiative and marks the round in the Combat's flags (only a GM writes
 * them); Undo puts the count back while it is still the one set, and clears the mark.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import { suddenActionInitiative, suddenActionProblem } from '../../rules/index.js';
import { combatantOf } from '../../combat/action-budget.js';
import { Refusal } from '../kernel/index.js';
import type { FeatActionApplied, SuddenActionRecord } from './feat-action-state.js';
import { hasFeat } from '../../documents/actor-feats.js';

export const SUDDEN_ACTION = 'sudden-action';

/** The Combat's once-per-round marks: combatant id → the round of its Sudden Action (null: undone). */
const MARKS = 'suddenAction';

function marksOf(combat: Combat): Record<string, number | null> {
  const raw = combat.flags?.[SYSTEM_ID]?.[MARKS];
  return typeof raw === 'object' && raw !== null ? (raw as Record<string, number | null>) : {};
}

const PROBLEM_KEYS = {
  steps: 'GNG.FeatAction.Error.Steps',
  level: 'GNG.FeatAction.Error.Level',
  used: 'GNG.FeatAction.Error.Used',
  'not-round-start': 'GNG.FeatAction.Error.NotRoundStart',
} as const;

/** GM side: checks and takes the Sudden Action of `steps`; throws a Refusal before changing anything. */
export async function runSuddenAction(
  actor: Actor,
  steps: number,
): Promise<{ record: SuddenActionRecord; applied: FeatActionApplied }> {
  if (!hasFeat(actor, SUDDEN_ACTION))
    throw new Refusal('GNG.FeatAction.Error.NoSuddenAction', { name: actor.name });
  const combatant = combatantOf(actor);
  const combat = combatant?.parent;
  if (!combat || !combatant || combat.round < 1)
    throw new Refusal('GNG.FeatAction.Error.NotInCombat', { name: actor.name });
  if (typeof combatant.initiative !== 'number')
    throw new Refusal('GNG.FeatAction.Error.NoInitiative', { name: actor.name });
  const level = actor.system.derived.level;
  const marks = marksOf(combat);
  const problem = suddenActionProblem({
    steps,
    characterLevel: level,
    usedThisRound: marks[combatant.id] === combat.round,
    // "at the start of any round, before anyone else takes an action": the round's first turn.
    roundStart: combat.turn === 0,
  });
  if (problem) throw new Refusal(PROBLEM_KEYS[problem], { name: actor.name, level, steps });
  const from = combatant.initiative;
  const to = suddenActionInitiative(from, steps);
  await combatant.update({ initiative: to });
  await combat.setFlag(SYSTEM_ID, MARKS, { ...marks, [combatant.id]: combat.round });
  const round = combat.round;
  return {
    record: { steps, level, combatId: combat.id as string, combatantId: combatant.id, round, from, to },
    applied: {
      initiative: { combatId: combat.id as string, combatantId: combatant.id, from, to, round },
      effects: [],
      turn: null,
    },
  };
}

/**
 * GM side (Undo): the count back to what it was while it is still the one the Sudden Action set, and
 * the round's mark cleared. Returns the lang keys of what could not be undone.
 */
export async function undoSuddenAction(
  applied: NonNullable<FeatActionApplied['initiative']>,
): Promise<{ key: string; data: Record<string, unknown> }[]> {
  const combat = game.combats?.get(applied.combatId) ?? null;
  const combatant = combat?.combatants.get(applied.combatantId) ?? null;
  if (!combat || !combatant) return [{ key: 'GNG.FeatAction.UndoNote.NoCombatant', data: {} }];
  const notes: { key: string; data: Record<string, unknown> }[] = [];
  if (combatant.initiative === applied.to) await combatant.update({ initiative: applied.from });
  else
    notes.push({
      key: 'GNG.FeatAction.UndoNote.InitiativeChanged',
      data: { value: combatant.initiative ?? '—' },
    });
  const marks = marksOf(combat);
  if (marks[combatant.id] === applied.round)
    await combat.setFlag(SYSTEM_ID, MARKS, { ...marks, [combatant.id]: null });
  return notes;
}

/**
 * Reading an attack card's state (issue #34): a typed card's `system` (subtype `attack`,
 * attack-data.ts), else a card's from before the change (`flags.gng.attack`). Re-exported by the
 * door attack-state.ts.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import type { AttackCardState } from './attack-state.js';
import { moveIntoUndo } from '../kernel/undo-fields.js';

/** The ChatMessage subtype of an attack card (issue #34; its `system`: attack-data.ts). */
export const ATTACK_TYPE = 'attack';

/** A card's optional parts (absent when unused): a schema's empty value of one is read as absent. */
export const OPTIONAL = [
  'fire',
  'scattershot',
  'model',
  'sagaTurn',
  'offHand',
  'eg',
  'tc',
  'fightingDefensivelyEffect',
];
/** A target's optional parts (its notes and undone aborts: lists; the others objects). */
export const OPTIONAL_TARGET = [
  'aborts',
  'calledShot',
  'strike',
  'concealment',
  'sunder',
  'eg',
  'saga',
  'tc',
];

/**
 * An abort's Undo data, kept on the abort itself before it had a field of its own (`budgetBefore`,
 * `epoch`, Roll with Blow's `damageBefore`): moved into its `undo`, in place. A typed card's
 * `migrateData` (attack-data.ts) and the reader of an older flag card both call it.
 */
export function migrateAbortUndo(targets: unknown): void {
  if (!Array.isArray(targets)) return;
  for (const target of targets as { aborts?: Record<string, unknown> }[])
    for (const abort of Object.values(target?.aborts ?? {}))
      moveIntoUndo(abort, ['budgetBefore', 'epoch', 'damageBefore']);
}

function dropAbsent(record: Record<string, unknown>, keys: readonly string[]): void {
  for (const key of keys) {
    const value = record[key];
    if (value === undefined || value === null || (Array.isArray(value) && !value.length)) delete record[key];
  }
}

/**
 * A typed card's state (`system`, as stored): the parts a card does not use are dropped, whether
 * Foundry's cleaning left them out, undefined or null, so the steps read them as before.
 */
function typedState(message: ChatMessage): AttackCardState {
  const state = message.system.toObject() as unknown as AttackCardState & Record<string, unknown>;
  dropAbsent(state, OPTIONAL);
  for (const target of state.targets ?? [])
    dropAbsent(target as unknown as Record<string, unknown>, [
      ...OPTIONAL_TARGET,
      'undoNotes',
      'undoneAborts',
    ]);
  return state;
}

/**
 * An attack card posted before issue #34 (`type: 'base'`, its state in `flags.gng.attack`): the
 * state as it was stored (its notes may be localized strings; they are shown as written).
 */
export function legacyAttackState(message: ChatMessage): AttackCardState | null {
  const state = message.flags?.[SYSTEM_ID]?.attack as AttackCardState | undefined;
  if (!state || state.version !== 1 || !Array.isArray(state.targets)) return null;
  const copy = structuredClone(state);
  migrateAbortUndo(copy.targets);
  return copy;
}

/**
 * The card state of a message, or null when it is not an attack card: a typed card's `system`, else
 * a card's from before issue #34 (its flags).
 */
export function cardState(message: ChatMessage | null | undefined): AttackCardState | null {
  if (!message) return null;
  if (message.type === ATTACK_TYPE) {
    const state = typedState(message);
    return state.version === 1 && Array.isArray(state.targets) ? state : null;
  }
  return legacyAttackState(message);
}

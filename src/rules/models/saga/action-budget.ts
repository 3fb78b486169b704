/**
 * The Saga-style model's action budget (seed 001:5–21; design R33–R36, decision A5): each turn one
 * standard, one move and one swift action; a greater action may be spent as a lesser one, never the
 * reverse; a full-round action takes the standard and the move; the step; Recover (A5) takes the
 * whole turn. Immediate and free actions cost nothing of it. Pure: the glue stores the budget in the
 * Combat's flags (src/combat/saga-turns.ts) and words it on the tracker.
 */
import { assertOneOf } from '../../validate.js';
import { RECOVER_SWIFT_ACTIONS } from './condition-track.js';

/** What a turn still has (true: not spent), and what it has done that limits the rest. */
export interface SagaBudget {
  readonly standard: boolean;
  readonly move: boolean;
  readonly swift: boolean;
  /** A step was taken: no move action may move this turn (001:21). */
  readonly stepped: boolean;
  /** A move action was spent to move: no step this turn (decision, see {@link spendSagaAction}). */
  readonly moved: boolean;
}

/** The actions a turn may spend. */
export const SAGA_ACTIONS = [
  'standard',
  'move',
  'swift',
  'full-round',
  'step',
  'recover',
  'immediate',
  'free',
] as const;
export type SagaAction = (typeof SAGA_ACTIONS)[number];

/** The three actions a budget holds, greatest first. */
export const SAGA_ACTION_SLOTS = ['standard', 'move', 'swift'] as const;
export type SagaActionSlot = (typeof SAGA_ACTION_SLOTS)[number];

/** Why an action cannot be taken (lang keys `GNG.Model.Saga.Turn.Refusal.<reason>`). */
export type SagaRefusal = 'noStandard' | 'noMove' | 'noSwift' | 'fullRound' | 'stepped' | 'moved' | 'recover';

/** A turn's budget as it starts: one of each (001:5 "receive one of each"). */
export function newSagaBudget(): SagaBudget {
  return Object.freeze({ standard: true, move: true, swift: true, stepped: false, moved: false });
}

/**
 * "You can perform a swift action again by expending your move action, but not the other way around.
 * The same can be done by expending your standard action to perform a move, or expending your standard
 * action to perform yet another swift action" (001:5): the slots that may pay for `slot`, the
 * slot's own first, then the lesser before the greater (a swift paid with the move keeps the standard).
 */
export const SAGA_PAYERS: Readonly<Record<SagaActionSlot, readonly SagaActionSlot[]>> = {
  standard: ['standard'],
  move: ['move', 'standard'],
  swift: ['swift', 'move', 'standard'],
};

/** How many of `slot` the budget can still pay for (001:9 two moves; 001:11 up to three swifts). */
export function sagaActionsLeft(budget: SagaBudget, slot: SagaActionSlot): number {
  return SAGA_PAYERS[slot].filter((payer) => budget[payer]).length;
}

/** The result of a spend: the budget after and what paid for it, or why it cannot be taken. */
export type SagaSpend =
  { ok: true; budget: SagaBudget; paidWith: SagaActionSlot[] } | { ok: false; reason: SagaRefusal };

const REFUSAL: Record<SagaActionSlot, SagaRefusal> = {
  standard: 'noStandard',
  move: 'noMove',
  swift: 'noSwift',
};

/**
 * Spends one action of the turn.
 * - standard, move, swift: paid by {@link SAGA_PAYERS}; `movement` marks a move action spent to move
 *   (refused after a step: "If a character takes a step action, they can't take a move action on
 *   their turn to move", 001:21).
 * - full-round: the standard and the move together (001:15 "effectively using up the character's
 *   standard and move actions"); allowed after a step (001:21).
 * - step: one per turn, not after a move action spent to move (decision: the step is "a 1-square
 *   movement" the text sets apart from the move action; the two exclude each other either way round).
 * - recover: decision A5's three swift actions in one turn, that is the standard, move and swift
 *   (001:11 "three in a turn if you sacrifice your move and standard actions").
 * - immediate, free: cost nothing (001:17–19 give them no price).
 */
export function spendSagaAction(
  budget: SagaBudget,
  action: SagaAction,
  options: { movement?: boolean } = {},
): SagaSpend {
  const kind = assertOneOf('Saga action', action, SAGA_ACTIONS);
  const done = (changes: Partial<SagaBudget>, paidWith: SagaActionSlot[]): SagaSpend => ({
    ok: true,
    budget: Object.freeze({ ...budget, ...changes }),
    paidWith,
  });
  switch (kind) {
    case 'immediate':
    case 'free':
      return done({}, []);
    case 'step':
      if (budget.stepped) return { ok: false, reason: 'stepped' };
      if (budget.moved) return { ok: false, reason: 'moved' };
      return done({ stepped: true }, []);
    case 'full-round':
      if (!budget.standard || !budget.move) return { ok: false, reason: 'fullRound' };
      return done({ standard: false, move: false }, ['standard', 'move']);
    case 'recover': {
      const needed = SAGA_ACTION_SLOTS.filter((slot) => budget[slot]).length;
      if (needed < RECOVER_SWIFT_ACTIONS) return { ok: false, reason: 'recover' };
      return done({ standard: false, move: false, swift: false }, [...SAGA_ACTION_SLOTS]);
    }
    default: {
      const movement = kind === 'move' && options.movement === true;
      if (movement && budget.stepped) return { ok: false, reason: 'stepped' };
      const payer = SAGA_PAYERS[kind].find((slot) => budget[slot]);
      if (!payer) return { ok: false, reason: REFUSAL[kind] };
      return done({ [payer]: false, ...(movement ? { moved: true } : {}) }, [payer]);
    }
  }
}

/**
 * The exact inverse of one successful spend (Undo): gives back what `paidWith` names and clears the
 * mark the spend set (`step`: stepped; a move spent to move: moved).
 */
export function refundSagaAction(
  budget: SagaBudget,
  spent: { action: SagaAction; paidWith: readonly SagaActionSlot[]; movement?: boolean },
): SagaBudget {
  const kind = assertOneOf('Saga action', spent.action, SAGA_ACTIONS);
  const back: Partial<Record<keyof SagaBudget, boolean>> = {};
  for (const slot of spent.paidWith) back[assertOneOf('action slot', slot, SAGA_ACTION_SLOTS)] = true;
  if (kind === 'step') back.stepped = false;
  if (kind === 'move' && spent.movement === true) back.moved = false;
  return Object.freeze({ ...budget, ...back });
}

/** A stored budget read back (anything else a player or an old record left: a fresh budget's field). */
export function normalizeSagaBudget(raw: unknown): SagaBudget {
  const fresh = newSagaBudget();
  if (typeof raw !== 'object' || raw === null) return fresh;
  const r = raw as Record<string, unknown>;
  const flag = (key: keyof SagaBudget) => (typeof r[key] === 'boolean' ? (r[key] as boolean) : fresh[key]);
  return Object.freeze({
    standard: flag('standard'),
    move: flag('move'),
    swift: flag('swift'),
    stepped: flag('stepped'),
    moved: flag('moved'),
  });
}

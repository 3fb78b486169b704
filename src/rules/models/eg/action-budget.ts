/**
 * The Enlightened Grognard action budget (seed 003:35, 44–45, 597–646, 815–818; design R43–R45, A3,
 * A12): each turn one standard, one move and one swift action and free actions; a standard action
 * may be spent as a move or a swift action, never a move as a swift; no full-round actions; Run is a
 * move action after which the turn may not attack (and an attack forbids it); Total Defense is a
 * standard action after which the turn may not attack. A surprise round or a dazed creature has one
 * standard action only (which may still be spent as a move or a swift). Immediate and free actions
 * cost nothing of it. Pure: the glue stores it in the Combat's flags (src/combat/eg-turns.ts).
 */
import { assertNonNegativeInteger, assertOneOf } from '../../validate.js';

/** What a turn still has (true: not spent), and what it has done that limits the rest. */
export interface EgBudget {
  readonly standard: boolean;
  readonly move: boolean;
  readonly swift: boolean;
  /** Attacks made this turn (an attack may be a standard action or, by a feat, a swift one: 003:575). */
  readonly attacks: number;
  /** It ran this turn: no attack (003:816 "You can not run and make an attack on the same turn"). */
  readonly ran: boolean;
  /** It took Total Defense this turn: no attack (003:759 "may not attack during your turn"). */
  readonly totalDefense: boolean;
}

/** The actions a turn may ask to spend. */
export const EG_ACTIONS = [
  'standard',
  'move',
  'swift',
  'run',
  'total-defense',
  'full-round',
  'immediate',
  'free',
] as const;
export type EgAction = (typeof EG_ACTIONS)[number];

/** The three actions a budget holds, greatest first. */
export const EG_ACTION_SLOTS = ['standard', 'move', 'swift'] as const;
export type EgActionSlot = (typeof EG_ACTION_SLOTS)[number];

/** Why an action cannot be taken (lang keys `GNG.Model.EG.Budget.Refusal.<reason>`). */
export type EgRefusal =
  | 'noStandard'
  | 'noMove'
  | 'noSwift'
  | 'fullRound'
  | 'ranNoAttack'
  | 'totalDefenseNoAttack'
  | 'attackedNoRun'
  | 'attackedNoTotalDefense';

/**
 * A turn's budget as it starts: one of each (003:600 "a standard action, a move action, a swift
 * action and one or more free actions"); `limited`: one standard action only — the surprise round
 * (003:521, decision A12) and a dazed creature (003:646 "may only take one standard action per round",
 * decision A3) — which may still be spent as a move or a swift action (003:606–607).
 */
export function newEgBudget(options: { limited?: boolean } = {}): EgBudget {
  const all = options.limited !== true;
  return Object.freeze({
    standard: true,
    move: all,
    swift: all,
    attacks: 0,
    ran: false,
    totalDefense: false,
  });
}

/**
 * "If you wish, you take a move action or a swift action in place of a standard action … You may not
 * substitute a move action for a swift action (or vice versa)" (003:601–604; also 003:44–45): the slots
 * that may pay for `slot`, its own first.
 */
export const EG_PAYERS: Readonly<Record<EgActionSlot, readonly EgActionSlot[]>> = {
  standard: ['standard'],
  move: ['move', 'standard'],
  swift: ['swift', 'standard'],
};

/** How many of `slot` the budget can still pay for (two moves, or two swifts, with the standard: 003:602). */
export function egActionsLeft(budget: EgBudget, slot: EgActionSlot): number {
  return EG_PAYERS[slot].filter((payer) => budget[payer]).length;
}

/** The result of a spend: the budget after and what paid for it, or why it cannot be taken. */
export type EgSpend =
  { ok: true; budget: EgBudget; paidWith: EgActionSlot[] } | { ok: false; reason: EgRefusal };

/** What a spend is for (the marks the budget keeps). */
export interface EgSpendOptions {
  /** The action is an attack (003:678 "Making an attack is a standard action"). */
  attack?: boolean;
}

const REFUSAL: Record<EgActionSlot, EgRefusal> = { standard: 'noStandard', move: 'noMove', swift: 'noSwift' };

/**
 * Spends one action of the turn.
 * - standard, move, swift: paid by {@link EG_PAYERS}; `attack` marks an attack (refused after Run or
 *   Total Defense). An attack of opportunity is an immediate action (003:528), not this.
 * - run: a move action (003:815) that forbids an attack this turn; refused after an attack.
 * - total-defense: a standard action (003:759) that forbids an attack this turn; refused after one.
 * - full-round: always refused ("The full-round action has been removed from the game", 003:35).
 * - immediate, free: cost nothing (003:40–42, 617–635: unlimited, the GM may restrict them).
 */
export function spendEgAction(budget: EgBudget, action: EgAction, options: EgSpendOptions = {}): EgSpend {
  const kind = assertOneOf('EG action', action, EG_ACTIONS);
  const attack = options.attack === true && (kind === 'standard' || kind === 'move' || kind === 'swift');
  if (kind === 'immediate' || kind === 'free') return { ok: true, budget, paidWith: [] };
  if (kind === 'full-round') return { ok: false, reason: 'fullRound' };
  if (attack && budget.ran) return { ok: false, reason: 'ranNoAttack' };
  if (attack && budget.totalDefense) return { ok: false, reason: 'totalDefenseNoAttack' };
  if (kind === 'run' && budget.attacks > 0) return { ok: false, reason: 'attackedNoRun' };
  if (kind === 'total-defense' && budget.attacks > 0) return { ok: false, reason: 'attackedNoTotalDefense' };
  const slot: EgActionSlot = kind === 'run' ? 'move' : kind === 'total-defense' ? 'standard' : kind;
  const payer = EG_PAYERS[slot].find((s) => budget[s]);
  if (!payer) return { ok: false, reason: REFUSAL[slot] };
  return {
    ok: true,
    budget: Object.freeze({
      ...budget,
      [payer]: false,
      ...(attack ? { attacks: budget.attacks + 1 } : {}),
      ...(kind === 'run' ? { ran: true } : {}),
      ...(kind === 'total-defense' ? { totalDefense: true } : {}),
    }),
    paidWith: [payer],
  };
}

/**
 * The exact inverse of one successful spend (Undo): gives back what `paidWith` names and takes back
 * the mark the spend set (one attack; Run; Total Defense).
 */
export function refundEgAction(
  budget: EgBudget,
  spent: { action: EgAction; paidWith: readonly EgActionSlot[]; attack?: boolean },
): EgBudget {
  const kind = assertOneOf('EG action', spent.action, EG_ACTIONS);
  const back: Partial<Record<EgActionSlot | 'ran' | 'totalDefense', boolean>> = {};
  for (const slot of spent.paidWith) back[assertOneOf('action slot', slot, EG_ACTION_SLOTS)] = true;
  if (kind === 'run') back.ran = false;
  if (kind === 'total-defense') back.totalDefense = false;
  const attacks =
    spent.attack === true && spent.paidWith.length > 0 ? Math.max(0, budget.attacks - 1) : budget.attacks;
  return Object.freeze({ ...budget, ...back, attacks });
}

/** A stored budget read back (anything else a player or an old record left: a fresh budget's field). */
export function normalizeEgBudget(raw: unknown): EgBudget {
  const fresh = newEgBudget();
  if (typeof raw !== 'object' || raw === null) return fresh;
  const r = raw as Record<string, unknown>;
  const flag = (key: 'standard' | 'move' | 'swift' | 'ran' | 'totalDefense') =>
    typeof r[key] === 'boolean' ? (r[key] as boolean) : fresh[key];
  const attacks =
    typeof r.attacks === 'number' && Number.isInteger(r.attacks) && r.attacks >= 0
      ? assertNonNegativeInteger('attacks', r.attacks)
      : 0;
  return Object.freeze({
    standard: flag('standard'),
    move: flag('move'),
    swift: flag('swift'),
    attacks,
    ran: flag('ran'),
    totalDefense: flag('totalDefense'),
  });
}

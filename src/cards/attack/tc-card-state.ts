/**
 * What the attack card keeps of the Time Count and Threshold of Pain model (seed 002; issue #32):
 * the card's own part (its choices, the speed factor it rolled or took and the schedule records it
 * wrote through the Time Count's store, src/combat/tc-schedule.ts; a fumble's extra die; the
 * take-back) and each target's (why it met Passive, the ToP before Apply, the Constitution check
 * owed and its roll). Types and the state's small predicates only: the card's availability reads
 * them (attack-state.ts).
 */
import type { UndoNote } from '../kernel/index.js';
import type { TcAttackChoices } from '../../rules/models/tc/attack-card.js';
import type { TcCountdownRecord } from '../../combat/tc-countdowns.js';
import type { AttackCardState, CardTarget } from './attack-state.js';

/** The attacker's next count as the card posted it. */
export interface CardTcSpeed {
  /** The weapon's speed class (A10: standard when the weapon has none) and the class steps made. */
  speedClass: string;
  classSteps: number;
  /** Rolled (Random SF) or the Static SF (R35). */
  random: boolean;
  formula: string;
  rolls: number[];
  /** A fumble's 1d6 added (002:66); empty: none. */
  fumbleDice: number[];
  /** Two weapons together (002:691): the other weapon's SF, the worse kept. */
  other: { name: string; sf: number } | null;
  sf: number;
  /** The count it acted at and the count it acts at next. */
  count: number;
  next: number;
}

/** The TC part of an attack card. */
export interface CardTc {
  choices: TcAttackChoices;
  /** The combat the card was posted in (null: out of combat, no Time Count). */
  combatId: string | null;
  /** The next count posted (null: none — out of combat, or the off-hand card of two weapons together). */
  speed: CardTcSpeed | null;
  /** The schedule's records this card wrote, in order (src/combat/tc-schedule.ts; undone in reverse). */
  records: unknown[];
  /** A fumble (002:66): unsteady until it acts; the weapon's Durability (null: the weapon has none). */
  fumble: { durability: { before: number; after: number } | null } | null;
  /** Taken back: by whom, and what could not be given back (localized notes). */
  withdrawn: { by: string; notes: (UndoNote | string)[] } | null;
}

/** The hold a failed check put on `unconscious` (src/combat/status-holds.ts; its Undo releases it). */
export interface CardTcHold {
  hold: string | null;
  statusesAdded: string[];
  effectIds: Record<string, string>;
}

/** A Constitution check owed after Apply (002:162) and, once rolled, its result. */
export interface CardTcConsciousness {
  /** Set by a failed check (null: none). */
  hold?: CardTcHold | null;
  /** The tracker's countdown a failed check wrote (src/combat/tc-countdowns.ts; Undo reverts it). */
  countdown?: TcCountdownRecord | null;
  dc: number;
  /** −2 per impairment (002:162). */
  penalty: number;
  roll: {
    natural: number;
    con: number;
    total: number;
    success: boolean;
    failedBy: number;
    /** The status set by a failure (Undo takes it off), and the count it may check again at. */
    statusAdded: boolean;
    wakeAt: number | null;
  } | null;
}

/** The TC part of one target. */
export interface CardTcTarget {
  /** Why Passive stood in for Primary (core's `PassiveReason`s); empty: it did not. */
  passive: string[];
  /** The effective ToP the hit met (R20), recorded at Apply. */
  top: number | null;
  consciousness: CardTcConsciousness | null;
}

declare module './attack-state.js' {
  interface AttackCardState {
    tc?: CardTc;
  }
  interface CardTarget {
    tc?: CardTcTarget;
  }
}

/** Whether the target owes a Constitution check not rolled yet. */
export function tcConsciousnessOwed(target: CardTarget): boolean {
  return Boolean(target.applied && target.tc?.consciousness && !target.tc.consciousness.roll);
}

/** The card was taken back. */
export const tcWithdrawn = (state: AttackCardState): boolean => Boolean(state.tc?.withdrawn);

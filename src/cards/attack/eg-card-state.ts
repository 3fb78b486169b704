/**
 * What the attack card keeps of the Enlightened Grognard model (seed 003; issue #31): the card's own
 * part (the attack's token type, what its options cost and earned, the d20s once rolled, every token
 * record the card made through the token store, the take-back) and each target's (the defender's
 * proactive answer, the retroactive spends of both sides, the damage spends, helpless). Types and the
 * state's small predicates only: the card's availability reads them (attack-state.ts).
 */
import type { UndoNote } from '../kernel/index.js';
import type { EgAreaDie } from './eg-options.js';
import type { EgTokenDelta, EgTokenType } from '../../rules/models/eg/attack-card.js';
import type { AttackCardState, CardTarget } from './attack-state.js';
import { owns } from '../kernel/index.js';
import type { EgAttackSpent } from '../../combat/eg-turns.js';

/** One change the card made through the token store (src/combat/eg-token-store.ts), kept for Undo. */
export interface CardEgRecord {
  /** Whose pool: the actor's uuid and name (an NPC's: the communal pool). */
  actorUuid: string;
  name: string;
  /** The lang key's last part of why (`attack`, `defense`, `retroAttack`, `retroDefense`, `dealt`, `taken`). */
  reason: string;
  /** The card's target the change belongs to (null: the attack's own). */
  targetId: string | null;
  delta: EgTokenDelta;
  /** The store's record (its `revertTokenChange` is the exact inverse). */
  record: unknown;
}

/** The EG part of an attack card. */
export interface CardEg {
  /** The token type that raises this attack (power: Strength-based, speed: Dexterity-based). */
  type: EgTokenType;
  /** Proactive tokens on the attack roll (on an area attack: on the die `area.spendOn`). */
  spend: number;
  /** What the attack's own options earned (charge, fighting defensively) and cost (non-proficient, shield bash). */
  gained: EgTokenDelta;
  cost: EgTokenDelta;
  fightingDefensively: boolean;
  charge: boolean;
  shieldBash: boolean;
  nonProficient: boolean;
  area: { primary: string; spendOn: EgAreaDie } | null;
  /** The d20s as rolled (1; 2 fighting defensively; 3 for an area attack); empty before the roll. */
  dice: number[];
  /** The attack was rolled (every defender answered, or the GM closed the step). */
  rolled: boolean;
  /** The GM closed the defenders' step (their user id). */
  closedBy: string | null;
  /** The area attack's one damage roll (its dice), once the first target's damage was rolled. */
  areaDamage: number[] | null;
  records: CardEgRecord[];
  /** Taken back: by whom, and what could not be given back (localized notes). */
  withdrawn: { by: string; notes: (UndoNote | string)[] } | null;
  /**
   * The combat the card was posted in (null: none; absent: a card from before this field). Once it
   * is deleted the card changes no tokens: its pools went with it (003:461), and the next fight's
   * are not its to spend or gain.
   */
  combatId?: string | null;
  /** The attacker's action it spent (src/combat/eg-turns.ts; null: none, out of combat or off-hand). */
  turn?: EgAttackSpent | null;
}

/** The EG part of one target. */
export interface CardEgTarget {
  /** The token type that raises the defense this attack meets (null: none the table names). */
  defenseType: EgTokenType | null;
  /** The defender's answer before the roll: tokens spent (0: "no tokens"), by whom ('gm-closed' when closed). */
  answer: { tokens: number; by: string } | null;
  helpless: boolean;
  /** This target's die and attack total (an area attack's primary or shared die), once rolled. */
  natural: number | null;
  attackTotal: number | null;
  /** Retroactive tokens spent after the roll (multiples of 3: +1 each three, decision A4). */
  retro: { attack: number; defense: number };
  /**
   * Power tokens on the damage, 1:1: dealt by the attacker, taken off by the defender; the roll's
   * damage steps before them (weapon, Strength, other), kept at the first spend.
   */
  damage: { dealt: number; taken: number; base: { weapon: number; strength: number; other: number } | null };
  /** The token the attacker granted an ally next to this target for the miss (003:435–436). */
  missGift?: { name: string; type: EgTokenType };
}

declare module './attack-state.js' {
  interface AttackCardState {
    /** The Enlightened Grognard model's part of the card (absent under any other model). */
    eg?: CardEg;
  }
  interface CardTarget {
    eg?: CardEgTarget;
  }
}

/** What each EG step is handed (attack-actions.ts runs it): the card, its target, the user, the request's fields. */
export interface EgStepContext {
  message: ChatMessage;
  state: AttackCardState;
  target: CardTarget;
  user: User;
  extra: Record<string, unknown>;
}

/** The card's token steps under the model (eg-steps.ts), appended to the card's actions (attack-state.ts). */
export const EG_CARD_ACTIONS = ['egDefend', 'egClose', 'egRetro', 'egDamage', 'egMissToken'] as const;
export type EgCardAction = (typeof EG_CARD_ACTIONS)[number];

/** Who other than a GM (who always may) may ask for a token step. */
export function egUserMayAct(
  action: EgCardAction,
  user: User,
  state: Pick<AttackCardState, 'attacker'>,
  target: Pick<CardTarget, 'actorUuid'>,
): boolean {
  switch (action) {
    case 'egDefend':
      return owns(user, target.actorUuid);
    case 'egClose':
      return false;
    case 'egMissToken':
      return owns(user, state.attacker.actorUuid);
    case 'egRetro':
    case 'egDamage':
      // Each side its own spend: which side a request names is checked with it (eg-steps.ts).
      return owns(user, state.attacker.actorUuid) || owns(user, target.actorUuid);
  }
}

/** Whether a token step is open on `target`. */
export function egActionAvailable(action: EgCardAction, target: CardTarget): boolean {
  switch (action) {
    case 'egDefend':
    case 'egClose':
      return target.eg?.answer === null;
    case 'egRetro':
      return Boolean(target.eg?.answer && target.result && !target.result.automatic && !target.applied);
    case 'egDamage':
      return Boolean(target.eg && target.result?.hit && target.damage && !target.applied);
    case 'egMissToken':
      return Boolean(target.eg?.answer && target.result?.hit === false && !target.eg.missGift);
  }
}

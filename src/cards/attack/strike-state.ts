/**
 * The part of an attack card's state (attack-state.ts) that a breaking strike or nerve strike adds to
 * a target (src/cards/attack/strikes.ts).
 */
import type { RipSensesChoice, SpecialStrikeId } from '../../rules/index.js';
import type { CardPart, CardSave } from './attack-state.js';

/** One side of an opposed strike check (Break Stance, Break Balance, Break Grip). */
export interface CardStrikeRoll {
  natural: number;
  total: number;
  parts: CardPart[];
}

/** How a breaking strike or nerve strike came out against this target (src/cards/attack/strikes.ts). */
export interface CardStrikeResult {
  /** The user whose request resolved it. */
  by: string;
  /** Will or Fortitude save against 10 + ½ BAB + Str (Dex with Feather Touch). */
  save: CardSave | null;
  /** Opposed check: the attacker's and the target's rolls. */
  check: { attacker: CardStrikeRoll; defender: CardStrikeRoll; won: boolean; margin: number } | null;
  /** The strike's effect took place (failed save / won check). */
  success: boolean;
  /** Statuses set, their duration (as printed, the dice rolled, the rounds; null: no duration). */
  statuses: string[];
  formula: string | null;
  dice: number[];
  rounds: number | null;
  /** Temporary ability damage dealt (an Active Effect on the ability's `damage`). */
  abilityDamage: Partial<Record<'str' | 'dex' | 'con', number>>;
  /** Rip Innards: the rounds of internal hemorrhaging (1d4 HP each round). */
  hemorrhage: { dice: number[]; rounds: number } | null;
  /** Active Effects this strike created on the target (Undo deletes them). */
  effectIds: string[];
  /** Break Stance: how far the target is pushed (the GM moves the token). */
  pushFeet: number;
  /** Break Grip: the item the target dropped (Undo equips it again). */
  dropped: { itemId: string; name: string; equippedBefore: boolean } | null;
}

/** A breaking strike or nerve strike made with this attack, against this target. */
export interface CardStrike {
  id: SpecialStrikeId;
  /** Break Grip / Break Weapon: the target's item chosen before the attack. */
  item: { id: string; name: string; melee: boolean } | null;
  /** Rip Senses: the sense chosen before the attack. */
  sense: RipSensesChoice | null;
  /** The save DC when the card was made (the GM derives it again when it rolls the save). */
  dc: number | null;
  result: CardStrikeResult | null;
}

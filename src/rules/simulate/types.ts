/**
 * The fight simulator's vocabulary (issue #20): what a fight needs to know of each combatant (a
 * snapshot of plain data, so it crosses a Web Worker's message boundary), the sides' policies, the
 * variants in play, and the results of one fight and of many. Decisions: docs/rules.md "The fight
 * simulator (issue #20)".
 */
import type { ActionFeatId } from '../appendix-feats.js';
import type { ShieldSize } from '../aborts.js';
import type { AnatomyTrait } from '../called-shots.js';
import type { Grip, BowKind } from '../damage.js';
import type { DefenseInput } from '../defense.js';
import type { Fortification, ProtectionBypass, ProtectionParts } from '../protection.js';
import type { Size } from '../types.js';
import type { ModelCreature } from '../models/types.js';

/** One weapon attack of a combatant, as the attack card would make it. */
export interface SimAttack {
  name: string;
  mode: 'melee' | 'ranged';
  /** The attack bonus without the injury penalty (the simulator adds the penalty of the moment). */
  bonus: number;
  /** The weapon's dice ("1d8" → count 1, faces 8); the flat part goes in `weaponBonus`. */
  dice: { count: number; faces: number };
  /** Flat damage besides Strength: the dice's "+1", enhancement, conditions. */
  weaponBonus: number;
  /** Strength to damage (`strengthDamageBonus`, so Strength Bonus Limitation applies), or null: none. */
  strength: { modifier: number; grip: Grip; bow?: BowKind } | null;
  bypass?: ProtectionBypass;
  nonlethal?: boolean;
  /** Slashing damage (the lower bleeding threshold of Wounds Normally Cause Bleeding). */
  slashing?: boolean;
  touch?: boolean;
  /** What a Block faces (`blockAttackKind`). */
  thrown?: boolean;
  firearm?: boolean;
  energy?: boolean;
  /** The weapon's size (Block's weapon size bonus), when known. */
  size?: Size;
  /** A Time Count model: the weapon's speed class (`system.speedClass`; absent: standard, A10). */
  speedClass?: string;
}

/** What the combatant may Block with (its best melee attack), or absent: it cannot Block. */
export interface SimBlock {
  /** Attack bonus of the blocking weapon, without the injury penalty. */
  bonus: number;
  weaponSize?: Size;
  shield?: ShieldSize | null;
  shieldBonus?: number;
  shieldEnhancement?: number;
  feats?: readonly ActionFeatId[];
  dexModifier?: number;
}

/** A combatant as a fight needs it. Plain data (structured-cloneable). */
export interface CombatantSnapshot {
  /** Unique within the fight (an actor's uuid, or any id). */
  id: string;
  name: string;
  size: Size;
  hp: { value: number; max: number; temp?: number; nonlethal?: number };
  /** Constitution score: a dying creature's stabilization chance (d% ≤ Con). */
  con: number;
  immuneToInjury?: boolean;
  /** Initiative bonus. */
  initiative: number;
  /**
   * Defense bonus without the injury penalty, by attack mode; with `input` (the inputs of
   * `defenseBonus`), the Defense is re-derived by the engine for the injury and states of the moment.
   */
  defense: {
    melee: number;
    ranged: number;
    input?: Omit<DefenseInput, 'attack' | 'touch' | 'injuryPenalty'>;
  };
  protection: number | ProtectionParts;
  fortification?: Fortification;
  damageReduction?: number;
  /** Save bonuses without the injury penalty. */
  saves: { fortitude: number; reflex: number };
  attacks: SimAttack[];
  block?: SimBlock;
  /** Anatomy traits (called-shot immunities). */
  anatomy?: readonly AnatomyTrait[];
  /**
   * The creature as a combat model other than GnG reads it (its fight loop plays from these): its
   * health vector and creature, the statuses as a list (plain data for the worker). Absent under GnG.
   */
  model?: {
    health: Record<string, number>;
    creature: Omit<ModelCreature, 'statuses'> & { statuses: string[] };
    /** A player character (a token model's rules tell PCs from NPCs: EG's initiative tokens). */
    pc?: boolean;
    /**
     * A Time Count model: the combatant rolls its speed factors (002:257: PCs roll, NPCs use the
     * static SF, as the world's setting says). Absent: a PC rolls, an NPC does not.
     */
    randomSf?: boolean;
  };
}

/** How a side fights. */
export interface SidePolicy {
  /**
   * Block: `never`; `spare` (default): only when a free abort or the next turn's move action pays for
   * it (the attack is kept); `always`: whenever the budget allows, the attack action too.
   */
  block?: 'never' | 'spare' | 'always';
  /** Called shot on every attack: `none` (default) or Vital Strike (the one simple called shot). */
  calledShot?: 'none' | 'vital-strike';
}

/** The Appendix 1–2 variants a simulation runs under (`variantRules()`). */
export interface SimVariants {
  advancedWoundTrauma?: boolean;
  strengthBonusLimitation?: boolean;
  woundsCauseBleeding?: boolean;
  /** Appendix 2 changes spell damage only; the simulator's weapons are not spells (decision). */
  highMagic?: string;
}

/** The two sides of a fight. */
export interface FightSides {
  a: readonly CombatantSnapshot[];
  b: readonly CombatantSnapshot[];
}

export type SideId = 'a' | 'b';

/** Where a combatant ends a fight. */
export const END_STATES = ['standing', 'disabled', 'unconscious', 'stable', 'dying', 'dead'] as const;
export type EndState = (typeof END_STATES)[number];

/** One combatant at the end of one fight. */
export interface CombatantOutcome {
  id: string;
  side: SideId;
  hp: number;
  nonlethal: number;
  state: EndState;
  /** Attacks made (attacks of opportunity included) and hits among them (before Blocks). */
  attacks: number;
  hits: number;
}

/** One fight's result. */
export interface FightResult {
  /** The side left standing, or a draw (the round cap, or no one left). */
  winner: SideId | 'draw';
  /** Rounds begun. */
  rounds: number;
  combatants: CombatantOutcome[];
}

/** One combatant over many fights. */
export interface CombatantAggregate {
  id: string;
  name: string;
  side: SideId;
  maxHp: number;
  /** P(each end state). */
  states: Record<EndState, number>;
  /** HP left: histogram from `hpMin` (index 0) upward, counts of fights. */
  hpMin: number;
  hpCounts: number[];
  meanHp: number;
  /** Hit rate of its attacks (hits / attacks), null when it never attacked. */
  hitRate: number | null;
  attacks: number;
}

/** Many fights. */
export interface SimulationAggregate {
  fights: number;
  wins: { a: number; b: number; draw: number };
  /** Rounds until the fight ended: counts[i] = fights that ended in round i + 1. */
  rounds: number[];
  meanRounds: number;
  combatants: CombatantAggregate[];
  /** The round cap (a fight still going then is a draw). */
  roundCap: number;
}

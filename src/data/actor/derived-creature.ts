/**
 * The shape of a creature's derived data (`system.derived`, derive-creature.ts): what sheets, cards,
 * tokens and the combat model read of a prepared actor.
 */
import type {
  Ability,
  DefenseBreakdown,
  DefenseInput,
  DefenseSpec,
  EncumbranceLoad,
  InitiativeBreakdown,
  ModelCreature,
  ProtectionBreakdown,
  Save,
  SkillId,
} from '../../rules/index.js';
import type { AttackSummary } from './derive-attacks.js';
import type { DerivedResistances } from './resistances.js';

export interface ClassSummary {
  id: string;
  name: string;
  identifier: string;
  levels: number;
  kind: string;
}

export interface DerivedCreature {
  abilities: Record<Ability, { effective: number; mod: number }>;
  classes: ClassSummary[];
  level: number;
  /**
   * Energy Drained: the level minus the negative levels (never below 0), "for determining the power,
   * duration, DC, and other details of spells or special abilities" (engine `effectiveLevel`).
   */
  effectiveLevel: number;
  /** Negative levels counted (the stored number, at least 1 with the energy-drained status). */
  negativeLevels: number;
  bab: number;
  /**
   * Sneak attack dice: the classes' (engine `sneakAttackDice`) and the creature's own; GnG SNEAK
   * ATTACK turns them into an attack bonus when the attack is a sneak attack (src/cards/attack/sneak-attack.ts).
   */
  sneakAttackDice: number;
  feats: string[];
  /**
   * Keeps its Dexterity (and so class and dodge) bonus to Defense when flat-footed or against an
   * invisible attacker, and may abort while flat-footed: a feat item `uncanny-dodge` (a bestiary
   * monster's special quality, a chosen talent) or class levels (engine `uncannyDodgeFromClasses`).
   */
  uncannyDodge: boolean;
  hp: {
    max: number;
    injury: { level: 'none' | 'light' | 'moderate' | 'severe'; penalty: number; immune: boolean };
    breakdown: { label: string; value: number }[];
  };
  /**
   * GnG's rolled Defense against melee and ranged attacks (the world's model's `defenses`). Under a
   * model without a rolled melee and ranged Defense: the total an attack of each kind meets, without
   * GnG's parts (the model's own breakdown is `modelDefenses`).
   */
  defense: { melee: DefenseBreakdown; ranged: DefenseBreakdown; total: number };
  /** The inputs of `defenseBonus` (without the attack mode), to re-derive Defense against a touch attack. */
  defenseInput: Omit<DefenseInput, 'attack' | 'touch'>;
  /** Every defense of the world's combat model (GnG: melee and ranged), for a sheet to list. */
  modelDefenses: Record<string, DefenseSpec>;
  /** The creature as the world's combat model reads it (health statuses, the cards). */
  modelCreature: ModelCreature;
  protection: ProtectionBreakdown & { armorType: string | null; fortification: string };
  encumbrance: {
    weight: number;
    load: EncumbranceLoad;
    penalty: number;
    capacity: { light: number; medium: number; heavy: number };
  };
  /** `injury`: GnG INJURY's penalty, which applies to "saving throws" (and skill and ability checks). */
  saves: Record<Save, { base: number; ability: number; conditions: number; injury: number; total: number }>;
  skills: Record<SkillId, { total: number; usable: boolean; ability: Ability; injury: number }>;
  attacks: AttackSummary[];
  grapple: number;
  /** The total initiative modifier (engine `initiativeModifier`), and its parts. */
  initiative: number;
  initiativeBreakdown: InitiativeBreakdown;
  armorCheckPenalty: number;
  equippedArmorId: string | null;
  equippedShieldId: string | null;
  statuses: string[];
  /** Damage reduction and energy resistance after effects (src/data/actor/resistances.ts). */
  resistances: DerivedResistances;
}

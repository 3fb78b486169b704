/**
 * The combat-model seam (issue #26; ../shared/design/combat-models.md §1): what differs between the
 * d20 combat systems a world may play (GnG v4.0, the default; a Saga-style condition track; Time
 * Count and Threshold of Pain; Enlightened Grognard tokens) behind one interface. Pure: no Foundry
 * globals, dice injected. The glue asks the world's model (`combatModel()`, src/settings/) and never
 * calls a model's own functions directly; what a model does not offer is a capability that is off,
 * and the card or button that needs it is hidden and refused.
 */
import type { DiceSource, Size } from '../types.js';
import type { DefenseBreakdown, DefenseInput, DefenseState } from '../defense-tables.js';
import type { HitPointsInput } from '../hit-points.js';
import type { DamagePipelineInput, DamageResult } from '../damage.js';
import type { DamageRuleOptions } from '../damage-effects.js';
import type { AttackOdds, AttackOddsInput } from '../odds/attack-odds.js';
import type { FightSides, FightResult, SimVariants } from '../simulate/types.js';
import type { FightOptions, FightPolicies } from '../simulate/fight.js';
import type { Ability } from '../abilities.js';
import type { BabProgression, Save, SaveProgression } from '../attack-save-progression.js';
import type { Progression } from '../types.js';

/**
 * The models the source texts describe (seeds 000–003), which the simulator's Web Worker has (the
 * Saga-style and EG models loaded there on first use: src/simulator/worker-models.ts); other ids may be
 * registered (tests, modules) and run in-process.
 */
export const BUILT_IN_MODEL_IDS = ['gng', 'saga', 'eg', 'tc'] as const;
export type CombatModelId = string;

/**
 * What the glue offers under a model. Every card, button and sheet block that needs one of these
 * asks `hasCapability`; off means hidden, and refused with `GNG.Error.Model.Capability` if asked anyway.
 */
export const MODEL_CAPABILITIES = [
  /** The defender rolls d20 + Defense on the card (GnG); off: a static defense, no Defense step. */
  'rolledDefense',
  /** Block, Roll with the Blow, Dive for Cover, Maintain Footing and their action budget. */
  'aborts',
  /** The attack's margin (Relative Degree) adds to damage. */
  'relativeDegree',
  /** Armor's Protection soaks damage. */
  'protection',
  /** d10 critical chains on the attack roll. */
  'criticalChains',
  'calledShots',
  'bursts',
  'suppress',
  /** GnG's grapple card (and Stab and Grab). */
  'gngGrapple',
  /** GnG's area, maneuver, opportunity and feat-offer cards that roll Defense. */
  'areas',
  'maneuvers',
  'opportunity',
  'featOffers',
  'firearms',
  'sunder',
  /** Injury penalties by HP lost. */
  'injury',
  /** Trauma (a partial action after losing half the HP). */
  'trauma',
  /** Appendix 1 wound variants (Advanced Wound Trauma, bleeding). */
  'woundVariants',
  /** GnG's dying card (d% against Con each round). */
  'dying',
  /** Seed 001: the six-step condition track. */
  'conditionTrack',
  /** Seed 002: a Time Count scheduler instead of rounds. */
  'timeCount',
  /** Seed 002: fatigue and Threshold of Pain. */
  'fatigue',
  /** Seed 003: power, speed and insight tokens. */
  'tokens',
  /** GnG's breaking and nerve strikes (their save or check after Apply). */
  'strikes',
] as const;
export type ModelCapability = (typeof MODEL_CAPABILITIES)[number];
export type ModelCapabilities = Readonly<Record<ModelCapability, boolean>>;

/** One line of a breakdown: `label` a lang key, `value` the signed number. */
export interface ModelPart {
  label: string;
  value: number;
}

/**
 * What every model reads of a creature, gathered once by the glue (derive-creature.ts) from its
 * documents: the d20 facts that any defense, hit-point or save formula is built from.
 */
export interface ModelCreature {
  size: Size;
  /** Dexterity, classes, armor, shield, size, typed modifiers and states (the inputs of any defense). */
  defense: Omit<DefenseInput, 'attack' | 'touch'>;
  /** Constitution, classes, Toughness and other HP modifiers. */
  hitPoints: HitPointsInput;
  /** Save totals. */
  saves: { fortitude: number; reflex: number; will: number };
  /** Status ids on the creature. */
  statuses: ReadonlySet<string>;
  /**
   * The worn armor's bonus (armor bonus + enhancement), which GnG counts as Protection and another
   * model may count in a defense (Saga's Reflex Defense). Absent: none.
   */
  armor?: number;
  /** The models' own stored fields (`system.model.<id>`: Saga's `{ saga: { conditionStep } }`). */
  model?: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /**
   * The typed defense modifiers of the creature's own (its sheet and effects), when
   * `defense.modifiers` also holds a GnG defensive status's dodge bonus (fighting defensively, total
   * defense: derive-creature.ts); absent when it holds none. A model without GnG's defensive options
   * (the Saga-style model) reads these instead.
   */
  ownDefenseModifiers?: DefenseInput['modifiers'];
  /**
   * The six abilities, for a model that reads more of them than Dexterity and Constitution (the
   * Enlightened Grognard's defenses and BABs, issue #31). Absent: such a model reads what it can of
   * `defense` and `hitPoints`.
   */
  abilities?: Readonly<Record<Ability, ModelAbility>>;
  /** The creature's classes as a model reads them (issue #31); absent: those of `defense` and `hitPoints`. */
  classes?: readonly ModelClass[];
  /** The worn armor's type ('light', 'medium', 'heavy', 'force'); null or absent: none. */
  armorType?: string | null;
}

/** One ability of a creature (`ModelCreature.abilities`). */
export interface ModelAbility {
  /** The score without ability damage (drain and fatigue counted). */
  score: number;
  /** The ability damage stored on the creature. */
  damage: number;
  /** The modifier of the score after damage (what every roll adds). */
  mod: number;
}

/** One class of a creature (`ModelCreature.classes`): its levels, progressions and a model's own rates. */
export interface ModelClass {
  levels: number;
  bab: BabProgression;
  defense: Progression;
  saves: Readonly<Record<Save, SaveProgression>>;
  /** The class's Enlightened Grognard rates (`dex 1, con 1/2; ac 2/3`); blank or absent: its defaults. */
  egRates?: string;
}

/** A defense an attack meets: rolled on the card (d20 + bonus) or a static value to beat. */
export type DefenseSpec =
  | {
      kind: 'rolled';
      id: string;
      bonus: number;
      autoRollOne: boolean;
      parts: ModelPart[];
      /** GnG: the engine's whole breakdown (lost parts and why), which its card lines show. */
      breakdown?: DefenseBreakdown;
    }
  | { kind: 'static'; id: string; value: number; parts: ModelPart[] };

/** What of an attack the defense and the resolution depend on. */
export interface ModelAttack {
  mode: 'melee' | 'ranged';
  touch: boolean;
  /** Extra defender states of this attack (flat-footed against an invisible attacker, the dialog's choices). */
  states?: readonly DefenseState[];
  /**
   * The model's own facts of this attack's situation, which its `defenseAgainst` reads and checks
   * (Saga: cover, Partial or Total Defense, withdraw, feinted, grappled). GnG: none.
   */
  situation?: Readonly<Record<string, string | number | boolean>>;
}

/** One attack against one defense. `margin` is negative on a miss. */
export interface Resolution {
  hit: boolean;
  margin: number;
  /** An automatic result the roll cannot change (a coup de grace …), null for a rolled one. */
  automatic: 'hit' | 'miss' | null;
  /**
   * A critical hit the model's text counts apart from the margin (a natural 20 in the Saga-style
   * text). GnG: never — its criticals are the d10 chains already in the attack total
   * (capability `criticalChains`).
   */
  critical: boolean;
  /** A fumble the model's text counts (a natural 1 that also costs the turn …). GnG: never. */
  fumble: boolean;
}

/**
 * The damage facts of one hit (the weapon's dice as rolled, its bonuses, the target's Protection,
 * DR and energy resistance): GnG's pipeline input with the attack's margin in place of RD. A model
 * uses what its text counts (a model without Protection ignores `protection`).
 */
export type ModelDamageInput = Omit<DamagePipelineInput, 'relativeDegree'> & {
  margin: number;
  /** The resolution's critical hit (`Resolution.critical`; never under GnG). */
  critical?: boolean;
  /**
   * How the target meets the attack's energy (Saga: immune, weak ×1.5, absorbs it as healing);
   * absent: neither. GnG: not read (its energy resistance is `energyResistance`).
   */
  energy?: 'immune' | 'weak' | 'absorbs';
  /** Ion or electricity damage (Saga: half on a target that is not mechanical). */
  ion?: boolean;
  /** The target is mechanical: a robot, a vehicle, a creature with cybernetics (Saga's ion rule). */
  mechanical?: boolean;
  /** The faces of each of `weaponDice` (a model whose critical hit is maximum damage reads them). */
  diceFaces?: readonly number[];
  /** Tokens on this hit's damage (the Enlightened Grognard, 003:399–404): +1 dealt, −1 taken each. */
  tokens?: { added: number; prevented: number };
};

/** A creature's health as a flat vector of numbers, so that Undo is one exact inverse, field by field. */
export type HealthVector = Readonly<Record<string, number>>;

/** What damage did to a creature's health, and what the card shows and offers next. */
export interface HealthOutcome {
  after: HealthVector;
  /** HP actually lost (after temporary HP). */
  hpLost: number;
  /** The statuses the new health calls for (the glue sets those not on yet). */
  statuses: string[];
  /** Model events, each a lang key's last part: 'trauma', 'severeBleeding' … */
  events: string[];
  /** GnG Appendix 1: the Advanced Wound Trauma DC owed (null: none). */
  woundTraumaDC: number | null;
  /**
   * The creature's state after it, as the card names it (lang keys' last parts: GnG's damage
   * condition normal/disabled/dying/dead and nonlethal condition normal/staggered/unconscious).
   */
  conditions: { lethal: string; nonlethal: string };
  /**
   * The Time Count model (issue #32, R27): the DC of the Constitution check to stay conscious this
   * damage now calls for (fatigue − current HP), null or absent: none owed.
   */
  consciousnessDC?: number | null;
  /** The check's penalty from impairments (2 per impairment, 002:162), subtracted from the roll; absent: 0. */
  consciousnessPenalty?: number;
}

/** The options of the world that change how damage lands (GnG's Appendix 1 variants). */
export interface ApplyOptions {
  variants?: DamageRuleOptions;
  /** The attack was a nonlethal attack (no trauma, no bleeding). */
  nonlethalAttack?: boolean;
  slashing?: boolean;
  /** Ion or electricity damage (Saga: two steps down the track on a mechanical target). */
  ion?: boolean;
  /** The target is mechanical (a robot, a vehicle, a creature with cybernetics). */
  mechanical?: boolean;
  /** The attack's situation (`ModelAttack.situation`): Saga's Partial or Total Defense raise the threshold too. */
  situation?: Readonly<Record<string, string | number | boolean>>;
  /**
   * The Time Count model (issue #32): whether this damage is an attack's hit, which lowers the Threshold
   * of Pain by 1 (002:78); absent: true. Other models: not read.
   */
  hit?: boolean;
  /** The attack's damage type (the Time Count model's impairments, 002:84–90); absent: none. */
  damageType?: 'bludgeoning' | 'piercing' | 'slashing';
  /** The world plays the Time Count model's optional impairments (002:82). */
  impairments?: boolean;
  /**
   * Hits landing at the same count (the Time Count model's optional simultaneous attacks, 002:683, A4):
   * the ToP lost at the count's start (the fatigue/HP split uses it) and the successful attacks by other
   * attackers beyond the first (each lowers the ToP for impairments by 1).
   */
  simultaneous?: { topLostAtStart: number; extraHits: number };
}

export interface TurnModel {
  kind: 'rounds' | 'time-count';
  /** Game seconds per round (or per count) for effect durations. */
  secondsPerUnit: number;
}

/** A reaction a defender may take on the incoming card: the card action's id and when. */
export interface ReactionSpec {
  id: string;
  stage: 'beforeRoll' | 'afterRoll' | 'afterDamage';
}

/** One combat model. Everything model-specific a card shows is data it returns (parts, events). */
export interface CombatModel {
  readonly id: CombatModelId;
  /** Lang key of its name (the variant-rules window). */
  readonly label: string;
  readonly capabilities: ModelCapabilities;
  /** The fields of its health vector (GnG: value, temp, nonlethal). */
  readonly healthFields: readonly string[];
  readonly turns: TurnModel;
  /** Every defense the sheet shows, by id. */
  defenses(creature: ModelCreature): Record<string, DefenseSpec>;
  /** The defense `attack` meets. */
  defenseAgainst(attack: ModelAttack, creature: ModelCreature): DefenseSpec;
  /**
   * Max HP and their breakdown. Read from Constitution, classes, size and statuses only: the Defense
   * and saves of a creature carry the injury penalty of its HP (GnG INJURY), so data preparation
   * knows them only after.
   */
  maxHitPoints(
    creature: Pick<ModelCreature, 'size' | 'hitPoints' | 'statuses'> &
      Pick<Partial<ModelCreature>, 'abilities'>,
  ): {
    max: number;
    parts: ModelPart[];
  };
  /** An attack total against a defense total; `natural` is the attack's d20 (null: no die, Take 10). */
  resolve(attackTotal: number, defenseTotal: number, natural?: number | null): Resolution;
  /** The damage of a hit with `input.margin`. */
  damage(input: ModelDamageInput): DamageResult;
  /** Damage landing on a creature: its new health and what follows. Pure. */
  applyDamage(
    before: HealthVector,
    damage: { lethal: number; nonlethal: number },
    creature: ModelCreature,
    options?: ApplyOptions,
  ): HealthOutcome;
  /** The statuses `health` calls for (dying, dead, unconscious …). */
  healthStatus(health: HealthVector, creature: ModelCreature): string[];
  /** The reactions the defender may take on an attack card. */
  reactions(): readonly ReactionSpec[];
  /**
   * Its exact odds and fight loop, loaded on first use (they are not in the code a world loads at
   * start: issue #29). The same object every call.
   */
  analysis(): Promise<ModelAnalysis>;
  /**
   * Where each health field is stored, relative to the actor's `system` (default: `hp.<field>`, GnG's
   * HP fields): Saga's `conditionStep` is `model.saga.conditionStep`. Apply, Undo and `healthOf` read
   * and write the vector there.
   */
  readonly healthPaths?: Readonly<Record<string, string>>;
  /**
   * The penalty the creature's own state puts on its ability and skill checks (Saga: its condition
   * step, decision A1). GnG's is its injury, which data preparation applies itself: 0. Absent: 0.
   */
  checkPenalty?(creature: Pick<ModelCreature, 'model'>): number;
}

/** The heavy half of a model: what the odds views and the simulator's worker load when opened. */
export interface ModelAnalysis {
  /** Exact odds of one attack (what the dialog and the card show). */
  odds(input: AttackOddsInput): AttackOdds;
  /** One simulated fight. */
  fight(
    sides: FightSides,
    policies: FightPolicies,
    variants: SimVariants,
    dice: DiceSource,
    options?: FightOptions,
  ): FightResult;
}

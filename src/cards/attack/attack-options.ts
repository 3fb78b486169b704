/**
 * What an attacker chooses for one attack (the attack dialog, a macro, or `game.gng.attack`). The
 * attack flow (src/cards/attack/attack-actions.ts) turns these choices into numbers through the rules engine
 * and stores them on the chat card, so every later step can re-derive the same numbers.
 */
import type { RollMode } from '../kernel/roll-mode.js';
import type {
  AttackerCondition,
  CalledShotEffect,
  ConcealmentDegree,
  DefenseState,
  Grip,
  RipSensesChoice,
  Size,
  SpecialStrikeId,
} from '../../rules/index.js';
import type { SagaAttackChoices } from './saga-options.js';
import type { EgAttackChoices } from './eg-options.js';
import type { TcAttackChoices } from './tc-options.js';

/** Situational rows of GnG "Table: Attack Roll Modifiers" the attacker may claim for this attack. */
export type SituationalModifier = Extract<AttackerCondition, 'flanking' | 'higher-ground' | 'squeezing'>;

/**
 * Rows of GnG "Table: Defense Roll Modifiers" that describe where the defenders are, not a condition
 * they carry: behind cover (+4), kneeling or sitting (−2 melee / +2 ranged), squeezing (−4).
 */
export type DefenderSituation = Extract<DefenseState, 'behind-cover' | 'kneeling' | 'squeezing'>;
export const DEFENDER_SITUATIONS: readonly DefenderSituation[] = ['behind-cover', 'kneeling', 'squeezing'];

/** How a firearm fires (GnG SPECIAL ATTACKS): one shot, an accelerated pair, a single target burst. */
export const FIRE_CHOICES = ['single', 'accelerated-pair', 'burst'] as const;
export type FireChoice = (typeof FIRE_CHOICES)[number];

/**
 * What an attack is started with (the dialog, `game.gng.attack`): the options, and a roll mode for
 * the card (default: the user's choice in the chat controls). The mode is no option of the attack:
 * it travels in the request's envelope (kernel/roll-mode.ts).
 */
export type AttackChoices = AttackOptions & { rollMode?: RollMode };

export interface AttackOptions {
  /**
   * Firearms: the fire mode, and a controlled burst's announced shots (Martial Weapons Proficiency
   * (firearms): 5 or 10, or 3 with base attack +6). Every barrel fires; default a single shot.
   */
  fire?: { mode: FireChoice; controlled?: number };
  /** How the weapon is held for this attack (melee); ranged attacks ignore it. */
  grip?: Grip;
  /** Situational modifiers chosen in the dialog (the attacker's own conditions come from its statuses). */
  situational?: SituationalModifier[];
  /** Where the targets are (applied to every target's defense roll). */
  defenderSituation?: DefenderSituation[];
  /** A touch attack (+4; ignores the target's shield). */
  touch?: boolean;
  /** GnG Power Attack (two-handed grip doubles the Strength bonus to damage). */
  powerAttack?: boolean;
  /** Deal nonlethal damage with this attack. */
  nonlethal?: boolean;
  /** Called-shot effects (their resolution comes with the called-shot flow). */
  calledShots?: CalledShotEffect[];
  /**
   * Stab and Grab: the attacker declares its slashing weapon single-edged (no weapon data says so;
   * a purely piercing weapon needs no claim).
   */
  singleEdged?: boolean;
  /**
   * A breaking strike or nerve strike (GnG Appendix 4): its id, the target's item for Break Grip /
   * Break Weapon (an item id of the single targeted actor), the sense for Rip Senses.
   */
  strike?: { id: SpecialStrikeId; itemId?: string; sense?: RipSensesChoice };
  /** A flat modifier the player or GM adds (e.g. a GM's circumstance call). */
  bonus?: number;
  /**
   * Coup de grace against helpless targets (GnG "Coup de Grace"): each helpless target is hit
   * automatically with RD 20; a target that is not helpless rolls its Defense as usual.
   */
  coupDeGrace?: boolean;
  /**
   * Attack an inanimate object instead of the targeted tokens (GnG "ATTACKING INANIMATE OBJECTS"):
   * stationary → fixed Defense 1 + size modifier; moving → a Defense roll d20 + size modifier.
   */
  object?: { size: Size; moving?: boolean };
  /**
   * Concealment of each target from the attacker (core "Table: Concealment"), by target token id:
   * its miss chance is rolled on the card before Defense (src/cards/attack/combat-options-card.ts).
   * The defender's invisibility and the attacker's blindness add total concealment by themselves.
   */
  concealment?: Record<string, ConcealmentDegree>;
  /** A ranged attack into a melee (core "Shooting or Throwing into a Melee": −4, Precise Shot). */
  intoMelee?: boolean;
  /** Fighting defensively this round (core: −4 on attacks, +2 dodge to Defense until the next turn). */
  fightingDefensively?: boolean;
  /** Two-weapon fighting: the off-hand weapon's item id; its attack is a second exchange (card). */
  offHand?: string;
  /** Sunder: the single target's held weapon or shield this attack strikes (src/cards/attack/sunder.ts). */
  sunder?: { itemId: string };
  /** The Saga-style model's own choices (saga-options.ts); refused under another model. */
  saga?: SagaAttackChoices;
  /** The Enlightened Grognard model's own choices (eg-options.ts); refused under another model. */
  eg?: EgAttackChoices;
  /** The Time Count model's own choices (tc-options.ts); refused under another model. */
  tc?: TcAttackChoices;
}

export const DEFAULT_ATTACK_OPTIONS: Required<
  Omit<
    AttackOptions,
    | 'grip'
    | 'object'
    | 'strike'
    | 'singleEdged'
    | 'fire'
    | 'concealment'
    | 'intoMelee'
    | 'fightingDefensively'
    | 'offHand'
    | 'sunder'
    | 'saga'
    | 'eg'
    | 'tc'
  >
> = {
  situational: [],
  defenderSituation: [],
  touch: false,
  powerAttack: false,
  nonlethal: false,
  calledShots: [],
  bonus: 0,
  coupDeGrace: false,
};

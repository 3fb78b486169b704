/**
 * The Saga-style chapter's combat maneuvers (seed 001:163–185; issue #30, design §2.1 R15): each is
 * an attack roll against the target's Reflex Defense (feint: a Deception check against its Will
 * Defense), and what a hit (or a miss) does depends on the margin. Pure: no Foundry, no dice (a
 * wall's d6s are counted here and rolled by the card). Decisions: docs/rules.md "### The attack card".
 */
import { SIZES, type Size } from '../../types.js';
import { assertInteger, assertNonNegativeInteger, assertOneOf } from '../../validate.js';

export const SAGA_MANEUVERS = [
  'trip',
  'grapple',
  'disarm',
  'sunder',
  'bull-rush',
  'overrun',
  'reposition',
  'steal',
  'feint',
] as const;
export type SagaManeuver = (typeof SAGA_MANEUVERS)[number];

/** "All of these attacks, unless otherwise stated, go against an opposing Reflex Defense" (001:167); feint: Will (001:185). */
export function maneuverDefense(maneuver: SagaManeuver): 'reflex' | 'will' {
  return assertOneOf('maneuver', maneuver, SAGA_MANEUVERS) === 'feint' ? 'will' : 'reflex';
}

/** The roll a maneuver is: an attack roll, or feint's Deception check (001:185). */
export function maneuverRoll(maneuver: SagaManeuver): 'attack' | 'deception' {
  return assertOneOf('maneuver', maneuver, SAGA_MANEUVERS) === 'feint' ? 'deception' : 'attack';
}

/**
 * "If a character doesn't have an attack bonus of at least +1, they cannot perform these actions
 * without provoking an attack of opportunity" (001:165): the base attack bonus (decision: the
 * character's, not one attack's total with its situation).
 */
export function maneuverProvokes(baseAttackBonus: number): boolean {
  return assertInteger('base attack bonus', baseAttackBonus) < 1;
}

/** Squares a margin buys: one, and one more per full 5 the roll beats the defense by (001:177, 181). */
export function squaresFor(beat: number): number {
  return 1 + Math.floor(Math.max(0, assertInteger('margin', beat)) / 5);
}

/** "they're no more than one size category larger than you" (001:177). */
export function bullRushSizeAllowed(attacker: Size, target: Size): boolean {
  return SIZES.indexOf(target) - SIZES.indexOf(attacker) <= 1;
}

/** What one maneuver did. Effects are lang keys' last parts (`GNG.Model.Saga.Maneuver.Effect.<id>`). */
export interface ManeuverOutcome {
  maneuver: SagaManeuver;
  success: boolean;
  effects: string[];
  /** Squares the target is moved (bull rush, reposition): how far it goes, after a wall. */
  squares: number;
  /** Bull rush into a wall: the d6s it takes, one per square the wall stopped (001:177). */
  wallDice: number;
  /** The target is knocked prone (trip; overrun by 5 or more). */
  prone: boolean;
  /** Disarm missed by 5 or more: the attacker drops its own weapon (001:173). */
  selfDisarm: boolean;
}

export interface ManeuverInput {
  maneuver: SagaManeuver;
  /** The roll met the defense (the model's resolution: a natural 20 hits, a natural 1 misses). */
  hit: boolean;
  /** The roll's total minus the defense: ≥ 0 on an ordinary hit, negative on a miss. */
  margin: number;
  /** Bull rush: attacker's and target's sizes (a target two or more sizes larger is not pushed). */
  attackerSize?: Size;
  targetSize?: Size;
  /**
   * Bull rush: the squares free behind the target before a wall (null or absent: no wall in the
   * way). The GM or the player reads the map; the card asks.
   */
  wallAfter?: number | null;
}

/** The end of one maneuver (001:169–185). */
export function maneuverOutcome(input: ManeuverInput): ManeuverOutcome {
  const maneuver = assertOneOf('maneuver', input.maneuver, SAGA_MANEUVERS);
  if (typeof input.hit !== 'boolean') throw new RangeError(`hit must be a boolean, got ${String(input.hit)}`);
  const margin = assertInteger('margin', input.margin);
  const out: ManeuverOutcome = {
    maneuver,
    success: input.hit,
    effects: [],
    squares: 0,
    wallDice: 0,
    prone: false,
    selfDisarm: false,
  };
  if (!input.hit) {
    // "If you fail on your attack roll by 5 or more you end up disarming yourself" (001:173).
    if (maneuver === 'disarm' && margin <= -5) {
      out.selfDisarm = true;
      out.effects.push('selfDisarm');
    }
    return out;
  }
  switch (maneuver) {
    case 'trip':
      out.prone = true;
      out.effects.push('prone');
      break;
    case 'grapple':
      // −2 Reflex, only light weapons; a swift action each later round to keep it (001:171).
      out.effects.push('grappled');
      break;
    case 'disarm':
      out.effects.push('disarmed');
      break;
    case 'sunder':
      // "it takes damage as if it were a creature" (001:175): the item's damage step.
      out.effects.push('sunder');
      break;
    case 'bull-rush': {
      const attacker = input.attackerSize ?? 'medium';
      const target = input.targetSize ?? 'medium';
      if (!bullRushSizeAllowed(attacker, target)) {
        out.effects.push('tooLarge');
        break;
      }
      const squares = squaresFor(margin);
      const wall = input.wallAfter ?? null;
      const free = wall === null ? squares : Math.min(squares, assertNonNegativeInteger('wallAfter', wall));
      out.squares = free;
      out.wallDice = squares - free;
      out.effects.push('pushed');
      if (out.wallDice > 0) out.effects.push('wall');
      break;
    }
    case 'overrun':
      out.effects.push('passedThrough');
      // "If your attack is 5 or more over the target is knocked prone as well" (001:179).
      if (margin >= 5) {
        out.prone = true;
        out.effects.push('prone');
      }
      break;
    case 'reposition':
      out.squares = squaresFor(margin);
      out.effects.push('moved');
      break;
    case 'steal':
      out.effects.push('stolen');
      break;
    case 'feint':
      // "they lose their Dexterity to their Reflex Defense. This lasts until the target's next turn."
      out.effects.push('feinted');
      break;
  }
  return out;
}

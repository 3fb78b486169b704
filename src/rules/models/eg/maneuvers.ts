/**
 * The Enlightened Grognard chapter's maneuvers (seed 003:1486–1502, 1541–1764; issue #31, design
 * §2.3 R15, R16): each is an Athletics or Acrobatics check against one of the target's defenses
 * (bull rush, overrun, grab a creature or an item, take a grabbed item, escape, grapple, pin, move a
 * grapple), or none (join a grapple). What a success or a failure does is here as data: statuses
 * added to or removed from the target or the one acting, squares pushed, tokens given, notes. Pure:
 * no Foundry, no dice. Decisions: docs/rules.md "### Maneuvers and saves".
 */
import { SIZES, type Size } from '../../types.js';
import { assertInteger, assertIntegerInRange, assertOneOf } from '../../validate.js';
import { EG_GRAPPLED } from './statuses.js';
import { TOKEN_GAINS } from './token-uses.js';

export const EG_MANEUVERS = [
  'bull-rush',
  'overrun',
  'grab',
  'grab-item',
  'take-item',
  'escape',
  'grapple',
  'pin',
  'move-grapple',
  'join-grapple',
  'stand-up',
] as const;
export type EgManeuver = (typeof EG_MANEUVERS)[number];

export const EG_MANEUVER_SKILLS = ['athletics', 'acrobatics'] as const;
export type EgManeuverSkill = (typeof EG_MANEUVER_SKILLS)[number];
export type EgManeuverDefense = 'fortitude' | 'reflex';

/** What escaping frees the one acting from (003:1580, 1627, 1756). */
export const EG_ESCAPES = ['grab', 'grapple', 'pin'] as const;
export type EgEscape = (typeof EG_ESCAPES)[number];

/** One way to make a maneuver's check: this skill against this defense of the target. */
export interface EgCheckWay {
  skill: EgManeuverSkill;
  defense: EgManeuverDefense;
}

export interface EgManeuverSpec {
  /** The action it costs ('part of a move' for overrun: it happens during a move action, 003:1714). */
  action: 'standard' | 'move' | 'part of a move';
  /** It provokes an attack of opportunity (003:664–672 and each maneuver's text). */
  provokes: boolean;
  /** The ways to make its check; empty: no check (joining a grapple, 003:1650–1651). */
  ways: readonly EgCheckWay[];
  /** Only against a target at most one size category larger than the one acting. */
  sizeLimit: boolean;
}

const ATHLETICS_FORT: EgCheckWay = { skill: 'athletics', defense: 'fortitude' };
const ATHLETICS_REF: EgCheckWay = { skill: 'athletics', defense: 'reflex' };
const ACROBATICS_REF: EgCheckWay = { skill: 'acrobatics', defense: 'reflex' };

export const EG_MANEUVER_SPECS: Readonly<Record<EgManeuver, EgManeuverSpec>> = {
  // "make an Athletics check versus the target creature's Fortitude defense" (003:1495); provokes (1493).
  'bull-rush': { action: 'standard', provokes: true, ways: [ATHLETICS_FORT], sizeLimit: true },
  // "make an Athletics check versus your opponent's Fortitude defense" (003:1721); provokes (1719).
  overrun: { action: 'part of a move', provokes: true, ways: [ATHLETICS_FORT], sizeLimit: true },
  // "an Acrobatics check versus the creature's Reflex defense" (003:1549–1550); provokes.
  grab: { action: 'standard', provokes: true, ways: [ACROBATICS_REF], sizeLimit: false },
  // "an Acrobatics check versus the Reflex defense of the creature that is holding the item" (003:1559–1560).
  'grab-item': { action: 'standard', provokes: true, ways: [ACROBATICS_REF], sizeLimit: false },
  // "an Athletics check versus the target's Fortitude defense" (003:1572–1573); no AoO said (003:652).
  'take-item': { action: 'standard', provokes: false, ways: [ATHLETICS_FORT], sizeLimit: false },
  // Acrobatics vs Reflex or Athletics vs Fortitude, a move action (003:1582–1584, 1629–1631, 1758–1760).
  escape: { action: 'move', provokes: false, ways: [ACROBATICS_REF, ATHLETICS_FORT], sizeLimit: false },
  // "an Athletics check versus the creature's Reflex defense" (003:1600); not more than 1 size larger (1597).
  grapple: { action: 'standard', provokes: false, ways: [ATHLETICS_REF], sizeLimit: true },
  // "an Athletics check versus the creature's Reflex defense" (003:1746).
  pin: { action: 'standard', provokes: false, ways: [ATHLETICS_REF], sizeLimit: false },
  // "a separate, successful Athletics check versus each opponent" (003:1646), the defense unnamed:
  // decision, Fortitude (moving a body, as bull rush and taking an item).
  'move-grapple': { action: 'standard', provokes: false, ways: [ATHLETICS_FORT], sizeLimit: false },
  // "you can enter the grapple as move action. No attack or skill check is required" (003:1650–1651).
  'join-grapple': { action: 'move', provokes: false, ways: [], sizeLimit: false },
  // "Standing up from prone requires a move action and grants 1 power token to each adjacent enemy.
  // Standing up does not provoke an attack of opportunity" (003:824–826). No target: the one acting.
  'stand-up': { action: 'move', provokes: false, ways: [], sizeLimit: false },
};

/** The maneuvers made on no other creature (the card's one row is the one acting). */
export const EG_SELF_MANEUVERS: readonly EgManeuver[] = ['stand-up'];

export function egManeuverSpec(maneuver: EgManeuver): EgManeuverSpec {
  return EG_MANEUVER_SPECS[assertOneOf('maneuver', maneuver, EG_MANEUVERS)];
}

/** The way a check is made: `skill` when the maneuver offers it (escape: either), else the first. */
export function egCheckWay(maneuver: EgManeuver, skill?: EgManeuverSkill): EgCheckWay {
  const ways = egManeuverSpec(maneuver).ways;
  if (!ways.length) throw new RangeError(`${maneuver} has no check`);
  if (skill === undefined) return ways[0] as EgCheckWay;
  const way = ways.find((w) => w.skill === assertOneOf('skill', skill, EG_MANEUVER_SKILLS));
  if (!way) throw new RangeError(`${maneuver} is not made with ${skill}`);
  return way;
}

/** "one size category larger than you, the same size, or smaller" (003:1489–1490, 1597–1598, 1715). */
export function egSizeAllowed(actor: Size, target: Size): boolean {
  return SIZES.indexOf(target) - SIZES.indexOf(actor) <= 1;
}

/** "A creature that is more than 1 size category larger than you is not immobilized by your grab" (003:1552–1553). */
export function grabImmobilizes(grabber: Size, target: Size): boolean {
  return egSizeAllowed(grabber, target);
}

/**
 * A maneuver's check against a defense: success when the total equals or beats it (as an attack,
 * 003:129). Decision: a skill check has no automatic result on a natural 20 or 1 (the chapter gives
 * those to attack rolls, 003:133, and saves, 003:362, only).
 */
export function egCheckSucceeds(total: number, defense: number): boolean {
  return assertInteger('total', total) >= assertInteger('defense', defense);
}

/** Statuses a step adds to or removes from one creature. */
export interface EgStatusChange {
  add: string[];
  remove: string[];
}

/** What one maneuver does, for the card to show and its Apply to do (its Undo to take back). */
export interface EgManeuverOutcome {
  maneuver: EgManeuver;
  success: boolean;
  /** Statuses on the target (for escape: the creature that held the one acting). */
  target: EgStatusChange;
  /** Statuses on the one acting. */
  actor: EgStatusChange;
  /** Squares the target is pushed straight back (bull rush). */
  pushed: number;
  /** Power tokens each enemy adjacent to the one acting gains (a charge's bull rush that failed twice). */
  adjacentEnemiesPower: number;
  /** Lang keys' last parts (`GNG.Model.EG.Maneuver.Effect.<id>`) of what happened. */
  effects: string[];
}

export interface EgManeuverInput {
  maneuver: EgManeuver;
  /**
   * Each check against this target: one, or two for a bull rush as part of a charge (003:1499–1502);
   * none for joining a grapple.
   */
  successes: readonly boolean[];
  /** Bull rush: made as part of a charge (two checks). */
  charge?: boolean;
  actorSize?: Size;
  targetSize?: Size;
  /** Escape: from what (grab, grapple or pin). */
  from?: EgEscape;
}

const none = (): EgStatusChange => ({ add: [], remove: [] });

function checkCount(input: EgManeuverInput): number {
  if (!egManeuverSpec(input.maneuver).ways.length) return 0;
  return input.maneuver === 'bull-rush' && input.charge === true ? 2 : 1;
}

/** The end of one maneuver against one target (003:1486–1764). */
export function egManeuverOutcome(input: EgManeuverInput): EgManeuverOutcome {
  const maneuver = assertOneOf('maneuver', input.maneuver, EG_MANEUVERS);
  const wanted = checkCount(input);
  if (!Array.isArray(input.successes) || input.successes.length !== wanted)
    throw new RangeError(`${maneuver} takes ${wanted} check(s), got ${String(input.successes?.length)}`);
  if (input.successes.some((s) => typeof s !== 'boolean')) throw new RangeError('successes must be booleans');
  const wins = input.successes.filter(Boolean).length;
  const actorSize = input.actorSize ?? 'medium';
  const targetSize = input.targetSize ?? 'medium';
  const out: EgManeuverOutcome = {
    maneuver,
    success: wanted === 0 || wins > 0,
    target: none(),
    actor: none(),
    pushed: 0,
    adjacentEnemiesPower: 0,
    effects: [],
  };
  if (egManeuverSpec(maneuver).sizeLimit && !egSizeAllowed(actorSize, targetSize)) {
    out.success = false;
    out.effects.push('tooLarge');
    return out;
  }
  switch (maneuver) {
    case 'bull-rush':
      if (wins === 0) {
        // In a charge: "If both checks fail, then you fall prone and all enemies adjacent to you gain 1 power token" (003:1501–1502).
        if (input.charge === true) {
          out.actor.add.push('prone');
          out.adjacentEnemiesPower = 1;
          out.effects.push('fellProne', 'enemiesPower');
        }
        break;
      }
      // "push the target one square away … The target also gains the unbalanced condition" (003:1496–1497).
      out.pushed = 1;
      out.target.add.push('unbalanced');
      out.effects.push('pushed', 'unbalanced');
      // "If both checks are successful, the creature is also knocked prone" (003:1501).
      if (input.charge === true && wins === 2) {
        out.target.add.push('prone');
        out.effects.push('prone');
      }
      break;
    case 'overrun':
      // Failure: "your move action ends … You also gain the unbalanced condition"; success: "your opponent becomes unbalanced" (003:1721–1724).
      if (wins) {
        out.target.add.push('unbalanced');
        out.effects.push('passedThrough', 'unbalanced');
      } else {
        out.actor.add.push('unbalanced');
        out.effects.push('moveEnds', 'selfUnbalanced');
      }
      break;
    case 'grab':
      if (!wins) break;
      out.target.add.push('grabbed');
      if (grabImmobilizes(actorSize, targetSize)) out.target.add.push('immobilized');
      out.effects.push(grabImmobilizes(actorSize, targetSize) ? 'grabbed' : 'grabbedNotImmobilized');
      break;
    case 'grab-item':
      if (wins) out.effects.push('itemGrabbed');
      break;
    case 'take-item':
      if (wins) out.effects.push('itemTaken');
      break;
    case 'escape':
      escape(out, wins > 0, input.from);
      break;
    case 'grapple':
      // "both you and your target are grappled and you must jointly share the same space" (003:1601–1603).
      if (!wins) break;
      out.target.add.push(EG_GRAPPLED);
      out.actor.add.push(EG_GRAPPLED);
      out.effects.push('grappled', 'sharedSpace');
      break;
    case 'pin':
      if (!wins) break;
      out.target.add.push('pinned');
      out.effects.push('pinned');
      break;
    case 'move-grapple':
      // "you can move half your speed (bringing all others engaged in the grapple with you)" (003:1645–1646).
      if (wins) out.effects.push('grappleMoved');
      break;
    case 'stand-up':
      out.actor.remove.push('prone');
      // The gains table (lane tokens): each adjacent enemy of a creature standing up, 1 power (003:825).
      out.adjacentEnemiesPower = TOKEN_GAINS.standUp.count;
      out.effects.push('stoodUp', 'enemiesPower');
      break;
    case 'join-grapple':
      // Joining breaks any pin on the creatures already grappling (003:1751–1752): the GM lifts it.
      out.actor.add.push(EG_GRAPPLED);
      out.effects.push('joined');
      break;
  }
  return out;
}

function escape(out: EgManeuverOutcome, won: boolean, from: EgEscape | undefined): void {
  const what = assertOneOf('from', from, EG_ESCAPES);
  if (!won) {
    // "you remain in the grab unless your opponent decides to allow you to escape" (003:1584–1585).
    out.effects.push('stillHeld');
    return;
  }
  if (what === 'grab') out.actor.remove.push('grabbed', 'immobilized');
  // "you are freed from the grapple and may move into the nearest available space" (003:1632–1634):
  // free to move, so the grab that began it goes too (decision). A pinned creature escapes the pin
  // first ("freed from the pin but are still grappled", 003:1761): the card refuses it otherwise.
  if (what === 'grapple') out.actor.remove.push(EG_GRAPPLED, 'grabbed', 'immobilized');
  // "you are freed from the pin but are still grappled" (003:1761).
  if (what === 'pin') out.actor.remove.push('pinned');
  out.effects.push(`escaped.${what}`);
}

/**
 * "If multiple creatures are grabbing you, you must beat all of them with individual … checks. …
 * they still jointly require only a single move action" (003:1587–1589, 1636–1638): free only when
 * every check beat its holder; the same for taking an item held by several (003:1577–1578) and for
 * moving a grapple (one check per opponent, 003:1646).
 */
export function beatsAll(successes: readonly boolean[]): boolean {
  if (!successes.length) throw new RangeError('at least one check');
  return successes.every((s) => s === true);
}

/** A check's d20 and bonus as a total (the d20 1–20). */
export function egCheckTotal(natural: number, bonus: number): number {
  return assertIntegerInRange('natural', natural, 1, 20) + assertInteger('bonus', bonus);
}

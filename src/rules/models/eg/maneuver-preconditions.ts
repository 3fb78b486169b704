/**
 * What an Enlightened Grognard maneuver needs before its check (seed 003:1580–1764; issue #31 R16),
 * read from the statuses the cards set. Pure. Decisions: docs/rules.md "### Maneuvers and saves".
 */
import { assertOneOf } from '../../validate.js';
import { EG_ESCAPES, EG_MANEUVERS, type EgEscape, type EgManeuver } from './maneuvers.js';
import { EG_GRAPPLED } from './statuses.js';

/** What a maneuver needs before its check, by the statuses the card set (null: nothing missing). */
export type EgManeuverMissing = 'grab' | 'grappling' | 'targetGrappling' | 'held';

const ESCAPE_STATUS: Readonly<Record<EgEscape, string>> = {
  grab: 'grabbed',
  grapple: EG_GRAPPLED,
  pin: 'pinned',
};

/**
 * Whether a maneuver may be tried now (its text's precondition), from the statuses of the one acting
 * and of the target: a grapple needs a grab either way ("you must already have grabbed it or be
 * grabbed by it", 003:1596–1597); a pin and moving a grapple need the one acting grappling
 * (003:1745, 1645), a pin the target too; joining needs the target grappling ("If your target is
 * already grappling someone else", 003:1650); an escape needs what it escapes from (003:1580, 1627,
 * 1756). Who holds whom is not recorded: the statuses stand for it (decision).
 */
export function egManeuverMissing(
  maneuver: EgManeuver,
  actor: Iterable<string>,
  target: Iterable<string>,
  from?: EgEscape,
): EgManeuverMissing | null {
  const mine = new Set(actor);
  const theirs = new Set(target);
  switch (assertOneOf('maneuver', maneuver, EG_MANEUVERS)) {
    case 'grapple':
      return mine.has('grabbed') || theirs.has('grabbed') ? null : 'grab';
    case 'pin':
      if (!mine.has(EG_GRAPPLED)) return 'grappling';
      return theirs.has(EG_GRAPPLED) ? null : 'targetGrappling';
    case 'move-grapple':
      return mine.has(EG_GRAPPLED) ? null : 'grappling';
    case 'join-grapple':
      return theirs.has(EG_GRAPPLED) ? null : 'targetGrappling';
    case 'escape':
      return mine.has(ESCAPE_STATUS[assertOneOf('from', from, EG_ESCAPES)]) ? null : 'held';
    default:
      return null;
  }
}

/**
 * Helping an ally escape, "by making an Athletics check in their stead" (003:1591, 1640, 1763): a
 * standard action, Athletics against the holder's Fortitude (the escape's Athletics way). From a
 * grab the helper must be adjacent to the ally (003:1592); from a grapple or a pin it "must be in
 * the grapple" itself (003:1641, 1764). What is missing, or null.
 */
export function aidEscapeMissing(
  from: EgEscape,
  helper: Iterable<string>,
  adjacentToAlly: boolean,
): 'adjacent' | 'grappling' | null {
  if (assertOneOf('from', from, EG_ESCAPES) === 'grab') return adjacentToAlly ? null : 'adjacent';
  return new Set(helper).has(EG_GRAPPLED) ? null : 'grappling';
}

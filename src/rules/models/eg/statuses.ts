/**
 * The Enlightened Grognard chapter's conditions that its maneuvers and health give (issue #31, design
 * §2.3 A2/A3, R7): what each does to a turn's actions and to speed, and which give cover (R8, the
 * helpless defender, is the model's resolve: resolve.ts `isHelpless`). Chapter 10 (Conditions) is not in the seed, so where the chapter names a
 * condition without its effect the project decides (docs/rules.md "### Maneuvers and saves"). Pure.
 *
 * Status ids: GnG's own where the chapter's condition is the same word (`dazed`, `prone`, `pinned`,
 * `helpless`, `unconscious`; the chapter's "grappled" is GnG's `grappling`), and the chapter's own.
 */
import { assertNonNegativeInteger } from '../../validate.js';

/** The chapter's conditions GnG's status list does not have (the glue adds them under this model). */
export const EG_STATUS_IDS = ['unbalanced', 'slowed', 'immobilized', 'distracted', 'grabbed'] as const;
export type EgStatusId = (typeof EG_STATUS_IDS)[number];

/** The chapter's "grappled" (003:1601, 1607) is GnG's grappling status. */
export const EG_GRAPPLED = 'grappling';

/** "your minimum speed is always 2 squares" (003:780–781, 1235). */
export const EG_MINIMUM_SPEED = 2;

/**
 * What a status does, by id. `speed`: 'zero' (immobilized) or 'half' (slowed); `actions`: 'one' (one
 * of standard, move or swift a turn), 'noStandard' (the standard only as a move or swift); `cover`:
 * the creature has cover (003:1353); `implies`: the statuses it counts as too.
 */
export interface EgStatusEffect {
  speed?: 'zero' | 'half';
  actions?: 'one' | 'noStandard';
  cover?: true;
  implies?: readonly string[];
}

export const EG_STATUS_EFFECTS: Readonly<Record<string, EgStatusEffect>> = {
  // A3: "a creature that is dazed may only take one standard action per round" (003:646), which it
  // may take as a move or swift action (003:606–607): one of the three a turn.
  dazed: { actions: 'one' },
  // A3: half speed (never below the 2-square minimum, 003:781).
  slowed: { speed: 'half' },
  // A3: "A creature that has been grabbed is immobilized" (003:1552): it does not move at all.
  immobilized: { speed: 'zero' },
  // The grab's own marker: its immobilized is added beside it unless the grabber is too small (003:1553).
  grabbed: {},
  // "A grappling creature is immobilized and distracted" (003:1607); "grappled … has cover" (003:1353).
  grappling: { speed: 'zero', cover: true, implies: ['immobilized', 'distracted'] },
  // "suffers all the penalties of being in a grapple but … can not take a standard action" (003:1747–1749).
  pinned: {
    speed: 'zero',
    cover: true,
    actions: 'noStandard',
    implies: [EG_GRAPPLED, 'immobilized', 'distracted'],
  },
  prone: { cover: true },
  // A2 and A3: named, undefined in the seed: a marker the GM reads, no number of its own.
  unbalanced: {},
  distracted: {},
  // R21: disabled is dazed and slowed (003:1009); the health model sets the two.
};

/** Every status a creature counts as having: its own and what they imply. */
export function egStatuses(statuses: Iterable<string>): Set<string> {
  const all = new Set<string>();
  for (const id of statuses) {
    all.add(id);
    for (const implied of EG_STATUS_EFFECTS[id]?.implies ?? []) all.add(implied);
  }
  return all;
}

/**
 * A creature's speed in squares under its statuses: 0 when immobilized (grabbed, grappling, pinned),
 * half (rounded down) when slowed, never below the 2-square minimum otherwise (003:781).
 */
export function egSpeed(base: number, statuses: Iterable<string>): number {
  const squares = assertNonNegativeInteger('speed', base);
  const all = [...egStatuses(statuses)].map((id) => EG_STATUS_EFFECTS[id] ?? {});
  if (all.some((e) => e.speed === 'zero')) return 0;
  const slowed = all.some((e) => e.speed === 'half') ? Math.floor(squares / 2) : squares;
  return Math.max(EG_MINIMUM_SPEED, slowed);
}

/** What a creature's statuses let it take this turn (003:600–607 with A3). */
export interface EgTurnActions {
  /** How many of standard, move and swift it may take in all (3: each once). */
  count: 1 | 3;
  /** It may take its standard action as an attack, spell … (pinned: only as a move or swift). */
  standard: boolean;
}

export function egTurnActions(statuses: Iterable<string>): EgTurnActions {
  const all = [...egStatuses(statuses)].map((id) => EG_STATUS_EFFECTS[id] ?? {});
  return {
    count: all.some((e) => e.actions === 'one') ? 1 : 3,
    standard: !all.some((e) => e.actions === 'noStandard'),
  };
}

/**
 * "A creature that is grappled, pinned or prone has cover" (003:1353): cover against every attack
 * (the line names no kind; 003:1625 says it of ranged attacks for a grapple, which this includes).
 */
export function coverFromStatuses(statuses: Iterable<string>): boolean {
  return [...egStatuses(statuses)].some((id) => EG_STATUS_EFFECTS[id]?.cover === true);
}

/**
 * "You can't execute an attack of opportunity against an opponent with cover relative to you"
 * (003:1357), nor one "with total concealment" (003:1411). Concealment short of total does not stop it.
 */
export function opportunityAllowed(target: {
  cover: 'none' | 'cover' | 'improved' | 'total';
  concealment: 'none' | 'concealment' | 'improved' | 'total';
}): boolean {
  return target.cover === 'none' && target.concealment !== 'total';
}

/** "You can't make an attack against a target that has total cover" (003:1374–1375). */
export function attackAllowed(cover: 'none' | 'cover' | 'improved' | 'total'): boolean {
  return cover !== 'total';
}

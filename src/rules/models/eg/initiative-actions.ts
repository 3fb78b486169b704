/**
 * The Enlightened Grognard chapter's special initiative actions and drawing items (seed 003:1800–1866,
 * 841–913; issue #31, design §2.3 R47, R48), as engine rules: what delaying or readying does to the
 * initiative count, what readying costs, and what drawing an item costs. The tracker does not move
 * combatants by itself (the GM sets a delayed count as under GnG); these are the numbers any glue
 * asks. Pure. Decisions: docs/rules.md "### Maneuvers and saves".
 */
import { assertFinite, assertOneOf } from '../../validate.js';

export type EgActionType = 'standard' | 'move' | 'swift' | 'free';

/**
 * "You may not use special initiative actions if you are unable to take physical actions. For
 * example, a creature that is paralyzed, stunned or unconscious" (003:1802–1804).
 */
export const NO_INITIATIVE_ACTION_STATUSES = [
  'paralyzed',
  'stunned',
  'unconscious',
  'dying',
  'helpless',
  'dead',
];

export function mayDelayOrReady(statuses: Iterable<string>): boolean {
  const all = new Set(statuses);
  return !NO_INITIATIVE_ACTION_STATUSES.some((id) => all.has(id));
}

/**
 * "Readying an action requires that you spend an action of the same type … Once you ready an action,
 * you turn ends immediately" (003:1833–1842): a standard, move or swift action readied costs one of
 * its own type (not a standard action as in the core rules, 003:104–105).
 */
export function readyCost(readied: EgActionType): { spends: 'standard' | 'move' | 'swift'; endsTurn: true } {
  const type = assertOneOf('readied action', readied, ['standard', 'move', 'swift'] as const);
  return { spends: type, endsTurn: true };
}

/**
 * "When you delay, you voluntarily reduce your own initiative result for the rest of the combat"
 * (003:1809): the new count must be lower than the one the creature had.
 */
export function delayedInitiative(current: number, chosen: number): number {
  assertFinite('initiative', current);
  assertFinite('chosen initiative', chosen);
  if (chosen >= current)
    throw new RangeError(`a delay lowers the initiative: ${chosen} is not below ${current}`);
  return chosen;
}

/**
 * "your initiative result changes so that you act immediately ahead of the character whose action
 * triggered your readied action" (003:1850–1851). Decision: the trigger's count plus a half (between
 * it and the next higher whole count, so the order among the others does not change); a count
 * already just above it (another readied action) takes half the distance again.
 */
export function readiedInitiative(trigger: number, nextHigher: number | null = null): number {
  assertFinite('trigger initiative', trigger);
  if (nextHigher === null) return trigger + 0.5;
  assertFinite('next higher initiative', nextHigher);
  if (nextHigher <= trigger) throw new RangeError('the next higher count must be above the trigger');
  return Math.min(trigger + 0.5, (trigger + nextHigher) / 2);
}

/**
 * A delayed or readied action taken in the next round before the creature's regular turn: "your
 * initiative count rises to that new point … and you do not get your regular action that round"
 * (003:1823–1824, 1853–1855). A turn reached without having acted loses the delayed or readied action
 * (003:1820–1821, 1851–1853).
 */
export function lateActionCostsTurn(tookItBeforeRegularTurn: boolean): boolean {
  return tookItBeforeRegularTurn === true;
}

/** Where the item is (003:841–913). */
export type EgDrawFrom = 'favored' | 'easyReach' | 'pack' | 'ammunition' | 'spellComponent';

/**
 * The action drawing an item costs: a favored item free (003:909–913), one in easy reach a swift
 * action (003:843–845; free with Quick Draw, 003:913), one in a pack a standard action that provokes
 * (003:856–857), ammunition and spell components free (003:859–864); a grappling creature spends a
 * standard action to draw anything (003:1615–1616). Stowing is a swift action even for a favored
 * item (003:912), a standard one from a pack.
 */
export function drawAction(
  from: EgDrawFrom,
  options: { grappling?: boolean; quickDraw?: boolean; stow?: boolean } = {},
): { action: EgActionType; provokes: boolean } {
  const where = assertOneOf('from', from, [
    'favored',
    'easyReach',
    'pack',
    'ammunition',
    'spellComponent',
  ] as const);
  if (options.grappling === true) return { action: 'standard', provokes: where === 'pack' };
  if (where === 'pack') return { action: 'standard', provokes: true };
  if (options.stow === true) return { action: 'swift', provokes: false };
  if (where === 'easyReach' && options.quickDraw !== true) return { action: 'swift', provokes: false };
  return { action: 'free', provokes: false };
}

/**
 * Attacks of opportunity under the Enlightened Grognard model (seed 003:524–576, 1353–1357, 1411;
 * design R46, R7): one a round, Combat Reflexes adds the Dexterity modifier; an immediate action, so
 * whatever prevents immediate actions prevents it; none against a target with cover (grappled, pinned
 * and prone creatures have cover) or total concealment; one per provoking action. Pure.
 */
import { assertInteger, assertNonNegativeInteger } from '../../validate.js';

/** "you can only make one per round" (003:560). */
export const EG_BASE_OPPORTUNITY_ATTACKS = 1;

/** The feat identifier that adds to them (003:570). */
export const EG_COMBAT_REFLEXES_ID = 'combat-reflexes';

/**
 * Attacks of opportunity a creature may make each round: one (003:560), plus, with Combat Reflexes,
 * its Dexterity modifier ("add your Dexterity modifier to the number", 003:571). Decision: a negative
 * modifier adds nothing (the feat never takes the one every creature has away); unlike the Saga text
 * (001:43) this one sets no minimum of 1, so Dexterity +0 adds none.
 */
export function egOpportunityAttacksPerRound(input: {
  dexModifier: number;
  combatReflexes: boolean;
}): number {
  const dex = assertInteger('Dexterity modifier', input.dexModifier);
  return EG_BASE_OPPORTUNITY_ATTACKS + (input.combatReflexes ? Math.max(0, dex) : 0);
}

/**
 * Statuses that prevent immediate actions, hence attacks of opportunity (003:567–568): unconscious,
 * dying and dead creatures (003:1018–1019 "A dying character immediately falls unconscious"), the helpless, paralyzed and
 * stunned; dazed ("may only take one standard action per round", 003:646) and disabled (dazed and
 * slowed, 003:1009) creatures.
 */
export const EG_NO_IMMEDIATE_STATUSES = [
  'unconscious',
  'dying',
  'dead',
  'helpless',
  'paralyzed',
  'stunned',
  'dazed',
  'disabled',
] as const;

/** Statuses that give a creature cover ("A creature that is grappled, pinned or prone has cover", 003:1353). */
export const EG_COVER_STATUSES = ['grappled', 'grappling', 'pinned', 'prone'] as const;

/** Why an attack of opportunity cannot be made (lang keys `GNG.Model.EG.Budget.Opportunity.<reason>`). */
export type EgOpportunityRefusal = 'noneLeft' | 'noImmediate' | 'cover' | 'totalConcealment' | 'sameAction';

/** The attacks of opportunity left after `used` of them this round (never below 0). */
export function egOpportunityAttacksLeft(perRound: number, used: number): number {
  return Math.max(
    0,
    assertNonNegativeInteger('attacks of opportunity per round', perRound) -
      assertNonNegativeInteger('attacks of opportunity used', used),
  );
}

/**
 * Whether an attack of opportunity may be made now.
 * - `attackerStatuses`: one of {@link EG_NO_IMMEDIATE_STATUSES} refuses (`noImmediate`);
 * - `targetStatuses`: one of {@link EG_COVER_STATUSES} is cover; `targetCover`: cover the GM names
 *   (003:1357 "You can't execute an attack of opportunity against an opponent with cover");
 * - `targetTotalConcealment` (003:1411);
 * - `sameAction`: this attacker already made one against this action ("does not let you make more
 *   than one attack for a given action", 003:572–573);
 * - none left this round (`noneLeft`).
 */
export function egMayMakeOpportunityAttack(input: {
  perRound: number;
  used: number;
  attackerStatuses?: Iterable<string>;
  targetStatuses?: Iterable<string>;
  targetCover?: boolean;
  targetTotalConcealment?: boolean;
  sameAction?: boolean;
}): { ok: true } | { ok: false; reason: EgOpportunityRefusal } {
  const has = (statuses: Iterable<string> | undefined, list: readonly string[]) =>
    [...(statuses ?? [])].some((s) => list.includes(s));
  if (has(input.attackerStatuses, EG_NO_IMMEDIATE_STATUSES)) return { ok: false, reason: 'noImmediate' };
  if (input.targetCover === true || has(input.targetStatuses, EG_COVER_STATUSES))
    return { ok: false, reason: 'cover' };
  if (input.targetTotalConcealment === true) return { ok: false, reason: 'totalConcealment' };
  if (input.sameAction === true) return { ok: false, reason: 'sameAction' };
  if (egOpportunityAttacksLeft(input.perRound, input.used) === 0) return { ok: false, reason: 'noneLeft' };
  return { ok: true };
}

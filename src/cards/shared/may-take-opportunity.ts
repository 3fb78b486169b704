/**
 * The one check of every offer of an attack of opportunity: the attack card's own (a shot fired next
 * to its target, `provokeWhileThreatened`) and the attack-of-opportunity card's (the foes a shot does
 * not target, and their answer).
 */
import { expandConditions } from '../../rules/index.js';
import { blockWeapons } from '../attack/attack-state.js';

/**
 * Whether `actor` may take an attack of opportunity now: awake, able, with a melee weapon. Core
 * "Total Defense": "The character doesn't get to attack or perform any other activity" (an attack of
 * opportunity neither).
 */
export function mayTakeOpportunity(actor: Actor): boolean {
  const conditions = expandConditions(actor.statuses);
  if (['helpless', 'unconscious', 'dead', 'dying'].some((c) => conditions.has(c))) return false;
  if (conditions.has('total-defense')) return false;
  return blockWeapons(actor).length > 0;
}

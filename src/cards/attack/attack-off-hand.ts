/** Two-weapon fighting: the off-hand attack's card, posted right after the primary one (attack-actions.ts). */
import { inheritedRollMode } from '../kernel/index.js';
import { attackOptionsOf, type AttackStartRequest } from './attack-options-parse.js';
import { createAttackCard } from './attack-start.js';

/** The options a two-weapon attack's off-hand card keeps: the situation, not the primary's own choices. */
const OFF_HAND_KEEPS = [
  'situational',
  'defenderSituation',
  'concealment',
  'intoMelee',
  'fightingDefensively',
  'nonlethal',
  'bonus',
  'tc',
] as const;

/**
 * Two-weapon fighting (core "Attacking with Two Weapons"): after the primary card `primary`, the
 * off-hand attack with the weapon the request named, against the same targets, as its own exchange
 * (its own attack roll, Defense rolls and damage; the off-hand penalty and grip). Null when the
 * request names no off-hand weapon.
 */
export async function createOffHandCard(
  data: AttackStartRequest,
  sender: User,
  primary: ChatMessage,
): Promise<ChatMessage | null> {
  const opts = attackOptionsOf(data.options);
  if (opts.offHand === undefined) return null;
  const options: Record<string, unknown> = { grip: 'off-hand' };
  for (const key of OFF_HAND_KEEPS) if (opts[key] !== undefined) options[key] = opts[key];
  // The same exchange's second attack: the primary card's roll mode.
  const { mode } = inheritedRollMode(primary);
  return createAttackCard({ ...data, weaponId: opts.offHand, options }, sender, mode, primary.id as string);
}

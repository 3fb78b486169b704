/**
 * Group initiative (world setting `groupNpcInitiative`, issue #33): creatures of one kind — NPC
 * combatants of the same base actor, so the unlinked tokens of one "Goblin" actor — share one roll.
 * The first of a kind in the request rolls; the others take its count. One that joins later takes the
 * count its kind already has, without rolling. Player characters (actor type `character`) always
 * roll their own. dnd5e groups its rolls the same way (`Combat5e#rollInitiative`, docs/host.md).
 */
import { automation } from '../settings/variant-rules.js';

/** The kind of `combatant` for a shared roll, or null when it rolls alone. */
export function initiativeGroupKey(combatant: Combatant): string | null {
  const actor = combatant.actor;
  if (!actor || actor.type !== 'npc') return null;
  return `npc:${combatant.actorId ?? actor.id}`;
}

export interface InitiativePlan {
  /** The combatants that roll. */
  roll: string[];
  /** Combatant id → the combatant whose count it takes (rolled now, or already in the combat). */
  copy: Map<string, string>;
}

/** Which of `ids` roll and which take a count of their kind (everyone rolls when the setting is off). */
export function planInitiative(combat: Combat, ids: readonly string[]): InitiativePlan {
  if (!automation().groupNpcInitiative) return { roll: [...ids], copy: new Map() };
  const asked = new Set(ids);
  const leaders = new Map<string, string>();
  // A kind that already has a count keeps it: the newcomer takes that count.
  for (const c of combat.combatants) {
    const key = initiativeGroupKey(c);
    if (key && !asked.has(c.id) && typeof c.initiative === 'number' && !leaders.has(key))
      leaders.set(key, c.id);
  }
  const roll: string[] = [];
  const copy = new Map<string, string>();
  for (const id of ids) {
    const combatant = combat.combatants.get(id);
    const key = combatant ? initiativeGroupKey(combatant) : null;
    const leader = key ? leaders.get(key) : undefined;
    if (leader) {
      copy.set(id, leader);
      continue;
    }
    if (key) leaders.set(key, id);
    roll.push(id);
  }
  return { roll, copy };
}

/** Rolls `ids` through `rollOne` (core's roll), then gives each follower its leader's count. */
export async function rollGroupedInitiative(
  combat: Combat,
  ids: readonly string[],
  rollOne: (ids: string[]) => Promise<unknown>,
): Promise<void> {
  const plan = planInitiative(combat, ids);
  if (plan.roll.length) await rollOne(plan.roll);
  const updates = [...plan.copy]
    .map(([id, leader]) => ({ _id: id, initiative: combat.combatants.get(leader)?.initiative ?? null }))
    .filter((u) => typeof u.initiative === 'number');
  if (updates.length) await combat.updateEmbeddedDocuments('Combatant', updates);
}

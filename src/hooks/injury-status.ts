/**
 * Shows each actor's injury grade on its tokens: the active GM's client keeps one marker status
 * (`injury-light`, `injury-moderate`, `injury-severe`) in step with the derived injury grade after
 * every change to the actor. The marker is only a display: the penalty itself is derived from HP by
 * the rules engine (GnG EFFECTS OF DAMAGE › Injury), so it never counts twice. A dying or dead
 * creature carries no injury marker: its dying or dead status says more. Under a combat model without
 * injury (capability `injury`) no actor carries one.
 */
import { combatModel } from '../settings/combat-model.js';
import { healthStatusesOf } from '../combat/model-health.js';

export const INJURY_STATUSES = ['injury-light', 'injury-moderate', 'injury-severe'] as const;
type InjuryStatus = (typeof INJURY_STATUSES)[number];

/**
 * The marker an actor should carry, or null when uninjured (or immune), or dying or dead by its HP
 * (the world's model's `healthStatus`): then the dying or dead status is its one marker (issue #33).
 */
export function injuryStatusFor(actor: Actor): InjuryStatus | null {
  const system = actor.system;
  const injury = system.hp?.injury;
  if (!injury || injury.level === 'none') return null;
  const model = combatModel();
  if (!model.capabilities.injury) return null;
  const health = healthStatusesOf(actor, model);
  if (health.includes('dying') || health.includes('dead')) return null;
  return `injury-${injury.level}`;
}

/** Adds the right marker and removes the others; only the active GM acts, so clients never race. */
export async function syncInjuryStatus(actor: Actor): Promise<void> {
  const gm = game.users.activeGM;
  if (!gm || gm.id !== game.user.id) return;
  if (!(actor.type === 'character' || actor.type === 'npc')) return;
  const wanted = injuryStatusFor(actor);
  for (const status of INJURY_STATUSES) {
    const active = actor.statuses.has(status);
    if (active !== (status === wanted)) await actor.toggleStatusEffect(status, { active: status === wanted });
  }
}

/** `updateActor` (src/hooks/register-hooks.ts): the marker follows a change of the actor's data. */
export function injuryOnUpdate(actor: Actor, changes: Record<string, unknown>): void {
  // Our own marker changes arrive as effect changes, not actor updates, so this cannot loop.
  if (changes.system !== undefined || changes.items !== undefined) void syncInjuryStatus(actor);
}

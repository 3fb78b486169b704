/**
 * An actor as the Enlightened Grognard's table glue reads it (issue #31): what decides whether it may
 * take an action (engine `actionRefusal`), its enemies beside it, and the statuses its health calls
 * for after a card changed it (the model's `healthStatus`), set with a record Undo puts back. Glue
 * only; loaded with the model (src/models/eg-table.ts).
 */
import type { ActionState } from '../rules/models/eg/combat-actions.js';
import { isBloodied } from '../rules/models/eg/hit-points.js';
import { healthOf, healthStatusesOf } from './model-health.js';
import { isHurt } from '../rules/models/eg/recovery.js';
import { actorTokens, adjacentTokens, combatOf } from './scene-lookup.js';
import { changeStatuses } from './status-changes.js';
import type { StatusChanges } from './status-changes.js';

/** `CONST.TOKEN_DISPOSITIONS.SECRET`: a token whose side is hidden (friendly 1, neutral 0, hostile −1). */
const SECRET = -2;

/** The statuses a card sets from the model's health: the rest (dazed …) are other cards' to set. */
const HEALTH_STATUSES = ['dying', 'dead', 'unconscious'] as const;

/** The actor's combat, when it has begun (tokens are an encounter's). */
export function begunCombatOf(actor: Actor): Combat | null {
  const combat = combatOf(actor);
  return combat?.started ? combat : null;
}

/**
 * Enemies beside the actor: tokens adjacent to one of its tokens whose disposition is the opposite of
 * its own (friendly against hostile; neutral and secret tokens are no one's enemy), not dead.
 */
export function adjacentEnemiesOf(actor: Actor): number {
  let count = 0;
  for (const token of actorTokens(actor)) {
    const side = Math.sign(token.disposition ?? 0);
    if (side === 0 || token.disposition === SECRET) continue;
    for (const other of adjacentTokens(token)) {
      const otherSide = other.disposition ?? 0;
      if (otherSide === SECRET || Math.sign(otherSide) !== -side) continue;
      if (other.actor?.statuses.has('dead')) continue;
      count++;
    }
  }
  return count;
}

/** Whether the actor is out of it: dying, or unconscious by the model's health or a status. */
export function isUnconscious(actor: Actor): boolean {
  const health = healthStatusesOf(actor);
  return (
    actor.statuses.has('unconscious') ||
    actor.statuses.has('dying') ||
    health.includes('unconscious') ||
    health.includes('dying')
  );
}

/** What `actionRefusal` reads of the actor now. */
export function actionStateOf(actor: Actor): ActionState {
  const system = actor.system;
  return {
    pc: actor.type === 'character',
    dead: actor.statuses.has('dead') || healthStatusesOf(actor).includes('dead'),
    unconscious: isUnconscious(actor),
    inCombat: begunCombatOf(actor) !== null,
    adjacentEnemies: adjacentEnemiesOf(actor),
    hurt: isHurt(healthOf(actor), system.hp.max ?? system.hp.value),
  };
}

/**
 * Active GM, after a card changed the actor's health: `dying`, `dead` and `unconscious` as the
 * model's health calls for now (a stabilised creature below 0 is disabled, not dying: the model
 * reads `stable`; `stable` goes once its HP are 0 or more); the record Undo hands `restoreStatuses`.
 */
export function followHealth(actor: Actor): Promise<StatusChanges> {
  const health = new Set(healthStatusesOf(actor));
  const add = HEALTH_STATUSES.filter((status) => health.has(status) && !actor.statuses.has(status));
  const remove: string[] = HEALTH_STATUSES.filter(
    (status) => !health.has(status) && actor.statuses.has(status),
  );
  const hp = actor.system.hp.value;
  if ((hp >= 0 || health.has('dead')) && actor.statuses.has('stable')) remove.push('stable');
  return changeStatuses(actor, add, remove);
}

/** Whether `actor` is bloodied now: below half its maximum HP (R20, decision A9). */
export function bloodiedNow(actor: Actor): boolean {
  const hp = actor.system?.hp;
  return Boolean(hp && typeof hp.max === 'number' && isBloodied(hp.value, hp.max));
}

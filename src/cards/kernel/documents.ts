/** Documents as the cards look them up: an actor by uuid, and who owns what. */
import { Refusal } from './result.js';

export async function actorOf(uuid: string | null | undefined): Promise<Actor | null> {
  if (!uuid) return null;
  const doc = await fromUuid(uuid);
  return doc && doc.documentName === 'Actor' ? (doc as Actor) : null;
}

/**
 * The actor of a part of a card that names it (a target, the attacker: its `actorUuid` and `name`);
 * refused, naming it, when it is gone.
 */
export async function partActor(part: { actorUuid: string | null; name: string }): Promise<Actor> {
  const actor = await actorOf(part.actorUuid);
  if (!actor) throw new Refusal('GNG.Error.Attack.NoActor', { name: part.name });
  return actor;
}

/** Whether `user` owns the document of `uuid` (a GM owns everything). */
export function owns(user: User, uuid: string | null): boolean {
  if (!uuid) return false;
  const doc = fromUuidSync(uuid);
  return Boolean(doc && doc.testUserPermission(user, 'OWNER'));
}

/** Documents as the cards look them up: an actor by uuid, and who owns what. */

export async function actorOf(uuid: string | null | undefined): Promise<Actor | null> {
  if (!uuid) return null;
  const doc = await fromUuid(uuid);
  return doc && doc.documentName === 'Actor' ? (doc as Actor) : null;
}

/** Whether `user` owns the document of `uuid` (a GM owns everything). */
export function owns(user: User, uuid: string | null): boolean {
  if (!uuid) return false;
  const doc = fromUuidSync(uuid);
  return Boolean(doc && doc.testUserPermission(user, 'OWNER'));
}

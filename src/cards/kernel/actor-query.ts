/**
 * A GM query about one actor, `{ actorUuid }` and nothing else (Quick Stand, total defense): the
 * request is checked, then `run` goes in the actor's queue on the active GM — two requests at once
 * are handled one after the other. Queued on the actor's own uuid, so any spelling of it that
 * resolves waits in the same queue. Never throws: a bad request is refused.
 */
import { actorOf } from './documents.js';
import { serialized } from './queue.js';
import { Refusal, refusal, type CardActionResult } from './result.js';

export function actorQuery(
  run: (actorUuid: string, sender: User) => Promise<CardActionResult | void>,
): (data: Record<string, unknown>, sender: User) => Promise<CardActionResult> {
  return async (data, sender) => {
    if (
      typeof data !== 'object' ||
      data === null ||
      Object.keys(data).some((key) => key !== 'actorUuid') ||
      typeof data.actorUuid !== 'string'
    )
      return refusal(new Refusal('GNG.Error.Attack.BadRequest'));
    const actorUuid = data.actorUuid;
    const key = (await actorOf(actorUuid))?.uuid ?? actorUuid;
    return serialized([key], () => run(actorUuid, sender));
  };
}

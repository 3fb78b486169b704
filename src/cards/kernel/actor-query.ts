/**
 * A GM query about one actor, `{ actorUuid }` and the string fields `extra` names, nothing else (Quick
 * Stand, total defense, Flow with Enemy, Hail of Bullets): the request is checked, then `run` goes in
 * the actor's queue on the active GM — two requests at once are handled one after the other. Queued
 * on the actor's own uuid, so any spelling of it that resolves waits in the same queue. Never throws:
 * a bad request is refused (its schema: `payload`, every field a string).
 */
import { actorOf } from './documents.js';
import { serialized } from './queue.js';
import { refusal, type CardActionResult } from './result.js';
import { payload } from './payload.js';
import type { GMQueryContext } from './gm-query.js';

export function actorQuery(
  run: (
    actorUuid: string,
    sender: User,
    fields: Record<string, string>,
    context: GMQueryContext,
  ) => Promise<CardActionResult | void>,
  extra: readonly string[] = [],
): (data: Record<string, unknown>, sender: User, context?: GMQueryContext) => Promise<CardActionResult> {
  const parse = payload(
    Object.fromEntries(['actorUuid', ...extra].map((key) => [key, 'str'] as const)),
    'GNG.Error.Attack.BadRequest',
  );
  return async (data, sender, context = { rollMode: 'publicroll' }) => {
    try {
      parse(data);
    } catch (error) {
      return refusal(error);
    }
    const actorUuid = data.actorUuid as string;
    const fields = Object.fromEntries(extra.map((key) => [key, data[key] as string]));
    const key = (await actorOf(actorUuid))?.uuid ?? actorUuid;
    return serialized([key], () => run(actorUuid, sender, fields, context));
  };
}

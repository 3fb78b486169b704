/**
 * An effect's name as a `note` stores it (issue #34): a status effect still named by its status (the
 * label core gave it from `GNG.Status.<id>`) as that key, so each client reads it in its language;
 * any other name as written.
 */
import type { TextValue } from '../cards/kernel/index.js';

export function effectNameText(effect: ActiveEffect): TextValue {
  const [status, ...more] = [...(effect.statuses ?? [])];
  const key = `GNG.Status.${status}`;
  return status && !more.length && game.i18n.localize(key) === effect.name ? { key } : effect.name;
}

/**
 * The attack start request's fields on the GM's side, once its schema (attack-start-schema.ts)
 * passed: each model's own choices (`options.saga`, `.eg`, `.tc`) checked by their nested schemas
 * (saga-options.ts, eg-options.ts, tc-options.ts) before any document is read, kept out of the code
 * a world loads at start with the models' lists; and the options as the card keeps them.
 */
import type { AttackOptions } from './attack-options.js';
import { SAGA_CHOICES } from './saga-options.js';
import { EG_CHOICES } from './eg-options.js';
import { TC_CHOICES } from './tc-options.js';

export type { AttackStartRequest } from './attack-start-schema.js';

const MODEL_CHOICES = { saga: SAGA_CHOICES, eg: EG_CHOICES, tc: TC_CHOICES } as const;

/** Refuses (`GNG.Error.Attack.BadRequest`) a model's choices its schema does not let through. */
export function parseModelChoices(options: Record<string, unknown> | undefined): void {
  for (const [key, schema] of Object.entries(MODEL_CHOICES)) {
    const choices = options?.[key];
    if (choices !== undefined && choices !== null) schema(choices as Record<string, unknown>);
  }
}

/** A record without its unset (null) choices. */
const set = (raw: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined && v !== null));

/** The attack options of a request its schema passed: unset choices dropped, each list's values once. */
export function attackOptionsOf(raw: Record<string, unknown> | undefined): AttackOptions {
  const options = set(raw ?? {});
  for (const [key, value] of Object.entries(options))
    if (Array.isArray(value)) options[key] = [...new Set(value)];
    else if (key === 'saga' || key === 'eg' || key === 'tc') options[key] = set(value as object);
  return options as AttackOptions;
}

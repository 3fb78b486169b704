/**
 * The world repair's registration (on `init`): the setting of what was already told, and the repair
 * on `ready` — world-repair.ts and source-repair.ts, loaded then on the active GM's client only (they
 * are not in the code a world loads at start: issue #29).
 */
import { isActiveGM } from '../documents/active-gm.js';
import { track } from '../cards/kernel/in-flight.js';
import { registerFixedStore } from '../settings/world-stores.js';

/** The world setting (GM-only) of what was already told: `{ entries: ["<uuid>#<field>", …] }`. */
export const REPORTED_SETTING = 'migrationReported';

/** Registers the setting of what was told (no menu shows it), and the repair on `ready` (on `init`). */
export function registerWorldRepair(): void {
  const entries = (f: FoundryFields) => ({ entries: new f.ArrayField(new f.StringField()) });
  registerFixedStore(REPORTED_SETTING, 'GNG.Migration.Reported', entries, { entries: [] });
}

/** On `ready` (src/hooks/register-hooks.ts): the active GM's client repairs the world's sources. */
export function repairOnReady(): void {
  if (isActiveGM()) void track(import('./world-repair.js').then((repair) => repair.repairWorldSources()));
}

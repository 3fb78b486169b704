/**
 * What the table keeps of the defensive combat options (issue #18, core "Fighting Defensively",
 * "Total Defense", GnG Defensive Strike), stored where only a GM writes: a world setting
 * (`gng.combatOptionRecords`, keyed by the actor's uuid), never the actor's own flags or effects,
 * which its player may edit (trust model 1: nothing a player's client wrote decides anything).
 *
 * - **Defensive statuses**: the `fighting-defensively` / `total-defense` effects a GM's client created
 *   (the attack card, the total defense query, or a GM's own toggle), by effect id, each with the
 *   attack cards already made against the actor then (`before`): their Defense rolls were settled by
 *   the attack roll on the card, so they do not get the dodge bonus taken after it. Only these give
 *   their dodge bonus to Defense (derive-creature.ts); the same status set by a player gives none,
 *   nor one whose time has run out by the GM's record of it (effect-timings.ts).
 * - **Defensive Strike**: the opponents whose melee attack missed the actor in total defense.
 *
 * The active GM writes, one write at a time; every client prepares the named actors again when the
 * record changes (the Defense the sheet shows follows it).
 */
import { readRecords, registerRecordStore, storeFields, writeRecords } from '../settings/world-stores.js';
import { allActors } from '../documents/all-actors.js';
import { expiredIn } from './effect-timings.js';

const KEY = 'combatOptionRecords';

/** The defensive options' statuses (src/config/status-effects.ts). */
export const DEFENSIVE_STATUSES = ['fighting-defensively', 'total-defense'] as const;
export type DefensiveStatus = (typeof DEFENSIVE_STATUSES)[number];

/** A defensive status a GM's client set: which one, and the attack cards made before it. */
export interface DefensiveGrant {
  status: DefensiveStatus;
  /** Attack card message ids already made against the actor (their Defense ignores this grant). */
  before: string[];
  /** The combat and round it was set in (null out of combat). */
  combat: string | null;
  round: number | null;
}

/** Defensive Strike's record (combat-options-card.ts). */
export interface DefensiveStrikeRecord {
  /** Actor uuids of the opponents whose melee attack missed while the owner was in total defense. */
  against: string[];
  /** The combat and round of the owner's next turn (null: out of combat, until used). */
  combat: string | null;
  round: number | null;
}

/** One actor's record. */
export interface CombatOptionRecord {
  /** By effect id. */
  defensive?: Record<string, DefensiveGrant>;
  strike?: DefensiveStrikeRecord;
}

const isDefensive = (v: unknown): v is DefensiveStatus =>
  (DEFENSIVE_STATUSES as readonly unknown[]).includes(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s) => typeof s === 'string') : []);

/** The records (none while the store is not registered yet). */
const records = () => readRecords<CombatOptionRecord>(KEY);

/** The actor's record (empty when none is kept). */
export function combatOptionRecord(actor: Actor): CombatOptionRecord {
  return records()[actor.uuid] ?? {};
}

/** The actor's Defensive Strike record, or null. */
export function defensiveStrikeRecordOf(actor: Actor): DefensiveStrikeRecord | null {
  const raw = combatOptionRecord(actor).strike;
  if (!raw || typeof raw !== 'object') return null;
  return {
    against: strings(raw.against),
    combat: typeof raw.combat === 'string' ? raw.combat : null,
    round: typeof raw.round === 'number' ? raw.round : null,
  };
}

/**
 * The defensive statuses of `actor` that a GM's client set and that are still on it (an enabled
 * effect with the recorded id and status). With `cardId`: only those set before that attack card.
 */
export function grantedDefensiveStatuses(actor: Actor, cardId?: string): Set<DefensiveStatus> {
  const granted = new Set<DefensiveStatus>();
  const defensive = combatOptionRecord(actor).defensive ?? {};
  for (const [effectId, grant] of Object.entries(defensive)) {
    if (!grant || !isDefensive(grant.status)) continue;
    const effect = actor.effects?.get(effectId);
    if (!effect || effect.disabled || !effect.statuses?.has(grant.status)) continue;
    // Run out by the GM's timing of it (effect-timings.ts), whatever its player wrote on the effect.
    if (expiredIn(effect, currentCombat())) continue;
    if (cardId !== undefined && strings(grant.before).includes(cardId)) continue;
    granted.add(grant.status);
  }
  return granted;
}

/** The grant of the actor's effect that carries `status` (a GM's client set it), or null. */
export function defensiveGrantOf(actor: Actor, status: DefensiveStatus): DefensiveGrant | null {
  const defensive = combatOptionRecord(actor).defensive ?? {};
  for (const [effectId, grant] of Object.entries(defensive)) {
    const effect = actor.effects?.get(effectId);
    if (grant?.status !== status || !effect || effect.disabled || !effect.statuses?.has(status)) continue;
    if (!expiredIn(effect, currentCombat())) return grant;
  }
  return null;
}

/** The current combat, if the game has one yet (actors are prepared before it). */
function currentCombat(): Combat | null {
  return (game as { combat?: Combat | null }).combat ?? null;
}

let writes: Promise<unknown> = Promise.resolve();

/**
 * GM: changes the record of the actor `uuid` (`change` gets a copy and returns the new record).
 * Writes go one at a time, so two changes at once lose nothing.
 */
export function changeCombatOptionRecord(
  uuid: string,
  change: (record: CombatOptionRecord) => CombatOptionRecord,
): Promise<void> {
  const run = writes.then(async () => {
    const all = { ...records() };
    const next = change(structuredClone(all[uuid] ?? {}));
    if (next.defensive && !Object.keys(next.defensive).length) delete next.defensive;
    if (!next.strike) delete next.strike;
    if (Object.keys(next).length) all[uuid] = next;
    else delete all[uuid];
    await writeRecords(KEY, all);
  });
  writes = run.catch(() => undefined);
  return run;
}

let seen: Record<string, CombatOptionRecord> = {};

/** After a change (every client): the actors whose record changed are prepared again, their sheets redrawn. */
function recordsChanged(value: unknown): void {
  const now = value && typeof value === 'object' ? (value as Record<string, CombatOptionRecord>) : {};
  const changed = new Set(
    [...Object.keys(seen), ...Object.keys(now)].filter(
      (uuid) => JSON.stringify(seen[uuid] ?? null) !== JSON.stringify(now[uuid] ?? null),
    ),
  );
  seen = structuredClone(now);
  for (const actor of allActors()) {
    if (!changed.has(actor.uuid)) continue;
    actor.reset();
    if (actor.sheet?.rendered) void actor.sheet.render();
  }
}

/** Registers the record (a world setting no menu shows), on `init`. */
export function registerCombatOptionRecords(): void {
  // By actor uuid: a {@link CombatOptionRecord} (its Defensive Strike record absent: null).
  const { num, str, strs } = storeFields;
  registerRecordStore({
    key: KEY,
    name: 'GNG.CombatOptions.Records',
    entry: (f) =>
      new f.SchemaField({
        defensive: new f.TypedObjectField(
          new f.SchemaField({
            status: new f.StringField({ choices: DEFENSIVE_STATUSES }),
            before: strs(f),
            combat: str(f),
            round: num(f),
          }),
        ),
        strike: new f.ObjectField({ nullable: true, initial: null }),
      }),
    onChange: recordsChanged,
  });
}

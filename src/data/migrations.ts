/**
 * In-place migration of stored data, run by the data models' `migrateData` every time a document is
 * loaded (from the world, a compendium or an import), so old data never breaks and is never lost.
 * Each step is idempotent: data already in the current shape passes through unchanged.
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { ABILITIES, imposeFatigue, SIZES } from '../rules/index.js';
import { isActiveGM } from '../documents/active-gm.js';

type Source = Record<string, unknown>;

function isRecord(value: unknown): value is Source {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Actors:
 * - ability scores stored as plain numbers (`abilities.str: 16`, the template.json era) become
 *   `{ value: 16 }`;
 * - a stored `hp.max` is dropped (maximum HP is derived, never stored);
 * - a size written with a capital or as an abbreviation ("Medium", "M") becomes its id.
 */
export function migrateActorSource(source: Source): Source {
  const abilities = source.abilities;
  if (isRecord(abilities)) {
    for (const ability of ABILITIES) {
      const value = abilities[ability];
      if (typeof value === 'number') abilities[ability] = { value };
      else if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
        abilities[ability] = { value: Number(value) };
      }
    }
  }
  const hp = source.hp;
  if (isRecord(hp) && 'max' in hp) delete hp.max;
  if (typeof source.size === 'string') source.size = normalizeSize(source.size);
  return source;
}

const SIZE_ABBREVIATIONS: Record<string, string> = {
  f: 'fine',
  d: 'diminutive',
  t: 'tiny',
  s: 'small',
  m: 'medium',
  l: 'large',
  h: 'huge',
  g: 'gargantuan',
  c: 'colossal',
};

function normalizeSize(size: string): string {
  const lower = size.trim().toLowerCase();
  if ((SIZES as readonly string[]).includes(lower)) return lower;
  return SIZE_ABBREVIATIONS[lower] ?? size;
}

/**
 * Items:
 * - a weapon's size written with a capital or as an abbreviation ("Large", "L") becomes its id;
 * - a weapon's `damage` stored as one string ("1d8") becomes the damage of its size
 *   (`{ medium: "1d8" }` for a Medium weapon);
 * - a weapon's `damageType` string ("slashing" or "bludgeoning/piercing") becomes `damageTypes`.
 */
export function migrateItemSource(source: Source): Source {
  if (typeof source.size === 'string') source.size = normalizeSize(source.size);
  if (typeof source.damage === 'string') {
    const size = typeof source.size === 'string' ? source.size : 'medium';
    source.damage = { [size]: source.damage };
  }
  if (typeof source.damageType === 'string' && !Array.isArray(source.damageTypes)) {
    source.damageTypes = source.damageType
      .split(/[/,]| and | or /)
      .map((part) => part.trim().toLowerCase())
      .filter(Boolean);
    delete source.damageType;
  }
  return source;
}

/**
 * Actors' blood loss: Severe Bleeding used to keep the fatigue or exhaustion it caused only in the
 * actor's `flags.gng.bloodLoss` (`'fatigued' | 'exhausted'`), with no effect on the numbers. Both are
 * statuses now: an actor with the old flag gets the status (the worse of it and any fatigue it
 * already has; exhausted replaces fatigued), then the flag is cleared (set to null), so running it
 * again changes nothing. Active GM only (it writes the actor). Resolves with the status set, or null.
 */
export async function migrateBloodLoss(actor: Actor): Promise<'fatigued' | 'exhausted' | null> {
  const stage = actor.getFlag(SYSTEM_ID, 'bloodLoss');
  if (stage !== 'fatigued' && stage !== 'exhausted') return null;
  const status = imposeFatigue(actor.statuses, stage);
  if (!actor.statuses.has(status)) await actor.toggleStatusEffect(status, { active: true });
  if (status === 'exhausted' && actor.statuses.has('fatigued'))
    await actor.toggleStatusEffect('fatigued', { active: false });
  await actor.setFlag(SYSTEM_ID, 'bloodLoss', null);
  return status;
}

/** On `ready`, the active GM migrates every world actor's old blood-loss flag ({@link migrateBloodLoss}). */
export async function migrateWorldBloodLoss(): Promise<number> {
  if (!isActiveGM()) return 0;
  let migrated = 0;
  for (const actor of game.actors) if (await migrateBloodLoss(actor)) migrated += 1;
  return migrated;
}

/**
 * In-place migration of stored data, run by the data models' `migrateData` every time a document is
 * loaded (from the world, a compendium or an import), so old data never breaks and is never lost.
 * Each step is idempotent: data already in the current shape passes through unchanged.
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { DAMAGE_TYPES } from '../config/damage-types.js';
import { ABILITIES, imposeFatigue, SIZES, type Size } from '../rules/index.js';
import { isActiveGM } from '../documents/active-gm.js';

type Source = Record<string, unknown>;
type DamageType = (typeof DAMAGE_TYPES)[number];

function isRecord(value: unknown): value is Source {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A finite number from a number or a numeric string; null for anything else. */
function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

/**
 * A stored score as a whole number: a fraction is rounded down (decision `fractional scores`,
 * docs/rules.md: the d20 convention; ability scores are whole numbers).
 */
function wholeNumber(value: number): number {
  return Math.floor(value);
}

/**
 * Actors:
 * - ability scores stored as plain numbers (`abilities.str: 16`, the template.json era) or numeric
 *   strings become `{ value: 16 }`; a fractional score, damage or drain is rounded down (15.5 → 15);
 * - `hp` stored as a plain number (`hp: 12`) becomes the current HP (`{ value: 12 }`); a stored
 *   `hp.max` is dropped (maximum HP is derived, never stored);
 * - a size written with a capital, as an abbreviation or with "-size" ("Medium", "Med", "M",
 *   "Medium-size") becomes its id.
 * Runs on partial data too: only the keys present are touched. A value none of this can read is left
 * as it is: the data model refuses it, and the world repair (world-repair.ts) resets it on load.
 */
export function migrateActorSource(source: Source): Source {
  const abilities = source.abilities;
  if (isRecord(abilities)) {
    for (const ability of ABILITIES) {
      const value = abilities[ability];
      const number = numberOf(value);
      if (number !== null) abilities[ability] = { value: wholeNumber(number) };
      else if (isRecord(value)) {
        for (const key of ['value', 'damage', 'drain']) {
          const score = value[key];
          if (typeof score === 'number' && Number.isFinite(score)) value[key] = wholeNumber(score);
        }
      }
    }
  }
  const hp = source.hp;
  const current = numberOf(hp);
  if (current !== null) source.hp = { value: wholeNumber(current) };
  else if (isRecord(hp) && 'max' in hp) delete hp.max;
  if (typeof source.size === 'string') source.size = normalizeSize(source.size);
  return source;
}

/** Short forms of sizes not read as the start of a size's name ("L", "Med" and "Gar" are). */
const SIZE_ALIASES: Record<string, Size> = { lg: 'large', md: 'medium', sm: 'small' };

/**
 * A size's id from how old data wrote it: any case, trimmed, without a trailing "size"/"sized"
 * ("Medium-size") or punctuation, or a start of its name ("M", "Med", "Gar": each size starts with
 * its own letter, so no start is ambiguous). Anything else is returned as it was.
 */
export function normalizeSize(size: string): string {
  const word = size
    .trim()
    .toLowerCase()
    .replace(/[\s-]*sized?\.?$/, '')
    .replace(/[^a-z]/g, '');
  if (word === '') return size;
  const alias = SIZE_ALIASES[word];
  if (alias) return alias;
  const match = SIZES.find((id) => id.startsWith(word));
  return match ?? size;
}

/** Short forms of damage types in old weapon tables ("B or P"). */
const DAMAGE_TYPE_ALIASES: Record<string, DamageType> = {
  b: 'bludgeoning',
  p: 'piercing',
  s: 'slashing',
  bludgeon: 'bludgeoning',
  pierce: 'piercing',
  slash: 'slashing',
};

/**
 * The damage types a stored text names ("Piercing Or Slashing", "Slashing.", "bludgeoning &
 * piercing", "B/P", "fire, cold"): split at "or", "and", "&", "/", ",", ";" or "+", each part
 * lowercased without punctuation and read as a type of the system's list (src/config/damage-types.ts)
 * or a short form; each type once. A part none of this reads is kept as written (lowercased, without
 * punctuation), so the data model refuses it and the world repair reports it rather than drop it.
 */
export function normalizeDamageTypes(text: string): string[] {
  const types: string[] = [];
  for (const part of text.split(/\s+(?:or|and)\s+|[&/,;+]/i)) {
    const word = part.toLowerCase().replace(/[^a-z]/g, '');
    if (word === '') continue;
    const type = (DAMAGE_TYPES as readonly string[]).includes(word)
      ? word
      : (DAMAGE_TYPE_ALIASES[word] ?? word);
    if (!types.includes(type)) types.push(type);
  }
  return types;
}

/**
 * Items:
 * - a size written with a capital or as an abbreviation ("Large", "L", "Med") becomes its id;
 * - a weapon's `damage` stored as one string ("1d8") becomes the damage of its size
 *   (`{ medium: "1d8" }` for a Medium weapon);
 * - a weapon's `damageType` string ("slashing" or "Piercing Or Slashing") becomes `damageTypes`, and
 *   texts in a `damageTypes` list are read the same way ({@link normalizeDamageTypes});
 * - a physical item's `hp` stored as a plain number becomes its current hit points (`{ value }`).
 */
export function migrateItemSource(source: Source): Source {
  if (typeof source.size === 'string') source.size = normalizeSize(source.size);
  if (typeof source.damage === 'string') {
    const size = typeof source.size === 'string' ? source.size : 'medium';
    source.damage = { [size]: source.damage };
  }
  if (typeof source.damageType === 'string' && !Array.isArray(source.damageTypes)) {
    source.damageTypes = normalizeDamageTypes(source.damageType);
    delete source.damageType;
  } else if (Array.isArray(source.damageTypes)) {
    const types = source.damageTypes.flatMap((entry: unknown) =>
      typeof entry === 'string' ? normalizeDamageTypes(entry) : [entry],
    );
    source.damageTypes = types.filter((type, index) => types.indexOf(type) === index);
  }
  const hp = numberOf(source.hp);
  if (hp !== null) source.hp = { value: wholeNumber(hp) };
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

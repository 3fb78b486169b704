/**
 * Immunities (issue #33): a creature's "immune to fire, poison" as a set of entries, and whether the
 * damage step lets a hit through. SRD 3.5 "Immunity": "A creature with immunity to a type of damage
 * takes no damage from it"; a swarm of Tiny creatures "is immune to all weapon damage". Only the
 * entries that name a damage type (bludgeoning, piercing, slashing, the energies, force) or "weapon
 * damage" change the damage step; the others (poison, sleep, paralysis …) are kept and shown. Decisions: docs/rules.md "Immunities".
 */
/** The entries of an immunities text ("fire, poison; Sleep" → fire, poison, sleep), deduplicated. */
export function immunityEntries(text: string): string[] {
  const out: string[] = [];
  for (const raw of String(text ?? '').split(/[,;]/)) {
    const entry = raw.trim().toLowerCase().replace(/\s+/g, ' ');
    if (entry && !out.includes(entry)) out.push(entry);
  }
  return out;
}

/** What is hitting: the damage's types (none: untyped) and whether it is a weapon's (natural or not). */
export interface DamageForImmunity {
  types: readonly string[];
  weapon: boolean;
}

/**
 * The immunities that stop this damage entirely, or null when some of it gets through. A weapon's
 * blow against "weapon damage" is stopped; otherwise the damage is stopped only when the creature is
 * immune to **every** type it has (decision: a bite — bludgeoning, piercing and slashing — still
 * harms a creature immune to piercing; a flaming sword's slashing blow harms one immune to fire).
 * Untyped damage is stopped by nothing but "weapon damage".
 */
export function damageImmunity(immunities: readonly string[], damage: DamageForImmunity): string[] | null {
  const set = new Set(immunities.map((i) => i.trim().toLowerCase()));
  if (damage.weapon && set.has('weapon damage')) return ['weapon damage'];
  const types = [...new Set(damage.types.map((t) => t.toLowerCase()))];
  if (types.length && types.every((t) => set.has(t))) return types;
  return null;
}

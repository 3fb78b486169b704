/**
 * What a bestiary actor copies from the system's other packs, built from those packs' source
 * documents: the class items by their GnG table name, the feats whose numbers the system uses (by
 * name), and the weapons a wielded attack may name. One code path for both callers: the pack script passes the JSON sources of
 * packs/_source (scripts/packs/bestiary.ts), Foundry the documents of `gng.classes`, `gng.feats`
 * and `gng.weapons` (`toObject()`, import.ts). Pure (no Foundry).
 */

import { FEAT_AUTOMATION } from '../config/feat-automation.js';

type Doc = Record<string, unknown>;

/** A weapon of the weapons pack as an attack's name may name it ("longsword", "composite longbow"). */
export interface BestiaryWeapon {
  name: string;
  category: string;
  use: string;
  /** Feet; 0 for melee weapons. */
  rangeIncrement: number;
  /** Whether it deals damage of its own (a net does not). */
  damages: boolean;
}

/** What the actors copy from the other packs, and how their documents get ids. */
export interface BestiaryReferences {
  /** Sources of the classes pack, by their GnG table name (`flags.gng.statName`). */
  classes: Map<string, Doc>;
  /**
   * The feats of the feats pack whose numbers the system uses — an Active Effect, or a reader in
   * src/config/feat-automation.ts (Toughness, Dodge, Power Attack, Improved Grapple …) — by their
   * name as {@link featKey} makes it.
   */
  feats: Map<string, Doc>;
  /** The SRD weapons of the weapons pack, to know a wielded weapon's category, use and range. */
  weapons: BestiaryWeapon[];
  /** A document id for a stable key: the pack's hash of it, or a fresh id for a world actor. */
  id: (key: string) => string;
}

/** A feat's name as the references key it: lower case, letters only ("Power Attack" → "powerattack"). */
export function featKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z]/g, '');
}

/** The source documents the references are read from (any order). */
export interface BestiaryPackSources {
  classes: readonly Doc[];
  feats: readonly Doc[];
  weapons: readonly Doc[];
}

const gngFlags = (doc: Doc): Doc => ((doc.flags as Doc | undefined)?.gng as Doc | undefined) ?? {};
const system = (doc: Doc): Doc => (doc.system as Doc | undefined) ?? {};

/** The SRD 3.5 weapons of the weapons pack (its d20 Modern firearms and the ammunition left out). */
export function bestiaryWeapon(doc: Doc): BestiaryWeapon | null {
  const source = gngFlags(doc).source as Doc | undefined;
  if (doc.type !== 'weapon' || source?.file !== 'weapons') return null;
  const s = system(doc);
  const damage = (s.damage as Record<string, unknown> | undefined)?.medium;
  return {
    name: String(doc.name),
    category: String(s.category ?? 'simple'),
    use: String(s.use ?? 'light'),
    rangeIncrement: Number(s.rangeIncrement ?? 0) || 0,
    damages: typeof damage === 'string' && damage !== '',
  };
}

/**
 * The references from the packs' sources. Classes are taken by name in `_id` order when two share
 * one (none do today), so the order the packs list them in does not matter.
 */
export function bestiaryReferences(
  sources: BestiaryPackSources,
  id: (key: string) => string,
): BestiaryReferences {
  const byId = (a: Doc, b: Doc) => String(a._id).localeCompare(String(b._id));
  const classes = new Map<string, Doc>();
  for (const doc of [...sources.classes].sort(byId)) {
    const name = gngFlags(doc).statName;
    if (typeof name === 'string' && !classes.has(name)) classes.set(name, doc);
  }
  const feats = new Map<string, Doc>();
  for (const doc of [...sources.feats].sort(byId)) {
    const effects = (doc.effects as unknown[] | undefined) ?? [];
    const identifier = String(system(doc).identifier ?? '');
    if (effects.length === 0 && !(identifier in FEAT_AUTOMATION)) continue;
    if (!feats.has(featKey(String(doc.name)))) feats.set(featKey(String(doc.name)), doc);
  }
  if (!feats.has('toughness'))
    throw new Error('The feats pack has no Toughness feat (system.identifier "toughness")');
  const weapons = sources.weapons
    .map(bestiaryWeapon)
    .filter((w): w is BestiaryWeapon => w !== null)
    .sort((a, b) => a.name.localeCompare(b.name));
  return { classes, feats, weapons, id };
}

/**
 * A d20 3.5 stat block as structured data: the shape of one record of the SRD monster file
 * (`../shared/data/srd35/monsters.json`, fields described in its README). It is the contract
 * between the stat-block text parser (which produces it) and the GnG conversion (which reads it);
 * a d20 Modern block is parsed into the same shape. Field names keep the data file's spelling.
 */
export type AbilityKey = 'str' | 'dex' | 'con' | 'int' | 'wis' | 'cha';

/** A worn armor or shield, as the AC line names it ("armor [+5 half plate]", 12). */
export interface WornItem {
  name: string;
  bonus: number;
}

/** The by-age dragon extras of the data file. */
export interface DragonExtras {
  breath_weapon: string | null;
  frightful_presence_dc: number | null;
  caster_level: number | null;
  sr: number | null;
}

export interface SrdMonsterRecord {
  id: string;
  name: string;
  family?: string;
  source?: string;
  page?: string;
  /** Fine … Colossal. */
  size: string;
  /** "Colossal+" for the epic dragons, else null. */
  size_text?: string | null;
  /** Aberration, Animal, … (a d20 Modern block may give its own type name). */
  type: string;
  subtypes: string[];
  hit_dice_text?: string;
  /** "4d8+11"; class levels kept as "… plus …". */
  hit_dice: string;
  /** Number of HD (fractions such as 0.5); null where the line cannot say. */
  hd: number | null;
  hp: number | null;
  initiative?: number | null;
  speed?: string | null;
  ac_text?: string;
  ac: number | null;
  ac_touch?: number | null;
  ac_flat_footed?: number | null;
  /** [bonus, label] pairs: [-2, "size"], [1, "Dex"], [7, "natural"], [12, "armor [+5 half plate]"]. */
  ac_breakdown: [number, string][];
  natural_armor: number;
  armor_worn: WornItem[] | null;
  shield_worn: WornItem[] | null;
  bab_grapple_text?: string | null;
  bab: number | null;
  grapple: number | null;
  attack: string | null;
  full_attack: string | null;
  attacks_derived?: boolean;
  space_reach_text?: string;
  space: string | null;
  reach: string | null;
  special_attacks: string | null;
  special_qualities: string | null;
  saves_text?: string;
  saves: { fort: number | null; ref: number | null; will: number | null };
  /** null for "—" (no Constitution, no Intelligence …). */
  abilities: Record<AbilityKey, number | null>;
  skills: string | null;
  feats: string | null;
  epic_feats?: string | null;
  environment?: string | null;
  organization?: string | null;
  cr: string | null;
  cr_value: number | null;
  treasure?: string | null;
  alignment?: string | null;
  advancement?: string | null;
  level_adjustment?: string | null;
  dragon?: DragonExtras | null;
  notes?: string | null;
}

/**
 * Damage reduction and energy resistance as actor data (issue #18, "Resistances and objects"):
 * `system.resistances.dr` is the creature's damage reduction as its stat block writes it ("5/silver",
 * "10/magic; 5/—", several separated by commas or semicolons), `system.resistances.energy.<type>` the
 * points of resistance to each of the five energy types. Both are stored fields that Active Effects
 * may change (Upgrade for resistances, which do not stack; Override or Add "; 10/adamantine" for
 * damage reduction). `system.resistances.immunities` is the creature's immunities as text ("fire,
 * poison"; Add ", cold" with an effect), derived as a set of entries (issue #33). The engine (`src/rules/item-properties.ts`) parses and applies them; the attack
 * and area cards read the derived result on the GM's client.
 */
import {
  ENERGY_TYPES,
  immunityEntries,
  parseDamageReduction,
  type DamageReduction,
  type EnergyType,
} from '../../rules/index.js';
import { atMost, LIMITS, validationError } from '../validation.js';

/** Stored: `system.resistances`. */
export interface ResistancesData {
  dr: string;
  energy: Record<EnergyType, number>;
  /** Immunities as a stat block writes them ("fire, poison, sleep"); issue #33. */
  immunities: string;
}

/** Derived: what the damage step uses. */
export interface DerivedResistances {
  /** Every damage reduction that parsed (the damage step takes the best one not bypassed). */
  damageReduction: DamageReduction[];
  /** Resistance points by energy type (0: none). */
  energy: Record<EnergyType, number>;
  /** Entries of `dr` that did not parse (an effect wrote them): shown on the sheet, ignored. */
  invalid: string[];
  /** The immunities, lowercased, one per entry (engine `damageImmunity` reads the damage ones). */
  immunities: string[];
}

/** The schema of `system.resistances` (every field has a default: no migration needed). */
export function resistancesSchema(): DataField {
  const { SchemaField, StringField, NumberField } = foundry.data.fields;
  const energy: DataSchema = {};
  for (const type of ENERGY_TYPES)
    energy[type] = new NumberField({ required: true, nullable: false, integer: true, initial: 0 });
  return new SchemaField({
    dr: new StringField({ required: true, blank: true, initial: '' }),
    energy: new SchemaField(energy),
    immunities: new StringField({ required: true, blank: true, initial: '' }),
  });
}

/** The entries of a damage reduction text ("5/silver; 10/magic" → two), blanks dropped. */
export function damageReductionEntries(text: string): string[] {
  return String(text ?? '')
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Parses what it can of the stored (or effect-changed) resistances. */
export function deriveResistances(data: ResistancesData | undefined): DerivedResistances {
  const damageReduction: DamageReduction[] = [];
  const invalid: string[] = [];
  for (const entry of damageReductionEntries(data?.dr ?? '')) {
    try {
      damageReduction.push(parseDamageReduction(entry));
    } catch {
      invalid.push(entry);
    }
  }
  const energy = {} as Record<EnergyType, number>;
  for (const type of ENERGY_TYPES) {
    const value = Number(data?.energy?.[type] ?? 0);
    energy[type] = Number.isFinite(value) ? Math.max(0, Math.trunc(value)) : 0;
  }
  return { damageReduction, energy, invalid, immunities: immunityEntries(data?.immunities ?? '') };
}

/** `validateJoint`: refuses a damage reduction the engine cannot read and out-of-range resistances. */
export function validateResistances(data: ResistancesData | undefined): void {
  if (!data) return;
  for (const entry of damageReductionEntries(data.dr)) {
    let amount: number;
    try {
      amount = parseDamageReduction(entry).amount;
    } catch {
      throw validationError('GNG.Validation.DamageReduction', { value: entry }, 'resistances.dr');
    }
    // Capped as energy resistance is: no damage is larger than the largest hit points.
    atMost('resistances.dr', amount, LIMITS.hitPoints);
  }
  for (const type of ENERGY_TYPES) {
    const field = `resistances.energy.${type}`;
    const value = data.energy?.[type] ?? 0;
    if (value < 0) throw validationError('GNG.Validation.Negative', { field, value }, field);
    atMost(field, value, LIMITS.hitPoints);
  }
}

/** "5/silver or good", "10/—": one damage reduction as the card and sheet write it. */
export function formatDamageReduction(dr: DamageReduction): string {
  const bypass = dr.bypassedBy.map((group) => group.join(' and ')).join(' or ');
  return `${dr.amount}/${bypass || '—'}`;
}

/**
 * Spell slots and power points as actor data (issue #33): `system.spellcasting.slots.<0–9>` and
 * `system.spellcasting.powerPoints`, each `{ value, max }` (left now, per day). Stored fields the
 * owner sets on the Magic tab; a cast spends them on the active GM's client (src/cards/cast/), a rest
 * restores them (src/cards/rest/rest-apply.ts), through the engine (`src/rules/spell-resources.ts`).
 * Every field has a default of 0 (no migration needed): a caster with no maximum is not tracked.
 */
import { HIGHEST_SPELL_SLOT, type Pool } from '../../rules/index.js';
import { atMost, LIMITS, validationError } from '../validation.js';

/** The slot levels kept, 0 to 9th (the engine's `SLOT_LEVELS`, loaded on first use). */
export const SLOT_LEVELS: readonly number[] = Array.from({ length: HIGHEST_SPELL_SLOT + 1 }, (_, l) => l);

/** Stored: `system.spellcasting`. */
export interface SpellcastingData {
  slots: Record<string, Pool>;
  powerPoints: Pool;
}

function poolField(): DataField {
  const { SchemaField, NumberField } = foundry.data.fields;
  const n = () => new NumberField({ required: true, nullable: false, integer: true, initial: 0 });
  return new SchemaField({ value: n(), max: n() });
}

/** The schema of `system.spellcasting`. */
export function spellcastingSchema(): DataField {
  const { SchemaField } = foundry.data.fields;
  const slots: DataSchema = {};
  for (const level of SLOT_LEVELS) slots[String(level)] = poolField();
  return new SchemaField({ slots: new SchemaField(slots), powerPoints: poolField() });
}

/** `validateJoint`: no negative count, slots up to {@link LIMITS.levels}, power points up to `amount`. */
export function validateSpellcasting(data: SpellcastingData | undefined): void {
  if (!data) return;
  const check = (field: string, p: Pool | undefined, max: number) => {
    for (const key of ['value', 'max'] as const) {
      const value = p?.[key] ?? 0;
      const path = `${field}.${key}`;
      if (value < 0) throw validationError('GNG.Validation.Negative', { field: path, value }, path);
      atMost(path, value, max);
    }
  };
  for (const level of SLOT_LEVELS)
    check(`spellcasting.slots.${level}`, data.slots?.[String(level)], LIMITS.levels);
  check('spellcasting.powerPoints', data.powerPoints, LIMITS.amount);
}

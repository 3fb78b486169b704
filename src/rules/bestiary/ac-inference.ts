/**
 * Bestiary conversion (issue #28): Protection from an Armor Class printed without its parts
 * ("AC 16, touch 8, flat-footed 16"). d20 3.5: AC = 10 + armor + shield + natural armor + Dex + size
 * + deflection + …, and a touch AC leaves out armor, shield and natural armor, so AC − touch AC =
 * armor + shield + natural armor. GnG Protection is "Armor bonus + Natural Armor bonus"; with no
 * parts named, the difference is taken as natural armor (no armor item can be made of it). Decision
 * "AC without its parts", docs/rules.md.
 */
import type { ConversionStep, StepData } from './convert-steps.js';
import type { SrdMonsterRecord } from './srd-record.js';

/** What an AC line without parts gives Protection, and why (an i18n key under GNG.Bestiary.Step). */
export type AcInference =
  | { kind: 'none' }
  | { kind: 'inferred'; amount: number; ac: number; touch: number }
  | { kind: 'no-touch'; ac: number }
  | { kind: 'touch-above'; ac: number; touch: number };

/** Whether and how the natural armor of a record is inferred from its AC and touch AC. */
export function inferArmorFromTouch(record: SrdMonsterRecord): AcInference {
  const { ac } = record;
  const touch = record.ac_touch ?? null;
  if (ac === null || record.ac_breakdown.length > 0) return { kind: 'none' };
  // Parts the record names another way (a corrected natural armor, worn armor) are not guessed at.
  if (record.natural_armor !== 0 || (record.armor_worn ?? []).length || (record.shield_worn ?? []).length)
    return { kind: 'none' };
  if (touch === null) return { kind: 'no-touch', ac };
  if (touch > ac) return { kind: 'touch-above', ac, touch };
  return { kind: 'inferred', amount: ac - touch, ac, touch };
}

/** The inference as the conversion uses it: natural armor to add, its step, and what to list. */
export function protectionFromTouch(record: SrdMonsterRecord): {
  amount: number;
  step: ConversionStep | null;
  unconverted: string | null;
} {
  const found = inferArmorFromTouch(record);
  const step = (value: number | null, key: string, data: StepData): ConversionStep => ({
    field: 'protection.inferred',
    value,
    explanation: { key: `GNG.Bestiary.Step.${key}`, data },
  });
  switch (found.kind) {
    case 'inferred':
      return {
        amount: found.amount,
        step: step(found.amount, 'ProtectionInferred', {
          ac: found.ac,
          touch: found.touch,
          amount: found.amount,
        }),
        unconverted: null,
      };
    case 'no-touch':
      return {
        amount: 0,
        step: step(null, 'ProtectionNotInferred', { ac: found.ac }),
        unconverted: `ac: ${found.ac} (no parts and no touch AC: Protection not inferred)`,
      };
    case 'touch-above':
      return {
        amount: 0,
        step: step(null, 'ProtectionNotInferredTouch', { ac: found.ac, touch: found.touch }),
        unconverted: `ac: ${found.ac}, touch ${found.touch} (touch above the AC: Protection not inferred)`,
      };
    default:
      return { amount: 0, step: null, unconverted: null };
  }
}

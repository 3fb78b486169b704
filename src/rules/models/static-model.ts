/**
 * What the models with static defenses (Saga, issue #30; the Enlightened Grognard, issue #31) build
 * alike: one capability on, the static defense spec, the lazily loaded analysis, the d20 against a
 * static defense (a natural 20 hits and is a critical, a natural 1 misses), the end of the damage
 * (Damage Reduction, then energy resistance, never below 0) and the hit points a hit takes. Each
 * model's file says which text it rests on. Pure; loaded with the model, never at start.
 */
import type { DamageResult, DamageSteps } from '../damage.js';
import { applyDamageToHitPoints } from '../hit-points.js';
import { assertInteger, assertIntegerInRange, assertNonNegativeInteger, sumOfIntegers } from '../validate.js';
import {
  MODEL_CAPABILITIES,
  type DefenseSpec,
  type HealthVector,
  type ModelAnalysis,
  type ModelCapabilities,
  type ModelCapability,
  type ModelDamageInput,
  type ModelPart,
  type Resolution,
} from './types.js';

/** The capabilities with only `on` on (every GnG capability off). */
export function onlyCapability(on: ModelCapability): ModelCapabilities {
  return Object.fromEntries(MODEL_CAPABILITIES.map((c) => [c, c === on])) as unknown as ModelCapabilities;
}

/** A model's static defense as the seam's spec. */
export const staticSpec = (d: { id: string; value: number; parts: ModelPart[] }): DefenseSpec => ({
  kind: 'static',
  id: d.id,
  value: d.value,
  parts: d.parts,
});

/** `load` on the first call only; the same promise after. */
export function lazyAnalysis(load: () => Promise<ModelAnalysis>): () => Promise<ModelAnalysis> {
  let analysis: Promise<ModelAnalysis> | null = null;
  return () => (analysis ??= load());
}

export const NATURAL_CRITICAL = 20;
export const NATURAL_MISS = 1;

/**
 * `attackTotal` against a static `defense` (a hit at least reaches it); `natural` the d20 (null or
 * absent: no die, e.g. Take 10): a natural 20 hits and is a critical, a natural 1 misses.
 */
export function resolveStaticD20(attackTotal: number, defense: number, natural?: number | null): Resolution {
  const margin = assertInteger('attack total', attackTotal) - assertInteger('defense', defense);
  const die =
    natural === undefined || natural === null ? null : assertIntegerInRange('natural d20', natural, 1, 20);
  if (die === NATURAL_CRITICAL) return { hit: true, margin, automatic: 'hit', critical: true, fumble: false };
  if (die === NATURAL_MISS) return { hit: false, margin, automatic: 'miss', critical: false, fumble: false };
  return { hit: margin >= 0, margin, automatic: null, critical: false, fumble: false };
}

/**
 * The weapon's part of a hit's damage, for the models whose critical hit counts every weapon die at its
 * highest face (the Enlightened Grognard 003:134–135, the Time Count 002:62): the dice as rolled, or
 * on a critical their faces (`diceFaces`, one a die), plus the weapon's bonus.
 */
export function weaponDiceCounted(input: ModelDamageInput): {
  critical: boolean;
  dice: number;
  weapon: number;
} {
  const rolled = input.weaponDice ?? [];
  if (!Array.isArray(rolled)) throw new RangeError('weaponDice must be an array of rolled values');
  const critical = input.critical === true;
  const faces = input.diceFaces;
  if (critical && (!Array.isArray(faces) || faces.length !== rolled.length)) {
    throw new RangeError('a critical hit needs the faces of each weapon die (diceFaces)');
  }
  const dice = critical
    ? sumOfIntegers('diceFaces', faces as number[], 1, 1000)
    : sumOfIntegers('weaponDice', rolled, 1);
  return { critical, dice, weapon: dice + assertInteger('weapon bonus', input.weaponBonus ?? 0) };
}

/**
 * The end of a hit's damage: `afterProtection` (what the model's own steps left) less Damage
 * Reduction, then energy resistance, never below 0; lethal or nonlethal as the input says.
 */
export function reducedDamage(
  input: Pick<ModelDamageInput, 'damageReduction' | 'energyResistance' | 'nonlethal'>,
  steps: Pick<DamageSteps, 'weapon' | 'strength' | 'other' | 'total' | 'afterProtection'>,
): DamageResult {
  const energyResistance = assertNonNegativeInteger('energy resistance', input.energyResistance ?? 0);
  const damageReduction = assertNonNegativeInteger('damage reduction', input.damageReduction ?? 0);
  const afterDamageReduction = Math.max(0, steps.afterProtection - damageReduction);
  const final = Math.max(0, afterDamageReduction - energyResistance);
  const nonlethal = input.nonlethal === true;
  return {
    steps: {
      weapon: steps.weapon,
      strength: steps.strength,
      other: steps.other,
      relativeDegree: 0,
      total: steps.total,
      protection: 0,
      afterProtection: steps.afterProtection,
      damageReduction,
      afterDamageReduction,
      energyResistance,
      final,
    },
    protectionBreakdown: null,
    final,
    lethal: nonlethal ? 0 : final,
    nonlethal: nonlethal ? final : 0,
    specialEffects: final >= 1,
  };
}

/** A hit's lethal and nonlethal damage (non-negative integers) and what the lethal leaves of the HP (temporary HP first). */
export function hitPointDamage(before: HealthVector, damage: { lethal: number; nonlethal: number }) {
  const lethalDamage = assertNonNegativeInteger('lethal damage', damage.lethal);
  const nonlethalDamage = assertNonNegativeInteger('nonlethal damage', damage.nonlethal);
  const lethal = applyDamageToHitPoints({
    current: before.value ?? 0,
    temporary: before.temp ?? 0,
    damage: lethalDamage,
  });
  return { lethalDamage, nonlethalDamage, lethal };
}

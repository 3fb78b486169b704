/**
 * The damage of a multi-shot attack (GnG ACCELERATED PAIR, SINGLE TARGET BURST, MULTIPLE-BARREL FIRE,
 * CONTINUOUS BEAM FIRE): "You apply damage bonuses for Relative Degree … to your first shot, only";
 * "Apply your opponent's energy resistance, Protection, and the like to the damage of each barrel,
 * separately"; a continuous beam totals its hits "before applying energy resistance, Protection",
 * per barrel. The amounts before Protection are the engine's `multiShotDamageInstances`; each goes
 * through the world's combat model's damage (GnG: `damagePipeline`) for Protection (with its bypass),
 * lethal or nonlethal.
 */
import {
  PROTECTION_PARTS,
  multiShotDamageInstances,
  type DamageResult,
  type DamageSteps,
  type ProtectionParts,
} from '../../rules/index.js';
import { combatModel } from '../../settings/combat-model.js';
import type { CardDamage } from './attack-state.js';
import type { CardDamageInstance, CardFire } from './firearms.js';

export { fireHits, multiShot } from './firearms.js';

interface ShotContext {
  relativeDegree: number;
  protection: ProtectionParts;
  bypass: 'none' | 'piercing' | 'ignoring';
  penetrated: boolean;
  /** Each shot's own damage reduction, energy resistance and Sun Blade multiplier (issue #18). */
  afterProtectionMultiplier?: number;
  damageReduction?: number;
  energyResistance?: number;
  fortification: 'none' | 'light' | 'moderate' | 'heavy';
  nonlethal: boolean;
  formula: string;
  automatic: boolean;
}

/**
 * The card's damage of `hitsPerBarrel` shots from each of the fire's barrels, from the rolled dice
 * (`diceEach` per shot, barrel by barrel, shot by shot) and the per-shot bonus (weapon bonus,
 * enhancement, Strength: the first shot's only, as RD).
 */
export function shotDamage(
  fire: Pick<CardFire, 'barrels' | 'beam' | 'mode'>,
  hitsPerBarrel: number,
  rolled: readonly number[],
  diceEach: number,
  shotBonus: number,
  ctx: ShotContext,
): CardDamage {
  const rd = ctx.relativeDegree;
  const shots: number[][][] = [];
  let at = 0;
  for (let b = 0; b < fire.barrels; b++) {
    const barrel: number[][] = [];
    for (let s = 0; s < hitsPerBarrel; s++) {
      barrel.push(rolled.slice(at, at + diceEach));
      at += diceEach;
    }
    shots.push(barrel);
  }
  const sum = (values: readonly number[]) => values.reduce((a, v) => a + v, 0);
  // Each shot's value; the first of each barrel carries the bonuses (RD is the engine's to add).
  const perBarrel = shots.map((barrel) => barrel.map((dice, s) => sum(dice) + (s === 0 ? shotBonus : 0)));
  const continuousBeam = fire.beam && fire.mode !== 'single';
  const amounts = multiShotDamageInstances({ perBarrel, relativeDegree: Math.max(0, rd), continuousBeam });

  const instances: CardDamageInstance[] = [];
  const pipelines: DamageResult[] = [];
  let k = 0;
  shots.forEach((barrel, b) => {
    const groups = continuousBeam ? (barrel.length ? [barrel] : []) : barrel.map((dice) => [dice]);
    groups.forEach((group, g) => {
      const amount = amounts[k++] ?? 0;
      const pipeline = combatModel().damage({
        weaponDice: [],
        otherBonus: amount,
        margin: 0,
        protection: ctx.protection,
        bypass: ctx.bypass,
        penetrated: ctx.penetrated,
        fortification: ctx.fortification,
        nonlethal: ctx.nonlethal,
        afterProtectionMultiplier: ctx.afterProtectionMultiplier ?? 1,
        damageReduction: ctx.damageReduction ?? 0,
        energyResistance: ctx.energyResistance ?? 0,
      });
      pipelines.push(pipeline);
      const first = g === 0;
      instances.push({
        barrel: b + 1,
        shots: group.length,
        dice: group.flat(),
        relativeDegree: first ? Math.max(0, rd) : 0,
        bonus: first ? shotBonus : 0,
        total: pipeline.steps.total,
        protection: pipeline.steps.protection,
        final: pipeline.final,
      });
    });
  });
  const totalOf = (key: keyof DamageSteps) => pipelines.reduce((a, p) => a + (p.steps[key] ?? 0), 0);
  const steps: DamageSteps = {
    weapon: instances.reduce((a, i) => a + sum(i.dice) + i.bonus, 0),
    strength: 0,
    other: 0,
    relativeDegree: instances.reduce((a, i) => a + i.relativeDegree, 0),
    total: totalOf('total'),
    protection: totalOf('protection'),
    afterProtection: totalOf('afterProtection'),
    damageReduction: totalOf('damageReduction'),
    afterDamageReduction: totalOf('afterDamageReduction'),
    energyResistance: totalOf('energyResistance'),
    final: totalOf('final'),
  };
  const breakdown = pipelines[0]?.protectionBreakdown ?? null;
  return {
    formula: ctx.formula,
    dice: rolled.slice(0, at),
    steps,
    final: pipelines.reduce((a, p) => a + p.final, 0),
    lethal: pipelines.reduce((a, p) => a + p.lethal, 0),
    nonlethal: pipelines.reduce((a, p) => a + p.nonlethal, 0),
    specialEffects: pipelines.some((p) => p.specialEffects),
    bypass: breakdown?.bypass ?? ctx.bypass,
    protectionParts: breakdown
      ? PROTECTION_PARTS.filter((part) => breakdown[part] !== 0).map((part) => ({
          label: `GNG.Protection.Part.${part}`,
          value: breakdown[part],
        }))
      : [],
    instances,
    ...(ctx.automatic ? { automatic: true } : {}),
  };
}

/**
 * The Saga-style model's maximum hit points (seed 001 has no formula: decision A15, docs/rules.md
 * "Defenses, damage and health"): each class's hit die, the whole die at the character's first level
 * and its average rounded up at every other, + the Constitution modifier per level (at least 1 HP a
 * level), + 3 per Toughness feat and the other HP modifiers. No size multiplier (GnG's, not the
 * chapter's). Pure.
 */
import { abilityModifier } from '../../abilities.js';
import { TOUGHNESS_HP, type HitPointsInput } from '../../hit-points.js';
import { HIT_DIE_FACES, type Progression } from '../../types.js';
import { assertInteger, assertIntegerInRange, assertNonNegativeInteger } from '../../validate.js';
import type { ModelCreature, ModelPart } from '../types.js';

/** A class without a hit die of its own: by its HP progression (good d10, average d8, poor d6; A15). */
export const HIT_DIE_BY_PROGRESSION: Readonly<Record<Progression, number>> = {
  good: 10,
  average: 8,
  poor: 6,
};

/** The hit die of a class: its own, else by its HP progression. */
export function hitDieOf(c: { progression: Progression; hitDie?: number | null }): number {
  const die = c.hitDie ?? HIT_DIE_BY_PROGRESSION[c.progression];
  return assertIntegerInRange('hit die', die, HIT_DIE_FACES.min, HIT_DIE_FACES.max);
}

/** A die's average rounded up: d8 → 5 (A15). */
export function averageRoll(faces: number): number {
  return Math.ceil((faces + 1) / 2);
}

const part = (key: string, value: number): ModelPart => ({ label: `GNG.Model.Saga.Health.Hp.${key}`, value });

/** Maximum HP and their breakdown (A15). Constitution 0: 0 (dead); no Constitution score: modifier 0. */
export function sagaMaxHitPoints(input: HitPointsInput): { max: number; parts: ModelPart[] } {
  const con = input.con === null ? null : assertNonNegativeInteger('con', input.con);
  const conMod = con === null ? 0 : abilityModifier(con);
  let first = 0;
  let dice = 0;
  let levels = 0;
  let floor = 0;
  for (const c of input.classes) {
    const n = assertNonNegativeInteger('levels', c.levels);
    if (n === 0) continue;
    const die = hitDieOf(c);
    for (let l = 0; l < n; l++) {
      const roll = levels === 0 ? die : averageRoll(die);
      if (levels === 0) first = roll;
      else dice += roll;
      // At least 1 HP a level, however low the Constitution.
      floor += Math.max(0, 1 - (roll + conMod));
      levels += 1;
    }
  }
  const toughness = assertNonNegativeInteger('toughness', input.toughness ?? 0) * TOUGHNESS_HP;
  const other = assertInteger('other HP modifiers', input.other ?? 0);
  const constitution = conMod * levels + floor;
  const parts = [
    part('firstLevel', first),
    part('laterLevels', dice),
    part('constitution', constitution),
    part('toughness', toughness),
    part('other', other),
  ].filter((p) => p.value !== 0);
  const total = first + dice + constitution + toughness + other;
  return { max: con === 0 ? 0 : Math.max(1, total), parts };
}

/**
 * The same maximum for a model that adopts it (the Enlightened Grognard's A13, the Time Count's
 * hit-points.ts): the Constitution the score at full health (without its ability damage), the parts'
 * labels under the model's `GNG.Model.<key>.Health.Hp.*`.
 */
export function adoptedMaxHitPoints(
  creature: Pick<ModelCreature, 'hitPoints'> & Pick<Partial<ModelCreature>, 'abilities'>,
  key: 'EG' | 'TC',
): { max: number; parts: ModelPart[] } {
  const con = creature.abilities?.con;
  const input: HitPointsInput =
    con && creature.hitPoints.con !== null ? { ...creature.hitPoints, con: con.score } : creature.hitPoints;
  const { max, parts } = sagaMaxHitPoints(input);
  return { max, parts: parts.map((p) => ({ label: p.label.replace('.Saga.', `.${key}.`), value: p.value })) };
}

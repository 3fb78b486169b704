/**
 * The Enlightened Grognard's maximum hit points (seed 003 has no class tables: decision A13, the
 * Saga-style model's A15): each class's hit die, whole at the first level and its average rounded up
 * at every other, + the Constitution modifier a level (at least 1 HP a level), + Toughness and the
 * other HP modifiers. The Constitution is the score at full health, without its ability damage: the
 * bloodied line is half "the hit points you would have when at full health" (003:969) and Constitution
 * damage is "the actual physical damage you've sustained" (003:966), a track of its own. Pure.
 */
import { adoptedMaxHitPoints } from '../saga/hit-points.js';
import type { ModelCreature, ModelPart } from '../types.js';

/** Maximum HP and their breakdown (lang keys `GNG.Model.EG.Health.Hp.*`). */
export function egMaxHitPoints(
  creature: Pick<ModelCreature, 'hitPoints'> & Pick<Partial<ModelCreature>, 'abilities'>,
): { max: number; parts: ModelPart[] } {
  return adoptedMaxHitPoints(creature, 'EG');
}

/** Bloodied (003:969, A9): fewer HP than half the maximum, by real division (HP × 2 < max). */
export function isBloodied(hp: number, max: number): boolean {
  return hp * 2 < max;
}

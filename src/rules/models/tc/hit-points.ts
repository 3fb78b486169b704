/**
 * Maximum hit points under the Time Count model. Seed 002 has no HP formula (it only says "When your
 * hit point total reaches 0, you are dead", 002:145); the core rules base them "on the character's
 * class and level, and the character's Constitution modifier applies" (004:145). Decision (as the
 * Saga-style A15 and the Enlightened Grognard A13): each class's hit die, whole at the first level and
 * its average rounded up at every other, + the Constitution modifier a level (at least 1 HP a level),
 * + Toughness and the other HP modifiers. The Constitution is the score without ability damage. Pure.
 */
import { adoptedMaxHitPoints } from '../saga/hit-points.js';
import type { ModelCreature, ModelPart } from '../types.js';

/** Maximum HP and their breakdown (lang keys `GNG.Model.TC.Health.Hp.*`). */
export function tcMaxHitPoints(
  creature: Pick<ModelCreature, 'hitPoints'> & Pick<Partial<ModelCreature>, 'abilities'>,
): { max: number; parts: ModelPart[] } {
  return adoptedMaxHitPoints(creature, 'TC');
}

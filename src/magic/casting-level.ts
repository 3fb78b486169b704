/**
 * The caster level a spell or power counts: the given one (default the caster's own level) less its
 * negative levels (energy drain, engine `effectiveLevel`); a level outside 0–100 is refused.
 */
import type { CreatureData } from '../data/actor/creature-data.js';
import { effectiveLevel } from '../rules/index.js';
import { Refusal } from '../cards/kernel/index.js';

export function castingLevel(caster: Actor, given: number | undefined): number {
  const derived = (caster.system as CreatureData).derived;
  const level = given ?? derived.level;
  if (!Number.isInteger(level) || level < 0 || level > 100) throw new Refusal('GNG.Cast.Error.Level');
  return effectiveLevel(level, derived.negativeLevels ?? 0);
}

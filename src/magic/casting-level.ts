/**
 * The caster level a spell or power counts: the given one (default the caster's own level) less its
 * negative levels (energy drain, engine `effectiveLevel`); a level outside 0–100 is refused, and so is
 * one above the caster's own level stated by a player (decision in docs/rules.md "Caster level": the
 * number a player's client wrote decides nothing more than the sheet gives; a GM may state any).
 */
import { effectiveLevel } from '../rules/index.js';
import { Refusal } from '../cards/kernel/index.js';

export function castingLevel(caster: Actor, given: number | undefined, sender: User): number {
  const derived = caster.system.derived;
  const level = given ?? derived.level;
  if (!Number.isInteger(level) || level < 0 || level > 100) throw new Refusal('GNG.Cast.Error.Level');
  if (!sender.isGM && level > derived.level)
    throw new Refusal('GNG.Cast.Error.LevelAboveOwn', {
      name: caster.name,
      level: derived.level,
      given: level,
    });
  return effectiveLevel(level, derived.negativeLevels ?? 0);
}

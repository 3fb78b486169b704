/** The damage types a weapon may deal (the item sheet's checkboxes; `GNG.DamageType.<type>`). */
export const DAMAGE_TYPES = [
  'bludgeoning',
  'piercing',
  'slashing',
  'fire',
  'cold',
  'acid',
  'electricity',
  'sonic',
  'force',
] as const;

/** The data of `GNG.Area.Error.DamageType`: the type given and the list it must be one of. */
export function damageTypeData(type: string): { type: string; types: string } {
  return { type, types: DAMAGE_TYPES.join(', ') };
}

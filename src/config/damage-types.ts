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

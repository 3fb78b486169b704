/**
 * Spells and powers from the sheet (GnG Appendix 5 and the armor metamagic feats of Appendix 4):
 * weapon spells as timed effects on a weapon (weapon-spells.ts), damaging spells on the area card
 * (area-spells.ts). Loaded on first use (issue #29): magic-register.ts registers the GM queries on
 * `init`, and the API and the sheet's Cast button load this module when they cast.
 */
export {
  castWeaponSpell,
  handleCastWeaponSpell,
  enchantmentOf,
  isNaturalWeapon,
  weaponChoices,
  weaponRefusal,
  CAST_WEAPON_SPELL_QUERY,
  type WeaponCast,
  type WeaponCastOptions,
} from './weapon-spells.js';
export {
  castAreaSpell,
  handleCastAreaSpell,
  metamagicChoices,
  metamagicCost,
  CAST_AREA_SPELL_QUERY,
  type AreaCastOptions,
} from './area-spells.js';

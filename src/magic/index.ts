/**
 * Spells and powers from the sheet (GnG Appendix 5 and the armor metamagic feats of Appendix 4):
 * weapon spells as timed effects on a weapon (weapon-spells.ts), damaging spells on the area card
 * (area-spells.ts).
 */
import { registerAreaSpells } from './area-spells.js';
import { registerWeaponSpells } from './weapon-spells.js';

export {
  castWeaponSpell,
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
  metamagicChoices,
  metamagicCost,
  CAST_AREA_SPELL_QUERY,
  type AreaCastOptions,
} from './area-spells.js';

/** Registers the casting GM queries (on `init`). */
export function registerMagic(): void {
  registerWeaponSpells();
  registerAreaSpells();
}

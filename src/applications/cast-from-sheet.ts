/**
 * A Cast (Manifest) button of the sheet's Magic tab: the cast dialog, then the weapon spell on the
 * chosen weapons or the damaging spell on the area card (src/magic/).
 */
import { onDemand } from '../on-demand.js';
import { magicModule } from '../magic/magic-register.js';

/** The cast dialog, loaded on its first open (issue #29). */
const castDialog = onDemand(() => import('./cast-dialog.js'));

/** `caster` casts `spell` (one of its spells or powers) as the user chooses in the cast dialog. */
export async function castFromSheet(caster: Actor, spell: Item): Promise<void> {
  const choice = await (await castDialog()).CastDialog.prompt(caster, spell);
  if (!choice) return;
  const { castAreaSpell, castWeaponSpell } = await magicModule();
  if (choice.kind === 'weapon') {
    const weapons = (await Promise.all(choice.weaponUuids.map((uuid) => fromUuid(uuid)))).filter(
      (item): item is Item => !!item && (item as Item).documentName === 'Item',
    );
    await castWeaponSpell(caster, spell, { weapons, casterLevel: choice.casterLevel });
    return;
  }
  await castAreaSpell(caster, spell, {
    damage: choice.damage,
    saveDc: choice.saveDc,
    metamagic: choice.metamagic,
    casterLevel: choice.casterLevel,
    ...(choice.damageType ? { damageType: choice.damageType } : {}),
  });
}

/**
 * Attack macros on the hotbar (hotbar-macro.ts says what they are): making the macro of a weapon
 * dropped on the hotbar, and running one. Loaded on first use (issue #29's start budget).
 */
import { SYSTEM_ID } from '../config/document-types.js';
import type { GnGActor } from '../documents/actor.js';

/** The command of the attack macro of an item. */
export function itemMacroCommand(uuid: string): string {
  return `game.gng.rollItemMacro(${JSON.stringify(uuid)});`;
}

/** Creates (or finds) the attack macro of `weapon` and assigns it to the user's hotbar `slot`. */
export async function createItemMacro(weapon: Item, slot: number): Promise<Macro | null> {
  const command = itemMacroCommand(weapon.uuid);
  let macro = game.macros.find((m) => m.name === weapon.name && m.command === command) ?? null;
  macro ??=
    (await Macro.create({
      name: weapon.name,
      type: 'script',
      ...(weapon.img ? { img: weapon.img } : {}),
      command,
      flags: { [SYSTEM_ID]: { itemMacro: true } },
    })) ?? null;
  if (macro) await game.user.assignHotbarMacro(macro, slot);
  return macro;
}

/**
 * What an attack macro runs: attacks with the weapon of this uuid for its actor, which the user must
 * own — the attack dialog, or the default options when Shift is held. A missing item, an item on no
 * actor, or an actor the user does not own is a warning; resolves with the attack card, or null.
 */
export async function rollItemMacro(uuid: string): Promise<ChatMessage | null> {
  const doc = await fromUuid(uuid);
  if (!doc || doc.documentName !== 'Item') {
    ui.notifications.warn(game.i18n.localize('GNG.Macro.NoItem'));
    return null;
  }
  const item = doc as Item;
  const actor = item.actor;
  if (!actor) {
    ui.notifications.warn(game.i18n.format('GNG.Macro.NotOnActor', { name: item.name }));
    return null;
  }
  if (!actor.isOwner) {
    ui.notifications.warn(game.i18n.format('GNG.Macro.NotOwner', { actor: actor.name, name: item.name }));
    return null;
  }
  if (item.type !== 'weapon') {
    ui.notifications.warn(game.i18n.format('GNG.Macro.NotWeapon', { name: item.name }));
    return null;
  }
  return (actor as GnGActor).rollAttack(item, { skipDialog: game.keyboard.isModifierActive('Shift') });
}

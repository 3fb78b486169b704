/**
 * Attack macros on the hotbar. Dropping a weapon an actor carries (from an attack row or the
 * inventory of its sheet) on the hotbar creates a script Macro named after the weapon, with its
 * image, whose command is `game.gng.rollItemMacro("<item uuid>")` — or reuses the one already made
 * for it — and puts it in the slot. Other drops are left to Foundry (`hotbarDrop` returns nothing).
 * Running the macro attacks with the weapon: the attack dialog, or the defaults with Shift held.
 * (Pattern from draw-steel's item macros, MIT: `hotbarDrop` handled by returning false.)
 *
 * Whether a drop is ours is decided at once (the hook's answer must be synchronous); making the macro
 * and running it (item-macro.ts) load on first use (issue #29's start budget): the creation stays a
 * promise no one awaits, the run one its caller awaits (the load is tracked, the run is not: it may
 * wait on the attack dialog).
 */
import { onDemand } from '../on-demand.js';

/** Making the macro and running it (item-macro.ts), loaded on first use. */
const itemMacro = onDemand(() => import('./item-macro.js'));

/** A weapon embedded in an actor: what an attack macro can be made of. */
function actorWeapon(doc: FoundryDocument | null): Item | null {
  if (!doc || doc.documentName !== 'Item' || doc.type !== 'weapon') return null;
  return (doc as Item).actor ? (doc as Item) : null;
}

/** `hotbarDrop` (src/hooks/register-hooks.ts): an actor's weapon becomes an attack macro. */
export function dropOnHotbar(
  _hotbar: unknown,
  data: Record<string, unknown>,
  slot: number,
): false | undefined {
  if (data.type !== 'Item' || typeof data.uuid !== 'string') return undefined;
  const weapon = actorWeapon(fromUuidSync(data.uuid));
  if (!weapon) return undefined;
  void itemMacro().then((m) => m.createItemMacro(weapon, slot));
  return false;
}

/**
 * What an attack macro runs (`game.gng.rollItemMacro`): item-macro.ts `rollItemMacro`, loaded on
 * first use; resolves with the attack card, or null.
 */
export async function rollItemMacro(uuid: string): Promise<ChatMessage | null> {
  return (await itemMacro()).rollItemMacro(uuid);
}

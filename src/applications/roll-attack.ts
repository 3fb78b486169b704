/**
 * `Actor#rollAttack` (src/documents/actor.ts), through `game.gng.rollAttack`: the documents layer
 * imports neither applications nor cards, so the attack dialog and the attack flow are reached here.
 */
import { DEFAULT_ATTACK_OPTIONS, type AttackChoices } from '../cards/attack/attack-options.js';
import { attackRowOf } from '../data/actor/attack-row.js';
import { onDemand } from '../on-demand.js';
import type { RollAttackOptions } from '../documents/actor.js';

/** The attack dialog, loaded on its first open (issue #29). */
const attackDialog = onDemand(() => import('./attack-dialog.js'));

/**
 * Attacks with `actor`'s equipped weapon (the item or its id): the attack dialog asks for the options
 * (unless `skipDialog`: the defaults), then `game.gng.attack` starts the attack. Resolves with the
 * attack card, or null when the weapon cannot attack, the dialog was cancelled or the attack refused.
 */
export async function rollAttack(
  actor: Actor,
  weapon: Item | string,
  options: RollAttackOptions = {},
): Promise<ChatMessage | null> {
  const item = typeof weapon === 'string' ? actor.items.get(weapon) : weapon;
  if (!item || item.parent !== (actor as FoundryDocument) || !attackRowOf(actor, item)) {
    const name = item?.name ?? (typeof weapon === 'string' ? weapon : '');
    ui.notifications.warn(game.i18n.format('GNG.Error.NoAttack', { name }));
    return null;
  }
  const choices: AttackChoices | null = options.skipDialog
    ? structuredClone(DEFAULT_ATTACK_OPTIONS)
    : await (await attackDialog()).AttackDialog.prompt(actor, item);
  if (!choices) return null;
  return game.gng.attack(actor, item, choices);
}

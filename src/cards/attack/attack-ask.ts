/**
 * The asking client's side of an attack (GnG ATTACK ROLL): `startAttack` sends the actor, the
 * weapon, the choices and the targeted tokens to the active GM, which rolls and posts the card
 * (attack-start.ts, loaded with the card's other steps on first use: attack-actions.ts).
 */
import { askGM, noTargetWarning } from '../kernel/index.js';
import type { AttackChoices } from './attack-options.js';
import { f } from '../../format.js';

/** The query every attack card action goes through (`CONFIG.queries`). */
export const ATTACK_QUERY = 'gng.attackAction';

/** A targeted token as a request names it: its id and its actor (a synthetic actor's uuid for an unlinked token). */
export interface TargetRef {
  tokenId: string;
  actorUuid: string;
}

/**
 * Starts an attack of `actor` with `weapon` (an equipped weapon of the actor) against the user's
 * targets (or `targetTokens`: the Riposte attacks the attacker's token): the active GM rolls
 * 1d20 + bonus (and the d10 chain on a natural 20 or 1) and posts the attack card.
 * Resolves with the card, or null when refused or cancelled (`gng.preAttack`, on the GM's client).
 * Without a targeted token (and no `options.object`) it warns and asks nothing: nothing is rolled.
 */
export async function startAttack(
  actor: Actor,
  weapon: Item,
  choices: AttackChoices = {},
  targetTokens?: readonly { readonly id: string; readonly actor: Actor | null }[],
): Promise<ChatMessage | null> {
  // The roll mode (the dialog's, else this user's chat control) travels in the request's envelope.
  const { rollMode, ...options } = choices;
  if (!actor.isOwner) {
    ui.notifications.warn(f('GNG.Error.Attack.NotAttackerOwner', { name: actor.name }));
    return null;
  }
  const tokens = targetTokens ?? [...game.user.targets];
  // An opposed attack needs a defender to roll Defense: refuse before anything is rolled or posted.
  if (!options.object && !tokens.some((token) => token.actor)) {
    ui.notifications.warn(noTargetWarning(actor));
    return null;
  }
  const result = await askGM(
    ATTACK_QUERY,
    {
      action: 'start',
      actorUuid: actor.uuid,
      weaponId: weapon.id,
      options: structuredClone(options),
      targets: tokens.flatMap((token) =>
        token.actor ? [{ tokenId: token.id, actorUuid: token.actor.uuid } satisfies TargetRef] : [],
      ),
    },
    rollMode ? { rollMode } : {},
  );
  if (!result.ok || !result.messageId) return null;
  return game.messages.get(result.messageId) ?? null;
}

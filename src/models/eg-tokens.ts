/**
 * The Enlightened Grognard's tokens at the table (issue #31; docs/rules.md "Tokens"), registered
 * when the model is loaded ({@link registerEgTokens}; nothing of it is in the code a world loads at
 * start). On the active GM's client:
 * - a PC's combatant that rolls initiative gets the initiative card, 2 tokens of its owner's choice
 *   (003:430; NPCs none, 003:472), once per PC and combat until a GM clears its initiative (a player who
 *   clears and rolls again, or adds a second combatant of the PC, gains nothing more); the mark is in
 *   the Combat's flags, `flags.gng.eg.offered.<actor id>`;
 * - a gift between PCs (`gng.egGift`) and the cards' buttons (`gng.egTokenCard`);
 * - the end of the encounter (the combat deleted, which is how it ends): its encounter pools go
 *   with it (003:461) and each of its creatures' `system.model.eg.bloodied` goes back to 0 (R20, A9).
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { isActiveGM } from '../documents/active-gm.js';
import { modelOffers } from '../settings/combat-model.js';
import { registerCard, registerGMQuery, serialized, track } from '../cards/kernel/index.js';
import { EG_GIFT_QUERY, EG_TOKEN_CARD_TEMPLATE } from '../cards/eg-tokens/token-state.js';
import { egTokenCard, handleGift, postInitiativeCard } from '../cards/eg-tokens/token-actions.js';
import { modelHooks } from '../hooks/lazy-hooks.js';

/** Where the bloodied mark is stored on the actor (lane core's schema). */
export const BLOODIED_KEY = 'system.model.eg.bloodied';

const offeredOf = (combat: Combat): Record<string, unknown> => {
  const eg = combat.getFlag(SYSTEM_ID, 'eg') as { offered?: unknown } | undefined;
  return typeof eg?.offered === 'object' && eg.offered !== null
    ? (eg.offered as Record<string, unknown>)
    : {};
};

/**
 * Active GM: a combatant's initiative changed (by `userId`). A number on a PC not yet offered posts
 * the initiative card and marks it; a GM's clearing (null) lifts the mark.
 */
export function initiativeChanged(combatant: Combatant, userId: string): Promise<unknown> {
  const combat = combatant.parent;
  if (!combat || !isActiveGM() || !modelOffers('tokens')) return Promise.resolve();
  return serialized(`gng.eg.initiative.${combat.id}`, async () => {
    // Marked per actor, not per combatant: the pool is the actor's, and a second combatant of the
    // same PC (a player adding its token again) rolls for a creature that already gained.
    const actorId = combatant.actorId ?? combatant.actor?.id;
    if (!actorId) return;
    const key = `flags.${SYSTEM_ID}.eg.offered.${actorId}`;
    const offered = offeredOf(combat)[actorId] === true;
    if (combatant.initiative === null || combatant.initiative === undefined) {
      if (offered && game.users.get(userId)?.isGM) await combat.update({ [key]: false });
      return;
    }
    const actor = combatant.actor;
    if (offered || !actor || actor.type !== 'character') return;
    await combat.update({ [key]: true });
    await postInitiativeCard(combat, actor);
  });
}

/** Active GM: the encounter is over — each creature's bloodied mark back to 0 (its pools went with the combat). */
export async function encounterEnded(combat: Combat): Promise<void> {
  if (!isActiveGM() || !modelOffers('tokens')) return;
  const actors = new Set<Actor>();
  for (const combatant of combat.combatants) if (combatant.actor) actors.add(combatant.actor);
  for (const actor of actors) {
    const system = actor.system as { model?: { eg?: { bloodied?: unknown } } } | undefined;
    if (system?.model?.eg?.bloodied) await actor.update({ [BLOODIED_KEY]: 0 });
  }
}

let registered = false;

/** Registers the token cards, the gift query and the hooks above. Once; called when the model is loaded. */
export function registerEgTokens(): void {
  if (registered) return;
  registered = true;
  registerCard(egTokenCard, [EG_TOKEN_CARD_TEMPLATE]);
  registerGMQuery(EG_GIFT_QUERY, (data, sender) => handleGift(data, sender));
  modelHooks.egTokens(egTokenHooks);
}

// The handlers return their work: Foundry ignores it, and the playground (one page for every
// client) keeps the GM's client until it settles (test/harness/README.md, "Limits of the stand-in").
const watch = (combatant: Combatant, changes: Record<string, unknown>, userId: string) =>
  'initiative' in changes ? track(initiativeChanged(combatant, userId)).catch(console.error) : undefined;

/** The hooks' handlers (src/hooks/register-hooks.ts `modelHooks.egTokens`). */
export const egTokenHooks = {
  updateCombatant: (c: Combatant, changes: Record<string, unknown>, _o: unknown, userId: string) =>
    watch(c, changes, userId),
  createCombatant: (c: Combatant, data: Record<string, unknown>, userId: string) => watch(c, data, userId),
  deleteCombat: (combat: Combat) => track(encounterEnded(combat)).catch(console.error),
};

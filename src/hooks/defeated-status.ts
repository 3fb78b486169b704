/**
 * The dead show Foundry's defeated overlay (issue #33). The status core treats as "defeated" is ours
 * (`CONFIG.specialStatusEffects.DEFEATED` = `dead`, src/config/host.ts); every path that sets it
 * (a card's Apply, HP typed by hand, bleeding out, the token HUD) creates that status effect, so:
 * - **Overlay.** Before the effect is sent (`preCreateActiveEffect`, on the creating client), it
 *   gets `flags.core.overlay`, the flag `Actor#toggleStatusEffect(id, { overlay: true })` sets
 *   (Draw Steel `src/module/documents/actor.mjs`): the skull covers the token. Part of the one
 *   creation: a card's Undo, which deletes the effect, takes the overlay with it.
 * - **Tracker.** The active GM marks the actor's combatants `defeated` when the status appears and
 *   clears the mark when it goes (an Undo, a heal, the HUD), so the tracker follows the status both
 *   ways. Evidence in docs/host.md.
 */
import { isActiveGM } from '../documents/active-gm.js';
import { track } from '../cards/kernel/index.js';

function defeatedId(): string | undefined {
  return CONFIG.specialStatusEffects.DEFEATED;
}

function marksDefeated(effect: ActiveEffect): boolean {
  const id = defeatedId();
  return !!id && effect.statuses?.has(id) === true;
}

/** `preCreateActiveEffect`: the defeated status is shown as the token's overlay. */
export function overlayDefeated(effect: ActiveEffect): void {
  if (!marksDefeated(effect)) return;
  if (effect.flags.core?.overlay === true) return;
  effect.updateSource({ flags: { core: { overlay: true } } });
}

/** Active GM: the combatants of `actor` in every combat, `defeated` as the actor's status says. */
export async function syncDefeated(actor: Actor): Promise<void> {
  const id = defeatedId();
  if (!id || !isActiveGM()) return;
  const defeated = actor.statuses.has(id);
  // The world's combats (the viewed `game.combat` is one of them; named too, in case it is not).
  const combats = new Set<Combat>([...(game.combats ?? []), ...(game.combat ? [game.combat] : [])]);
  for (const combat of combats) {
    const updates = combat.combatants
      .filter((c) => c.actor === actor && (c.defeated ?? false) !== defeated)
      .map((c) => ({ _id: c.id, defeated }));
    if (updates.length) await combat.updateEmbeddedDocuments('Combatant', updates);
  }
}

function ownerActor(effect: ActiveEffect): Actor | null {
  const parent = effect.parent;
  return parent?.documentName === 'Actor' ? (parent as Actor) : null;
}

/** `createActiveEffect`, `deleteActiveEffect` (src/hooks/register-hooks.ts): the combatant follows. */
export function defeatedOnEffect(effect: ActiveEffect): void {
  const actor = ownerActor(effect);
  if (actor && marksDefeated(effect)) void track(syncDefeated(actor));
}

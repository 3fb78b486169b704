/**
 * Regeneration restores disabled body parts (GnG "RECOVERY OF DISABLED BODY PARTS › Regeneration":
 * "Creatures with the regeneration special ability recover disabled body parts as soon as they
 * recover all lost HP"; engine `regenerationRestoresBodyPart`). After a change to an actor's HP or
 * regeneration, the active GM's client (only it, so several clients never act twice) deletes the
 * disabled parts of a creature with `system.regeneration` > 0 whose current HP have reached its
 * maximum, and posts one chat line naming them (a `note`, drawn in each client's language). It runs in the actor's card queue, after any rest
 * or card that is changing the actor; deleting effects is no actor update, so it cannot loop.
 */
import { regenerationRestoresBodyPart } from '../rules/index.js';
import { postNote, serialized, track } from '../cards/kernel/index.js';
import { disabledPartsOf } from '../cards/shared/rest-read.js';
import { effectNameText } from '../chat/effect-text.js';

/** The parts `actor` regenerates now (none unless it regenerates, lives and has all its HP). */
export function partsToRegenerate(actor: Actor): { effectId: string; label: string }[] {
  if (!(actor.type === 'character' || actor.type === 'npc')) return [];
  const sys = actor.system;
  const max = sys.hp?.max;
  if (!(sys.regeneration > 0) || typeof max !== 'number' || actor.statuses.has('dead')) return [];
  if (!regenerationRestoresBodyPart(sys.hp.value, max)) return [];
  return disabledPartsOf(actor);
}

/** Restores the parts `actor` regenerates and says so in chat; only on the active GM's client. */
export async function regenerateParts(actor: Actor): Promise<void> {
  if (game.users.activeGM?.id !== game.user.id) return;
  // Tracked, so `attackActionsSettled()` (macros, tests) waits for it too.
  await track(
    serialized([actor.uuid], async () => {
      const parts = partsToRegenerate(actor).filter((part) => actor.effects.get(part.effectId));
      if (!parts.length) return;
      // The parts' names as keys where they are statuses (each client reads them in its language).
      const names = parts.map((part) => effectNameText(actor.effects.get(part.effectId) as ActiveEffect));
      await actor.deleteEmbeddedDocuments(
        'ActiveEffect',
        parts.map((part) => part.effectId),
      );
      await postNote(
        'regeneration-note',
        { key: 'GNG.Regeneration.Restored', data: { name: actor.name, parts: names } },
        { speaker: ChatMessage.getSpeaker({ actor }) },
      );
    }),
  );
}

export function registerRegenerationHooks(): void {
  Hooks.on('updateActor', (actor: Actor, changes: Record<string, unknown>) => {
    const system = changes.system as Record<string, unknown> | undefined;
    if (system && ('hp' in system || 'regeneration' in system)) void regenerateParts(actor);
  });
}

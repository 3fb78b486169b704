/**
 * What the system tells Foundry core about itself on `init`, besides documents and sheets (the
 * evidence for each line is in docs/host.md):
 * - **Token bars.** HP's `max` is derived (src/data/actor/derive-creature.ts), not in the schema, so
 *   core would offer `hp` as a single value, not a bar. `CONFIG.Actor.trackableAttributes` names the
 *   bar and the values a token of each Actor type may show.
 * - **Special statuses.** Core ties behaviours to status ids: `BLIND` removes a token's vision,
 *   `DEFEATED` is what the combat tracker's "defeated" toggle applies, `INVISIBLE` hides the token.
 *   They name our conditions, since `CONFIG.statusEffects` is GnG's own list (status-effects.ts).
 * - **Effect transferral.** `legacyTransferral = false`: an item's effects apply from the item and are
 *   never copied onto the actor (the data model and the rules engine read them there).
 */

/** Token bar (`hp`: value and derived max) and single values, the same for characters and creatures. */
const CREATURE_TRACKABLE: TrackableAttributes = {
  bar: ['hp'],
  value: ['hp.temp', 'hp.nonlethal', 'defense.total', 'protection.total', 'speed'],
};

/** `CONFIG.Actor.trackableAttributes`, by Actor type. */
export function trackableAttributes(): Record<string, TrackableAttributes> {
  return {
    character: structuredClone(CREATURE_TRACKABLE),
    npc: structuredClone(CREATURE_TRACKABLE),
  };
}

/** Core's special statuses, as our condition ids (the ids are in status-effects.ts). */
export const SPECIAL_STATUSES: Readonly<Record<string, string>> = {
  BLIND: 'blinded',
  DEFEATED: 'dead',
  INVISIBLE: 'invisible',
};

/** Sets the host configuration on `init` (after `CONFIG.statusEffects`). */
export function configureHost(): void {
  CONFIG.Actor.trackableAttributes = trackableAttributes();
  Object.assign(CONFIG.specialStatusEffects, SPECIAL_STATUSES);
  CONFIG.ActiveEffect.legacyTransferral = false;
}

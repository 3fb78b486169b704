/**
 * The sides the fight simulator opens with (issue #33): the combatants of the current combat (the
 * one the tracker shows, `game.combat`), split by their token's disposition: friendly tokens on side
 * A, hostile ones on side B. Neutral tokens take no side, nor do secret ones (a secret disposition is
 * hidden from players: the simulator must not reveal it), nor the defeated, nor a combatant without
 * an actor; the user adds any of them by hand.
 */

/** A combatant as the simulator lists it: its actor's uuid and name. */
export interface SideEntry {
  uuid: string;
  name: string;
}

/** v13's `CONST.TOKEN_DISPOSITIONS` (declared in src/foundry-globals.d.ts). */
const FRIENDLY = 1;
const HOSTILE = -1;

/** The combat's combatants that have an actor, in its order, each with its side (or none). */
export function combatEntries(combat: Combat | null | undefined): (SideEntry & { side: 'a' | 'b' | null })[] {
  if (!combat) return [];
  const out: (SideEntry & { side: 'a' | 'b' | null })[] = [];
  for (const combatant of combat.combatants) {
    const actor = combatant.actor;
    if (!actor) continue;
    const disposition = combatant.token?.disposition;
    const side = combatant.defeated
      ? null
      : disposition === FRIENDLY
        ? 'a'
        : disposition === HOSTILE
          ? 'b'
          : null;
    out.push({ uuid: actor.uuid, name: actor.name, side });
  }
  return out;
}

/** The uuids of side A and side B from the current combat. */
export function combatSides(combat: Combat | null | undefined): { a: string[]; b: string[] } {
  const entries = combatEntries(combat);
  return {
    a: entries.filter((e) => e.side === 'a').map((e) => e.uuid),
    b: entries.filter((e) => e.side === 'b').map((e) => e.uuid),
  };
}

/**
 * `game.gng.restParty(options)` (issue 17, "a rest action … for a GM for the whole party"): a GM
 * rests several characters at once, each through the same request as a player's own rest (one rest
 * card each, in turn). The party is the actors given, else the actors of the tokens the GM has
 * selected on the canvas, else the characters of the begun combats (combatants with a player
 * owner). Without a canvas (or with nothing selected) the combat decides. The world clock moves once,
 * with the first rest that takes place (its card's Undo turns it back).
 */
import type { CardActionResult } from '../kernel/index.js';
import { rest, type RestOptions } from './rest-actions.js';
import { selectedActors } from '../../documents/selected-tokens.js';

export interface PartyRestOptions extends RestOptions {
  /** Who rests; default: the selected tokens' actors, else the combat's player characters. */
  actors?: Actor[];
}

/** One actor's answer. */
export interface PartyRestResult {
  name: string;
  result: CardActionResult;
}

/**
 * The characters of the begun combats (whatever combat the GM's tracker shows): combatants whose
 * actor a player owns.
 */
function combatCharacters(): Actor[] {
  const combatants = [...(game.combats ?? [])]
    .filter((combat) => combat.started)
    .flatMap((combat) => [...combat.combatants]);
  return combatants
    .map((combatant) => combatant.actor)
    .filter((actor): actor is Actor => Boolean(actor?.hasPlayerOwner));
}

/** Rests the party (GM only); null, with a warning, when the user is no GM or there is nobody. */
export async function restParty(options: PartyRestOptions): Promise<PartyRestResult[] | null> {
  if (!game.user.isGM) {
    ui.notifications.warn(game.i18n.localize('GNG.Rest.Error.PartyGM'));
    return null;
  }
  const { actors, ...how } = options;
  const selected = actors?.length ? [] : selectedActors();
  const chosen = actors?.length ? actors : selected.length ? selected : combatCharacters();
  const party = [...new Map(chosen.map((actor) => [actor.uuid, actor])).values()];
  if (!party.length) {
    ui.notifications.warn(game.i18n.localize('GNG.Rest.Error.NoParty'));
    return null;
  }
  // The party rests together: the clock moves once, with the first rest that takes place.
  const results: PartyRestResult[] = [];
  let clock = how.clock ?? true;
  for (const actor of party) {
    const result = await rest(actor, { ...how, clock });
    if (result.ok) clock = false;
    results.push({ name: actor.name, result });
  }
  return results;
}

/**
 * Firing while threatened, for the creatures a card does not name (SIDEARMS AND LONGARMS IN MELEE:
 * "attacking with a firearm or energy weapon while within a threatened square provokes an attack of
 * opportunity"; core rules: any ranged attack). A target of the attack card is offered its attack of
 * opportunity on that card (`provokeWhileThreatened`); every other creature that threatens the
 * shooter gets it here, on a card of its own: a token within 5 ft of the shooter's, on the other side
 * (one FRIENDLY, the other HOSTILE: `CONST.TOKEN_DISPOSITIONS`; a NEUTRAL or unset token is on
 * neither), holding a melee weapon, not helpless or unconscious. GM side, after the shooter's card.
 */
import { ADJACENT_FEET, feetBetween } from '../../combat/scene-grid.js';
import { sceneById, tokenOf, tokensOn } from '../../combat/scene-lookup.js';
import { flowDeniesOpportunity } from '../../combat/opponent-feats.js';
import { mayTakeOpportunity } from '../shared/may-take-opportunity.js';
import { postCard } from '../kernel/index.js';
import type { OpportunityCardState } from './opportunity-state.js';
import { modelOffers } from '../../settings/combat-model.js';

export { mayTakeOpportunity };

/** Within this many feet a creature with a melee weapon threatens (decision: reach is not read). */
const THREAT_FEET = ADJACENT_FEET;

/** Whether two dispositions are on opposite sides (FRIENDLY against HOSTILE). */
export function opposed(a: number | undefined, b: number | undefined): boolean {
  const friendly = CONST.TOKEN_DISPOSITIONS?.FRIENDLY ?? 1;
  const hostile = CONST.TOKEN_DISPOSITIONS?.HOSTILE ?? -1;
  return (a === friendly && b === hostile) || (a === hostile && b === friendly);
}

/**
 * The shooter's token document: the one the card names (`tokenId`, on its recorded `sceneId`), else
 * the token it acts from (its combatant's, on its combat's scene: `scene-lookup.ts`), whatever scene
 * the GM views; or null.
 */
export function shooterToken(
  shooter: Actor,
  tokenId: string | null = null,
  sceneId: string | null = null,
): TokenDocument | null {
  const scene = sceneById(sceneId);
  return (tokenId ? tokenOf(shooter, { tokenId, scene }) : null) ?? tokenOf(shooter);
}

/** The tokens that threaten `shooter` and are not in `exclude` (token ids the shooter's card names). */
export function threatenersOf(shooter: Actor, exclude: ReadonlySet<string> = new Set()): TokenDocument[] {
  const from = shooterToken(shooter);
  if (!from) return [];
  return tokensOn(from.parent).filter(
    (token) =>
      token.id !== from.id &&
      !exclude.has(token.id) &&
      token.actor !== null &&
      token.actor !== shooter &&
      opposed(from.disposition, token.disposition) &&
      feetBetween(from, token) <= THREAT_FEET &&
      mayTakeOpportunity(token.actor) &&
      !flowDeniesOpportunity(shooter, token.actor),
  );
}

/**
 * GM side: posts the card offering each threatening creature its attack of opportunity against the
 * shooter of the card `source` (none when nobody threatens). Resolves with the message or null.
 */
export async function offerOpportunities(
  shooter: Actor,
  source: string,
  exclude: ReadonlySet<string> = new Set(),
): Promise<ChatMessage | null> {
  // Not offered under a combat model without attacks of opportunity (model-guard.ts).
  if (!modelOffers('opportunity')) return null;
  const threateners = threatenersOf(shooter, exclude);
  if (!threateners.length) return null;
  const from = shooterToken(shooter);
  const state: OpportunityCardState = {
    shooterUuid: shooter.uuid,
    shooterTokenId: from?.id ?? null,
    sceneId: from?.parent?.id ?? null,
    shooterName: shooter.name,
    source,
    threateners: threateners.map((token) => ({
      id: token.id,
      actorUuid: (token.actor as Actor).uuid,
      name: token.name || (token.actor as Actor).name,
      takenBy: null,
      declinedBy: null,
    })),
  };
  // A typed card (issue #34): its state in `system`, drawn on each client in its language.
  return (
    (await postCard('opportunity', state, { speaker: ChatMessage.getSpeaker({ actor: shooter }) })) ?? null
  );
}

/**
 * Firing while threatened, for the creatures a card does not name (SIDEARMS AND LONGARMS IN MELEE:
 * "attacking with a firearm or energy weapon while within a threatened square provokes an attack of
 * opportunity"; core rules: any ranged attack). A target of the attack card is offered its attack of
 * opportunity on that card (`provokeWhileThreatened`); every other creature that threatens the
 * shooter gets it here, on a card of its own: a token within 5 ft of the shooter's, on the other side
 * (one FRIENDLY, the other HOSTILE: `CONST.TOKEN_DISPOSITIONS`; a NEUTRAL or unset token is on
 * neither), holding a melee weapon, not helpless or unconscious. GM side, after the shooter's card.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import { sceneTokens } from '../../combat/scene-grid.js';
import { flowDeniesOpportunity } from '../../combat/opponent-feats.js';
import { mayTakeOpportunity } from '../attack/may-take-opportunity.js';
import { feetBetween } from '../attack/firearms.js';
import { renderOpportunityCard } from './opportunity-render.js';
import type { OpportunityCardState } from './opportunity-state.js';

export { mayTakeOpportunity };

/** Within this many feet a creature with a melee weapon threatens (decision: reach is not read). */
const THREAT_FEET = 5;

/** Whether two dispositions are on opposite sides (FRIENDLY against HOSTILE). */
export function opposed(a: number | undefined, b: number | undefined): boolean {
  const friendly = CONST.TOKEN_DISPOSITIONS?.FRIENDLY ?? 1;
  const hostile = CONST.TOKEN_DISPOSITIONS?.HOSTILE ?? -1;
  return (a === friendly && b === hostile) || (a === hostile && b === friendly);
}

/** The shooter's token on the viewed scene (its first active token), or null. */
export function shooterToken(shooter: Actor, tokenId: string | null = null): Token | null {
  const tokens = sceneTokens();
  const byId = tokenId ? tokens.find((token) => token.id === tokenId) : undefined;
  return byId ?? shooter.getActiveTokens()[0] ?? null;
}

/** The tokens that threaten `shooter` and are not in `exclude` (token ids the shooter's card names). */
export function threatenersOf(shooter: Actor, exclude: ReadonlySet<string> = new Set()): Token[] {
  const from = shooterToken(shooter);
  if (!from) return [];
  return sceneTokens().filter(
    (token) =>
      token.id !== from.id &&
      !exclude.has(token.id) &&
      token.actor !== null &&
      token.actor !== shooter &&
      opposed(from.document.disposition, token.document.disposition) &&
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
  const threateners = threatenersOf(shooter, exclude);
  if (!threateners.length) return null;
  const state: OpportunityCardState = {
    shooterUuid: shooter.uuid,
    shooterTokenId: shooterToken(shooter)?.id ?? null,
    shooterName: shooter.name,
    source,
    threateners: threateners.map((token) => ({
      id: token.id,
      actorUuid: (token.actor as Actor).uuid,
      name: token.document.name || (token.actor as Actor).name,
      takenBy: null,
      declinedBy: null,
    })),
  };
  return (
    (await ChatMessage.create({
      content: await renderOpportunityCard(state),
      speaker: ChatMessage.getSpeaker({ actor: shooter }),
      flags: { [SYSTEM_ID]: { type: 'opportunityCard', opportunity: state } },
    })) ?? null
  );
}

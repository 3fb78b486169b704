/**
 * Who may receive the attack card's miss token under the Enlightened Grognard model (003:435–436;
 * eg-miss-token.ts plays it): read by the card's view and checked again on the GM's client. Apart
 * from eg-miss-token.ts so that the view does not import the card's saving code.
 */
import { adjacentTokens, combatantOf, tokenOf } from '../../combat/scene-lookup.js';
import type { AttackCardState, CardTarget } from './attack-state.js';

/** The allies a miss against `target` may give its token to: their token documents. */
export function missTokenAllies(state: AttackCardState, target: CardTarget): TokenDocument[] {
  const attacker = fromUuidSync(state.attacker.actorUuid) as Actor | null;
  const defender = target.actorUuid ? (fromUuidSync(target.actorUuid) as Actor | null) : null;
  const own = attacker ? tokenOf(attacker) : null;
  const at = defender ? tokenOf(defender, { tokenId: target.tokenId }) : null;
  if (!attacker || !own || !at) return [];
  return adjacentTokens(at).filter((token) => {
    const ally = token.actor;
    return (
      ally !== null &&
      ally !== attacker &&
      ally !== defender &&
      token.disposition === own.disposition &&
      combatantOf(ally) !== null &&
      (ally.type === 'character') === (attacker.type === 'character')
    );
  });
}

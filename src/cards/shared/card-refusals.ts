/**
 * The refusals of the cards that share their shape (`CardSpec.refusals`, card kernel), each under the
 * card's own lang prefix `errors` (e.g. `GNG.Burst.Error`): its `NoCard`, and the rest below.
 */
import type { CardRefusals } from '../kernel/card.js';
import { Refusal } from '../kernel/result.js';

/**
 * A card of steps on its targets (area, burst, suppressing fire, the EG and TC maneuvers): a user
 * not allowed is refused by `<errors>.NotAllowed`, a step the state does not allow by
 * `<errors>.Unavailable.<action>`; `badRequest`, the key of a malformed request.
 */
export function stepRefusals<S, T>(errors: string, badRequest: string): CardRefusals<S, T> {
  return {
    badRequest,
    noCard: `${errors}.NoCard`,
    unknownTarget: 'GNG.Error.Attack.UnknownTarget',
    notAllowed: `${errors}.NotAllowed`,
    unavailable: (action) => `${errors}.Unavailable.${action}`,
  };
}

/**
 * A card that offers each of its targets (an actor, by name) a choice to answer once: the
 * Opportunity and feat-offer cards. A user who does not own the target is refused by
 * `<errors>.NotOwner` (the user and the target named), an answered target by `<errors>.Answered`.
 */
export function offerRefusals<S, T extends { name: string }>(errors: string): CardRefusals<S, T> {
  return {
    badRequest: 'GNG.Error.Card.BadRequest',
    noCard: `${errors}.NoCard`,
    unknownTarget: 'GNG.Error.Card.BadRequest',
    notAllowed: (_action, user, _state, target) =>
      new Refusal(`${errors}.NotOwner`, { user: user.name, name: target.name }),
    unavailable: (_action, _state, target) => new Refusal(`${errors}.Answered`, { name: target.name }),
  };
}

/**
 * The refusals of a card that offers each of its targets (an actor, by name) a choice to answer
 * once: the Opportunity and feat-offer cards. A user who does not own the target is refused by
 * `<errors>.NotOwner` (the user and the target named), an answered target by `<errors>.Answered`.
 */
import type { CardRefusals } from '../kernel/card.js';
import { Refusal } from '../kernel/result.js';

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

/**
 * The attack-of-opportunity card's table (opportunity-start.ts posts it; a typed message, subtype
 * `opportunity`, its state in `system`: opportunity-data.ts): for each creature that threatens
 * the shooter, its owners answer **Attack of opportunity** or **No attack of opportunity**, once. The
 * GM records the answer (the kernel: sender proven, owners only, open answers only); on an Attack the
 * asking client, an owner of the creature, starts its attack against the shooter with its best
 * melee weapon, as the attack card's own attack of opportunity does. The attack is a card of its own,
 * with its own Undo; this card only records who answered.
 */
import { actorOf, defineCard, owns, Refusal, type CardActionResult } from '../kernel/index.js';
import { startAttack } from '../attack/attack-ask.js';
import { blockWeapons } from '../attack/attack-state.js';
import { mayTakeOpportunity, shooterToken } from './opportunity-start.js';
import { renderOpportunityCard } from './opportunity-render.js';
import {
  legacyOpportunityCard,
  opportunityCardOf,
  opportunityOpen,
  sourceWithdrawn,
  type OpportunityCardState,
  type OpportunityThreatener,
} from './opportunity-state.js';
import { capabilityGuard } from '../model-guard.js';
import { f } from '../../format.js';
import { offerRefusals } from '../shared/card-refusals.js';

export const OPPORTUNITY_QUERY = 'gng.opportunityAction';

type OpportunityAction = 'opportunityTake' | 'opportunityDecline';

/** The creature's best melee weapon (its first Block weapon), or null. */
function bestMeleeWeapon(actor: Actor): Item | null {
  const best = blockWeapons(actor)[0];
  return (best && actor.items.get(best.itemId)) || null;
}

/** The owner's answer, checked on the GM's client against the documents as they are now. */
function answer(kind: 'takenBy' | 'declinedBy') {
  return {
    may: (user: User, _state: OpportunityCardState, target: OpportunityThreatener) =>
      owns(user, target.actorUuid),
    available: (_state: OpportunityCardState, target: OpportunityThreatener) => opportunityOpen(target),
    // The buttons go once the provoking shot was taken back (the refusal below says why).
    shown: (user: User, state: OpportunityCardState, target: OpportunityThreatener) =>
      !sourceWithdrawn(state) && owns(user, target.actorUuid),
    async run({
      state,
      target,
      user,
    }: {
      state: OpportunityCardState;
      target: OpportunityThreatener;
      user: User;
    }): Promise<void> {
      if (sourceWithdrawn(state)) throw new Refusal('GNG.Opportunity.Error.Withdrawn', { name: target.name });
      if (kind === 'takenBy') {
        const actor = await actorOf(target.actorUuid);
        if (!actor || !mayTakeOpportunity(actor) || !bestMeleeWeapon(actor))
          throw new Refusal('GNG.Opportunity.Error.CannotTake', { name: target.name });
      }
      target[kind] = user.id as string;
    },
  };
}

/** Asking client, once the GM recorded the Attack: starts the creature's attack against the shooter. */
async function attackTheShooter(messageId: string, target: OpportunityThreatener): Promise<CardActionResult> {
  const state = opportunityCardOf(game.messages.get(messageId));
  const actor = fromUuidSync(target.actorUuid) as Actor | null;
  const shooter = state ? (fromUuidSync(state.shooterUuid) as Actor | null) : null;
  const weapon = actor ? bestMeleeWeapon(actor) : null;
  const token = shooter ? shooterToken(shooter, state?.shooterTokenId ?? null, state?.sceneId ?? null) : null;
  if (!actor || !weapon || !token) {
    ui.notifications.warn(f('GNG.Opportunity.Error.CannotTake', { name: target.name }));
    return { ok: false, error: 'GNG.Opportunity.Error.CannotTake', data: { name: target.name } };
  }
  await startAttack(actor, weapon, {}, [token]);
  return { ok: true };
}

export const opportunityCard = defineCard<OpportunityCardState, OpportunityThreatener, OpportunityAction>({
  query: OPPORTUNITY_QUERY,
  guard: capabilityGuard('opportunity', 'GNG.Model.Action.opportunity'),
  type: 'opportunity',
  render: renderOpportunityCard,
  legacy: legacyOpportunityCard,
  legacyFlag: 'opportunity',
  targets: (state) => state.threateners,
  actors: (state) => [state.shooterUuid, ...state.threateners.map((t) => t.actorUuid)],
  refusals: offerRefusals('GNG.Opportunity.Error'),
  actions: {
    opportunityTake: { ...answer('takenBy'), after: attackTheShooter },
    opportunityDecline: answer('declinedBy'),
  },
});

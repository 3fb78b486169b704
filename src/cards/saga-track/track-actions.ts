/**
 * The Saga-style condition track's moves on the active GM's client (issue #30; docs/rules.md "Sheet
 * and track"), loaded on first use. `gng.conditionTrack` `{ actorUuid, move }`: from a GM, the
 * track moves one step at once; from a player who owns the actor, a request card whispered to the
 * GMs (and that player) asks for it, and the GM's Approve moves it from the step it is on then (or
 * Decline closes it). Only a GM's client writes the step; a step past the track's ends is refused.
 * The request card is a typed message (subtype `sagaTrack`, track-data.ts), drawn from its state on
 * each client in its language (track-render.ts); one posted before issue #34 (`flags.gng.trackRequest`)
 * is read by `legacyTrackRequest` and still decided.
 */
import { CONDITION_TRACK_BOTTOM } from '../../rules/models/saga/condition-track.js';
import { modelOffers } from '../../settings/combat-model.js';
import { actorOf, actorQuery, defineCard, Refusal, withRollMode, type CardRun } from '../kernel/index.js';
import { postCard } from '../kernel/typed-card.js';
import {
  CONDITION_STEP_KEY,
  conditionStepOf,
  legacyTrackRequest,
  TRACK_CARD_QUERY,
  type TrackMove,
  type TrackRequestState,
} from './track-state.js';
import { renderTrackCard } from './track-render.js';
import { t } from '../../format.js';

const MOVES: readonly TrackMove[] = ['up', 'down'];

/** The step one move makes from `from`, or a refusal at the track's end. */
function movedFrom(actor: Actor, from: number, move: TrackMove): number {
  const to = move === 'up' ? from - 1 : from + 1;
  if (to < 0) throw new Refusal('GNG.Model.Saga.Track.Error.AtTop', { name: actor.name });
  if (to > CONDITION_TRACK_BOTTOM)
    throw new Refusal('GNG.Model.Saga.Track.Error.AtBottom', { name: actor.name });
  return to;
}

/** Writes the step (the active GM's client: the guard lets only a GM's write through). */
async function writeStep(actor: Actor, to: number): Promise<void> {
  await actor.update({ [CONDITION_STEP_KEY]: to });
}

/** `gng.conditionTrack` on the active GM: never throws (a refusal is the answer). */
export const handleTrack = actorQuery(
  async (actorUuid, sender, { move }) => {
    if (!MOVES.includes(move as TrackMove)) throw new Refusal('GNG.Error.Card.BadRequest');
    if (!modelOffers('conditionTrack'))
      throw new Refusal('GNG.Error.Model.Capability', { action: t('GNG.Model.Saga.Track.Name') });
    const actor = await actorOf(actorUuid);
    if (!actor || !(actor.type === 'character' || actor.type === 'npc'))
      throw new Refusal('GNG.Error.Card.BadRequest');
    const from = conditionStepOf(actor);
    const to = movedFrom(actor, from, move as TrackMove);
    if (sender.isGM) return writeStep(actor, to);
    if (!actor.testUserPermission(sender, 'OWNER'))
      throw new Refusal('GNG.Model.Saga.Track.Error.NotOwner', { name: actor.name });
    const state: TrackRequestState = {
      actorUuid: actor.uuid,
      name: actor.name,
      userId: sender.id as string,
      asker: sender.name,
      move: move as TrackMove,
      asked: from,
      status: 'open',
      from: null,
      to: null,
    };
    // To the GMs and the player who asked: a typed card (subtype `sagaTrack`), drawn on each client.
    const speaker = ChatMessage.getSpeaker({ actor });
    const message = (await postCard(
      'sagaTrack',
      state,
      withRollMode({ speaker }, 'gmroll', sender),
    )) as ChatMessage;
    return { ok: true, messageId: message.id as string };
  },
  ['move'],
);

type Run = CardRun<TrackRequestState, { id: string }>;

/** Approve: the move, from the step the actor is on now. */
async function approve({ state }: Run): Promise<void> {
  const actor = await actorOf(state.actorUuid);
  if (!actor) throw new Refusal('GNG.Model.Saga.Track.Error.NoActor', { name: state.name });
  if (!modelOffers('conditionTrack'))
    throw new Refusal('GNG.Error.Model.Capability', { action: t('GNG.Model.Saga.Track.Name') });
  const from = conditionStepOf(actor);
  const to = movedFrom(actor, from, state.move);
  await writeStep(actor, to);
  Object.assign(state, { status: 'approved', from, to });
}

const gmOnly = {
  may: (user: User) => user.isGM,
  available: (state: TrackRequestState) => state.status === 'open',
};

/** The request card as a table: the GM's Approve and Decline while it is open. */
export const trackCard = defineCard<TrackRequestState, { id: string }, 'approve' | 'decline'>({
  query: TRACK_CARD_QUERY,
  type: 'sagaTrack',
  render: renderTrackCard,
  legacy: legacyTrackRequest,
  legacyFlag: 'trackRequest',
  targets: () => [{ id: 'actor' }],
  actors: (state) => [state.actorUuid],
  refusals: {
    badRequest: 'GNG.Error.Card.BadRequest',
    noCard: 'GNG.Model.Saga.Track.Error.NoCard',
    unknownTarget: 'GNG.Error.Card.BadRequest',
    notAllowed: 'GNG.Model.Saga.Track.Error.GMDecides',
    unavailable: () => 'GNG.Model.Saga.Track.Error.Decided',
  },
  actions: {
    approve: { ...gmOnly, run: approve },
    decline: {
      ...gmOnly,
      run: async ({ state }) => {
        state.status = 'declined';
      },
    },
  },
});

/**
 * The feat action card's table (issue #18): Appendix 4 feats a character uses as actions, run on the GM's
 * client like the heal card. `game.gng.suddenAction(actor, steps)` and
 * `game.gng.tacticalAid(actor, { bonusTo })` ask the active GM (`gng.featAction` query,
 * `action: 'start'`), who proves the sender, checks that the sender owns the actor and the request
 * against the documents (sudden-action.ts, tactical-aid.ts), makes the change and posts one card
 * speaking as the actor; the GM's **Undo** is its exact inverse (the count put back, the round's mark
 * cleared; the effects deleted and the full round given back while its turn lasts). A typed message
 * (subtype `featAction`, its state in `system`: feat-action-data.ts), drawn on each client in its
 * language; a card posted before issue #34 (`flags.gng.featAction`) is read by the legacy reader.
 */
import { TACTICAL_AID_CHOICES, type TacticalAidChoice } from '../../rules/index.js';
import {
  actorOf,
  askGM,
  defineUndoCard,
  postInQueue,
  postRolledCard,
  Refusal,
  type CardActionResult,
  type CardRun,
  type RollMode,
  payload,
} from '../kernel/index.js';
import { renderFeatActionCard } from './feat-action-render.js';
import {
  featActionCardOf,
  legacyFeatActionCard,
  FEAT_ACTION_KINDS,
  FEAT_ACTION_QUERY,
  type FeatActionCardState,
  type FeatActionKind,
} from './feat-action-state.js';
import { runSuddenAction, undoSuddenAction } from './sudden-action.js';
import { runTacticalAid, undoTacticalAid } from './tactical-aid.js';

export { featActionCardOf, type FeatActionCardState };

export { FEAT_ACTION_QUERY };
/** The card's one target: the actor who used the feat. */
export const FEAT_ACTION_TARGET = 'actor';
/** The most steps a request may name (character levels: 20, epic beyond). */
const MAX_STEPS = 100;

interface ParsedStart {
  kind: FeatActionKind;
  actorUuid: string;
  steps: number;
  bonusTo: TacticalAidChoice;
}

/** A Sudden Action's steps out of range (or not a whole number), said with what was asked. */
const stepsRefusal = (steps: unknown) =>
  new Refusal('GNG.FeatAction.Error.Steps', { steps: String(steps).slice(0, 12) });

/** The start request, checked: strict keys, a known kind, each field only where its kind takes it. */
const parseFeatActionStart = payload(
  {
    kind: FEAT_ACTION_KINDS,
    actorUuid: 'str',
    steps: { kind: 'int', optional: true, min: 1, max: MAX_STEPS, error: stepsRefusal },
    bonusTo: { kind: TACTICAL_AID_CHOICES, optional: true },
  },
  'GNG.Error.Card.BadRequest',
  ({ kind, steps, bonusTo }) => {
    const sudden = kind === 'sudden-action';
    if (sudden ? bonusTo !== undefined : steps !== undefined) throw new Refusal('GNG.Error.Card.BadRequest');
    if (sudden && steps === undefined) throw stepsRefusal(steps);
    if (!sudden && bonusTo === undefined) throw new Refusal('GNG.Error.Card.BadRequest');
  },
);

/** The checked request's fields. */
function parsedStart(data: Record<string, unknown>): ParsedStart {
  const { kind, actorUuid, steps, bonusTo } = data as {
    kind: FeatActionKind;
    actorUuid: string;
    steps?: number;
    bonusTo?: TacticalAidChoice;
  };
  return kind === 'sudden-action'
    ? { kind, actorUuid, steps: steps as number, bonusTo: 'attack' }
    : { kind, actorUuid, steps: 0, bonusTo: bonusTo as TacticalAidChoice };
}

/** GM side: the request, in the actor's queue; posts the card. */
async function startFeatAction(
  data: Record<string, unknown>,
  sender: User,
  rollMode: RollMode,
): Promise<ChatMessage> {
  const parsed = parsedStart(data);
  const found = await actorOf(parsed.actorUuid);
  if (!found) throw new Refusal('GNG.Error.Card.BadRequest');
  return postInQueue([found.uuid], async () => {
    const actor = (await actorOf(found.uuid)) as Actor;
    if (!actor.testUserPermission(sender, 'OWNER'))
      throw new Refusal('GNG.FeatAction.Error.NotOwner', { name: actor.name });
    const state: FeatActionCardState = {
      kind: parsed.kind,
      actorUuid: actor.uuid,
      actorName: actor.name,
      sudden: null,
      aid: null,
      applied: null,
    };
    let rolls: Roll[] = [];
    if (parsed.kind === 'sudden-action') {
      const { record, applied } = await runSuddenAction(actor, parsed.steps);
      state.sudden = record;
      state.applied = applied;
    } else {
      const result = await runTacticalAid(actor, parsed.bonusTo);
      state.aid = result.record;
      state.applied = result.applied;
      rolls = result.rolls;
    }
    return postRolledCard('featAction', state, { actor, rolls, rollMode, sender });
  });
}

async function undoFeatAction({ state }: CardRun<FeatActionCardState, { id: string }>): Promise<void> {
  const applied = state.applied;
  if (!applied) return;
  const notes = [
    ...(applied.initiative ? await undoSuddenAction(applied.initiative) : []),
    ...(applied.effects.length || applied.turn
      ? await undoTacticalAid(await actorOf(state.actorUuid), applied)
      : []),
  ];
  state.applied = null;
  state.undone = true;
  if (notes.length) state.notes = [...(state.notes ?? []), ...notes];
}

/** The feat action card as a table: its one action, the GM's Undo. */
export const featActionCard = defineUndoCard<FeatActionCardState, 'featAction'>({
  query: FEAT_ACTION_QUERY,
  type: 'featAction',
  render: renderFeatActionCard,
  legacy: legacyFeatActionCard,
  actors: (state) => [state.actorUuid],
  target: FEAT_ACTION_TARGET,
  errors: 'GNG.FeatAction.Error',
  undo: undoFeatAction,
  start: startFeatAction,
  parseStart: parseFeatActionStart,
});

/** `game.gng.suddenAction(actor, steps)`: asks the GM to move `actor` up the initiative count by `steps`. */
export function suddenAction(actor: Actor, steps: number): Promise<CardActionResult> {
  return askGM(FEAT_ACTION_QUERY, { action: 'start', kind: 'sudden-action', actorUuid: actor?.uuid, steps });
}

/** `game.gng.tacticalAid(actor, { bonusTo })`: asks the GM to roll `actor`'s Tactical Aid. */
export function tacticalAid(
  actor: Actor,
  options: { bonusTo: TacticalAidChoice },
): Promise<CardActionResult> {
  return askGM(FEAT_ACTION_QUERY, {
    action: 'start',
    kind: 'tactical-aid',
    actorUuid: actor?.uuid,
    bonusTo: options?.bonusTo,
  });
}

/** Asks the active GM (the user must be a GM) to undo the feat action card `messageId`. */
export function requestFeatActionUndo(messageId: string): Promise<CardActionResult> {
  return featActionCard.request(messageId, 'featActionUndo', FEAT_ACTION_TARGET);
}

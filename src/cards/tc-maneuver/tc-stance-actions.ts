/**
 * A stance change under the Time Count model (issue #32 R5; seed 002:574–636; docs/rules.md
 * "### Maneuvers, stances and conditions"). The owner's request `gng.tcStance` `{ actorUuid, stance }`
 * is played on the active GM's client: the model is TC, the sender owns the actor (or is a GM), the
 * stance is another one; in a Time Count the creature must be acting now. "Shifting into a given
 * stance is a standard action with an SF of its shift speed" (002:578): the shift's SF (engine
 * `tcStanceShift`, rolled or static as the tracker says, slowed by paralysis and petrification) is
 * posted through the schedule's `scheduleAct`, and until that count the creature is in transition —
 * the stance's drawbacks without its benefits — kept in `system.model.tc.stanceUntil`. A free shift
 * (back to basic, into casting) moves no count. The GM-only fields `model.tc.stance` / `stanceUntil`
 * are written here only. The card's GM Undo is the exact inverse: the schedule's record reverted
 * first (refused, nothing changed, when that combatant's count moved since), then the stance as it was
 * (refused when the stance changed since).
 * The card is a typed message (subtype `tcStance`, tc-stance-data.ts) drawn from its state on each
 * client (tc-stance-render.ts); one posted before issue #34 (`flags.gng.tcStance`) still renders and undoes.
 */
import { combatModel } from '../../settings/combat-model.js';
import { isTcStance, tcShiftHasTransition, tcStanceShift } from '../../rules/models/tc/stances.js';
import type { TcStance } from '../../rules/models/tc/state.js';
import { revertScheduleAct, scheduleAct, type TcActRecord } from '../../combat/tc-schedule.js';
import {
  actorOf,
  actorQuery,
  askGM,
  defineUndoCard,
  undoActor,
  noteUndo,
  owns,
  Refusal,
  type CardActionResult,
} from '../kernel/index.js';
import { postCard } from '../kernel/typed-card.js';
import { conditionSpeed, refuseNotActing, rollSpeed, scheduledPlace, tcFields } from './tc-act.js';
import { TC_MODEL_ID } from '../../rules/models/tc/state.js';
import {
  legacyTcStanceCard,
  TC_STANCE_CARD_QUERY,
  TC_STANCE_QUERY,
  type TcStanceCardState,
} from './tc-stance-state.js';
import { renderTcStanceCard, stanceName, TC_STANCE_TARGET as TARGET } from './tc-stance-render.js';

export {
  TC_STANCE_CARD_QUERY,
  TC_STANCE_FLAG,
  TC_STANCE_QUERY,
  type TcStanceCardState,
} from './tc-stance-state.js';

/** The actor's stance as stored ('basic' when unset or unknown). */
export function storedStance(actor: Actor): TcStance {
  const stance = tcFields(actor).stance;
  return isTcStance(stance) ? stance : 'basic';
}

/** Plays the shift on the GM's client and posts its card. */
async function play(actor: Actor, to: TcStance): Promise<ChatMessage> {
  const from = storedStance(actor);
  const speedClass = tcStanceShift(from, to);
  if (speedClass === null)
    throw new Refusal('GNG.Model.TC.Stance.Error.Already', { name: actor.name, stance: stanceName(to) });
  const slowed = conditionSpeed(actor);
  if (slowed.immobile) throw new Refusal('GNG.Model.TC.Stance.Error.Immobile', { name: actor.name });
  const place = scheduledPlace(actor);
  refuseNotActing(actor, place);
  const rolls: Roll[] = [];
  let record: TcActRecord | null = null;
  let sf: number | null = null;
  let formula: string | null = null;
  // A shift that takes time is the creature's action: its SF posted (002:578); a free one moves no count.
  if (place && tcShiftHasTransition(speedClass)) {
    const speed = await rollSpeed(actor, speedClass, {
      classSteps: slowed.classSteps,
      factorMod: slowed.factorMod,
    });
    if (speed.roll) rolls.push(speed.roll);
    sf = speed.result.sf;
    formula = speed.result.formula;
    record = await scheduleAct(place.combat, place.combatant.id, { sf, reason: `stance:${to}` });
  }
  const untilRaw = tcFields(actor).stanceUntil;
  const untilBefore = typeof untilRaw === 'number' ? untilRaw : 0;
  const state: TcStanceCardState = {
    actorUuid: actor.uuid,
    name: actor.name,
    from,
    to,
    speedClass,
    sf,
    formula,
    next: record?.after ?? null,
    untilBefore,
    applied: { record },
  };
  try {
    await actor.update({
      'system.model.tc.stance': to,
      'system.model.tc.stanceUntil': record?.after ?? 0,
    });
    const message = await postCard('tcStance', state, {
      rolls,
      speaker: ChatMessage.getSpeaker({ actor }),
    });
    if (!message) throw new Refusal('GNG.Error.Attack.Cancelled');
    return message;
  } catch (error) {
    // Nothing posted: the count and the stance as they were.
    if (record) await revertScheduleAct(record);
    await actor.update({ 'system.model.tc.stance': from, 'system.model.tc.stanceUntil': untilBefore });
    throw error;
  }
}

/** `gng.tcStance` on the active GM: never throws (a refusal is the answer). */
export const handleTcStance = actorQuery(
  async (actorUuid, sender, fields) => {
    if (combatModel().id !== TC_MODEL_ID) throw new Refusal('GNG.Model.TC.Stance.Error.NotTc');
    const actor = await actorOf(actorUuid);
    if (!actor || !(actor.type === 'character' || actor.type === 'npc'))
      throw new Refusal('GNG.Error.Card.BadRequest');
    if (!sender.isGM && !owns(sender, actor.uuid))
      throw new Refusal('GNG.Model.TC.Stance.Error.NotOwner', { name: actor.name });
    if (!isTcStance(fields.stance)) throw new Refusal('GNG.Error.Card.BadRequest');
    const message = await play(actor, fields.stance);
    return { ok: true, messageId: message.id as string };
  },
  ['stance'],
);

/** Undo: the count first (refused when it moved since), then the stance (refused when it changed). */
async function undo({ state }: { state: TcStanceCardState }): Promise<void> {
  const applied = state.applied;
  if (!applied) throw new Refusal('GNG.Model.TC.Stance.Error.NothingToUndo');
  const actor = await undoActor(state.actorUuid, state.name, 'GNG.Model.TC.Stance.Error');
  if (storedStance(actor) !== state.to)
    throw new Refusal('GNG.Model.TC.Stance.Error.Changed', {
      name: actor.name,
      stance: stanceName(state.to),
    });
  if (applied.record) await revertScheduleAct(applied.record);
  await actor.update({
    'system.model.tc.stance': state.from,
    'system.model.tc.stanceUntil': state.untilBefore,
  });
  noteUndo(state, []);
  state.applied = null;
  state.undone = true;
}

/** The stance card as a table: the GM's Undo. */
export const tcStanceCard = defineUndoCard<TcStanceCardState, 'tcStance'>({
  query: TC_STANCE_CARD_QUERY,
  type: 'tcStance',
  render: renderTcStanceCard,
  legacy: legacyTcStanceCard,
  actors: (state) => [state.actorUuid],
  target: TARGET,
  errors: 'GNG.Model.TC.Stance.Error',
  undo,
});

/** The stance card's state on a message (typed or legacy), or null. */
export const tcStanceCardOf = (message: ChatMessage | null | undefined): TcStanceCardState | null =>
  tcStanceCard.spec.state(message);

/**
 * The asking client (the sheet's stance control, a macro): asks the active GM to shift `actor` into
 * `stance`. Resolves with the card, or null (the refusal is shown as a warning).
 */
export async function requestTcStance(actor: Actor, stance: TcStance): Promise<ChatMessage | null> {
  const result = (await askGM(TC_STANCE_QUERY, { actorUuid: actor.uuid, stance })) as CardActionResult & {
    messageId?: string;
  };
  return result.ok && result.messageId ? (game.messages.get(result.messageId) ?? null) : null;
}

/**
 * Stabilizing a dying character with a Heal check (core "Make a dying character stable", an attack
 * action that provokes attacks of opportunity; d20 Modern SRD "Stabilize Dying Character (DC 15)";
 * engine `rollHealToStabilize`; decisions in docs/rules.md "Rest, recovery and the dying").
 * `game.gng.stabilize(patient, healer)` and the dying card's "Stabilize" button ask the active GM
 * (`gng.stabilize` query, `action: 'start'`; the button through the dying card's own query), who
 * checks that the sender owns the healer (not necessarily the patient), that the patient is dying
 * (status and HP, as the dying round checks), that the healer can act (healer-conditions.ts, shared
 * with the heal card) and, in combat, that it is the healer's turn with its attack action left;
 * spends that action, rolls d20 + the healer's Heal bonus against DC 15 with Foundry dice and, on a
 * success, makes the patient stable. The stabilize card shows the roll and the result; its **Undo**
 * (the GM only) takes back the statuses and, while the healer's turn goes on, the action. Under the
 * Enlightened Grognard the DC is the patient's negative HP total and a success leaves it conscious
 * (eg-stabilize.ts); in combat it takes the healer's EG standard action instead of GnG's attack action.
 */
import { rollHealToStabilize } from '../../rules/index.js';
import { refundTurnAttack, spendTurnAttack } from '../../combat/action-budget.js';
import { withFoundryDice } from '../../combat/foundry-dice.js';
import {
  actorOf,
  askGM,
  defineUndoCard,
  undoActor,
  noteUndo,
  Refusal,
  postInQueue,
  type CardActionResult,
  type CardRun,
  withRollMode,
  type RollMode,
  payload,
} from '../kernel/index.js';
import { conditionLabel, healerCannotAct } from '../shared/healer-conditions.js';
import { notDyingNow, refuseWithoutDying, stabilizeActor } from './dying-apply.js';
import { restoreStatuses } from '../../combat/status-changes.js';
import { renderStabilizeCard, DYING_TARGET } from './dying-render.js';
import {
  legacyStabilizeCard,
  STABILIZE_QUERY,
  stabilizeCardOf,
  type StabilizeCardState,
} from './dying-state.js';
import { postCard } from '../kernel/typed-card.js';
import { selectedActors } from '../../documents/selected-tokens.js';
import {
  egStabiliseActor,
  egStabiliseRoll,
  playsEg,
  refundEgStabilise,
  spendEgStabilise,
} from './eg-stabilize.js';

export { STABILIZE_QUERY, stabilizeCardOf, type StabilizeCardState };

/** The start request: the patient's and the healer's uuids. */
const parseStabilizeStart = payload({ patientUuid: 'str', healerUuid: 'str' });

/**
 * The healer `user` would stabilize `patientUuid` with (asking client): the user's assigned
 * character, else the first selected token's actor the user owns; never the patient. Null: none.
 */
export function healerFor(user: User, patientUuid: string): Actor | null {
  const usable = (actor: Actor | null | undefined): actor is Actor =>
    Boolean(actor && actor.uuid !== patientUuid && actor.testUserPermission(user, 'OWNER'));
  if (usable(user.character)) return user.character;
  return selectedActors().find(usable) ?? null;
}

/**
 * GM side, in the queues of the patient (and the healer, when asked directly): the sender's
 * `healer` tries to stabilize `patient`; posts the stabilize card. Refusals change nothing.
 */
export async function stabilizeNow(
  patientUuid: string,
  healerUuid: string,
  sender: User,
  rollMode: RollMode,
  roller: User = sender,
): Promise<ChatMessage> {
  // The Enlightened Grognard has no GnG dying round but its own stabilising (eg-stabilize.ts).
  const eg = playsEg();
  if (!eg) refuseWithoutDying('GNG.Stabilize.Capability');
  const patient = await actorOf(patientUuid);
  const healer = await actorOf(healerUuid);
  if (!patient || !healer) throw new Refusal('GNG.Error.Card.BadRequest');
  if (!healer.testUserPermission(sender, 'OWNER'))
    throw new Refusal('GNG.Stabilize.Error.NotOwner', { name: healer.name });
  if (healer.uuid === patient.uuid) throw new Refusal('GNG.Stabilize.Error.Self', { name: healer.name });
  // The same check as the dying round's: the status, and HP that are dying for the patient's size.
  const notDying = notDyingNow(patient);
  if (notDying === 'status') throw new Refusal('GNG.Stabilize.Error.NotDying', { name: patient.name });
  if (notDying === 'hp')
    throw new Refusal('GNG.Stabilize.Error.NotDyingHp', {
      name: patient.name,
      hp: patient.system.hp.value,
    });
  const reason = healerCannotAct(healer);
  if (reason)
    throw new Refusal('GNG.Stabilize.Error.CannotAct', {
      name: healer.name,
      condition: conditionLabel(reason),
    });
  const bonus = healer.system.derived.skills.heal.total;
  // GnG's attack action, or the EG standard action (decision in docs/rules.md).
  const egSpent = eg ? await spendEgStabilise(healer) : null;
  const spend = eg ? { ok: true as const, spent: null } : await spendTurnAttack(healer);
  if (!spend.ok) throw new Refusal(`GNG.Stabilize.Error.${spend.reason}`, { name: healer.name });
  const { result, rolls } = await withFoundryDice(20, (dice) =>
    eg ? egStabiliseRoll(dice, bonus, patient) : rollHealToStabilize(dice, bonus),
  );
  const stabilise = eg ? egStabiliseActor : stabilizeActor;
  const changes = result.stable ? await stabilise(patient) : { added: {}, removed: [] };
  const state: StabilizeCardState = {
    patientUuid: patient.uuid,
    patientName: patient.name,
    healerUuid: healer.uuid,
    healerName: healer.name,
    natural: result.natural,
    bonus,
    total: result.total,
    dc: result.dc,
    stable: result.stable,
    inCombat: spend.spent !== null || egSpent !== null,
    applied: { ...changes, spent: spend.spent, ...(eg ? { egSpent } : {}) },
    ...(eg ? { model: 'eg' as const } : {}),
  };
  // A typed card (subtype stabilize): its state in `system`, drawn on each client (dying-render.ts).
  const speaker = ChatMessage.getSpeaker({ actor: healer });
  return (await postCard(
    'stabilize',
    state,
    withRollMode({ rolls, speaker }, rollMode, roller),
  )) as ChatMessage;
}

/** GM side: `game.gng.stabilize`, in the queues of the patient and the healer. */
async function startStabilize(
  data: Record<string, unknown>,
  sender: User,
  rollMode: RollMode,
): Promise<ChatMessage> {
  const { patientUuid, healerUuid } = data as { patientUuid: string; healerUuid: string };
  const keys = [(await actorOf(patientUuid))?.uuid ?? patientUuid, (await actorOf(healerUuid))?.uuid];
  return postInQueue(keys, async () => {
    const message = await stabilizeNow(patientUuid, healerUuid, sender, rollMode);
    return message;
  });
}

async function undoStabilize({ state }: CardRun<StabilizeCardState, { id: string }>): Promise<void> {
  const applied = state.applied;
  if (!applied) throw new Refusal('GNG.Stabilize.Error.NothingToUndo');
  const patient = await undoActor(state.patientUuid, state.patientName, 'GNG.Stabilize.Error');
  const notes = await restoreStatuses(patient, applied);
  const healer = await actorOf(state.healerUuid);
  const refunded = !healer
    ? false
    : state.model === 'eg'
      ? await refundEgStabilise(healer, applied.egSpent)
      : await refundTurnAttack(healer, applied.spent);
  if (!refunded) {
    const key = state.model === 'eg' ? 'GNG.Model.EG.Stabilise.TurnOver' : 'GNG.Stabilize.TurnOver';
    notes.push({ key, data: { name: state.healerName } });
  }
  noteUndo(state, notes);
  state.applied = null;
  state.undone = true;
}

/** The stabilize card as a table: its one action, the GM's Undo. */
export const stabilizeCard = defineUndoCard<StabilizeCardState, 'stabilize'>({
  query: STABILIZE_QUERY,
  type: 'stabilize',
  render: renderStabilizeCard,
  legacy: legacyStabilizeCard,
  actors: (state) => [state.patientUuid, state.healerUuid],
  target: DYING_TARGET,
  errors: 'GNG.Stabilize.Error',
  undo: undoStabilize,
  start: startStabilize,
  parseStart: parseStabilizeStart,
});

/** `game.gng.stabilize(patient, healer)`: asks the active GM for `healer`'s (owned) Heal check. */
export function stabilize(patient: Actor, healer: Actor): Promise<CardActionResult> {
  return askGM(STABILIZE_QUERY, { action: 'start', patientUuid: patient.uuid, healerUuid: healer.uuid });
}

/** Asks the active GM (the user must be a GM) to undo the stabilize card `messageId`. */
export function requestStabilizeUndo(messageId: string): Promise<CardActionResult> {
  return stabilizeCard.request(messageId, 'stabilizeUndo', DYING_TARGET);
}

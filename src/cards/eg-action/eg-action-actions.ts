/**
 * The Enlightened Grognard's actions from the sheet (issue #31; docs/rules.md "Sheet, tracker and
 * turns"): Catch your Breath, Refocus, Aid Another and Total Defense. The sheet's button asks the
 * active GM (`gng.egAction`, a GM's or the owner's request); the GM's client checks who may act (engine
 * `actionRefusal`), plays what the text says — the healing of Catch your Breath, the tokens gained
 * through the token store — and posts a card of it with the GM's exact Undo (the HP as a delta on the
 * HP now, the statuses as before, each token change reverted). Loaded with the model. The card is a
 * typed message (subtype `egAction`, eg-action-data.ts): its lines are keys and data, drawn on each
 * client in its language (eg-action-render.ts); one posted before issue #34 (`flags.gng.egAction`)
 * still renders and undoes.
 */
import { CARD_HP_UPDATE } from '../../hooks/hp-statuses.js';
import { combatModel } from '../../settings/combat-model.js';
import {
  actionGain,
  actionRefusal,
  isEgSheetAction,
  type EgSheetAction,
} from '../../rules/models/eg/combat-actions.js';
import { breathHealing, catchYourBreath } from '../../rules/models/eg/recovery.js';
import { healthOf } from '../../combat/model-health.js';
import { giftRefusal, isNoChange, isTokenType, type TokenType } from '../../rules/models/eg/tokens.js';
import {
  changeTokens,
  grantPersistentTokens,
  revertTokenChange,
  type TokenChangeRecord,
} from '../../combat/eg-token-store.js';
import { actionStateOf, begunCombatOf, followHealth } from '../../combat/eg-creature.js';
import { refundEgActionFor, spendEgActionFor, type EgSpent } from '../../combat/eg-turns.js';
import type { EgAction } from '../../rules/models/eg/action-budget.js';
import { restoreStatuses } from '../../combat/status-changes.js';
import type { StatusChanges } from '../../combat/status-changes.js';
import { actorOf, actorQuery, defineUndoCard, undoActor, noteUndo, owns, Refusal } from '../kernel/index.js';
import { oncePerRequest } from '../kernel/same-request.js';
import { postCard } from '../kernel/typed-card.js';
import type { LocalText } from '../kernel/undo-notes.js';
import { EG_ACTION_CARD_QUERY, legacyEgActionCard, type EgActionCardState } from './eg-action-state.js';
import { EG_ACTION_TARGET as TARGET, renderEgActionCard } from './eg-action-render.js';
import { t } from '../../format.js';

export { EG_ACTION_CARD_QUERY, EG_ACTION_QUERY, type EgActionCardState } from './eg-action-state.js';

/** The GM's grant (or taking back) of persistent tokens, from the EG block's GM-only control. */
const GRANT = 'grantPersistent';
/** A GM's grant of this encounter's tokens (the circumstance gains no button plays: R32, A1). */
const GRANT_ENCOUNTER = 'grantEncounter';
/** The most persistent tokens one grant gives or takes back. */
const MAX_GRANT = 20;

const actionName = (action: EgSheetAction | typeof GRANT | typeof GRANT_ENCOUNTER) =>
  t(`GNG.Model.EG.Action.${action}.label`);

/** "2 power, 1 speed" of a gain, as keys (each count and type in the reader's words). */
function tokensText(gain: Partial<Record<TokenType, number>>): LocalText[] {
  return (['power', 'speed', 'insight'] as const)
    .filter((type) => (gain[type] ?? 0) > 0)
    .map((type) => tokenCount(gain[type] as number, type));
}
const tokenCount = (count: number, type: TokenType): LocalText => ({
  key: 'GNG.Model.EG.Token.Count',
  data: { count, type: { key: `GNG.Model.EG.Token.Type.${type}` } },
});

/** Catch your Breath: 1d4 + Con modifier (minimum 1), never above the maximum HP (engine `catchYourBreath`). */
async function catchBreath(
  actor: Actor,
  state: EgActionCardState,
): Promise<{ roll: Roll; hpDelta: number; nonlethalDelta: number }> {
  const system = actor.system;
  const roll = await new Roll('1d4').evaluate();
  const conMod = system.abilities.con.mod;
  const before = healthOf(actor);
  const max = system.hp.max ?? system.hp.value;
  const outcome = catchYourBreath(before, { roll: roll.total as number, conMod, max });
  if (!outcome) throw new Refusal('GNG.Model.EG.Action.Error.notHurt', { name: actor.name });
  const hpDelta = (outcome.after.value ?? 0) - (before.value ?? 0);
  const nonlethalDelta = (outcome.after.nonlethal ?? 0) - (before.nonlethal ?? 0);
  await actor.update(
    { 'system.hp.value': outcome.after.value, 'system.hp.nonlethal': outcome.after.nonlethal },
    CARD_HP_UPDATE,
  );
  state.lines.push({
    key: 'GNG.Model.EG.Action.catchBreath.result',
    data: {
      name: actor.name,
      d4: roll.total as number,
      con: conMod,
      rolled: breathHealing(roll.total as number, conMod),
      before: before.value ?? 0,
      after: outcome.after.value ?? 0,
    },
  });
  return { roll, hpDelta, nonlethalDelta };
}

/** The creature Aid Another's tokens go to: the actor, or a PC ally in its combat (003:745, 003:473). */
async function aidRecipient(actor: Actor, combat: Combat, uuid: string): Promise<Actor> {
  if (!uuid || uuid === actor.uuid) return actor;
  const other = await actorOf(uuid);
  const inCombat = other && combat.combatants.find((c) => c.actor?.uuid === other.uuid);
  if (!other || !inCombat) throw new Refusal('GNG.Model.EG.Action.Error.NoAlly', { name: actor.name });
  const refusal = giftRefusal(
    { pc: actor.type === 'character', id: actor.uuid },
    { pc: other.type === 'character', id: other.uuid },
  );
  if (refusal) throw new Refusal('GNG.Model.EG.Action.Error.AidNpc', { name: actor.name, ally: other.name });
  return other;
}

/**
 * The action each costs of the turn's budget (eg-turns.ts): Catch your Breath and Aid Another a
 * standard action (003:744, 750), Refocus a swift one (003:898), Total Defense a standard one that
 * forbids attacking for the rest of the turn (003:759, the budget's `total-defense`).
 */
export const EG_SHEET_ACTION_COST: Readonly<Record<EgSheetAction, EgAction>> = {
  catchBreath: 'standard',
  refocus: 'swift',
  aidAnother: 'standard',
  totalDefense: 'total-defense',
};

/** Plays `action` for `actor` (checked), its turn's action spent, and posts its card. */
async function play(
  actor: Actor,
  action: EgSheetAction,
  fields: Record<string, string>,
): Promise<ChatMessage> {
  const reason = actionRefusal(action, actionStateOf(actor));
  if (reason)
    throw new Refusal(`GNG.Model.EG.Action.Error.${reason}`, {
      name: actor.name,
      action: actionName(action),
    });
  const { first, second } = fields;
  if (action === 'aidAnother' && !(isTokenType(first) && isTokenType(second)))
    throw new Refusal('GNG.Error.Card.BadRequest');
  const combat = begunCombatOf(actor);
  const recipient =
    action === 'aidAnother' && combat ? await aidRecipient(actor, combat, fields.aidTo ?? '') : actor;
  const state: EgActionCardState = {
    actorUuid: actor.uuid,
    name: actor.name,
    action,
    lines: [],
    applied: null,
  };
  // The action of the turn first (refused, nothing changed, when none is left or off its turn).
  const spent = await spendEgActionFor(actor, EG_SHEET_ACTION_COST[action]);
  if (!spent.ok) throw new Refusal(spent.reason);
  try {
    return await playSpent(actor, recipient, action, state, spent.spent, { combat, first, second });
  } catch (error) {
    // Nothing else was done (the store refused the tokens, the card was not posted): the action back.
    await refundEgActionFor(actor, spent.spent);
    throw error;
  }
}

/** What the action does once its turn's action is spent: the tokens, the healing, the card. */
async function playSpent(
  actor: Actor,
  recipient: Actor,
  action: EgSheetAction,
  state: EgActionCardState,
  turn: EgSpent | null,
  { combat, first, second }: { combat: Combat | null; first?: string; second?: string },
): Promise<ChatMessage> {
  const rolls: Roll[] = [];
  let hpDelta = 0;
  let nonlethalDelta = 0;
  let statuses: StatusChanges | null = null;
  const records: TokenChangeRecord[] = [];
  const gain = actionGain(action, [first as TokenType, second as TokenType]);
  if (!isNoChange(gain)) {
    // Refused (nothing changed) when the pool cannot hold them.
    records.push(await changeTokens(combat, recipient, gain, `GNG.Model.EG.Action.${action}.label`));
    state.lines.push({
      key: `GNG.Model.EG.Action.${action}.result`,
      data: { name: actor.name, tokens: tokensText(gain), ally: recipient.name },
    });
  }
  if (action === 'catchBreath') {
    const healed = await catchBreath(actor, state);
    rolls.push(healed.roll);
    hpDelta = healed.hpDelta;
    nonlethalDelta = healed.nonlethalDelta;
    statuses = await followHealth(actor);
  }
  // "but may not attack during your turn" (003:759–760): the budget's mark refuses the turn's attacks.
  if (action === 'totalDefense')
    state.lines.push({ key: 'GNG.Model.EG.Action.totalDefense.noAttack', data: { name: actor.name } });
  state.applied = { hpDelta, nonlethalDelta, statuses, records, turn };
  const message = await postCard('egAction', state, { rolls, speaker: ChatMessage.getSpeaker({ actor }) });
  if (!message) throw new Refusal('GNG.Error.Attack.Cancelled');
  return message;
}

/**
 * A GM grants (positive) or takes back (negative) persistent tokens of one type (003:464 "your DM can
 * grant you tokens with a persistent duration"), through the store's `grantPersistentTokens` (taking
 * back more than the creature holds is refused, nothing changed); a card whispered to the GMs with
 * the GM's Undo (the store's inverse).
 */
async function grant(
  actor: Actor,
  sender: User,
  fields: Record<string, string>,
  kind: typeof GRANT | typeof GRANT_ENCOUNTER = GRANT,
): Promise<ChatMessage> {
  if (!sender.isGM) throw new Refusal('GNG.Model.EG.Action.Error.GrantGM');
  const { first: type, second = '' } = fields;
  if (!isTokenType(type)) throw new Refusal('GNG.Error.Card.BadRequest');
  const count = /^\s*-?\d+\s*$/.test(second) ? Number(second) : NaN;
  // This encounter's tokens are granted only (a loss is the text's own, R34); persistent ones either way.
  if (
    !Number.isInteger(count) ||
    count === 0 ||
    Math.abs(count) > MAX_GRANT ||
    (kind === GRANT_ENCOUNTER && count < 0)
  )
    throw new Refusal('GNG.Model.EG.Action.Error.GrantCount');
  const label = `GNG.Model.EG.Action.${kind}.label`;
  let record;
  if (kind === GRANT_ENCOUNTER) {
    const combat = begunCombatOf(actor);
    if (!combat) throw new Refusal('GNG.Model.EG.Token.Error.NoEncounter', { name: actor.name });
    record = await changeTokens(combat, actor, { [type]: count }, label);
  } else record = await grantPersistentTokens(actor, { [type]: count }, label);
  const state: EgActionCardState = {
    actorUuid: actor.uuid,
    name: actor.name,
    action: kind,
    lines: [
      {
        key: `GNG.Model.EG.Action.${kind}.${count > 0 ? 'granted' : 'taken'}`,
        data: { name: actor.name, tokens: tokenCount(Math.abs(count), type) },
      },
    ],
    applied: { hpDelta: 0, nonlethalDelta: 0, statuses: null, records: [record], turn: null },
  };
  const message = await postCard('egAction', state, {
    speaker: ChatMessage.getSpeaker({ actor }),
    whisper: game.users.filter((user) => user.isGM).map((user) => user.id as string),
  });
  if (!message) throw new Refusal('GNG.Error.Attack.Cancelled');
  return message;
}

/** `gng.egAction` on the active GM, once per request: never throws (a refusal is the answer). */
const playRequest = actorQuery(
  async (actorUuid, sender, fields) => {
    if (combatModel().id !== 'eg') throw new Refusal('GNG.Model.EG.Action.Error.NotEG');
    const actor = await actorOf(actorUuid);
    if (!actor || !(actor.type === 'character' || actor.type === 'npc'))
      throw new Refusal('GNG.Error.Card.BadRequest');
    if (fields.action === GRANT || fields.action === GRANT_ENCOUNTER)
      return { ok: true, messageId: (await grant(actor, sender, fields, fields.action)).id as string };
    if (!sender.isGM && !owns(sender, actor.uuid))
      throw new Refusal('GNG.Model.EG.Action.Error.NotOwner', { name: actor.name });
    if (!isEgSheetAction(fields.action)) throw new Refusal('GNG.Error.Card.BadRequest');
    const message = await play(actor, fields.action, fields);
    return { ok: true, messageId: message.id as string };
  },
  ['action', 'first', 'second', 'aidTo'],
);

/**
 * `gng.egAction` on the active GM. A request the same user sends again, the same in every field,
 * while the first is still being played (a double click on the sheet's button) is that one: it plays
 * once and both are answered with its result. Sent again after its card is posted, it plays again
 * (Catch your Breath may be repeated out of combat, 003:754–755).
 */
export const handleEgAction = oncePerRequest(playRequest);

/** Undo: the tokens first (refused, nothing changes, when they were spent since), then HP and statuses. */
async function undo({ state }: { state: EgActionCardState }): Promise<void> {
  const applied = state.applied;
  if (!applied) throw new Refusal('GNG.Model.EG.Action.Error.NothingToUndo');
  const actor = await undoActor(state.actorUuid, state.name, 'GNG.Model.EG.Action.Error');
  for (const record of [...applied.records].reverse()) await revertTokenChange(record);
  // The turn's action back while that turn's budget stands (a turn begun since keeps its own).
  const given = await refundEgActionFor(actor, applied.turn ?? null);
  if (applied.hpDelta || applied.nonlethalDelta) {
    const hp = actor.system.hp;
    await actor.update(
      {
        'system.hp.value': hp.value - applied.hpDelta,
        'system.hp.nonlethal': Math.max(0, hp.nonlethal - applied.nonlethalDelta),
      },
      CARD_HP_UPDATE,
    );
  }
  const notes: LocalText[] = applied.statuses ? await restoreStatuses(actor, applied.statuses) : [];
  if (!given) notes.push({ key: 'GNG.Model.EG.Action.TurnNotGiven', data: { name: actor.name } });
  noteUndo(state, notes);
  state.applied = null;
  state.undone = true;
}

/** The action card as a table: the GM's Undo. */
export const egActionCard = defineUndoCard<EgActionCardState, 'egAction'>({
  query: EG_ACTION_CARD_QUERY,
  type: 'egAction',
  render: renderEgActionCard,
  legacy: legacyEgActionCard,
  actors: (state) => [state.actorUuid],
  target: TARGET,
  errors: 'GNG.Model.EG.Action.Error',
  undo,
});

/** The action card's state on a message (typed or legacy), or null. */
export const egActionCardOf = (message: ChatMessage | null | undefined): EgActionCardState | null =>
  egActionCard.spec.state(message);

/**
 * The Saga-style turn-start card (issue #30): at each turn start of a creature under the Saga-style
 * model the active GM plays what the turn start does (engine `sagaTurnStart`): its regeneration
 * (001:145; suppressed while its Combat record counts suppressed turns) and, below 0 HP and not
 * stable, its dying round (A4: d% ≤ 10 stable, else 1 HP lost, dead at −10). Once per combat round
 * (the record in the Combat's flags). When nothing happens (no regeneration, not dying) no card is
 * posted. The card shows what happened; the GM's **Undo** is its exact inverse (the HP as a delta on
 * the HP now, the statuses as before, the Combat record as before). Loaded on first use. The card is
 * a typed message (subtype `sagaTurn`, saga-turn-data.ts) drawn from its state on each client
 * (saga-turn-render.ts); one posted before issue #34 (`flags.gng.sagaTurn`) still renders and undoes.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import { sagaTurnStart } from '../../rules/models/saga/turn-start.js';
import { lethalCondition } from '../../rules/models/saga/health.js';
import { withFoundryDice } from '../../combat/foundry-dice.js';
import { CARD_HP_UPDATE } from '../../hooks/hp-statuses.js';
import { playTurnStartCard } from '../turn-start-play.js';
import { combatModel } from '../../settings/combat-model.js';
import { combatantOf } from '../../combat/scene-lookup.js';
import { REGENERATION_SUPPRESSED_TURNS } from '../../rules/models/saga/special-rules.js';
import { SAGA_MODEL_ID } from '../../rules/models/saga/model.js';
import { defineUndoCard, undoActor, noteUndo, Refusal, type CardActionResult } from '../kernel/index.js';
import { changeStatuses, restoreStatuses } from '../../combat/status-changes.js';
import type { StatusChanges } from '../dying/dying-state.js';
import { postCard } from '../kernel/typed-card.js';
import {
  legacySagaTurnCard,
  SAGA_TURN_QUERY,
  type SagaTurnCardState,
  type SagaTurnMark,
} from './saga-turn-state.js';
import { renderSagaTurnCard, SAGA_TURN_TARGET as TARGET } from './saga-turn-render.js';

export { SAGA_TURN_QUERY };

const FLAG = 'sagaTurns';
const DYING = 'dying';
const STABLE = 'stable';

/** `combatant`'s turn-start record in `combat` (null: none yet). */
export function sagaTurnMark(combat: Combat, combatant: Combatant): SagaTurnMark | null {
  const marks = combat.getFlag(SYSTEM_ID, FLAG) as Record<string, SagaTurnMark | null> | undefined;
  const mark = marks?.[combatant.id as string];
  if (!mark || typeof mark !== 'object') return null;
  // Read defensively (a macro may have written the flag): whole numbers, else none.
  const whole = (n: unknown) => (typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null);
  return { round: whole(mark.round), suppressed: whole(mark.suppressed) ?? 0 };
}

async function setMark(combat: Combat, combatantId: string, mark: SagaTurnMark | null): Promise<void> {
  await combat.update({ [`flags.${SYSTEM_ID}.${FLAG}.${combatantId}`]: mark });
}

/**
 * GM side: the bane of `combatant`'s regeneration struck (001:145 "Regeneration is suppressed for 2
 * rounds"): its next two turn starts heal nothing. The record keeps the round already played.
 */
export async function suppressRegeneration(
  combat: Combat,
  combatant: Combatant,
  turns = REGENERATION_SUPPRESSED_TURNS,
): Promise<void> {
  if (!game.user.isGM) throw new Refusal('GNG.Model.Saga.Round.Error.GM');
  await setMark(combat, combatant.id as string, {
    round: sagaTurnMark(combat, combatant)?.round ?? null,
    suppressed: turns,
  });
}

/**
 * `game.gng.suppressRegeneration(actor, turns)`: a GM marks the bane's hit on `actor` (in a combat,
 * under the Saga-style model, with regeneration); `turns` 0–10 (0 lifts it). A GM writes the Combat.
 */
export async function suppressRegenerationOf(
  actor: Actor,
  turns: number = REGENERATION_SUPPRESSED_TURNS,
): Promise<CardActionResult> {
  const refuse = (error: string, data: Record<string, unknown> = {}): CardActionResult => {
    ui.notifications.warn(game.i18n.format(error, data));
    return { ok: false, error, data };
  };
  const name = actor.name;
  if (!game.user.isGM) return refuse('GNG.Model.Saga.Round.Error.GM');
  if (combatModel().id !== SAGA_MODEL_ID) return refuse('GNG.Model.Saga.Round.Error.NotSaga');
  if (!Number.isInteger(turns) || turns < 0 || turns > 10)
    return refuse('GNG.Model.Saga.Round.Error.Turns', { turns: String(turns) });
  if (!(actor.system.regeneration > 0)) return refuse('GNG.Model.Saga.Round.Error.NoRegeneration', { name });
  const combatant = combatantOf(actor);
  const combat = combatant?.parent;
  if (!combat || !combatant) return refuse('GNG.Model.Saga.Round.Error.NotInCombat', { name });
  await suppressRegeneration(combat, combatant, turns);
  return { ok: true };
}

/** The statuses a turn start changes: stable, dead, or no longer dying (regenerated to 0 or more). */
function statusesFor(actor: Actor, state: SagaTurnCardState['outcome']): Promise<StatusChanges> | null {
  if (state.dying?.stable) return changeStatuses(actor, [STABLE], [DYING]);
  const now = lethalCondition(state.hp);
  if (now === 'dead') return changeStatuses(actor, ['dead'], [DYING, STABLE]);
  if (now !== 'dying') return changeStatuses(actor, [], [DYING, STABLE]);
  return null;
}

/** GM side, in the actor's queue: plays the turn start; the card, or null when nothing happened. */
async function play(actor: Actor, combat: Combat, combatant: Combatant): Promise<ChatMessage | null> {
  const markBefore = sagaTurnMark(combat, combatant);
  if (markBefore?.round === combat.round) return null;
  const sys = actor.system;
  const hpBefore = sys.hp.value;
  const max = sys.hp.max;
  const regeneration = typeof max === 'number' && sys.regeneration > 0 ? sys.regeneration : 0;
  const dead = actor.statuses.has('dead');
  const dyingHp = lethalCondition(hpBefore) === 'dying';
  if (dead || (regeneration === 0 && !(dyingHp && !actor.statuses.has(STABLE)))) return null;
  const { result: outcome, rolls } = await withFoundryDice(100, (dice) =>
    sagaTurnStart(
      {
        hp: hpBefore,
        max: typeof max === 'number' ? max : hpBefore,
        regeneration,
        suppressedTurns: markBefore?.suppressed ?? 0,
        stable: actor.statuses.has(STABLE),
        dead,
      },
      dice,
    ),
  );
  // A regenerating creature at its maximum and not suppressed: nothing happened, no card.
  if (!outcome.dying && !outcome.regeneration?.suppressed && !outcome.regeneration?.healed) return null;
  const markAfter: SagaTurnMark = { round: combat.round, suppressed: outcome.suppressedTurns };
  await setMark(combat, combatant.id as string, markAfter);
  const hpDelta = outcome.hp - hpBefore;
  if (hpDelta) await actor.update({ 'system.hp.value': outcome.hp }, CARD_HP_UPDATE);
  const changes = (await statusesFor(actor, outcome)) ?? { added: {}, removed: [] };
  const state: SagaTurnCardState = {
    actorUuid: actor.uuid,
    name: actor.name,
    round: combat.round,
    hpBefore,
    outcome,
    applied: {
      ...changes,
      hpDelta,
      combatId: combat.id as string,
      combatantId: combatant.id as string,
      markBefore,
      markAfter,
    },
  };
  return (await postCard('sagaTurn', state, {
    rolls,
    speaker: ChatMessage.getSpeaker({ actor }),
  })) as ChatMessage;
}

/**
 * Active GM, at `combatant`'s turn start in `combat` (round ≥ 1): plays its Saga-style turn start
 * once per combat round. Resolves with the card, or null.
 */
export async function playSagaTurnStart(combat: Combat, combatant: Combatant): Promise<ChatMessage | null> {
  return playTurnStartCard(combat, combatant, play);
}

/** Undo: the HP delta taken back from the HP now, the statuses as before, the Combat record as before. */
async function undo({ state }: { state: SagaTurnCardState }): Promise<void> {
  const applied = state.applied;
  if (!applied) throw new Refusal('GNG.Model.Saga.Round.Error.NothingToUndo');
  const actor = await undoActor(state.actorUuid, state.name, 'GNG.Model.Saga.Round.Error');
  if (applied.hpDelta) {
    const hp = actor.system.hp.value;
    await actor.update({ 'system.hp.value': hp - applied.hpDelta }, CARD_HP_UPDATE);
  }
  noteUndo(state, await restoreStatuses(actor, applied));
  const combat = game.combats.get(applied.combatId);
  const combatant = combat?.combatants.get(applied.combatantId);
  // A later turn start's record stays; this one's gives way to the one it replaced.
  if (combat && combatant) {
    const now = sagaTurnMark(combat, combatant);
    if (now?.round === applied.markAfter.round && now.suppressed === applied.markAfter.suppressed)
      await setMark(combat, applied.combatantId, applied.markBefore);
  }
  state.applied = null;
  state.undone = true;
}

/** The turn-start card as a table: the GM's Undo. */
export const sagaTurnCard = defineUndoCard<SagaTurnCardState, 'sagaTurn'>({
  query: SAGA_TURN_QUERY,
  type: 'sagaTurn',
  render: renderSagaTurnCard,
  legacy: legacySagaTurnCard,
  actors: (state) => [state.actorUuid],
  target: TARGET,
  errors: 'GNG.Model.Saga.Round.Error',
  undo,
});

/** The turn-start card's state on a message (typed or legacy), or null. */
export const sagaTurnCardOf = (message: ChatMessage | null | undefined): SagaTurnCardState | null =>
  sagaTurnCard.spec.state(message);

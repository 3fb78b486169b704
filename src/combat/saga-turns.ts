/**
 * The Saga-style model's turns at the table (issue #30): each combatant's action budget (standard,
 * move, swift and the trades, src/rules/models/saga/action-budget.ts), its attacks of opportunity
 * this round and its refooting, kept in its **Combat's** flags, `flags.gng.saga.<combatant id>`
 * (only a GM writes the Combat; a player asks by a GM query). The tracker shows what each combatant
 * has left. Loaded only under a model with the condition track: {@link registerSagaTurns} is called
 * when the Saga-style model is (nothing of it is in the code a world loads at start).
 *
 * Writers (`startSagaTurn`, `spendSagaActionFor`, `refundSagaActionFor`, `spendOpportunityFor`,
 * `refundOpportunityFor`, `askRefooting`, `refootAtRoundEnd`) run on the active GM only.
 */
import { modelHooks } from '../hooks/lazy-hooks.js';
import { SYSTEM_ID } from '../config/document-types.js';
import { isActiveGM } from '../documents/active-gm.js';
import { modelOffers } from '../settings/combat-model.js';
import { begunCombatantOf, combatantOf } from './scene-lookup.js';
import { opportunityFactsOf, refundTurnSpend, writeTurnRecord } from './turn-records.js';
import { setModelBudgetLines } from './budget-display.js';
import { CONDITION_STEP_KEY, conditionStepOf } from './saga-condition-step.js';
import {
  actorOf,
  actorQuery,
  askGM,
  owns,
  registerGMQuery,
  Refusal,
  refusal,
  track,
} from '../cards/kernel/index.js';
import type { CardActionResult } from '../cards/kernel/index.js';
import {
  newSagaBudget,
  normalizeSagaBudget,
  refundSagaAction,
  sagaActionsLeft,
  spendSagaAction,
  SAGA_ACTION_SLOTS,
  type SagaAction,
  type SagaActionSlot,
  type SagaBudget,
} from '../rules/models/saga/action-budget.js';
import {
  COMBAT_REFLEXES_ID,
  opportunityAttacksLeft,
  opportunityAttacksPerRound,
} from '../rules/models/saga/opportunity.js';
import {
  normalizeRefootRecord,
  refoot,
  refootRefusal,
  type RefootRecord,
} from '../rules/models/saga/refooting.js';
import { t, f } from '../format.js';

/** One combatant's record. */
export interface SagaTurnRecord {
  /** The round of its last turn start (0: none yet); the budget is that turn's. */
  round: number;
  budget: SagaBudget;
  /** Attacks of opportunity made since its last turn start. */
  aooUsed: number;
  /** It asked to refoot at the end of this round (null: not asked, or done). */
  refootAsked: number | null;
  refoot: RefootRecord | null;
}

/** The record of `combatant` read from its Combat's flags (whatever is malformed: a fresh one's field). */
export function sagaRecordOf(combatant: Combatant): SagaTurnRecord {
  const all = combatant.parent?.getFlag(SYSTEM_ID, 'saga') as Record<string, unknown> | undefined;
  const raw = all?.[combatant.id as string];
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0);
  return {
    round: int(r.round),
    budget: normalizeSagaBudget(r.budget),
    aooUsed: int(r.aooUsed),
    refootAsked: typeof r.refootAsked === 'number' && int(r.refootAsked) > 0 ? int(r.refootAsked) : null,
    refoot: normalizeRefootRecord(r.refoot),
  };
}

const writeRecord = (combatant: Combatant, changes: Partial<SagaTurnRecord>) =>
  writeTurnRecord(combatant, 'saga', changes);

/** Attacks of opportunity a round for the actor: its Dexterity modifier and Combat Reflexes (001:43). */
export function opportunityPerRoundOf(actor: Actor | null): number {
  return opportunityAttacksPerRound(opportunityFactsOf(actor, COMBAT_REFLEXES_ID));
}

/** GM side: the combatant's turn starts (a fresh budget, its attacks of opportunity back). */
export async function startSagaTurn(combatant: Combatant, round: number): Promise<void> {
  await writeRecord(combatant, { round, budget: newSagaBudget(), aooUsed: 0 });
}

/** What a spend did, for Undo: the action, what paid, and the turn it was taken in. */
export interface SagaSpent {
  action: SagaAction;
  paidWith: SagaActionSlot[];
  movement: boolean;
  round: number;
}

/**
 * GM side: spends one action of the actor's turn budget. Out of combat nothing is spent (`spent:
 * null`). A refusal names a lang key `GNG.Model.Saga.Turn.Refusal.<reason>`.
 */
export async function spendSagaActionFor(
  actor: Actor,
  action: SagaAction,
  options: { movement?: boolean } = {},
): Promise<{ ok: true; spent: SagaSpent | null } | { ok: false; reason: string }> {
  const begun = begunCombatantOf(actor);
  if (!begun) return { ok: true, spent: null };
  const record = sagaRecordOf(begun.combatant);
  const result = spendSagaAction(record.budget, action, options);
  if (!result.ok) return { ok: false, reason: `GNG.Model.Saga.Turn.Refusal.${result.reason}` };
  await writeRecord(begun.combatant, { budget: result.budget });
  return {
    ok: true,
    spent: { action, paidWith: result.paidWith, movement: options.movement === true, round: record.round },
  };
}

/** GM side (Undo): gives a spend back while its turn's budget stands; false when a turn began since. */
export function refundSagaActionFor(actor: Actor, spent: SagaSpent | null): Promise<boolean> {
  return refundTurnSpend(actor, spent, {
    recordOf: sagaRecordOf,
    write: writeRecord,
    refund: refundSagaAction,
  });
}

/** GM side: one attack of opportunity of the actor; refused (false) when none is left this round. */
export async function spendOpportunityFor(actor: Actor): Promise<boolean> {
  const combatant = combatantOf(actor);
  if (!combatant) return true;
  const record = sagaRecordOf(combatant);
  if (opportunityAttacksLeft(opportunityPerRoundOf(actor), record.aooUsed) === 0) return false;
  await writeRecord(combatant, { aooUsed: record.aooUsed + 1 });
  return true;
}

/** GM side (Undo): gives back one attack of opportunity. */
export async function refundOpportunityFor(actor: Actor): Promise<void> {
  const combatant = combatantOf(actor);
  if (!combatant) return;
  const record = sagaRecordOf(combatant);
  if (record.aooUsed > 0) await writeRecord(combatant, { aooUsed: record.aooUsed - 1 });
}

/** The GM query a player's client sends to refoot its actor. */
export const REFOOT_QUERY = 'gng.sagaRefoot';

/**
 * GM side: the actor's combatant asks to refoot at the end of this round (001:156): refused once it
 * has refooted this encounter, or before the combat has begun. Asking twice in one round changes nothing.
 */
export async function askRefooting(actor: Actor): Promise<CardActionResult> {
  const combatant = combatantOf(actor);
  const combat = combatant?.parent;
  if (!combatant || !combat) return refusal(new Refusal('GNG.Model.Saga.Turn.Refoot.notInCombat'));
  const record = sagaRecordOf(combatant);
  const why = refootRefusal({ record: record.refoot, round: combat.round });
  if (why) return refusal(new Refusal(`GNG.Model.Saga.Turn.Refoot.${why}`));
  if (record.refootAsked !== combat.round) await writeRecord(combatant, { refootAsked: combat.round });
  return { ok: true };
}

/**
 * GM side, as a round ends (the Combat's round went up): each combatant that asked during the round
 * before rerolls its initiative and takes the result (001:156). When the order changed, the new
 * round starts with the first of the new order.
 */
export async function refootAtRoundEnd(combat: Combat): Promise<RefootRecord[]> {
  const done: RefootRecord[] = [];
  const updates: Record<string, unknown>[] = [];
  for (const combatant of combat.combatants) {
    const record = sagaRecordOf(combatant);
    if (record.refootAsked === null || record.refoot || record.refootAsked >= combat.round) continue;
    const roll = await combatant.getInitiativeRoll().evaluate();
    const r = refoot({
      round: record.refootAsked,
      before: combatant.initiative ?? 0,
      rerolled: roll.total ?? 0,
    });
    await writeRecord(combatant, { refootAsked: null, refoot: r });
    updates.push({ _id: combatant.id, initiative: r.after });
    done.push(r);
  }
  if (!updates.length) return done;
  await combat.updateEmbeddedDocuments('Combatant', updates);
  if (combat.turn !== 0) await combat.update({ turn: 0 });
  return done;
}

/** The tracker's words for a combatant: its actions left (on its turn) and attacks of opportunity left. */
export function sagaBadgeText(combatant: Combatant, current: boolean): string[] {
  const record = sagaRecordOf(combatant);
  const lines: string[] = [];
  if (current) {
    const budget = turnBudget(combatant, record);
    const left = SAGA_ACTION_SLOTS.filter((slot) => budget[slot]).map((slot) =>
      f(`GNG.Model.Saga.Turn.Left.${slot}`, { count: sagaActionsLeft(budget, slot) }),
    );
    lines.push(left.length ? left.join(' · ') : t('GNG.Model.Saga.Turn.Left.none'));
  }
  const aoo = opportunityAttacksLeft(opportunityPerRoundOf(combatant.actor), record.aooUsed);
  lines.push(f('GNG.Model.Saga.Turn.Opportunity', { count: aoo }));
  if (record.refootAsked !== null) lines.push(t('GNG.Model.Saga.Turn.Refoot.asked'));
  return lines;
}

/**
 * The budget of `combatant`'s turn now: its record's, or a fresh one when the record is of an earlier
 * round (the GM's client has not written this turn start's refill yet: the turn is fresh).
 */
function turnBudget(combatant: Combatant, record: SagaTurnRecord): SagaBudget {
  return record.round === combatant.parent?.round ? record.budget : newSagaBudget();
}

/** The unspent actions of a budget, worded ("standard, move, swift"; "no actions"). */
function slotsText(budget: SagaBudget): string {
  const slots = SAGA_ACTION_SLOTS.filter((slot) => budget[slot]);
  return slots.length
    ? slots.map((slot) => t(`GNG.Model.Saga.Turn.Sheet.Slot.${slot}`)).join(', ')
    : t('GNG.Model.Saga.Turn.Sheet.Slot.none');
}

/**
 * The sheet's combat panel under the Saga-style model (empty out of combat): what this turn has left
 * (on its turn) or what the next one brings (each turn one of each, 001:5), the trades the text allows
 * with what is left (a greater action spent as a lesser, 001:5; standard + move as a full-round action,
 * 001:15), a step or a move already taken (001:21), and the attacks of opportunity left this round (001:43).
 */
export function sagaBudgetLines(actor: Actor): string[] {
  const combatant = combatantOf(actor);
  const combat = combatant?.parent;
  if (!combatant || !combat) return [];
  const record = sagaRecordOf(combatant);
  const current = combat.started && combat.combatant?.id === combatant.id;
  const budget = current ? turnBudget(combatant, record) : newSagaBudget();
  const lines = [
    current
      ? f('GNG.Model.Saga.Turn.Sheet.ThisTurn', { actions: slotsText(budget) })
      : f('GNG.Model.Saga.Turn.Sheet.NextTurn', { actions: slotsText(budget) }),
  ];
  const trades = [
    ...(budget.standard ? [t('GNG.Model.Saga.Turn.Sheet.Trade.standard')] : []),
    ...(budget.move ? [t('GNG.Model.Saga.Turn.Sheet.Trade.move')] : []),
    ...(budget.standard && budget.move ? [t('GNG.Model.Saga.Turn.Sheet.Trade.fullRound')] : []),
  ];
  if (trades.length) lines.push(f('GNG.Model.Saga.Turn.Sheet.Trades', { trades: trades.join('; ') }));
  if (budget.stepped) lines.push(t('GNG.Model.Saga.Turn.Sheet.Stepped'));
  if (budget.moved) lines.push(t('GNG.Model.Saga.Turn.Sheet.Moved'));
  const aoo = opportunityAttacksLeft(opportunityPerRoundOf(actor), record.aooUsed);
  lines.push(f('GNG.Model.Saga.Turn.Sheet.Opportunity', { count: aoo }));
  return lines;
}

/** The tracker's condition step of a combatant's actor (visible to all, as on the sheet), or null. */
function stepBadge(combatant: Combatant, doc: Document): HTMLElement | null {
  const actor = combatant.actor;
  if (!actor) return null;
  const key = `GNG.Model.Saga.Track.Step.${conditionStepOf(actor)}`;
  const step = game.i18n.has(key) ? t(key) : String(conditionStepOf(actor));
  const badge = doc.createElement('span');
  badge.className = 'gng-saga-step';
  badge.dataset.step = String(conditionStepOf(actor));
  badge.textContent = f('GNG.Model.Saga.Track.Tracker', { step });
  const label = f('GNG.Model.Saga.Track.TrackerLabel', { step });
  badge.setAttribute('role', 'note');
  badge.setAttribute('aria-label', label);
  badge.dataset.tooltip = label;
  return badge;
}

/**
 * `updateActor`: a combatant's condition step changed, so the tracker showing it is drawn again (an
 * actor's change does not always redraw the tracker: other systems redraw it themselves, as here).
 */
export function redrawTrackerOnStep(actor: Actor, changes: object): void {
  if (!modelOffers('conditionTrack') || !ui.combat?.rendered) return;
  if (foundry.utils.getProperty(changes, CONDITION_STEP_KEY) === undefined || !combatantOf(actor)) return;
  void ui.combat.render();
}

/** `renderCombatTracker`: a Saga badge on each combatant row. */
export function decorateSagaTracker(app: CombatTrackerApp, html: HTMLElement): void {
  const combat = app?.viewed;
  if (!combat) return;
  const shown = modelOffers('conditionTrack');
  for (const row of html.querySelectorAll<HTMLElement>('.combatant[data-combatant-id]')) {
    row.querySelector('.gng-saga-turn')?.remove();
    row.querySelector('.gng-saga-refoot')?.remove();
    row.querySelector('.gng-saga-step')?.remove();
    if (!shown) continue;
    const combatant = combat.combatants.get(row.dataset.combatantId ?? '');
    if (!combatant) continue;
    const lines = sagaBadgeText(combatant, combat.started && combat.combatant?.id === combatant.id);
    const badge = row.ownerDocument.createElement('span');
    badge.className = 'gng-saga-turn';
    badge.setAttribute('role', 'note');
    badge.setAttribute('aria-label', `${t('GNG.Model.Saga.Turn.label')}: ${lines.join('; ')}`);
    badge.textContent = lines.join(' · ');
    (row.querySelector('.token-name') ?? row).append(badge);
    const step = stepBadge(combatant, row.ownerDocument);
    if (step) badge.after(step);
    const refoot = refootButton(combat, combatant, row.ownerDocument);
    if (refoot) (step ?? badge).after(refoot);
  }
}

/**
 * The "Refoot" button of a combatant its user owns, while the combat runs and it has neither refooted
 * nor asked yet (001:156): it asks the GM ({@link requestRefooting}).
 */
function refootButton(combat: Combat, combatant: Combatant, doc: Document): HTMLButtonElement | null {
  const actor = combatant.actor;
  const record = sagaRecordOf(combatant);
  if (!actor?.isOwner || !combat.started || record.refoot || record.refootAsked !== null) return null;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'gng-saga-refoot';
  button.textContent = t('GNG.Model.Saga.Turn.Refoot.button');
  button.dataset.tooltip = t('GNG.Model.Saga.Turn.Refoot.hint');
  button.setAttribute('aria-label', `${t('GNG.Model.Saga.Turn.Refoot.button')}: ${actor.name}`);
  button.addEventListener('click', (event) => {
    event.stopPropagation();
    void requestRefooting(actor);
  });
  return button;
}

/** A player's (or the GM's) request to refoot `actor`: answered by the active GM. */
export function requestRefooting(actor: Actor): Promise<CardActionResult> {
  return askGM(REFOOT_QUERY, { actorUuid: actor.uuid });
}

let registered = false;

/** The hooks' handlers (src/hooks/register-hooks.ts `modelHooks.saga`). */
export const sagaTurnHooks = {
  updateActor: redrawTrackerOnStep,
  renderCombatTracker: (app: CombatTrackerApp, html: HTMLElement) => decorateSagaTracker(app, html),
  updateCombat(combat: Combat, changes: Record<string, unknown>): void {
    if (!isActiveGM() || !modelOffers('conditionTrack')) return;
    if (!('turn' in changes) && !('round' in changes)) return;
    void track(
      (async () => {
        if ('round' in changes) await refootAtRoundEnd(combat);
        const combatant = combat.combatant;
        if (combatant && combat.round >= 1) await startSagaTurn(combatant, combat.round);
      })(),
    ).catch((error: unknown) => console.error(error));
  },
};

/**
 * Registers the Saga turns: the tracker badge (with each combatant's condition step), the sheet's
 * budget lines, the turn starts and round ends on the active GM's client, and the refooting query. Once; called when the Saga-style model is loaded.
 */
export function registerSagaTurns(): void {
  if (registered) return;
  registered = true;
  setModelBudgetLines(sagaBudgetLines);
  modelHooks.saga(sagaTurnHooks);
  registerGMQuery(
    REFOOT_QUERY,
    actorQuery(async (actorUuid, sender) => {
      const actor = await actorOf(actorUuid);
      if (!actor || !owns(sender, actor.uuid)) return refusal(new Refusal('GNG.Error.Attack.BadRequest'));
      return askRefooting(actor);
    }),
  );
}

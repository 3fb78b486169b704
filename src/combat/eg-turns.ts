/**
 * The Enlightened Grognard turns at the table (issue #31; seed 003:35, 44–45, 524–576, 597–646):
 * each combatant's action budget (src/rules/models/eg/action-budget.ts) and its attacks of
 * opportunity this round (opportunity.ts), kept in its **Combat's** flags,
 * `flags.gng.eg.turns.<combatant id>` (only a GM writes the Combat; the token pools beside it are the
 * token store's). The tracker and the sheet show what each combatant has left. Loaded with the EG
 * model ({@link registerEgTurns}: nothing of it is in the code a world loads at start); its hooks do
 * nothing under another model (the capability `tokens` is the EG model's own).
 *
 * Writers (`startEgTurn`, `spendEgActionFor`, `refundEgActionFor`, `spendEgAttackFor`,
 * `refundEgAttackFor`) run on the active GM only.
 */
import { modelHooks } from '../hooks/lazy-hooks.js';
import { SYSTEM_ID } from '../config/document-types.js';
import { isActiveGM } from '../documents/active-gm.js';
import { modelOffers } from '../settings/combat-model.js';
import { begunCombatantOf, combatantOf } from './scene-lookup.js';
import { opportunityFactsOf, refundTurnSpend, writeTurnRecord } from './turn-records.js';
import { setModelBudgetLines } from './budget-display.js';
import { track } from '../cards/kernel/index.js';
import {
  egActionsLeft,
  newEgBudget,
  normalizeEgBudget,
  refundEgAction,
  spendEgAction,
  EG_ACTION_SLOTS,
  type EgAction,
  type EgActionSlot,
  type EgBudget,
} from '../rules/models/eg/action-budget.js';
import {
  EG_COMBAT_REFLEXES_ID,
  egMayMakeOpportunityAttack,
  egOpportunityAttacksLeft,
  egOpportunityAttacksPerRound,
} from '../rules/models/eg/opportunity.js';
import { t, f } from '../format.js';

/** One combatant's record. */
export interface EgTurnRecord {
  /** The round of its last turn start (0: none yet); the budget is that turn's. */
  round: number;
  budget: EgBudget;
  /** Attacks of opportunity made since its last turn start. */
  aooUsed: number;
}

const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0);

/** The record of `combatant` read from its Combat's flags (whatever is malformed: a fresh one's field). */
export function egTurnRecordOf(combatant: Combatant): EgTurnRecord {
  const eg = combatant.parent?.getFlag(SYSTEM_ID, 'eg') as { turns?: Record<string, unknown> } | undefined;
  const raw = eg?.turns?.[combatant.id as string];
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return { round: int(r.round), budget: normalizeEgBudget(r.budget), aooUsed: int(r.aooUsed) };
}

const writeRecord = (combatant: Combatant, changes: Partial<EgTurnRecord>) =>
  writeTurnRecord(combatant, 'eg.turns', changes);

/** Attacks of opportunity a round for the actor: its Dexterity modifier and Combat Reflexes (003:571). */
export function egOpportunityPerRoundOf(actor: Actor | null): number {
  return egOpportunityAttacksPerRound(opportunityFactsOf(actor, EG_COMBAT_REFLEXES_ID));
}

/**
 * A dazed creature (and a disabled one: "also dazed and slowed", 003:1009) "may only take one
 * standard action per round" (003:646, decision A3): its turn starts with the standard action only.
 */
function limitedTurn(actor: Actor | null): boolean {
  return actor?.statuses?.has('dazed') === true || actor?.statuses?.has('disabled') === true;
}

/**
 * GM side: the combatant's turn starts (a fresh budget, its attacks of opportunity back). Nothing when
 * its record is of this round already (an action spent on the fresh turn before this hook ran, or the
 * GM stepping back and forth within the round: the same turn).
 */
export async function startEgTurn(combatant: Combatant, round: number): Promise<void> {
  if (egTurnRecordOf(combatant).round === round) return;
  await writeRecord(combatant, {
    round,
    budget: newEgBudget({ limited: limitedTurn(combatant.actor) }),
    aooUsed: 0,
  });
}

/** What a spend did, for Undo: the action, what paid, whether it was an attack, and its turn. */
export interface EgSpent {
  action: EgAction;
  paidWith: EgActionSlot[];
  attack: boolean;
  round: number;
}

/**
 * GM side: spends one action of the actor's turn budget. Out of combat nothing is spent (`spent:
 * null`); off the actor's turn only immediate and free actions (`notYourTurn`). A refusal names a lang
 * key `GNG.Model.EG.Budget.Refusal.<reason>`; nothing is written. A record of an earlier round is this
 * turn's fresh budget (the turn start's refill not written yet): the spend writes it for this round.
 */
export async function spendEgActionFor(
  actor: Actor,
  action: EgAction,
  options: { attack?: boolean } = {},
): Promise<{ ok: true; spent: EgSpent | null } | { ok: false; reason: string }> {
  const begun = begunCombatantOf(actor);
  if (!begun) return { ok: true, spent: null };
  const { combatant, combat } = begun;
  // "When a character's turn comes up … that character performs his entire round's worth of actions"
  // (003:584–585): off its turn only what costs nothing of the budget (immediate, free).
  const free = action === 'immediate' || action === 'free';
  if (!free && combat.combatant?.id !== combatant.id)
    return { ok: false, reason: 'GNG.Model.EG.Budget.Refusal.notYourTurn' };
  const record = egTurnRecordOf(combatant);
  const budget = turnBudget(combatant, record);
  const result = spendEgAction(budget, action, options);
  if (!result.ok) return { ok: false, reason: `GNG.Model.EG.Budget.Refusal.${result.reason}` };
  await writeRecord(combatant, { round: combat.round, budget: result.budget });
  return {
    ok: true,
    spent: { action, paidWith: result.paidWith, attack: options.attack === true, round: combat.round },
  };
}

/** GM side (Undo): gives a spend back while its turn's budget stands; false when a turn began since. */
export function refundEgActionFor(actor: Actor, spent: EgSpent | null): Promise<boolean> {
  return refundTurnSpend(actor, spent, {
    recordOf: egTurnRecordOf,
    write: writeRecord,
    refund: refundEgAction,
  });
}

/** What an attack spent: the turn's action, or one attack of opportunity (off its turn). */
export type EgAttackSpent = { kind: 'action'; spent: EgSpent } | { kind: 'opportunity'; round: number };

/**
 * GM side, before an attack is rolled: on the attacker's turn in a begun combat the attack is a
 * standard action (003:678; `swift` when a feat makes it one, 003:575); off its turn it is an attack
 * of opportunity (003:528), refused when none is left this round, when the attacker cannot take an
 * immediate action, against a target with cover (grappled, pinned, prone: 003:1353) or total
 * concealment. Null when nothing is spent (out of combat). A refusal is a lang key; nothing written.
 */
export async function spendEgAttackFor(
  actor: Actor,
  options: {
    target?: Actor | null;
    slot?: 'standard' | 'swift';
    targetCover?: boolean;
    targetTotalConcealment?: boolean;
  } = {},
): Promise<{ ok: true; spent: EgAttackSpent | null } | { ok: false; reason: string }> {
  const begun = begunCombatantOf(actor);
  if (!begun) return { ok: true, spent: null };
  const { combatant, combat } = begun;
  if (combat.combatant?.id === combatant.id) {
    const r = await spendEgActionFor(actor, options.slot ?? 'standard', { attack: true });
    if (!r.ok) return r;
    return { ok: true, spent: r.spent ? { kind: 'action', spent: r.spent } : null };
  }
  const record = egTurnRecordOf(combatant);
  const may = egMayMakeOpportunityAttack({
    perRound: egOpportunityPerRoundOf(actor),
    used: record.aooUsed,
    attackerStatuses: actor.statuses ?? [],
    targetStatuses: options.target?.statuses ?? [],
    ...(options.targetCover === true ? { targetCover: true } : {}),
    ...(options.targetTotalConcealment === true ? { targetTotalConcealment: true } : {}),
  });
  if (!may.ok) return { ok: false, reason: `GNG.Model.EG.Budget.Opportunity.${may.reason}` };
  await writeRecord(combatant, { aooUsed: record.aooUsed + 1 });
  return { ok: true, spent: { kind: 'opportunity', round: record.round } };
}

/** GM side (Undo of an attack): gives back what it spent while that record stands; false otherwise. */
export async function refundEgAttackFor(actor: Actor, spent: EgAttackSpent | null): Promise<boolean> {
  if (!spent) return true;
  if (spent.kind === 'action') return refundEgActionFor(actor, spent.spent);
  const combatant = combatantOf(actor);
  if (!combatant) return false;
  const record = egTurnRecordOf(combatant);
  if (record.round !== spent.round || record.aooUsed < 1) return false;
  await writeRecord(combatant, { aooUsed: record.aooUsed - 1 });
  return true;
}

/**
 * The budget of `combatant`'s turn now: its record's, or a fresh one when the record is of an earlier
 * round (the GM's client has not written this turn start's refill yet: the turn is fresh).
 */
function turnBudget(combatant: Combatant, record: EgTurnRecord): EgBudget {
  return record.round === combatant.parent?.round
    ? record.budget
    : newEgBudget({ limited: limitedTurn(combatant.actor) });
}

/** What limits the rest of the turn (Run, Total Defense), worded. */
function marksOf(budget: EgBudget): string[] {
  return [
    ...(budget.ran ? [t('GNG.Model.EG.Budget.Ran')] : []),
    ...(budget.totalDefense ? [t('GNG.Model.EG.Budget.TotalDefense')] : []),
  ];
}

/** The tracker's words for a combatant: its actions left (on its turn) and attacks of opportunity left. */
export function egBadgeText(combatant: Combatant, current: boolean): string[] {
  const record = egTurnRecordOf(combatant);
  const lines: string[] = [];
  if (current) {
    const budget = turnBudget(combatant, record);
    const left = EG_ACTION_SLOTS.filter((slot) => egActionsLeft(budget, slot) > 0).map((slot) =>
      f(`GNG.Model.EG.Budget.Left.${slot}`, { count: egActionsLeft(budget, slot) }),
    );
    lines.push(left.length ? left.join(' · ') : t('GNG.Model.EG.Budget.Left.none'));
    lines.push(...marksOf(budget));
  }
  const aoo = egOpportunityAttacksLeft(egOpportunityPerRoundOf(combatant.actor), record.aooUsed);
  lines.push(f('GNG.Model.EG.Budget.Opportunity.left', { count: aoo }));
  return lines;
}

/** The unspent actions of a budget, worded ("standard, move, swift"; "no actions"). */
function slotsText(budget: EgBudget): string {
  const slots = EG_ACTION_SLOTS.filter((slot) => budget[slot]);
  return slots.length
    ? slots.map((slot) => t(`GNG.Model.EG.Budget.Slot.${slot}`)).join(', ')
    : t('GNG.Model.EG.Budget.Slot.none');
}

/**
 * The sheet's combat panel under the EG model (empty out of combat): what this turn has left (on its
 * turn) or what the next one brings, the trade the text allows (the standard as a move or a swift,
 * 003:601), Run or Total Defense taken (no attack this turn), the attacks of opportunity left.
 */
export function egBudgetLines(actor: Actor): string[] {
  const combatant = combatantOf(actor);
  const combat = combatant?.parent;
  if (!combatant || !combat) return [];
  const record = egTurnRecordOf(combatant);
  const current = combat.started && combat.combatant?.id === combatant.id;
  const budget = current ? turnBudget(combatant, record) : newEgBudget({ limited: limitedTurn(actor) });
  const lines = [
    current
      ? f('GNG.Model.EG.Budget.ThisTurn', { actions: slotsText(budget) })
      : f('GNG.Model.EG.Budget.NextTurn', { actions: slotsText(budget) }),
  ];
  if (budget.standard) lines.push(t('GNG.Model.EG.Budget.Trade'));
  lines.push(...marksOf(budget));
  const aoo = egOpportunityAttacksLeft(egOpportunityPerRoundOf(actor), record.aooUsed);
  lines.push(f('GNG.Model.EG.Budget.Opportunity.sheet', { count: aoo }));
  return lines;
}

/** `renderCombatTracker`: an EG budget badge on each combatant row (under the EG model). */
export function decorateEgTurnTracker(app: CombatTrackerApp, html: HTMLElement): void {
  const combat = app?.viewed;
  if (!combat) return;
  const shown = modelOffers('tokens');
  for (const row of html.querySelectorAll<HTMLElement>('.combatant[data-combatant-id]')) {
    row.querySelector('.gng-eg-turn')?.remove();
    if (!shown) continue;
    const combatant = combat.combatants.get(row.dataset.combatantId ?? '');
    if (!combatant) continue;
    const lines = egBadgeText(combatant, combat.started && combat.combatant?.id === combatant.id);
    const badge = row.ownerDocument.createElement('span');
    badge.className = 'gng-eg-turn';
    badge.setAttribute('role', 'note');
    badge.setAttribute('aria-label', `${t('GNG.Model.EG.Budget.label')}: ${lines.join('; ')}`);
    badge.textContent = lines.join(' · ');
    (row.querySelector('.token-name') ?? row).append(badge);
  }
}

let registered = false;

/**
 * Registers the EG turns: the tracker badge, the sheet's budget lines, and the turn starts on the
 * active GM's client. Once; called when the EG model is loaded (its loader).
 */
export function registerEgTurns(): void {
  if (registered) return;
  registered = true;
  setModelBudgetLines(egBudgetLines, 'tokens');
  modelHooks.egTurns(egTurnHooks);
}

/** The hooks' handlers (src/hooks/register-hooks.ts `modelHooks.egTurns`). */
export const egTurnHooks = {
  renderCombatTracker: (app: CombatTrackerApp, html: HTMLElement) => decorateEgTurnTracker(app, html),
  updateCombat(combat: Combat, changes: Record<string, unknown>): void {
    if (!isActiveGM() || !modelOffers('tokens')) return;
    if (!('turn' in changes) && !('round' in changes)) return;
    const combatant = combat.combatant;
    if (!combatant || combat.round < 1) return;
    void track(startEgTurn(combatant, combat.round)).catch((error: unknown) => console.error(error));
  },
};

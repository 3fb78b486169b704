/**
 * The action budget of a combatant (GnG "Abort Action", "TRAUMA"): what each actor still has for
 * abort actions, stored for its combatant in the combat holding it, and the glue between the card flows
 * (Block, Roll with Blow, Dive for Cover, Maintain Footing) and the engine's budget functions.
 *
 * Each combatant's record lives in the Combat's flags, `flags.gng.combatants.<combatant id>` (the
 * Combat is written only by GMs; a combatant is owned by its actor's owners):
 * - `budget`: the engine's {@link ActionBudget} — the next turn's move/attack not yet spent by aborts
 *   and the free aborts used since the actor's last turn start. Missing = a fresh budget.
 * - `trauma`: `true` when the actor took trauma (set by Apply on the attack card); its next turn
 *   allows only a partial action.
 * - `turn`: {@link TurnFlag} — what the current (or last) turn of the actor allows, written at its
 *   turn start (the turn starts with only what the aborts left; trauma makes it partial).
 *
 * Out of combat (no combat holds a combatant of the actor: `scene-lookup.ts`), {@link budgetOf} is null: aborts cost
 * nothing and are not limited by a budget (every other requirement still applies).
 *
 * Writing (`spendAbortFor`, `refundAbortFor`, `restoreBudget`, `setTrauma`) is the GM's job: call them
 * inside the GM's query handlers or turn events only (a player cannot update the Combat).
 */
import { SYSTEM_ID } from '../config/document-types.js';
import type { UndoNote } from '../cards/kernel/index.js';
import { isActiveGM } from '../documents/active-gm.js';
import { begunCombatantOf, combatantOf } from './scene-lookup.js';
import { modelOffers } from '../settings/combat-model.js';
import type { CreatureData } from '../data/actor/creature-data.js';
import {
  ABORT_ACTIONS,
  ACTION_FEAT_IDS,
  abortEligibility,
  beginTurnWithTrauma,
  isConditionId,
  expandConditions,
  newActionBudget,
  refundAbort,
  spendAbort,
  type AbortAction,
  type AbortContext,
  type AbortFeats,
  type ActionBudget,
  type ActionFeatId,
} from '../rules/index.js';

/**
 * Whether the world's combat model has this budget: GnG's aborts, or trauma's partial turn. Without
 * either, turn starts write no record and the tracker and sheets show none.
 */
export function budgetInPlay(): boolean {
  return modelOffers('aborts') || modelOffers('trauma');
}

/** What the actor's current (or last) turn allows, written at its turn start. */
export interface TurnFlag {
  round: number;
  move: boolean;
  attack: boolean;
  /** Trauma: one of the actions only. */
  partial: boolean;
}

/** The feat identifier that lets its holder abort while flat-footed (GnG decision D11). */
export const UNCANNY_DODGE_ID = 'uncanny-dodge';

/** The actor's combatant in the combat holding it, or null (`scene-lookup.ts`). */
export { combatantOf };

/** A stored budget as the engine's (frozen, every field present); a fresh one when none is stored. */
function normalize(raw: unknown): ActionBudget {
  const fresh = newActionBudget();
  if (typeof raw !== 'object' || raw === null) return fresh;
  const r = raw as Partial<Record<keyof ActionBudget, unknown>>;
  const stored = (typeof r.freeUsed === 'object' && r.freeUsed !== null ? r.freeUsed : {}) as Record<
    string,
    unknown
  >;
  const freeUsed = Object.fromEntries(
    ABORT_ACTIONS.map((a) => {
      const n = stored[a];
      return [a, typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 0];
    }),
  ) as Record<AbortAction, number>;
  return Object.freeze({
    move: typeof r.move === 'boolean' ? r.move : fresh.move,
    attack: typeof r.attack === 'boolean' ? r.attack : fresh.attack,
    freeUsed: Object.freeze(freeUsed),
    quickStandUsed: r.quickStandUsed === true,
  });
}

/**
 * A combatant's record — its budget, trauma mark and turn — kept in its **Combat's** flags
 * (`flags.gng.combatants.<combatant id>`): a combatant is owned by its actor's owners, who could
 * rewrite its own flags, while only a GM writes the Combat. Records in older combatants' own flags
 * are never read as they are; {@link migrateCombatantRecords} adopts them once.
 */
interface CombatantRecord {
  budget?: unknown;
  trauma?: unknown;
  turn?: unknown;
}

function recordOf(combatant: Combatant): CombatantRecord {
  const all = combatant.parent?.getFlag(SYSTEM_ID, 'combatants') as Record<string, unknown> | undefined;
  const record = all?.[combatant.id];
  return typeof record === 'object' && record !== null ? (record as CombatantRecord) : {};
}

/** The fields of the record that combatants kept in their own flags before it moved to the Combat. */
const OLD_RECORD_KEYS = ['budget', 'trauma', 'turn'] as const;

/**
 * Migration (active GM only): before the record moved to the Combat's flags, each combatant kept its
 * `budget`, `trauma` and `turn` in its own flags (`flags.gng.budget` …). A combatant that still has
 * them and no record in the Combat gets them as its record, and its old flags are cleared (set to
 * null), so running this again changes nothing; a combatant that has a record keeps it (its old
 * flags are only cleared). The old flags are player-writable, so what is adopted is read the way
 * the record is read (a normalized budget, trauma only when `true`, a normalized turn): a budget can
 * never give more than the fresh budget a combatant without a record has, and trauma only takes away.
 * Run at every turn start (combat start included, on the active GM: `startTurnOf`); also safe to
 * run on `ready`. Resolves with the number of combatants whose record was adopted.
 */
export async function migrateCombatantRecords(combat: Combat | null | undefined): Promise<number> {
  if (!combat || !isActiveGM()) return 0;
  const records = (combat.getFlag(SYSTEM_ID, 'combatants') ?? {}) as Record<string, unknown>;
  const changes: Record<string, unknown> = {};
  let adopted = 0;
  for (const combatant of combat.combatants) {
    const old = Object.fromEntries(
      OLD_RECORD_KEYS.map((key) => [key, combatant.getFlag(SYSTEM_ID, key)] as const).filter(
        ([, value]) => value !== undefined && value !== null,
      ),
    ) as CombatantRecord;
    if (!Object.keys(old).length) continue;
    if (!(combatant.id in records)) {
      const record: CombatantRecord = { budget: plain(normalize(old.budget)), trauma: old.trauma === true };
      const turn = old.turn as Partial<TurnFlag> | undefined;
      if (turn && typeof turn === 'object') {
        const round = Number(turn.round ?? 0);
        record.turn = {
          round: Number.isInteger(round) && round >= 0 ? round : 0,
          move: turn.move !== false,
          attack: turn.attack !== false,
          partial: turn.partial === true,
        } satisfies TurnFlag;
      }
      for (const [key, value] of Object.entries(record))
        changes[`flags.${SYSTEM_ID}.combatants.${combatant.id}.${key}`] = value;
      adopted += 1;
    }
    await combatant.update(
      Object.fromEntries(OLD_RECORD_KEYS.map((key) => [`flags.${SYSTEM_ID}.${key}`, null])),
    );
  }
  if (Object.keys(changes).length) await combat.update(changes);
  return adopted;
}

/** GM side only: writes fields of a combatant's record (one update of its Combat). */
async function writeRecord(combatant: Combatant, changes: CombatantRecord): Promise<void> {
  const combat = combatant.parent;
  if (!combat) return;
  const update = Object.fromEntries(
    Object.entries(changes).map(([key, value]) => [
      `flags.${SYSTEM_ID}.combatants.${combatant.id}.${key}`,
      value,
    ]),
  );
  await combat.update(update);
}

/** Whether the combatant's next turn is marked partial by trauma. */
export function combatantTrauma(combatant: Combatant): boolean {
  return recordOf(combatant).trauma === true;
}

/** The budget of a combatant (a fresh one when none is stored). */
export function combatantBudget(combatant: Combatant): ActionBudget {
  return normalize(recordOf(combatant).budget);
}

/**
 * The actor's action budget (its combatant's record in the combat holding it); null when the
 * actor is not in combat — then aborts cost nothing and are not limited.
 */
export function budgetOf(actor: Actor): ActionBudget | null {
  const combatant = combatantOf(actor);
  return combatant ? combatantBudget(combatant) : null;
}

/** Whether the actor holds a feat item with this identifier. */
function hasFeat(actor: Actor, identifier: string): boolean {
  return (
    actor.items.find(
      (item) =>
        item.type === 'feat' && (item.system as unknown as { identifier?: string }).identifier === identifier,
    ) !== undefined
  );
}

/** The actor's action feats (feat item identifiers ∩ `ACTION_FEAT_IDS`) and Dexterity modifier. */
export function abortFeatsOf(actor: Actor): AbortFeats {
  const feats = new Set<ActionFeatId>();
  for (const item of actor.items) {
    if (item.type !== 'feat') continue;
    const id = (item.system as unknown as { identifier?: string }).identifier ?? '';
    if ((ACTION_FEAT_IDS as readonly string[]).includes(id)) feats.add(id as ActionFeatId);
  }
  const dex = actor.system.derived?.abilities?.dex?.mod ?? 0;
  return { feats: [...feats], dexModifier: dex };
}

/**
 * Uncanny Dodge: a feat item (class features are feat items too) with identifier `uncanny-dodge`, or
 * class levels that give it (the prepared `derived.uncannyDodge`, engine `uncannyDodgeFromClasses`).
 */
export function hasUncannyDodge(actor: Actor): boolean {
  const derived = actor.system.derived as CreatureData['derived'] | undefined;
  return derived?.uncannyDodge === true || hasFeat(actor, UNCANNY_DODGE_ID);
}

/**
 * Why the actor may not take this abort now (a lang key `GNG.Abort.Refusal.<reason>`), or null when
 * it may: the engine's `abortEligibility` with the actor's statuses, feats, Dex modifier, Uncanny
 * Dodge and budget (out of combat: no budget). `context` describes the attack (kind, touch, flanked,
 * shield, already used …); what it says about the actor is overridden by the actor's own data.
 */
export function abortRefusal(actor: Actor, abort: AbortAction, context: AbortContext = {}): string | null {
  const { feats, dexModifier } = abortFeatsOf(actor);
  const budget = budgetOf(actor);
  const ctx: AbortContext = {
    ...context,
    // Only the statuses the engine knows as conditions (not the injury markers or other modules').
    conditions: [...expandConditions(actor.statuses)].filter(isConditionId),
    feats: [...new Set([...(feats ?? []), ...(context.feats ?? [])])],
    uncannyDodge: context.uncannyDodge === true || hasUncannyDodge(actor),
  };
  if (dexModifier !== undefined) ctx.dexModifier = dexModifier;
  if (budget) ctx.budget = budget;
  else delete ctx.budget;
  const verdict = abortEligibility(abort, ctx);
  return verdict.allowed ? null : refusalKey(verdict.reason);
}

/** The lang key of an engine refusal reason. */
export function refusalKey(reason: string): string {
  return `GNG.Abort.Refusal.${reason}`;
}

/**
 * One abort spent: how it was paid, the budget before (kept on older cards), and the epoch — the
 * round of the spender's last turn start, so Undo knows whether that turn has begun since.
 */
export interface AbortSpent {
  paidWith: 'free' | 'move' | 'attack' | 'none';
  before: ActionBudget | null;
  epoch: number | null;
}

export type SpendAbortForResult = ({ ok: true } & AbortSpent) | { ok: false; reason: string };

/**
 * GM side only: spends one abort of the actor (a free abort first, else the next turn's move, then
 * its attack — the engine's `spendAbort`) and writes the combatant's flag. `before` is the budget to
 * give back to {@link restoreBudget} on Undo. Out of combat: `paidWith: 'none'`, `before: null`.
 * Refusal `reason` is a lang key.
 */
export async function spendAbortFor(actor: Actor, abort: AbortAction): Promise<SpendAbortForResult> {
  const combatant = combatantOf(actor);
  if (!combatant) return { ok: true, paidWith: 'none', before: null, epoch: null };
  const before = combatantBudget(combatant);
  const result = spendAbort(before, abort, abortFeatsOf(actor));
  if (!result.ok) return { ok: false, reason: refusalKey(result.reason) };
  await writeRecord(combatant, { budget: plain(result.budget) });
  return { ok: true, paidWith: result.paidWith, before, epoch: turnOf(combatant)?.round ?? 0 };
}

/**
 * GM side only (Undo): the exact inverse of one spend — gives back what it paid, to the budget as it
 * is now (later spends stay spent). When the spender's turn has begun since (the budget the spend
 * came from is gone), nothing is given back and a localized note says so.
 */
export async function refundAbortFor(
  actor: Actor,
  abort: AbortAction,
  spent: { paidWith: AbortSpent['paidWith']; epoch?: number | null },
): Promise<UndoNote[]> {
  const combatant = combatantOf(actor);
  if (!combatant || spent.paidWith === 'none') return [];
  if (spent.epoch !== undefined && spent.epoch !== null && (turnOf(combatant)?.round ?? 0) !== spent.epoch)
    return [{ key: 'GNG.Undo.Note.TurnBegun', data: { name: actor.name } }];
  const budget = refundAbort(combatantBudget(combatant), abort, spent.paidWith);
  await writeRecord(combatant, { budget: plain(budget) });
  return [];
}

/** GM side only (Undo): puts back a budget `spendAbortFor` returned as `before` (null: nothing to do). */
export async function restoreBudget(actor: Actor, budget: ActionBudget | null): Promise<void> {
  if (!budget) return;
  const combatant = combatantOf(actor);
  if (!combatant) return;
  await writeRecord(combatant, { budget: plain(normalize(budget)) });
}

/** Whether trauma waits for the actor's next turn (the trauma mark of its combatant's record). */
export function traumaPending(actor: Actor): boolean {
  const combatant = combatantOf(actor);
  return combatant ? combatantTrauma(combatant) : false;
}

/**
 * GM side only: marks (or clears) trauma for the actor's next turn; resolves with the previous
 * value (for Undo), or null when the actor is not in combat.
 */
export async function setTrauma(actor: Actor, trauma: boolean): Promise<boolean | null> {
  const combatant = combatantOf(actor);
  if (!combatant) return null;
  const previous = combatantTrauma(combatant);
  if (previous !== trauma) await writeRecord(combatant, { trauma });
  return previous;
}

/** What the combatant's current (or last) turn allows, as written at its turn start; null before. */
export function turnOf(combatant: Combatant): TurnFlag | null {
  const raw = recordOf(combatant).turn as Partial<TurnFlag> | undefined;
  if (!raw || typeof raw !== 'object') return null;
  return {
    round: Number(raw.round ?? 0),
    move: raw.move !== false,
    attack: raw.attack !== false,
    partial: raw.partial === true,
  };
}

/**
 * The combatant's turn begins (called once, by the active GM, from the Combat subclass): the turn
 * gets what the aborts left (trauma: a partial action), the budget is refilled, trauma is cleared.
 */
export async function startTurnOf(combatant: Combatant, round: number): Promise<TurnFlag> {
  await migrateCombatantRecords(combatant.parent);
  const trauma = combatantTrauma(combatant);
  const started = beginTurnWithTrauma(combatantBudget(combatant), trauma);
  const turn: TurnFlag = { round, move: started.move, attack: started.attack, partial: started.partial };
  await writeRecord(combatant, { budget: plain(started.budget), trauma: false, turn });
  return turn;
}

/** The debt of a combatant, as lang keys: next turn's spent actions, trauma, this turn's limits. */
export function debtOf(combatant: Combatant, combat: Combat | null = combatant.parent): string[] {
  const keys: string[] = [];
  const current = combat?.combatant?.id === combatant.id;
  const turn = turnOf(combatant);
  if (current && turn && turn.round === combat?.round) {
    if (!turn.move && !turn.attack) keys.push('GNG.Budget.Badge.turnNone');
    else if (turn.partial) keys.push('GNG.Budget.Badge.turnPartial');
    else if (!turn.move) keys.push('GNG.Budget.Badge.turnNoMove');
    else if (!turn.attack) keys.push('GNG.Budget.Badge.turnNoAttack');
  }
  const budget = combatantBudget(combatant);
  if (!budget.move) keys.push('GNG.Budget.Badge.move');
  if (!budget.attack) keys.push('GNG.Budget.Badge.attack');
  if (combatantTrauma(combatant)) keys.push('GNG.Budget.Badge.trauma');
  return keys;
}

function plain(budget: ActionBudget): Record<string, unknown> {
  return {
    move: budget.move,
    attack: budget.attack,
    freeUsed: { ...budget.freeUsed },
    quickStandUsed: budget.quickStandUsed,
  };
}

/** An attack action spent on the spender's own turn (stabilizing the dying), for Undo. */
export interface TurnActionSpent {
  combatantId: string;
  round: number;
  turn: number;
  /** What the turn allowed before the spend. */
  before: TurnFlag;
}

export type SpendTurnAttackResult =
  | { ok: true; spent: TurnActionSpent | null }
  | { ok: false; reason: 'notTurn' | 'noAttack' | 'noMove' | 'acted' };

/**
 * GM side only: spends actions of `actor`'s current turn for something taken on it — its attack
 * action (`'attack'`: core "Make a dying character stable"; a standard-action reload), its move
 * action (`'move'`: a box magazine's reload) or the whole turn (`'full-round'`: suppressing fire, an
 * internal magazine's reload). Out of combat (or before the combat has begun) nothing is spent
 * (`spent: null`). In combat it must be the actor's turn (`notTurn`: actions are taken on one's own
 * turn) with that action left (`noAttack`, `noMove`), and for a full round both and no trauma
 * (`acted`); a partial turn (trauma) has one action, so spending either leaves none.
 */
export async function spendTurnActions(
  actor: Actor,
  what: 'attack' | 'move' | 'full-round',
): Promise<SpendTurnAttackResult> {
  const begun = begunCombatantOf(actor);
  if (!begun) return { ok: true, spent: null };
  const { combatant, combat } = begun;
  if (combat.combatant?.id !== combatant.id) return { ok: false, reason: 'notTurn' };
  const stored = turnOf(combatant);
  // A turn whose start was not recorded (no active GM then) allows what a fresh turn does.
  const before: TurnFlag =
    stored && stored.round === combat.round
      ? stored
      : { round: combat.round, move: true, attack: true, partial: false };
  if (what === 'full-round' && (!before.move || !before.attack || before.partial))
    return { ok: false, reason: 'acted' };
  if (what !== 'move' && !before.attack) return { ok: false, reason: 'noAttack' };
  if (what === 'move' && !before.move) return { ok: false, reason: 'noMove' };
  const after: TurnFlag =
    what === 'full-round' || before.partial
      ? { ...before, move: false, attack: false }
      : what === 'move'
        ? { ...before, move: false }
        : { ...before, attack: false };
  await writeRecord(combatant, { turn: after });
  return {
    ok: true,
    spent: { combatantId: combatant.id as string, round: combat.round, turn: combat.turn, before },
  };
}

/** {@link spendTurnActions} of the attack action (stabilizing the dying). */
export function spendTurnAttack(actor: Actor): Promise<SpendTurnAttackResult> {
  return spendTurnActions(actor, 'attack');
}

/**
 * GM side only (Undo): gives back a {@link spendTurnAttack} while that turn is still going on (the
 * same combatant's turn of the same round); otherwise nothing changes and the answer is false.
 */
export async function refundTurnAttack(actor: Actor, spent: TurnActionSpent | null): Promise<boolean> {
  if (!spent) return true;
  const combatant = combatantOf(actor);
  const combat = combatant?.parent;
  if (!combatant || !combat || combatant.id !== spent.combatantId) return false;
  if (combat.combatant?.id !== combatant.id || combat.round !== spent.round || combat.turn !== spent.turn)
    return false;
  await writeRecord(combatant, { turn: spent.before });
  return true;
}

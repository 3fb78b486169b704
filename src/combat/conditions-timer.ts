/**
 * Conditions that run themselves in combat, on the active GM's client (called from the Combat
 * subclass at each turn start, and from the `createActiveEffect` hook):
 * - **Durations**: an Active Effect on a combatant's actor with `duration.rounds` (and/or `turns`)
 *   and a `duration.startRound` expires once that many rounds (turns) have passed since its start
 *   round and turn; it is deleted (its statuses go with it) and a short chat line says so. An effect
 *   without a start round is left alone (Foundry fills the start in when it is created in combat).
 * - **Severe Bleeding**: each turn start of a bleeding actor posts the bleeding card (bleeding-card.ts).
 * - **Disabled arm, stunned, panicked**: when an effect carrying one of them is created on an actor in
 *   the current combat, the actor drops what it holds — its equipped weapons are unequipped (once,
 *   when the status appears). Out of combat nothing is dropped (the table decides).
 * - **Cannot run or charge** (disabled leg, fatigued, exhausted, entangled: engine
 *   `runOrChargeBlockers`): a note on the sheet ({@link conditionNotes}); a Bull Rush with the charge
 *   bonus is refused (maneuver-card.ts). The system has no run or charge action of its own.
 * - **Fatigued / exhausted** are statuses (the engine lowers effective Str and Dex); the old
 *   `flags.gng.bloodLoss` of an actor becomes the status on `ready` and at its turn start
 *   (`migrateBloodLoss`, data/migrations.ts).
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { migrateBloodLoss, migrateWorldBloodLoss } from '../data/migrations.js';
import { isConditionId, conditionEffects, expandConditions, runOrChargeBlockers } from '../rules/index.js';
import { track } from '../cards/kernel/index.js';
import { combatantOf } from './action-budget.js';
import {
  postBleedingCardsFor,
  registerBleedingCard,
  startBleedingState,
} from '../cards/bleeding/bleeding-card.js';
import { isActiveGM } from '../documents/active-gm.js';
import { escapeHtml } from '../chat/escape-html.js';

const f = (key: string, data: Record<string, unknown>) => game.i18n.format(key, data);

/**
 * Whether `effect` has run out at (`round`, `turn`) of a combat of `turnsPerRound` combatants: the
 * turns passed since its start (`(round − startRound) × turnsPerRound + (turn − startTurn)`) reach
 * its duration (`rounds × turnsPerRound + turns`). No duration or no start round → never.
 */
export function effectExpired(
  duration: ActiveEffectDuration,
  round: number,
  turn: number,
  turnsPerRound: number,
): boolean {
  const rounds = duration.rounds ?? 0;
  const turns = duration.turns ?? 0;
  if (rounds <= 0 && turns <= 0) return false;
  if (duration.startRound === null || duration.startRound === undefined) return false;
  const perRound = Math.max(1, turnsPerRound);
  const elapsed = (round - duration.startRound) * perRound + (turn - (duration.startTurn ?? 0));
  return elapsed >= rounds * perRound + turns;
}

/** The unique actors of a combat's combatants. */
function actorsOf(combat: Combat): Actor[] {
  const actors: Actor[] = [];
  for (const combatant of combat.combatants) {
    const actor = combatant.actor;
    if (actor && !actors.includes(actor)) actors.push(actor);
  }
  return actors;
}

/**
 * Active GM: deletes the effects of the combat's actors whose duration has passed at the current
 * round and turn, posting one short chat line per expired effect. Resolves with the expired names.
 */
export async function expireEffects(combat: Combat): Promise<string[]> {
  const expired: string[] = [];
  const size = combat.combatants.size;
  for (const actor of actorsOf(combat)) {
    const due = actor.effects.filter((effect) =>
      effectExpired(effect.duration, combat.round, combat.turn, size),
    );
    if (!due.length) continue;
    const names = due.map((effect) => effect.name);
    await actor.deleteEmbeddedDocuments(
      'ActiveEffect',
      due.map((effect) => effect.id as string),
    );
    for (const name of names) {
      expired.push(name);
      await ChatMessage.create({
        content: `<p class="gng effect-expired">${escapeHtml(
          f('GNG.ConditionTimer.Expired', { name, actor: actor.name }),
        )}</p>`,
        speaker: ChatMessage.getSpeaker({ actor }),
        flags: { [SYSTEM_ID]: { type: 'effectExpired' } },
      });
    }
  }
  return expired;
}

/**
 * The turn start of `combatant` (active GM, from GnGCombat): expired effects go first, then the
 * combatant's Severe Bleeding card.
 */
export async function runConditionsAtTurnStart(combat: Combat, combatant: Combatant): Promise<void> {
  await expireEffects(combat);
  const actor = combatant.actor;
  if (!actor) return;
  // Unlinked tokens' actors are not world actors: their old blood-loss flag is migrated here.
  await migrateBloodLoss(actor);
  await postBleedingCardsFor(actor, combat.round);
}

/** Weapons the actor holds (equipped). */
function heldWeapons(actor: Actor): Item[] {
  return actor.items.filter(
    (item) => item.type === 'weapon' && (item.system as unknown as { equipped?: boolean }).equipped === true,
  );
}

/** Active GM: the actor drops what it holds (its equipped weapons are unequipped); a chat line names them. */
export async function dropHeldWeapons(actor: Actor): Promise<string[]> {
  const held = heldWeapons(actor);
  for (const item of held) await item.update({ 'system.equipped': false });
  if (held.length) {
    await ChatMessage.create({
      content: `<p class="gng limb-drop">${escapeHtml(
        f('GNG.ConditionTimer.Drops', { actor: actor.name, items: held.map((i) => i.name).join(', ') }),
      )}</p>`,
      speaker: ChatMessage.getSpeaker({ actor }),
      flags: { [SYSTEM_ID]: { type: 'limbDrop' } },
    });
  }
  return held.map((i) => i.name);
}

/**
 * Whether an effect with these statuses makes its actor drop what it holds: a disabled arm, and the
 * conditions the engine marks `dropsHeld` (stunned, panicked: "drops everything held", GnG CONDITIONS).
 */
export function effectDropsHeld(statuses: Set<string>): boolean {
  return [...statuses].some(
    (id) => id === 'disabled-arm' || (isConditionId(id) && conditionEffects(id).dropsHeld === true),
  );
}

/** What a new effect sets off (active GM): dropping held weapons; bleeding gets its state. */
async function onEffectCreated(effect: ActiveEffect): Promise<void> {
  if (!isActiveGM()) return;
  const actor = effect.parent;
  if (!actor || actor.documentName !== 'Actor') return;
  // In combat only (conditions that run themselves in combat); out of combat the table decides.
  if (effectDropsHeld(effect.statuses) && combatantOf(actor as Actor)) await dropHeldWeapons(actor as Actor);
  if (effect.statuses.has('severe-bleeding')) await startBleedingState(effect);
}

/**
 * Sheet lines of the conditions that forbid running and charging (engine `runOrChargeBlockers`:
 * disabled leg, entangled, fatigued, exhausted), each with what it does that the system cannot
 * enforce; only the worst degree of fatigue is shown.
 */
export function conditionNotes(actor: Actor): string[] {
  const statuses = expandConditions(actor.statuses ?? new Set<string>());
  const blockers = runOrChargeBlockers(statuses).filter(
    (id) => !(id === 'fatigued' && statuses.has('exhausted')),
  );
  return blockers.map((id) => game.i18n.localize(`GNG.ConditionTimer.Note.${id}`));
}

/** The sheet's name for {@link conditionNotes} (actor-context.ts). */
export const limbNotes = conditionNotes;

/** The ids of the conditions that keep `actor` from running or charging (empty: it may). */
export function chargeBlockersOf(actor: Actor): string[] {
  return runOrChargeBlockers(expandConditions(actor.statuses ?? new Set<string>()));
}

/** Registers the hooks, the bleeding card's query and template (on `init`). */
export function registerConditionsTimer(): void {
  Hooks.on('createActiveEffect', (effect: ActiveEffect) => void track(onEffectCreated(effect)));
  Hooks.once('ready', () => void track(migrateWorldBloodLoss()));
  registerBleedingCard();
}

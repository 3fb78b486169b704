/**
 * Conditions that run themselves in combat, on the active GM's client (called from the Combat
 * subclass at each turn start, and from the `createActiveEffect` hook):
 * - **Durations**: an Active Effect on a combatant's actor with `duration.rounds` (and/or `turns`)
 *   expires once that many rounds (turns) have passed since its start; it is deleted (its statuses go
 *   with it) and a short chat line says so. The start is ours: when an effect with a duration is
 *   created on an actor in the current combat, the creating client writes `flags.gng.start`
 *   (`{ combat, round, turn }`) into it before it is sent (`preCreateActiveEffect`), so expiry does
 *   not depend on core filling `duration.startRound`; core's start round is only the fallback for
 *   effects made before this. An effect whose start is unknown, or was in another combat (its rounds
 *   are not this combat's), is never expired: the table removes it.
 *   The duration and start of an effect a GM's client made are read from the GM's record of it
 *   (effect-timings.ts), not from the effect, which the player of its actor may edit.
 * - **Severe Bleeding**: each turn start of a bleeding actor posts the bleeding card (bleeding-card.ts).
 * - **The dying**: each turn start of a dying actor plays its round on the dying card (dying-actions.ts).
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
import { postNote, track } from '../cards/kernel/index.js';
import {
  countsTurns,
  effectExpired,
  effectTimingsSettled,
  expiredIn,
  ownTiming,
  startIn,
  startOf,
  timingOf,
  type EffectStart,
} from './effect-timings.js';
import { combatantOf, migrateCombatantRecords } from './action-budget.js';
import { isActiveGM } from '../documents/active-gm.js';
import { postEffectExpired } from '../chat/effect-expired.js';

export { effectExpired, type EffectStart };

/** The start we stored on `effect` (`flags.gng.start`), or null when there is none or it is malformed. */
export function storedStart(effect: ActiveEffect): EffectStart | null {
  return startOf(effect.flags?.[SYSTEM_ID]?.start);
}

/**
 * The round and turn of `combat` at which `effect` started (its GM record's, else its own: our stored
 * start when it is this combat's; core's `duration.startRound` and `startTurn` when we stored none);
 * otherwise null — a start in another combat, or none at all, is unknown here.
 */
export function effectStartIn(effect: ActiveEffect, combat: Combat): { round: number; turn: number } | null {
  return startIn(timingOf(effect), combat);
}

/**
 * `preCreateActiveEffect` (the creating client, before the effect is sent): an effect with a rounds
 * or turns duration made on an actor in the current, begun combat carries its start — this combat's
 * id, round and turn — in `flags.gng.start`. An effect copied from elsewhere gets the start of now.
 */
export function recordEffectStart(effect: ActiveEffect): void {
  const actor = effect.parent;
  if (!actor || actor.documentName !== 'Actor' || !countsTurns(ownTiming(effect))) return;
  // The combat holding the actor (whatever combat a tracker shows).
  const combat = combatantOf(actor as Actor)?.parent;
  // Before the combat has begun (round 0) its rounds have not started counting.
  if (!combat?.id || combat.round < 1 || !(Number.isInteger(combat.turn) && combat.turn >= 0)) return;
  const start: EffectStart = { combat: combat.id, round: combat.round, turn: combat.turn };
  effect.updateSource({ flags: { [SYSTEM_ID]: { start } } });
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
  // The GM records of effects made a moment ago are written first.
  await effectTimingsSettled();
  for (const actor of actorsOf(combat)) {
    const due = actor.effects.filter((effect) => expiredIn(effect, combat));
    if (!due.length) continue;
    const names = due.map((effect) => effect.name);
    await actor.deleteEmbeddedDocuments(
      'ActiveEffect',
      due.map((effect) => effect.id as string),
    );
    for (const [index, name] of names.entries()) {
      expired.push(name);
      await postEffectExpired(actor, due[index] as ActiveEffect);
    }
  }
  return expired;
}

/**
 * The turn start of `combatant` (active GM, from GnGCombat): expired effects go first, then the
 * combatant's Severe Bleeding card, then its dying round.
 */
export async function runConditionsAtTurnStart(combat: Combat, combatant: Combatant): Promise<void> {
  await expireEffects(combat);
  const actor = combatant.actor;
  if (!actor) return;
  // Unlinked tokens' actors are not world actors: their old blood-loss flag is migrated here.
  await migrateBloodLoss(actor);
  // The cards' turn-start steps, in the order registered (the bleeding card's, then the dying round).
  for (const step of turnStartSteps) await step(actor, combat);
}

/** A card's work at a combatant's turn start (active GM), after expired effects. */
export type TurnStartStep = (actor: Actor, combat: Combat) => Promise<unknown>;
/** A card's work when an effect is created on an actor (active GM). */
export type EffectCreatedStep = (effect: ActiveEffect, actor: Actor) => Promise<unknown>;

const turnStartSteps: TurnStartStep[] = [];
const effectCreatedSteps: EffectCreatedStep[] = [];

/**
 * Cards add their own turn-start and effect steps here (on `init`; the bleeding card, then the
 * dying card: src/cards/register-cards.ts), so the conditions timer never imports a card.
 */
export function addConditionSteps(steps: {
  turnStart?: TurnStartStep;
  effectCreated?: EffectCreatedStep;
}): void {
  if (steps.turnStart) turnStartSteps.push(steps.turnStart);
  if (steps.effectCreated) effectCreatedSteps.push(steps.effectCreated);
}

/** Weapons the actor holds (equipped). */
function heldWeapons(actor: Actor): Item[] {
  return actor.items.filter(
    (item) => item.type === 'weapon' && (item.system as unknown as { equipped?: boolean }).equipped === true,
  );
}

/**
 * Active GM: the actor drops what it holds (its equipped weapons are unequipped); a chat line names
 * them and the cause, the statuses that made it drop (`causes`: disabled arm, stunned, panicked).
 */
export async function dropHeldWeapons(actor: Actor, causes: string[] = ['disabled-arm']): Promise<string[]> {
  const held = heldWeapons(actor);
  for (const item of held) await item.update({ 'system.equipped': false });
  if (held.length)
    await postNote(
      'limb-drop',
      {
        key: 'GNG.ConditionTimer.Drops',
        data: {
          actor: actor.name,
          items: held.map((i) => i.name),
          cause: causes.map((id) => ({ key: `GNG.Status.${id}` })),
        },
      },
      { speaker: ChatMessage.getSpeaker({ actor }), flags: { [SYSTEM_ID]: { type: 'limbDrop' } } },
    );
  return held.map((i) => i.name);
}

/**
 * Whether an effect with these statuses makes its actor drop what it holds: a disabled arm, and the
 * conditions the engine marks `dropsHeld` (stunned, panicked: "drops everything held", GnG CONDITIONS).
 */
export function effectDropsHeld(statuses: Set<string>): boolean {
  return dropCauses(statuses).length > 0;
}

/** The statuses among `statuses` that make their actor drop what it holds (the drop's cause). */
function dropCauses(statuses: Set<string>): string[] {
  return [...statuses].filter(
    (id) => id === 'disabled-arm' || (isConditionId(id) && conditionEffects(id).dropsHeld === true),
  );
}

/** What a new effect sets off (active GM): dropping held weapons; bleeding gets its state. */
async function onEffectCreated(effect: ActiveEffect): Promise<void> {
  if (!isActiveGM()) return;
  const actor = effect.parent;
  if (!actor || actor.documentName !== 'Actor') return;
  // In combat only (conditions that run themselves in combat); out of combat the table decides.
  if (effectDropsHeld(effect.statuses) && combatantOf(actor as Actor))
    await dropHeldWeapons(actor as Actor, dropCauses(effect.statuses));
  for (const step of effectCreatedSteps) await step(effect, actor as Actor);
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

/** The hooks' handlers: an effect's start recorded, a created one timed, older records moved on `ready`. */
export const conditionsTimerHooks = {
  preCreateActiveEffect: recordEffectStart,
  createActiveEffect: (effect: ActiveEffect) => void track(onEffectCreated(effect)),
  ready(): void {
    void track(migrateWorldBloodLoss());
    // Budgets kept in combatant flags before they moved to the Combat's flags (action-budget.ts).
    for (const combat of game.combats ?? []) void track(migrateCombatantRecords(combat));
  },
};

/**
 * What the Time Count maneuver and stance cards share on the active GM's client (issue #32): the
 * actor's place on a Time Count (its combat and combatant, when scheduled), a speed factor rolled
 * with Foundry dice or taken static (engine `speedFactor`; who rolls: the tracker's
 * `rollsSpeedFactor`), and the conditions that slow every action (paralysis's classes, petrification's
 * SF, 002:712, 719). Loaded with the cards (never at start).
 */
import { fixedDice } from '../../rules/dice.js';
import { tcConditionPenalty } from '../../rules/models/tc/defenses.js';
import {
  shiftSpeedClass,
  SPEED_CLASSES,
  speedFactor,
  type SpeedClass,
  type SpeedFactorResult,
} from '../../rules/models/tc/speed-factor.js';
import { isActing, rollsSpeedFactor, tcSchedule } from '../../combat/tc-schedule.js';
import { combatantOf } from '../../combat/scene-lookup.js';
import { modelCreatureOf } from '../../combat/model-health.js';
import { Refusal } from '../kernel/index.js';

/** The actor's combatant in a begun combat: its place on the Time Count (null: none — no SF is posted). */
export function scheduledPlace(actor: Actor): { combat: Combat; combatant: Combatant } | null {
  const combatant = combatantOf(actor);
  const combat = combatant?.parent ?? null;
  return combat && combatant && combat.started ? { combat, combatant } : null;
}

/**
 * Refused (nothing done) when the actor is a combatant of a begun combat and does not act now: its
 * next count not reached, or no initiative yet (as the attack card, tc-attack.ts: a combatant that
 * has not rolled acts on no count, never for free).
 */
export function refuseNotActing(actor: Actor, place: { combat: Combat; combatant: Combatant } | null): void {
  if (!place) return;
  const schedule = tcSchedule(place.combat);
  if (!(place.combatant.id in schedule.next))
    throw new Refusal('GNG.Model.TC.Act.Error.NoInitiative', { name: actor.name });
  if (!isActing(schedule, place.combatant.id))
    throw new Refusal('GNG.Model.TC.Act.Error.NotActing', {
      name: actor.name,
      next: schedule.next[place.combatant.id] ?? '—',
      count: schedule.count,
    });
}

/** The model's own fields of the actor (`system.model.tc`), as stored. */
export function tcFields(actor: Actor): Record<string, unknown> {
  const model = (actor.system as unknown as { model?: { tc?: Record<string, unknown> } }).model;
  return model?.tc ?? {};
}

/**
 * What paralysis and petrification do to every action of the actor (002:712, 719): class steps and an
 * SF modifier, and whether it cannot act at all (the engine's `tcConditionPenalty`: paralysis by
 * halves of the actor's Vigor).
 */
export function conditionSpeed(actor: Actor): { classSteps: number; factorMod: number; immobile: boolean } {
  const pen = tcConditionPenalty(modelCreatureOf(actor));
  return { classSteps: pen.classSteps, factorMod: pen.factorMod, immobile: pen.immobile };
}

/**
 * A speed factor for the actor (R35): rolled with a Foundry Roll when it rolls (the tracker's setting),
 * else static; the class steps first, then the SF modifier (R36).
 */
export async function rollSpeed(
  actor: Actor,
  sc: SpeedClass,
  mods: { classSteps?: number; factorMod?: number } = {},
): Promise<{ result: SpeedFactorResult; roll: Roll | null }> {
  const { speedClass } = shiftSpeedClass(sc, mods.classSteps ?? 0);
  const dice = SPEED_CLASSES[speedClass].dice;
  if (!rollsSpeedFactor(actor) || !dice)
    return { result: speedFactor(sc, { random: false, ...mods }), roll: null };
  const roll = await new Roll(`${dice.count}d${dice.faces}`).evaluate();
  const values = roll.dice[0]?.results.map((r) => r.result) ?? [];
  return { result: speedFactor(sc, { random: true, dice: fixedDice(values), ...mods }), roll };
}

/**
 * The feats of Appendix 4 that act on ONE chosen opponent (issue #18), read on every client (the
 * attack dialog's preview) and on the active GM's client (the card's numbers):
 * - **Combat Sense**: "You can designate a single opponent during your action and receive a +1
 *   competence bonus on attacks against that opponent. You can select a new opponent on any action."
 * - **Unbalance Opponent**: "Select a single opponent. When targeting you, that opponent may not apply
 *   Strength bonuses to attack rolls … (If the opponent has a Strength penalty, he still suffers the
 *   penalty.) The feat has no effect against opponents two or more size categories larger than you
 *   … If you are using Flow with Enemy against a single opponent, you must select that opponent."
 * - **Flow with Enemy**: "+1 dodge bonus to Defense against that opponent, and that enemy cannot
 *   perform attacks of opportunity against you" for 2d4 + Wisdom modifier rounds.
 *
 * Where each lives (decision "Feats on the attack card (issue #18)", docs/rules.md): the designation
 * of Combat Sense and Unbalance Opponent is the holder's own declaration about itself, so its owner
 * writes it on its own actor (`flags.gng.designated.<feat>`: the opponent's actor uuid); the GM reads
 * it when it computes. A flow is the result of a GM-rolled opposed roll, so the GM keeps it where only
 * a GM writes: the Combat's flags (`flags.gng.flow.<holder actor uuid, dots as dashes>`), with the
 * round it ends.
 */
import { SYSTEM_ID } from '../config/document-types.js';
import { sizeSteps, type Size } from '../rules/index.js';
import { hasFeat } from '../documents/actor-feats.js';
import { combatOf } from './scene-lookup.js';

export const COMBAT_SENSE = 'combat-sense';
export const UNBALANCE_OPPONENT = 'unbalance-opponent';
export const FLOW_WITH_ENEMY = 'flow-with-enemy';
export const EPIC_FLOW_WITH_ENEMY = 'epic-flow-with-enemy';

/** The feats whose opponent the holder designates itself. */
export const DESIGNATING_FEATS = [COMBAT_SENSE, UNBALANCE_OPPONENT] as const;
export type DesignatingFeat = (typeof DESIGNATING_FEATS)[number];

/** Combat Sense's competence bonus; Flow with Enemy's dodge bonus. */
export const COMBAT_SENSE_BONUS = 1;
export const FLOW_DODGE_BONUS = 1;

/** A flow the GM recorded in the Combat's flags. */
export interface FlowRecord {
  holderUuid: string;
  opponentUuid: string;
  /** The round the flow began and the last round it lasts (begun + 2d4 + Wis − 1). */
  round: number;
  lastRound: number;
  rounds: number;
}

/** The actor's own designation for `feat` (an actor uuid), or null. */
export function designatedBy(actor: Actor, feat: DesignatingFeat): string | null {
  const raw = (actor.flags?.[SYSTEM_ID]?.designated as Record<string, unknown> | undefined)?.[feat];
  return typeof raw === 'string' && raw ? raw : null;
}

/** The key of a holder's flow: its actor uuid, dots replaced (two unlinked tokens of one actor differ). */
function flowKey(holder: Actor): string {
  return holder.uuid.replace(/\./g, '-');
}

/** The flows recorded in `combat`, by holder key. */
function flows(combat: Combat | null | undefined): Record<string, FlowRecord> {
  return (combat?.flags?.[SYSTEM_ID]?.flow as Record<string, FlowRecord> | undefined) ?? {};
}

/** The holder's flow in the combat holding it (or `combat`) while it lasts, or null. */
export function flowOf(
  holder: Actor | null | undefined,
  combat: Combat | null = combatOf(holder),
): FlowRecord | null {
  if (!holder || !combat || combat.round < 1) return null;
  const record = flows(combat)[flowKey(holder)];
  if (!record || record.holderUuid !== holder.uuid) return null;
  return combat.round <= record.lastRound ? record : null;
}

/** Whether `holder` flows with `opponent` now. */
export function flowsWith(holder: Actor | null | undefined, opponent: Actor | null | undefined): boolean {
  const flow = flowOf(holder);
  return Boolean(flow && opponent && flow.opponentUuid === opponent.uuid);
}

/**
 * The opponent Unbalance Opponent counts against: the flow opponent while a flow lasts ("you must
 * select that opponent"), else the holder's designation.
 */
export function unbalancedOpponent(holder: Actor): string | null {
  if (!hasFeat(holder, UNBALANCE_OPPONENT)) return null;
  return flowOf(holder)?.opponentUuid ?? designatedBy(holder, UNBALANCE_OPPONENT);
}

/** Size categories `a` is larger than `b` (negative: smaller; engine `sizeSteps`). */
function sizesLarger(a: Actor, b: Actor): number {
  return sizeSteps(b.system.size as Size, a.system.size as Size);
}

/** One line of an attack's breakdown that these feats add. */
export interface OpponentFeatLine {
  label: string;
  value: number;
}

/**
 * What these feats add to an attack of `attacker` in `mode` against the single defender `target`
 * (none with several targets: one attack roll is made against them all):
 * Combat Sense's +1 when the attacker designated the target; Unbalance Opponent's loss of the
 * attacker's Strength bonus (a melee attack: the one whose roll adds Strength) when the target
 * designated the attacker and is not two or more sizes smaller.
 */
export function opponentFeatLines(
  attacker: Actor,
  mode: 'melee' | 'ranged',
  target: Actor | null | undefined,
): OpponentFeatLine[] {
  if (!target) return [];
  const lines: OpponentFeatLine[] = [];
  if (hasFeat(attacker, COMBAT_SENSE) && designatedBy(attacker, COMBAT_SENSE) === target.uuid)
    lines.push({ label: 'GNG.OpponentFeats.CombatSense', value: COMBAT_SENSE_BONUS });
  const unbalanced = mode === 'melee' ? unbalancedStrength(attacker, target) : 0;
  if (unbalanced) lines.push({ label: 'GNG.OpponentFeats.Unbalance', value: unbalanced });
  return lines;
}

/**
 * Unbalance Opponent against `opponent`'s attack rolls or grapple checks aimed at `holder`: minus
 * the opponent's Strength bonus (0 with a penalty, without the feat or its choice, or when the
 * opponent is two or more size categories larger than the holder).
 */
export function unbalancedStrength(opponent: Actor, holder: Actor | null | undefined): number {
  if (!holder) return 0;
  const strength = opponent.system.derived?.abilities?.str?.mod ?? 0;
  if (strength <= 0 || unbalancedOpponent(holder) !== opponent.uuid || sizesLarger(opponent, holder) >= 2)
    return 0;
  return -strength;
}

/** Whether the Defense of `defender` against `attacker` gets Flow with Enemy's +1 dodge. */
export function flowDodge(defender: Actor, attacker: Actor | null | undefined): number {
  return flowsWith(defender, attacker) ? FLOW_DODGE_BONUS : 0;
}

/** Flow with Enemy: "that enemy cannot perform attacks of opportunity against you". */
export function flowDeniesOpportunity(
  holder: Actor | null | undefined,
  opponent: Actor | null | undefined,
): boolean {
  return flowsWith(holder, opponent);
}

/**
 * The owner's designation (its own client writes its own actor): `opponent` for `feat`, or none.
 * Resolves with a lang key of the refusal, or null when it is recorded.
 */
export async function designateOpponent(
  holder: Actor,
  feat: DesignatingFeat,
  opponent: Actor | null,
): Promise<string | null> {
  if (!holder.isOwner) return 'GNG.OpponentFeats.Error.NotOwner';
  if (!(DESIGNATING_FEATS as readonly string[]).includes(feat) || !hasFeat(holder, feat))
    return 'GNG.OpponentFeats.Error.NoFeat';
  if (opponent && opponent.uuid === holder.uuid) return 'GNG.OpponentFeats.Error.Self';
  // "If you are using Flow with Enemy against a single opponent, you must select that opponent."
  const flow = feat === UNBALANCE_OPPONENT ? flowOf(holder) : null;
  if (flow && opponent && flow.opponentUuid !== opponent.uuid) return 'GNG.OpponentFeats.Error.FlowOpponent';
  await holder.update({ [`flags.${SYSTEM_ID}.designated.${feat}`]: opponent?.uuid ?? '' });
  return null;
}

/** GM side: records a flow in the combat (replacing the holder's earlier one). */
export async function recordFlow(combat: Combat, holder: Actor, record: FlowRecord): Promise<void> {
  await combat.update({ [`flags.${SYSTEM_ID}.flow.${flowKey(holder)}`]: record });
}

/** GM side: ends the holder's flow ("you may willingly end the flow at any time, as a free action"). */
export async function endFlowRecord(combat: Combat, holder: Actor): Promise<boolean> {
  if (!flows(combat)[flowKey(holder)]) return false;
  await combat.update({ [`flags.${SYSTEM_ID}.flow.${flowKey(holder)}`]: null });
  return true;
}

/**
 * The attack card's steps under the Time Count and Threshold of Pain model (issue #32), on the
 * active GM's client: a quick strike's half damage (002:521–523); at Apply, the effective ToP the hit
 * met (for the card's split line) and the Constitution check the loss calls for (002:162: "when your
 * fatigue first exceeds your current hit points, and every time thereafter that either your fatigue
 * increases or your hit points decrease"); the check itself, rolled here (d20 + Con − 2 per
 * impairment, no automatic success, A9): a failure sets `unconscious`, held by this card, and notes
 * the count it may check again at (at least 10 counts per point failed, 002:166), written as the
 * combatant's countdown so the tracker shows it (`setTcCountdown`); Undo of the damage takes the
 * check back with it, the countdown reverted exactly (`revertCountdown`).
 */
import type { UndoNote } from '../kernel/index.js';
import { refusalNote } from './attack-notes.js';
import { halfDamage } from '../../rules/models/tc/attack-card.js';
import { consciousnessCheck, firstWakeCheckAt } from '../../rules/models/tc/consciousness-timing.js';
import { tcAbilityMod } from '../../rules/models/tc/defenses.js';
import { tcThreshold } from '../../rules/models/tc/threshold.js';
import type { ApplyOptions } from '../../rules/models/types.js';
import { tcApplyOptions } from './tc-settings.js';
import { tcSchedule } from '../../combat/tc-schedule.js';
import { revertCountdown, setTcCountdown } from '../../combat/tc-countdowns.js';
import { combatantOf } from '../../combat/scene-lookup.js';
import { modelCreatureOf } from '../../combat/model-health.js';
import { holdStatuses, releaseStatuses } from '../../combat/status-holds.js';
import { actorOf, Refusal, showRolls } from '../kernel/index.js';
import { saveCard } from './attack-save.js';
import type { AttackCardState, CardTarget } from './attack-state.js';
import type { CardTcHold, CardTcTarget } from './tc-card-state.js';

/** The status a failed check sets (002:162: "If you fail, you fall unconscious"). */
const UNCONSCIOUS = 'unconscious';

/** A quick strike's damage: each part halved (002:521; a critical's too, 002:523). */
export function quickStrikeDamage(state: AttackCardState, damage: NonNullable<CardTarget['damage']>): void {
  if (!state.tc?.choices.quickStrike) return;
  damage.final = halfDamage(damage.final);
  damage.lethal = halfDamage(damage.lethal);
  damage.nonlethal = halfDamage(damage.nonlethal);
}

function tcTarget(target: CardTarget): CardTcTarget {
  target.tc ??= { passive: [], top: null, consciousness: null };
  return target.tc;
}

/**
 * GM side, right before Apply: the effective ToP the hit meets (R20, R22), kept for the card's
 * line; the model's options of the hit — the world's impairments (002:82, an option) and the
 * weapon's type. Null under another model.
 */
export async function tcBeforeApply(
  state: AttackCardState,
  target: CardTarget,
  actor: Actor,
): Promise<Partial<ApplyOptions> | null> {
  if (!state.tc) return null;
  tcTarget(target).top = tcThreshold(modelCreatureOf(actor)).effective;
  const attacker = await actorOf(state.attacker.actorUuid);
  return tcApplyOptions(attacker?.items.get(state.weapon.itemId));
}

/** GM side, after Apply: the Constitution check the loss calls for (null: none). */
export function tcAfterApply(
  state: AttackCardState,
  target: CardTarget,
  owed: { dc: number; penalty: number } | null | undefined,
): void {
  if (!state.tc) return;
  tcTarget(target).consciousness = owed ? { dc: owed.dc, penalty: owed.penalty, roll: null } : null;
}

/** GM side: the target's Constitution check (its owners' button; a GM may roll it). */
export async function tcConsciousnessCheck(
  message: ChatMessage,
  state: AttackCardState,
  target: CardTarget,
): Promise<void> {
  const actor = await actorOf(target.actorUuid);
  const owed = target.tc?.consciousness;
  if (!actor || !owed) throw new Refusal('GNG.Error.Attack.NoActor', { name: target.name });
  const roll = await new Roll('1d20').evaluate();
  const natural = roll.total as number;
  const con = tcAbilityMod(modelCreatureOf(actor), 'con');
  // d20 + Con − 2 per impairment against the DC (002:162), no automatic result (A9).
  const total = natural + con - (owed.penalty ?? 0);
  const verdict = consciousnessCheck(total, owed.dc);
  const result = { total, success: verdict.passed, failedBy: verdict.failedBy };
  let hold: CardTcHold | null = null;
  let wakeAt: number | null = null;
  if (!result.success) {
    hold = await holdStatuses(actor, [UNCONSCIOUS]);
    const combatant = combatantOf(actor);
    const combat = combatant?.parent ?? null;
    wakeAt = combat ? firstWakeCheckAt(tcSchedule(combat).count, result.failedBy) : null;
    // The tracker shows the check to wake (R27): the combatant's countdown, its record kept for Undo.
    if (combat && combatant && wakeAt !== null)
      owed.countdown = await setTcCountdown(
        combat,
        combatant.id,
        { kind: 'unconscious', at: wakeAt },
        'consciousness',
      );
  }
  owed.roll = {
    natural,
    con,
    total: result.total,
    success: result.success,
    failedBy: result.failedBy,
    statusAdded: Boolean(hold?.statusesAdded.length),
    wakeAt,
  };
  owed.hold = hold;
  showRolls(message, [roll]);
  await saveCard(message, state);
}

/**
 * GM side, with the Undo of the damage: the check's status released, its countdown reverted (noted on
 * the card when the tracker's countdown changed since), the check gone.
 */
export async function undoTcConsciousness(actor: Actor, target: CardTarget): Promise<(UndoNote | string)[]> {
  const owed = target.tc?.consciousness;
  if (!target.tc || !owed) return [];
  const notes: (UndoNote | string)[] = owed.hold ? await releaseStatuses(actor, owed.hold) : [];
  if (owed.countdown) {
    try {
      await revertCountdown(owed.countdown);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      notes.push(refusalNote(error));
    }
  }
  target.tc.consciousness = null;
  return notes;
}

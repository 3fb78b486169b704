/**
 * The heal card's work on the GM's client (GnG "RECOVERY OF DISABLED BODY PARTS"; decisions in
 * docs/rules.md "Rest, recovery and the dying"): the checks of a request against the documents, the
 * rolls, the change to the patient, and its exact inverse (the card's Undo).
 */
import {
  BODY_PART_SURGERY_DC,
  extraordinaryHealingRestoresBodyPart,
  surgeryRestoresBodyPart,
  TEND_INJURIES_DC,
} from '../../rules/index.js';
import { Refusal } from '../kernel/index.js';
import { disabledPartsOf, tendedOf, type TendedMark } from '../shared/rest-read.js';
import { setCare } from '../../combat/care-records.js';
import { conditionLabel, healerCannotAct } from '../shared/healer-conditions.js';
import type { ExtraordinaryRoll, HealApplied, HealCardState, HealCheck, HealKind } from './heal-state.js';

/** What the GM checked of a request: the documents, and the part treated. */
export interface HealRequest {
  kind: HealKind;
  patient: Actor;
  healer: Actor | null;
  part: { effectId: string; label: string } | null;
  formula: string | null;
}

/** The request against the documents and the rules (GM side, in the patients' queue); refuses, or returns. */
export function checkHeal(req: HealRequest, sender: User): void {
  const { kind, patient, healer } = req;
  // An item's or a power's healing is rolled by the GM: the formula would be the player's own word.
  if (kind === 'extraordinary' && !sender.isGM) throw new Refusal('GNG.Heal.Error.ExtraordinaryGM');
  if (kind !== 'extraordinary' && !healer) throw new Refusal('GNG.Error.Card.BadRequest');
  // A player heals with a character of their own, never with someone else's.
  if (healer && !healer.testUserPermission(sender, 'OWNER'))
    throw new Refusal('GNG.Heal.Error.NotOwner', { name: healer.name });
  if (patient.statuses.has('dead')) throw new Refusal('GNG.Heal.Error.Dead', { name: patient.name });
  // A healer who can take no actions heals no one: the same conditions as stabilizing (healer-conditions.ts).
  const unable = healer ? healerCannotAct(healer) : null;
  if (healer && unable)
    throw new Refusal('GNG.Heal.Error.HealerUnable', {
      name: healer.name,
      condition: conditionLabel(unable),
    });
  const parts = disabledPartsOf(patient);
  if (!parts.length) throw new Refusal('GNG.Heal.Error.NoParts', { name: patient.name });
  if (kind === 'tend') {
    // Core Long-Term Care: "You cannot give long-term care to yourself."
    if (healer === patient || healer?.uuid === patient.uuid)
      throw new Refusal('GNG.Heal.Error.Self', { name: patient.name });
    if (tendedOf(patient)) throw new Refusal('GNG.Heal.Error.AlreadyTended', { name: patient.name });
    return;
  }
  const part = parts.find((p) => p.effectId === req.part?.effectId);
  if (!part) throw new Refusal('GNG.Heal.Error.NotAPart', { name: patient.name });
  req.part = part;
}

/** The healer's Heal check against `dc`: d20 + the Heal skill bonus the sheet derives. */
async function healCheck(healer: Actor, dc: number): Promise<{ check: HealCheck; roll: Roll }> {
  const skill = healer.system.skills.heal;
  const bonus = Number.isInteger(skill?.total) ? skill.total : 0;
  const roll = await new Roll('1d20').evaluate();
  const natural = roll.total as number;
  const total = natural + bonus;
  return { check: { natural, bonus, total, dc, success: total >= dc }, roll };
}

/** Deletes the part's effect; its source, for Undo. */
async function restorePart(patient: Actor, effectId: string): Promise<Record<string, unknown> | null> {
  const effect = patient.effects.get(effectId);
  if (!effect) return null;
  const source = effect.toObject();
  await patient.deleteEmbeddedDocuments('ActiveEffect', [effectId]);
  return source;
}

/** Extraordinary healing: the HP rolled, then the d20 against them (GnG "Extraordinary Healing"). */
async function extraordinary(formula: string): Promise<{ result: ExtraordinaryRoll; rolls: Roll[] }> {
  const amountRoll = await new Roll(formula).evaluate();
  const amount = Math.max(0, amountRoll.total as number);
  const d20Roll = await new Roll('1d20').evaluate();
  const d20 = d20Roll.total as number;
  const success = extraordinaryHealingRestoresBodyPart(amount, d20);
  return { result: { formula, amount, d20, success }, rolls: [amountRoll, d20Roll] };
}

/** Rolls and applies a checked request; the card's state and the rolls made. */
export async function runHeal(req: HealRequest): Promise<{ state: HealCardState; rolls: Roll[] }> {
  const { kind, patient, healer, part } = req;
  const state: HealCardState = {
    kind,
    patientUuid: patient.uuid,
    patientName: patient.name,
    healerName: healer?.name ?? null,
    part,
    check: null,
    extraordinary: null,
    applied: null,
  };
  const applied: HealApplied = { tended: null, removed: null };
  const rolls: Roll[] = [];
  if (kind === 'extraordinary') {
    const { result, rolls: made } = await extraordinary(req.formula as string);
    state.extraordinary = result;
    rolls.push(...made);
    if (result.success) applied.removed = await restorePart(patient, (part as { effectId: string }).effectId);
  } else {
    const { check, roll } = await healCheck(
      healer as Actor,
      kind === 'tend' ? TEND_INJURIES_DC : BODY_PART_SURGERY_DC,
    );
    state.check = check;
    rolls.push(roll);
    if (kind === 'tend' && check.success) {
      const mark: TendedMark = {
        id: foundry.utils.randomID(),
        healer: (healer as Actor).name,
        total: check.total,
      };
      await setCare(patient, { tended: mark });
      applied.tended = mark;
    }
    if (kind === 'surgery' && surgeryRestoresBodyPart(check.total))
      applied.removed = await restorePart(patient, (part as { effectId: string }).effectId);
  }
  if (applied.tended || applied.removed) state.applied = applied;
  return { state, rolls };
}

/**
 * Undoes `applied` on `patient`: the tending taken off (only while it still waits: a rest that
 * counted it must be undone first), the part's effect re-created from its source.
 */
export async function undoHeal(patient: Actor, applied: HealApplied): Promise<void> {
  if (applied.tended) {
    if (tendedOf(patient)?.id !== applied.tended.id)
      throw new Refusal('GNG.Heal.Error.TendUsed', { name: patient.name });
    await setCare(patient, { tended: null });
  }
  if (applied.removed) {
    const copy = structuredClone(applied.removed);
    delete copy._id;
    await patient.createEmbeddedDocuments('ActiveEffect', [copy]);
  }
}

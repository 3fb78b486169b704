/**
 * Taking damage, as every card applies it (attack, area, grapple): lethal damage comes off
 * temporary HP first, nonlethal damage adds up, and the rules engine says what follows (trauma,
 * disabled/dying/dead by size, unconscious from nonlethal), with the world's Appendix 1 variants
 * (`variantRules()`): under Advanced Wound Trauma no trauma is marked and the loss reports the
 * Fortitude DC the card then offers (src/cards/wound-trauma/); under Wounds Normally Cause Bleeding
 * enough HP lost adds the `severe-bleeding` status. A `stable` creature (below 0 HP, stabilized;
 * src/cards/dying/) that loses HP is dying again, or dead: the loss takes `stable` off with it (a
 * loss of no HP leaves it stable). Runs on the active GM's client, inside the cards' GM queries.
 * The result is the card's record of what changed; Undo is its exact inverse (the changes taken back
 * from the values as they are now, the statuses it set given back — held per step, status-holds.ts:
 * one another card still holds stays while the HP still call for it — the statuses it took off set
 * again), so it never erases what happened to the actor since.
 */
import { CARD_HP_UPDATE } from '../hooks/hp-statuses.js';
import type { UndoNote } from '../cards/kernel/index.js';
import type { CombatModel, DamageCondition, NonlethalCondition } from '../rules/index.js';
import type { ApplyOptions } from '../rules/models/types.js';
import {
  holdStatuses,
  putBackStatus,
  releaseStatuses,
  takeOffStatus,
  type TakenHolds,
} from './status-holds.js';
import { setTrauma } from './action-budget.js';
import { variantRules } from '../settings/variant-rules.js';
import { combatModel } from '../settings/combat-model.js';
import { healthOf, healthPathOf, healthStatusesOf, modelCreatureOf } from './model-health.js';

/** The status "Wounds Normally Cause Bleeding" sets (the bleeding card's; bleeding-card.ts). */
const SEVERE_BLEEDING = 'severe-bleeding';
/** Below 0 HP and stable (the dying card's `STABLE_STATUS`; src/cards/dying/dying-state.ts). */
const STABLE = 'stable';

export interface HitPointSnapshot {
  value: number;
  temp: number;
  nonlethal: number;
  /**
   * A loss's `before` only, when the loss took statuses off (a `stable` that gave way to dying or
   * dead): they were on before it, and {@link restoreHitPointLoss} sets them again. It travels with
   * the snapshot every card keeps of the loss.
   */
  statusesRemoved?: string[];
  /** The holds that went with them (status-holds.ts), put back with them. */
  statusesTaken?: Record<string, TakenHolds | null>;
}

export interface HitPointLoss {
  before: HitPointSnapshot;
  after: HitPointSnapshot;
  hpLost: number;
  trauma: boolean;
  /** Advanced Wound Trauma: the Fortitude DC this loss calls for (null: variant off, or no HP lost). */
  woundTraumaDC: number | null;
  /** Wounds Normally Cause Bleeding: the loss was enough to cause severe bleeding. */
  severeBleeding: boolean;
  condition: DamageCondition;
  nonlethalCondition: NonlethalCondition;
  injury: string;
  statusesAdded: string[];
  /** Statuses this loss took off (`stable` when it made a stable creature dying or dead again). */
  statusesRemoved: string[];
  /** The status effects this loss created, by status (Undo deletes exactly these). */
  effectIds: Record<string, string>;
  /** Its hold on the statuses it set (status-holds.ts; null: none). */
  hold: string | null;
  /** The actor's trauma flag before this loss set it (null: not set, e.g. out of combat). */
  traumaBefore: boolean | null;
  /** The Time Count model's Constitution check this loss owes (R27; absent: none). */
  consciousness?: { dc: number; penalty: number };
}

/** What a card keeps of a loss to undo it (the field names of the stored cards). */
export interface HitPointRecord {
  /** Hit points before the loss (and the statuses it took off, `statusesRemoved`). */
  snapshot: HitPointSnapshot;
  /** Hit points right after it (absent on cards stored before Undo took changes back). */
  after?: HitPointSnapshot | undefined;
  statusesAdded: readonly string[];
  effectIds?: Record<string, string> | undefined;
  /** Its hold on the statuses it set (absent on cards stored before holds). */
  hold?: string | null | undefined;
  traumaBefore: boolean | null;
}

/** The card's record of `loss`, for {@link restoreHitPointLoss}. */
export function recordOf(loss: HitPointLoss): Required<HitPointRecord> {
  return {
    snapshot: loss.before,
    after: loss.after,
    statusesAdded: loss.statusesAdded,
    effectIds: loss.effectIds,
    hold: loss.hold,
    traumaBefore: loss.traumaBefore,
  };
}

/**
 * `actor`'s HP, temporary HP and nonlethal damage, and any other health field of `model` (a model's
 * own fields travel in the snapshot too, so that its Undo takes them back; GnG has none).
 */
function hitPoints(actor: Actor, model?: CombatModel): HitPointSnapshot {
  const hp = actor.system.hp;
  const others = (model?.healthFields ?? []).filter(
    (field) => !(HP_FIELDS as readonly string[]).includes(field),
  );
  return { value: hp.value, temp: hp.temp, nonlethal: hp.nonlethal, ...healthOf(actor, model, others) };
}

/** GnG's health fields (the HP a creature's data keeps: `system.hp.<field>`), the default Undo takes back. */
const HP_FIELDS = ['value', 'temp', 'nonlethal'] as const;

/** The update key of a health field of `model` (GnG's under `system.hp`; healthPathOf). */
function healthPath(field: string, model?: CombatModel): string {
  return `system.${healthPathOf(field, model)}`;
}

/**
 * Applies `lethal` and `nonlethal` damage to `actor` through the combat model (default: the world's;
 * `model.applyDamage` on its health vector, the actor's HP fields). `slashing`: the damage is slashing
 * (the lower bleeding threshold; callers that do not know say nothing). `allow(changes)` is the
 * caller's cancellable pre-hook; when it returns false nothing changes and the result is null.
 */
export async function applyHitPointLoss(
  actor: Actor,
  damage: {
    lethal: number;
    nonlethal: number;
    nonlethalAttack?: boolean;
    slashing?: boolean;
    /** A model's own options of this hit (the Time Count model's impairments and damage type). */
    model?: Partial<ApplyOptions>;
  },
  allow: (changes: Record<string, unknown>) => boolean,
  model: CombatModel = combatModel(),
): Promise<HitPointLoss | null> {
  const before = hitPoints(actor, model);
  const variants = variantRules();
  const outcome = model.applyDamage(
    healthOf(actor, model),
    { lethal: damage.lethal, nonlethal: damage.nonlethal },
    modelCreatureOf(actor),
    {
      variants: {
        advancedWoundTrauma: variants.advancedWoundTrauma,
        woundsCauseBleeding: variants.woundsCauseBleeding,
      },
      nonlethalAttack: damage.nonlethalAttack === true,
      slashing: damage.slashing === true,
      ...damage.model,
    },
  );
  // Stable and below 0 HP: a loss of Hit Points makes it dying again (or dead), one of none does not;
  // a model that says so itself (the EG model's `stabilityLost` event) is read as it says.
  const stable = actor.statuses.has(STABLE);
  const unstable =
    outcome.events.includes('stabilityLost') ||
    (outcome.hpLost > 0 && (outcome.statuses.includes('dying') || outcome.statuses.includes('dead')));
  const wanted = outcome.statuses.filter((status) => status !== 'dying' || !stable || unstable);
  const changes: Record<string, unknown> = Object.fromEntries(
    model.healthFields.map((field) => [healthPath(field, model), outcome.after[field]]),
  );
  if (!allow(changes)) return null;
  await actor.update(changes, CARD_HP_UPDATE);
  const statusesRemoved = stable && unstable ? [STABLE] : [];
  const statusesTaken: Record<string, TakenHolds | null> = {};
  for (const status of statusesRemoved) statusesTaken[status] = await takeOffStatus(actor, status);
  // Held by this loss, also those the actor has already (another card's may be undone first).
  const { hold, statusesAdded, effectIds } = await holdStatuses(actor, wanted);
  const trauma = outcome.events.includes('trauma');
  // Trauma: only a partial action on the actor's next turn (kept on its combatant; null out of combat).
  const traumaBefore = trauma ? await setTrauma(actor, true) : null;
  return {
    before: statusesRemoved.length ? { ...before, statusesRemoved, statusesTaken } : before,
    after: hitPoints(actor, model),
    hpLost: outcome.hpLost,
    trauma,
    woundTraumaDC: outcome.woundTraumaDC,
    severeBleeding: wanted.includes(SEVERE_BLEEDING),
    condition: outcome.conditions.lethal as DamageCondition,
    nonlethalCondition: outcome.conditions.nonlethal as NonlethalCondition,
    injury: actor.system.hp.injury?.level ?? 'none',
    statusesAdded,
    statusesRemoved,
    effectIds,
    hold,
    traumaBefore,
    ...(typeof outcome.consciousnessDC === 'number'
      ? { consciousness: { dc: outcome.consciousnessDC, penalty: outcome.consciousnessPenalty ?? 0 } }
      : {}),
  };
}

/**
 * Whether a status a loss sets still stands on `actor`'s health as it is now, under `model` (the
 * statuses its health calls for — GnG: `dying` and `dead` while its HP are dying or dead for its size,
 * `unconscious` while its nonlethal damage exceeds them); severe bleeding stands (the bleeding card
 * ends it), as does any status the model's health does not decide.
 */
export function standsOnHitPoints(actor: Actor, status: string, model: CombatModel = combatModel()): boolean {
  if (status !== 'dying' && status !== 'dead' && status !== 'unconscious') return true;
  return healthStatusesOf(actor, model).includes(status);
}

/**
 * Undoes a loss as its exact inverse: each of the model's health fields (`fields`, default GnG's HP,
 * temporary HP and nonlethal) gets back what the loss took, from the values as they are now (later
 * damage and the GM's edits stay), the status effects it created are deleted, the statuses it took
 * off (`stable`) are set again, trauma is cleared if it set it. `model`: the one the loss was applied
 * under (the card's own; default GnG's fields and the world's model's statuses). What cannot be undone
 * any more (a status already removed, HP that would pass the maximum) is done as far as it can be
 * and returned as Undo notes (keys) for the card to show. A record without `after` (a card stored
 * before this) restores its snapshot, as such cards did.
 */
export async function restoreHitPointLoss(
  actor: Actor,
  loss: HitPointRecord,
  model?: CombatModel,
): Promise<UndoNote[]> {
  const notes: UndoNote[] = [];
  const fields = model?.healthFields ?? HP_FIELDS;
  const now = healthOf(actor, model, fields);
  const before = loss.snapshot as unknown as Record<string, number>;
  const after = loss.after as unknown as Record<string, number> | undefined;
  const next: Record<string, number> = {};
  for (const field of fields) {
    const was = before[field];
    const became = after?.[field];
    // A field the record does not hold (a card of another model) is left as it is now.
    if (was === undefined || (after && became === undefined)) next[field] = now[field] as number;
    else next[field] = became === undefined ? was : (now[field] as number) + (was - became);
  }
  if (after) {
    const max = actor.system.hp.max;
    const value = next.value;
    if (value !== undefined && typeof max === 'number' && value > max) {
      next.value = max;
      notes.push({ key: 'GNG.Undo.Note.HpCapped', data: { name: actor.name, max } });
    }
    // Every field but the HP is at least 0 (temporary HP, nonlethal damage, a model's condition step).
    for (const field of fields) if (field !== 'value') next[field] = Math.max(0, next[field] as number);
  }
  await actor.update(
    Object.fromEntries(fields.map((field) => [healthPath(field, model), next[field]])),
    CARD_HP_UPDATE,
  );
  // A status another card still holds stays, while the HP still call for it.
  notes.push(...(await releaseStatuses(actor, loss, (status) => standsOnHitPoints(actor, status, model))));
  // After the statuses it set are gone: a stable creature made dying again is stable once more.
  for (const status of loss.snapshot.statusesRemoved ?? [])
    await putBackStatus(actor, status, loss.snapshot.statusesTaken?.[status]);
  if (loss.traumaBefore === false) await setTrauma(actor, false);
  return notes;
}

/**
 * What the area and burst cards store of a loss on a target: HP, temporary HP and nonlethal damage
 * before and after (shown on the card), and what {@link restoreAppliedLoss} needs to undo it.
 */
export interface AppliedLoss {
  hp: { before: number; after: number };
  temp: { before: number; after: number };
  nonlethalTotal: { before: number; after: number };
  statusesAdded: string[];
  /** The status effects Apply created, by status (Undo deletes exactly these). */
  effectIds?: Record<string, string>;
  /** Apply's hold on the statuses it set (status-holds.ts; absent on older cards). */
  hold?: string | null;
  snapshot: HitPointSnapshot;
  /** Trauma (half or more of the current HP lost): marked for the next turn via the budget module. */
  trauma: boolean;
  /** The combatant's trauma mark before Apply (null out of combat), put back by Undo. */
  traumaBefore: boolean | null;
}

/** The HP, temporary HP and nonlethal damage of `loss`, each before and after it (the cards' records). */
export function lossPairs(loss: HitPointLoss) {
  return {
    hp: { before: loss.before.value, after: loss.after.value },
    temp: { before: loss.before.temp, after: loss.after.temp },
    nonlethal: { before: loss.before.nonlethal, after: loss.after.nonlethal },
  };
}

/** The stored record of `loss` (area and burst cards). */
export function appliedLossOf(loss: HitPointLoss): AppliedLoss {
  const { hp, temp, nonlethal } = lossPairs(loss);
  return {
    hp,
    temp,
    nonlethalTotal: nonlethal,
    statusesAdded: loss.statusesAdded,
    effectIds: loss.effectIds,
    hold: loss.hold,
    snapshot: loss.before,
    trauma: loss.trauma,
    traumaBefore: loss.traumaBefore,
  };
}

/** Undoes a stored {@link AppliedLoss} on `actor` ({@link restoreHitPointLoss}); its notes. */
export function restoreAppliedLoss(actor: Actor, applied: AppliedLoss): Promise<UndoNote[]> {
  const after = {
    value: applied.hp.after,
    temp: applied.temp.after,
    nonlethal: applied.nonlethalTotal.after,
  };
  return restoreHitPointLoss(actor, { ...applied, after });
}

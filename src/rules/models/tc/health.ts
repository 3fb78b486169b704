/**
 * Health under the Time Count and Threshold of Pain model (seed 002; issue #32): HP, bonus HP,
 * fatigue, Invigoration, the ToP lost this combat, impairments, paralysis and petrification as one
 * vector (`TC_HEALTH_FIELDS`), so Undo is one exact inverse. A hit's damage splits at the ToP (R21,
 * A2); nonlethal damage is all fatigue (R24, A3); each hit lowers the ToP by 1 (R22); the HP part comes
 * off bonus HP, then Invigoration, then HP (R29, 002:149–157); passing the ToP gives an impairment of
 * the attack's type when the world plays them (R23); HP 0 is death (R26, 002:145); fatigue ≥ the
 * current HP owes a Constitution check (R27, 002:160–162) and fatigue ≥ twice them is dying (R28).
 * "Current HP" is the creature's hit point total: HP + Invigoration + bonus HP (healing and bonus HP
 * count in it, 002:149, 155). Pure.
 */
import { assertNonNegativeInteger } from '../../validate.js';
import type { ApplyOptions, HealthOutcome, HealthVector, ModelCreature } from '../types.js';
import { TC_DAMAGE_TYPES, type TcDamageType } from './state.js';
import { tcThreshold, topSplitOf } from './threshold.js';

/** The vector's fields (value = `hp.value`, temp = `hp.temp`: bonus HP; the rest at `TC_HEALTH_PATHS`). */
export const TC_HEALTH_FIELDS = [
  'value',
  'temp',
  'fatigue',
  'invigoration',
  'topLost',
  'impB',
  'impP',
  'impS',
  'paralysis',
  'petrification',
] as const;

/** Where the model's own health fields are stored, relative to the actor's `system`. */
export const TC_HEALTH_PATHS = {
  fatigue: 'model.tc.fatigue',
  invigoration: 'model.tc.invigoration',
  topLost: 'model.tc.topLost',
  impB: 'model.tc.impairments.bludgeoning',
  impP: 'model.tc.impairments.piercing',
  impS: 'model.tc.impairments.slashing',
  paralysis: 'model.tc.paralysis',
  petrification: 'model.tc.petrification',
} as const;

/** The vector field of each impairment type. */
export const IMPAIRMENT_FIELDS: Readonly<Record<TcDamageType, 'impB' | 'impP' | 'impS'>> = {
  bludgeoning: 'impB',
  piercing: 'impP',
  slashing: 'impS',
};

/** The Constitution check's penalty per impairment taken (002:162). */
export const IMPAIRMENT_CHECK_PENALTY = 2;

export type TcLethalCondition = 'normal' | 'dying' | 'dead';
export type TcFatigueCondition = 'normal' | 'atRisk';

const num = (health: HealthVector, field: string) => health[field] ?? 0;

/** The hit point total fatigue is measured against: HP + Invigoration + bonus HP. */
export function currentHitPoints(health: HealthVector): number {
  return num(health, 'value') + num(health, 'invigoration') + num(health, 'temp');
}

/** The health vector of `health` read as counts (every field but `value` ≥ 0). */
function checked(health: HealthVector): Record<(typeof TC_HEALTH_FIELDS)[number], number> {
  const out = {} as Record<(typeof TC_HEALTH_FIELDS)[number], number>;
  for (const f of TC_HEALTH_FIELDS) {
    const v = num(health, f);
    if (f === 'value') {
      if (!Number.isInteger(v)) throw new RangeError(`HP must be a whole number, got ${v}`);
      out[f] = v;
    } else out[f] = assertNonNegativeInteger(f, v);
  }
  return out;
}

/** Dead at 0 HP (002:145); dying at fatigue ≥ twice the current HP (002:160); else normal. */
export function tcLethalCondition(health: HealthVector): TcLethalCondition {
  if (num(health, 'value') <= 0) return 'dead';
  return num(health, 'fatigue') >= 2 * currentHitPoints(health) ? 'dying' : 'normal';
}

/** At risk of falling unconscious: fatigue ≥ the current HP (002:160). */
export function tcFatigueCondition(health: HealthVector): TcFatigueCondition {
  return num(health, 'fatigue') >= currentHitPoints(health) ? 'atRisk' : 'normal';
}

function statusesOf(lethal: TcLethalCondition): string[] {
  if (lethal === 'dead') return ['dead'];
  // "you are dying, but may still be conscious" (002:160): unconscious only by a failed check.
  return lethal === 'dying' ? ['dying'] : [];
}

/** The statuses a health vector calls for: dead, dying. (Unconscious follows a failed check, not the vector.) */
export function tcHealthStatus(health: HealthVector, _creature?: ModelCreature): string[] {
  return statusesOf(tcLethalCondition(health));
}

/**
 * The Constitution check a change of health owes (R27, 002:162): when, after it, fatigue ≥ the current
 * HP and fatigue rose or the HP fell, DC = fatigue − current HP, with 2 per impairment as the roll's
 * penalty; none for the dead.
 */
export function consciousnessOwed(
  before: HealthVector,
  after: HealthVector,
): { dc: number; penalty: number } | null {
  if (tcLethalCondition(after) === 'dead') return null;
  const rose = num(after, 'fatigue') > num(before, 'fatigue');
  const fell = currentHitPoints(after) < currentHitPoints(before);
  if (!(rose || fell) || tcFatigueCondition(after) !== 'atRisk') return null;
  const impairments = num(after, 'impB') + num(after, 'impP') + num(after, 'impS');
  return {
    dc: num(after, 'fatigue') - currentHitPoints(after),
    penalty: IMPAIRMENT_CHECK_PENALTY * impairments,
  };
}

/**
 * HP damage taken off bonus HP, then Invigoration, then HP (002:155: bonus HP "are lost first before
 * any damage is dealt to either your Invigoration or your normal hit points"; 002:149: healing points
 * "are lost before any normal damage is dealt").
 */
export function hpLossOrder(
  health: { value: number; temp: number; invigoration: number },
  loss: number,
): { value: number; temp: number; invigoration: number } {
  let left = assertNonNegativeInteger('HP damage', loss);
  const temp = Math.max(0, health.temp - left);
  left -= health.temp - temp;
  const invigoration = Math.max(0, health.invigoration - left);
  left -= health.invigoration - invigoration;
  return { value: health.value - left, temp, invigoration };
}

function outcome(before: HealthVector, after: Record<string, number>, events: string[]): HealthOutcome {
  const lethal = tcLethalCondition(after);
  const owed = consciousnessOwed(before, after);
  if (owed) events.push('consciousnessCheck');
  return {
    after,
    hpLost: Math.max(0, num(before, 'value') - num(after, 'value')),
    statuses: statusesOf(lethal),
    events,
    woundTraumaDC: null,
    // The dead are not "at risk" of falling unconscious (no check is owed them either): the card
    // said "Dead, At risk (… Constitution checks to stay conscious)".
    conditions: { lethal, nonlethal: lethal === 'dead' ? 'normal' : tcFatigueCondition(after) },
    consciousnessDC: owed ? owed.dc : null,
    consciousnessPenalty: owed ? owed.penalty : 0,
  };
}

/** The impairment type of a hit: `damageType`, else slashing when the attack is marked so. */
function impairmentType(options: ApplyOptions): TcDamageType | null {
  if (options.damageType !== undefined) {
    if (!(TC_DAMAGE_TYPES as readonly string[]).includes(options.damageType))
      throw new RangeError(`damage type must be one of ${TC_DAMAGE_TYPES.join(', ')}`);
    return options.damageType;
  }
  return options.slashing === true ? 'slashing' : null;
}

/**
 * One hit landing on a creature. `damage.lethal` splits at the ToP; `damage.nonlethal` is all fatigue
 * (A3) and never passes it (002:107: it "can only cause fatigue"). Events: `thresholdPassed`,
 * `impairment.<type>` (or `impairmentUntyped`: impairments played but the attack has no type),
 * `wounded` (the effective ToP reached 0), `consciousnessCheck`.
 */
export function tcApplyDamage(
  before: HealthVector,
  damage: { lethal: number; nonlethal: number },
  creature: ModelCreature,
  options: ApplyOptions = {},
): HealthOutcome {
  const h = checked(before);
  const lethal = assertNonNegativeInteger('lethal damage', damage.lethal);
  const nonlethal = assertNonNegativeInteger('nonlethal damage', damage.nonlethal);
  const sim = options.simultaneous;
  const startLost = sim
    ? assertNonNegativeInteger('ToP lost at the count start', sim.topLostAtStart)
    : h.topLost;
  const top = tcThreshold(creature, startLost).effective;
  const split = topSplitOf(lethal, top);
  const events: string[] = [];
  if (split.passed) events.push('thresholdPassed');
  const hp = hpLossOrder(h, split.hp);
  const after: Record<string, number> = { ...h, ...hp, fatigue: h.fatigue + split.fatigue + nonlethal };
  if (options.impairments === true && lethal > 0) {
    // A4: other attackers' hits at the same count lower the ToP for impairments only (002:683).
    const extra = sim ? assertNonNegativeInteger('simultaneous hits', sim.extraHits) : 0;
    if (lethal >= Math.max(0, top - extra)) {
      const type = impairmentType(options);
      if (type) {
        const field = IMPAIRMENT_FIELDS[type];
        after[field] = num(after, field) + 1;
        events.push(`impairment.${type}`);
      } else events.push('impairmentUntyped');
    }
  }
  if (options.hit !== false) {
    after.topLost = h.topLost + 1;
    const was = tcThreshold(creature, h.topLost).effective;
    if (was > 0 && tcThreshold(creature, after.topLost).effective === 0) events.push('wounded');
  }
  return outcome(before, after, events);
}

/**
 * HP or fatigue lost without a hit (poison, 002:724: "Poison can cause either fatigue or hit point
 * loss"; R31): no ToP split, no ToP lost, the HP part off bonus HP, Invigoration, then HP.
 */
export function tcDirectLoss(before: HealthVector, loss: { hp?: number; fatigue?: number }): HealthOutcome {
  const h = checked(before);
  const hp = hpLossOrder(h, assertNonNegativeInteger('HP loss', loss.hp ?? 0));
  const fatigue = h.fatigue + assertNonNegativeInteger('fatigue', loss.fatigue ?? 0);
  return outcome(before, { ...h, ...hp, fatigue }, []);
}

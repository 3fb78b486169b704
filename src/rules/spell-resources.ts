/**
 * A caster's spell slots and power points: what a cast spends, what is left, what Undo gives back and
 * what a rest restores. The cost of one cast comes from spells-powers.ts (the slot an armor metamagic
 * spell uses, Iron Claw's extra weapons, a power's raised cost). Decisions: docs/rules.md "Spell slots
 * and power points".
 */
import { HIGHEST_SPELL_SLOT } from './spells-powers.js';
import type { RestKind } from './rest.js';
import { assertIntegerInRange, assertNonNegativeInteger, assertOneOf } from './validate.js';

/** The spell slot levels, 0 (cantrips, orisons) to 9th. */
export const SPELL_SLOT_LEVELS: readonly number[] = Array.from(
  { length: HIGHEST_SPELL_SLOT + 1 },
  (_, level) => level,
);

/** One pool: how many are left now and how many a full rest gives. */
export interface Pool {
  value: number;
  max: number;
}

/** A caster's slots by level (0–9) and power points. */
export interface CastingPools {
  slots: readonly Pool[];
  powerPoints: Pool;
}

/** What one cast costs: a slot of a level, or power points. */
export type CastCost = { kind: 'slot'; level: number } | { kind: 'points'; points: number };

/** What a cast spent (Undo gives back exactly this). */
export type CastSpend =
  | { kind: 'slot'; level: number; left: number; max: number }
  | { kind: 'points'; points: number; left: number; max: number }
  /** The caster keeps no pool of that kind (every slot's maximum 0, or no power points): nothing spent. */
  | { kind: 'untracked' };

/** Why a cast is refused: no slot of its level left, or too few power points. */
export type CastRefusal =
  { refused: 'no-slot'; level: number } | { refused: 'no-points'; points: number; left: number };

const pool = (name: string, p: Pool): Pool => ({
  value: assertNonNegativeInteger(`${name} left`, p.value),
  max: assertNonNegativeInteger(`${name} per day`, p.max),
});

/**
 * Whether the caster keeps a pool for `cost`: any slot with a maximum above 0 (a spell), a power point
 * maximum above 0 (a power). A caster who keeps none is not tracked (decision): the cast spends nothing.
 */
export function tracksPool(pools: CastingPools, kind: CastCost['kind']): boolean {
  return kind === 'slot' ? pools.slots.some((s) => s.max > 0) : pools.powerPoints.max > 0;
}

/**
 * A cast's spend: a slot of exactly the level (decision: a lower slot never pays for a higher
 * spell, and a higher slot is not used up for a lower one), or the power points; a refusal when
 * none (too few) are left. `left` is what stays after the cast.
 */
export function spendForCast(pools: CastingPools, cost: CastCost): CastSpend | CastRefusal {
  const kind = assertOneOf('cast cost', cost.kind, ['slot', 'points'] as const);
  if (!tracksPool(pools, kind)) return { kind: 'untracked' };
  if (cost.kind === 'slot') {
    const level = assertIntegerInRange('slot level', cost.level, 0, HIGHEST_SPELL_SLOT);
    const slot = pool(`level ${level} slots`, pools.slots[level] ?? { value: 0, max: 0 });
    if (slot.value < 1) return { refused: 'no-slot', level };
    return { kind: 'slot', level, left: slot.value - 1, max: slot.max };
  }
  const points = assertNonNegativeInteger('power points', cost.points);
  const pp = pool('power points', pools.powerPoints);
  if (pp.value < points) return { refused: 'no-points', points, left: pp.value };
  return { kind: 'points', points, left: pp.value - points, max: pp.max };
}

/**
 * Undo of a spend, on the pool as it is now: the slot or points back, never above the maximum; `kept`
 * is what could not come back (the pool was refilled or lowered since).
 */
export function refundCast(now: Pool, spent: CastSpend): { value: number; kept: number } {
  const p = pool('pool', now);
  if (spent.kind === 'untracked') return { value: p.value, kept: 0 };
  const amount = spent.kind === 'slot' ? 1 : spent.points;
  const value = Math.max(p.value, Math.min(p.max, p.value + amount));
  return { value, kept: amount - (value - p.value) };
}

/** What a rest restores: for each slot level and for the power points, how many come back. */
export interface PoolsRestored {
  slots: number[];
  powerPoints: number;
}

/**
 * A rest restores every slot and power point (decision: any of the rest kinds is at least "a full
 * night's rest"); a significantly interrupted rest restores none, as it heals nothing.
 */
export function restoredByRest(pools: CastingPools, kind: RestKind, interrupted = false): PoolsRestored {
  assertOneOf('rest kind', kind, ['night', 'bed-rest-day', 'week', 'bed-rest-week'] as const);
  const gap = (p: Pool) => {
    const checked = pool('pool', p);
    return interrupted ? 0 : Math.max(0, checked.max - checked.value);
  };
  return {
    slots: SPELL_SLOT_LEVELS.map((level) => gap(pools.slots[level] ?? { value: 0, max: 0 })),
    powerPoints: gap(pools.powerPoints),
  };
}

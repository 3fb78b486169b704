/**
 * A rest's changes to the actor (GM side) and their exact inverse (the card's Undo). The rest
 * regains HP, heals nonlethal and ability damage, removes the effects of the parts that recovered,
 * restores spell slots and power points, stores the healing week and consumes a healer's tending (the GM's care record, care-records.ts;
 * which made this rest count as with a healer). Undo works in deltas on the values as they are now
 * (HP back down by what was regained, damage back up by what was healed, slots and points back
 * down by what came back, never below 0), restores the stored week
 * and the tending, and re-creates the removed effects.
 */
import { CARD_HP_UPDATE } from '../../hooks/hp-statuses.js';
import { setCare } from '../../combat/care-records.js';
import type { Ability, PoolsRestored, RestOutcome, RestWeekProgress } from '../../rules/index.js';
import { restoredByRest, SPELL_SLOT_LEVELS } from '../../rules/spell-resources.js';
import { castingPoolsOf } from '../../data/actor/casting-pools.js';
import { tendedOf, weekProgressOf, type TendedMark } from '../shared/rest-read.js';
import { undoTcRest, type TcRestApplied } from './tc-rest.js';

/** What a rest changed, for Undo. */
export interface RestApplied {
  hpRegained: number;
  nonlethalRecovered: number;
  abilities: { ability: Ability; recovered: number }[];
  /** The healing week before the rest (the care record; none kept reads as 0 days). */
  weekBefore: RestWeekProgress;
  weekAfter: RestWeekProgress;
  /** The sources of the effects removed (the recovered parts). */
  removed: Record<string, unknown>[];
  /** The healer's tending this rest consumed (absent on older cards). */
  tended?: TendedMark | null;
  /** Spell slots (by level) and power points the rest restored (absent on older cards). */
  pools?: PoolsRestored;
  /** Under the Time Count model: the Invigoration lost and impairments healed (tc-rest.ts). */
  tc?: TcRestApplied;
}

/**
 * The stored updates that add `sign` × `restored` to the actor's slots and power points as they are
 * now; `kept` is what an Undo (sign −1) could not take back, by slot level and in power points (spent
 * again since the rest: never below 0).
 */
function poolUpdate(
  actor: Actor,
  restored: PoolsRestored,
  sign: 1 | -1,
): { update: Record<string, number>; kept: PoolsRestored } {
  const now = castingPoolsOf(actor.system.spellcasting);
  const update: Record<string, number> = {};
  const kept: PoolsRestored = { slots: SPELL_SLOT_LEVELS.map(() => 0), powerPoints: 0 };
  for (const level of SPELL_SLOT_LEVELS) {
    const n = restored.slots[level] ?? 0;
    const value = now.slots[level]?.value ?? 0;
    if (n) update[`system.spellcasting.slots.${level}.value`] = Math.max(0, value + sign * n);
    kept.slots[level] = Math.max(0, -(value + sign * n));
  }
  if (restored.powerPoints)
    update['system.spellcasting.powerPoints.value'] = Math.max(
      0,
      now.powerPoints.value + sign * restored.powerPoints,
    );
  kept.powerPoints = Math.max(0, -(now.powerPoints.value + sign * restored.powerPoints));
  return { update, kept };
}

/** Applies `outcome` to `actor`; the recovered parts are the effects of these ids. */
export async function applyRest(
  actor: Actor,
  outcome: RestOutcome,
  recovered: string[],
  interrupted = false,
): Promise<RestApplied> {
  const sys = actor.system;
  // Slots and power points come back with the rest (engine `restoredByRest`; decision in docs/rules.md).
  const pools = restoredByRest(castingPoolsOf(sys.spellcasting), outcome.kind, interrupted);
  const applied: RestApplied = {
    hpRegained: outcome.hp.regained,
    nonlethalRecovered: outcome.nonlethal.recovered,
    abilities: outcome.abilities
      .filter((a) => a.recovered > 0)
      .map(({ ability, recovered }) => ({ ability, recovered })),
    weekBefore: weekProgressOf(actor),
    weekAfter: { ...outcome.hp.progress },
    removed: [],
    tended: tendedOf(actor),
    pools,
  };
  const update: Record<string, unknown> = {
    'system.hp.value': sys.hp.value + applied.hpRegained,
    'system.hp.nonlethal': sys.hp.nonlethal - applied.nonlethalRecovered,
    ...poolUpdate(actor, pools, 1).update,
  };
  for (const { ability, recovered } of applied.abilities)
    update[`system.abilities.${ability}.damage`] = sys.abilities[ability].damage - recovered;
  await actor.update(update, CARD_HP_UPDATE);
  // The week goes on; the tending counted for this rest (rest-read.ts), whatever kind it was, is used up.
  await setCare(actor, { week: applied.weekAfter, ...(applied.tended ? { tended: null } : {}) });
  const effects = recovered.map((id) => actor.effects.get(id)).filter((e): e is ActiveEffect => !!e);
  // Stable below 0 HP and healed to 0 or more: no longer stable (Undo brings it back with the parts).
  if (actor.system.hp.value >= 0) effects.push(...actor.effects.filter((e) => e.statuses.has('stable')));
  applied.removed = effects.map((effect) => effect.toObject());
  if (effects.length)
    await actor.deleteEmbeddedDocuments(
      'ActiveEffect',
      effects.map((e) => e.id as string),
    );
  return applied;
}

/**
 * Undoes `applied` on `actor`: deltas on the values now and the parts re-created. The healing week
 * goes back only while it is where this rest left it (a later rest counted on from it), and the
 * consumed tending only while no newer tending waits; otherwise the answer names what was kept
 * (lang keys), as it does the slots and power points spent again since the rest (`poolsKept`).
 */
export async function undoRest(
  actor: Actor,
  applied: RestApplied,
): Promise<{ kept: string[]; poolsKept: PoolsRestored | null }> {
  const sys = actor.system;
  const week = weekProgressOf(actor);
  const weekKept = week.days !== applied.weekAfter.days || week.bedRestDays !== applied.weekAfter.bedRestDays;
  const pools = applied.pools ? poolUpdate(actor, applied.pools, -1) : null;
  const update: Record<string, unknown> = {
    'system.hp.value': sys.hp.value - applied.hpRegained,
    'system.hp.nonlethal': sys.hp.nonlethal + applied.nonlethalRecovered,
    ...(pools?.update ?? {}),
  };
  const tendedKept = Boolean(applied.tended) && tendedOf(actor) !== null;
  await setCare(actor, {
    ...(weekKept ? {} : { week: applied.weekBefore }),
    ...(applied.tended && !tendedKept ? { tended: applied.tended } : {}),
  });
  for (const { ability, recovered } of applied.abilities)
    update[`system.abilities.${ability}.damage`] = sys.abilities[ability].damage + recovered;
  await actor.update(update, CARD_HP_UPDATE);
  if (applied.tc) await undoTcRest(actor, applied.tc);
  if (applied.removed.length)
    await actor.createEmbeddedDocuments(
      'ActiveEffect',
      applied.removed.map((source) => {
        const copy = structuredClone(source);
        delete copy._id;
        return copy;
      }),
    );
  const poolsKept = pools && (pools.kept.powerPoints || pools.kept.slots.some((n) => n)) ? pools.kept : null;
  return {
    kept: [...(weekKept ? ['GNG.Rest.WeekKept'] : []), ...(tendedKept ? ['GNG.Rest.TendedKept'] : [])],
    poolsKept,
  };
}

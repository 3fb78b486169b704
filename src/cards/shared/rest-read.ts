/**
 * What a rest reads from the actor's documents (GM side): Constitution, size, level, HP, nonlethal
 * damage, ability damage, the disabled body parts (the actor's effects that carry a `disabled-*`
 * status, one part per effect), dying and unstable (the `dying` status), the healing week so far
 * (the GM's care record, care-records.ts), and whether a healer tended the injuries (the same record,
 * set by the GM's heal card on a successful Heal check; the next rest counts as with a healer and
 * consumes it, rest-apply.ts).
 */
import { careOf, normalMark, normalWeek, type TendedMark } from '../../combat/care-records.js';

export type { TendedMark };
import {
  ABILITIES,
  type Ability,
  type RestInput,
  type RestWeekProgress,
  type Size,
} from '../../rules/index.js';

/** A disabled body part on the actor: the effect that carries its `disabled-*` status. */
export interface RestPart {
  effectId: string;
  label: string;
}

/** The circumstances the owner chose for the rest. */
export type RestCircumstances = Pick<RestInput, 'kind' | 'interrupted' | 'dayWithLoss' | 'healer'>;

/** Whether an effect is a disabled body part (an active effect with a `disabled-*` status). */
export function isDisabledPart(effect: ActiveEffect): boolean {
  return !effect.disabled && [...effect.statuses].some((status) => status.startsWith('disabled-'));
}

/** The actor's disabled body parts, in the order of its effects. */
export function disabledPartsOf(actor: Actor): RestPart[] {
  return actor.effects
    .filter(isDisabledPart)
    .map((effect) => ({ effectId: effect.id as string, label: effect.name }));
}

/** The healing week so far (the GM's care record; none kept reads as 0 days). */
export function weekProgressOf(actor: Actor): RestWeekProgress {
  return normalWeek(careOf(actor).week);
}

/** A healer's tending waiting for the actor's next rest (the GM's care record), or null. */
export function tendedOf(actor: Actor): TendedMark | null {
  return normalMark(careOf(actor).tended);
}

/** The engine's input for `actor` resting as `how` (null: no Constitution to heal with). */
export function restInputOf(actor: Actor, how: RestCircumstances): RestInput | null {
  const sys = actor.system;
  const con = sys.abilities.con.effective;
  if (!Number.isInteger(con) || con < 1) return null;
  const max = sys.hp.max ?? sys.hp.value;
  const abilityDamage: Partial<Record<Ability, number>> = {};
  for (const ability of ABILITIES) {
    const damage = sys.abilities[ability].damage;
    if (damage > 0) abilityDamage[ability] = damage;
  }
  return {
    ...how,
    // A healer's help: the GM's word for this rest, or a tending the heal card recorded.
    healer: how.healer === true || tendedOf(actor) !== null,
    con,
    size: sys.size as Size,
    characterLevel: Math.max(1, sys.derived?.level ?? 1),
    hp: { current: Math.min(sys.hp.value, max), max },
    nonlethal: sys.hp.nonlethal,
    abilityDamage,
    disabledParts: disabledPartsOf(actor).map((part) => part.effectId),
    weekProgress: weekProgressOf(actor),
    dyingUnstable: actor.statuses.has('dying'),
  };
}

/**
 * The attacker's and the defender's stances (R5, 002:574–636) and the attacker's paralysis (R7) and
 * petrification (R8, 002:704–719) on the attack card under the Time Count model (issue #32), read
 * from the actors and the schedule for the engine's situation.ts, which holds every number: the count
 * now (a stance's transition, 002:578), the attack bonus parry halves, the attacker's parts, damage
 * and speed, and the attacks its stance or immobility refuse.
 */
import {
  tcAttackBonus,
  tcSituationParts,
  type TcAttackModifier,
  type TcCover,
} from '../../rules/models/tc/attack-bonus.js';
import { tcBowKind, tcWeaponCategory } from '../../rules/models/tc/attack-card.js';
import { tcAttackerSituation, type TcAttackerSituation } from '../../rules/models/tc/situation.js';
import type { AttackSummary } from '../../data/actor/derive-attacks.js';
import type { WeaponData } from '../../data/item/item-data.js';
import { tcSchedule } from '../../combat/tc-schedule.js';
import { combatantOf } from '../../combat/scene-lookup.js';
import { modelCreatureOf } from '../../combat/model-health.js';
import { Refusal } from '../kernel/index.js';
import type { CardPart } from '../attack/attack-state.js';

const useOf = (weapon: Item): string => (weapon.type === 'weapon' ? (weapon.system as WeaponData).use : '');

/** The Time Count now for `actor` (its combat's; null out of one). */
export function tcCountOf(actor: Actor): number | null {
  const combat = combatantOf(actor)?.parent ?? null;
  return combat ? tcSchedule(combat).count : null;
}

/**
 * What the defender's stance needs (core's situation, situation.ts): the count now (its transition,
 * 002:578) and the attack bonus parry halves — "Parrying with two weapons counts only the higher
 * attack bonus. You can use a ranged weapon to parry" (002:605): the best of its attacks' own bonuses.
 */
export function tcStanceFacts(defender: Actor): Record<string, number> {
  const count = tcCountOf(defender);
  const rows = defender.system.derived?.attacks ?? [];
  let best: number | null = null;
  for (const row of rows) {
    const weapon = defender.items.get(row.itemId);
    if (!weapon) continue;
    const bonus = tcBaseParts(defender, weapon, row).reduce((sum, p) => sum + p.value, 0);
    best = best === null ? bonus : Math.max(best, bonus);
  }
  return { ...(count === null ? {} : { count }), ...(best === null ? {} : { parryAttackBonus: best }) };
}

/** What the attacker's stance and paralysis or petrification do to this attack (situation.ts). */
export function tcAttackerOf(actor: Actor, weapon: Item, mode: 'melee' | 'ranged'): TcAttackerSituation {
  return tcAttackerSituation(modelCreatureOf(actor), {
    ranged: mode === 'ranged',
    bow: tcBowKind({ name: weapon.name, use: useOf(weapon) }),
    count: tcCountOf(actor),
  });
}

/**
 * Before anything is rolled: a stance that allows no such attack (parry, casting; crouched with a
 * longbow, prone with a ranged weapon but a crossbow, 002:596–636) or an actor paralyzed or petrified
 * into immobility (002:714, 719) is refused.
 */
export function assertTcCanAttack(actor: Actor, weapon: Item, mode: 'melee' | 'ranged'): void {
  const refusal = tcAttackerOf(actor, weapon, mode).refusal;
  if (refusal)
    throw new Refusal(`GNG.Model.TC.Card.Refusal.${refusal}`, { name: actor.name, weapon: weapon.name });
}

/** The attack row's own bonus under the chapter (R9; a printed stat-block bonus stands for it). */
export function tcBaseParts(
  actor: Actor,
  weapon: Item,
  row: AttackSummary,
  chosen: { modifiers?: readonly TcAttackModifier[]; cover?: TcCover; range?: number } = {},
): CardPart[] {
  // The table's modifiers and cover the attacker chose and the range penalty (R4, R10).
  const situation = {
    mode: row.mode,
    modifiers: chosen.modifiers ?? [],
    cover: chosen.cover ?? 'none',
    range: chosen.range ?? 0,
  };
  const printed = row.parts.find((p) => p.label === 'GNG.Breakdown.Printed');
  if (printed)
    return [
      { label: printed.label, value: printed.value },
      ...tcSituationParts(situation).filter((p) => p.value !== 0),
    ];
  return tcAttackBonus(modelCreatureOf(actor), {
    with: tcWeaponCategory({ name: weapon.name, use: useOf(weapon) }),
    ...situation,
    modifiers: [...(row.proficient ? (['proficient'] as const) : []), ...situation.modifiers],
  }).parts;
}

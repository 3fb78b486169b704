/**
 * What a resolved grapple step does to the actors (GM side): statuses set and cleared, timed
 * conditions, damage through the shared HP pipeline; each recorded on the step for its Undo.
 */
import { SYSTEM_ID } from '../../config/document-types.js';
import { applyHitPointLoss, recordOf, type HitPointLoss } from '../../combat/hp-loss.js';
import { holdStatuses } from '../../combat/status-holds.js';
import {
  conditionEffects,
  damageImmunity,
  grappleDamage,
  grappleDamageSource,
  stabAndGrabRemovalDamage,
  strengthDamageBonus,
} from '../../rules/index.js';
import { variantRules } from '../../settings/variant-rules.js';
import { unarmedDamageDice } from '../../data/actor/feat-weapons.js';
import { woundTraumaOwed } from '../shared/wound-trauma.js';
import {
  creature,
  t,
  UNARMED_DAMAGE_DICE,
  type GrappleCardState,
  type GrappleStep,
} from './grapple-rules.js';
import { activeGrapplesOf } from './grapple-index.js';
import { chosenWeapon } from './grapple-checks.js';
import { combatOf } from '../../combat/scene-lookup.js';

/**
 * Sets or clears `status` on `actor` (a `grappling` effect names its `partner`); null when nothing
 * changed, else the effect it created (null when clearing).
 */
export async function setStatus(
  actor: Actor,
  status: string,
  active: boolean,
  partner?: Actor,
): Promise<{ effectId: string | null } | null> {
  if (actor.statuses.has(status) === active) return null;
  if (!active) {
    // Timed grapple effects (pin, lock, choke) are Active Effects of their own: delete them.
    const ids = actor.effects
      .filter((e) => e.statuses.has(status) && e.getFlag(SYSTEM_ID, 'grappleTimed') === true)
      .map((e) => e.id as string);
    if (ids.length) await actor.deleteEmbeddedDocuments('ActiveEffect', ids);
    if (!actor.statuses.has(status)) return { effectId: null };
  }
  const effect = await actor.toggleStatusEffect(status, { active });
  const created = active && effect && typeof effect === 'object' ? (effect as ActiveEffect) : null;
  if (created && partner) await created.setFlag(SYSTEM_ID, 'grappleWith', partner.uuid);
  return { effectId: (created?.id as string | undefined) ?? null };
}

/**
 * Sets `status` on `target` and records it on `step` with the effect it created; held by the step
 * also when it was set already (src/combat/status-holds.ts: another card's Undo leaves it).
 */
export async function addStatus(
  step: GrappleStep,
  target: Actor,
  status: string,
  partner?: Actor,
): Promise<void> {
  const { hold, statusesAdded, effectIds } = await holdStatuses(target, [status]);
  const effectId = effectIds[status];
  const created = effectId ? target.effects.get(effectId) : undefined;
  if (created && partner) await created.setFlag(SYSTEM_ID, 'grappleWith', partner.uuid);
  const actorUuid = target.uuid;
  if (statusesAdded.length)
    step.added.push({ actorUuid, status, ...(effectId ? { effectId } : {}), ...(hold ? { hold } : {}) });
  else if (hold) step.held = [...(step.held ?? []), { actorUuid, status, hold }];
}

/** A timed grapple condition's effect data (`duration` given, or `rounds` from now). */
export function timedEffectData(
  status: string,
  duration: ActiveEffectDuration,
  messageId: string,
): Record<string, unknown> {
  return {
    name: t(`GNG.Status.${status}`),
    img: 'icons/svg/net.svg',
    statuses: [status],
    duration,
    flags: { [SYSTEM_ID]: { grappleTimed: true, message: messageId } },
  };
}

/** Creates a timed condition (an Active Effect with `duration.rounds`; conditions-timer.ts expires it). */
export async function addTimed(
  step: GrappleStep,
  target: Actor,
  status: string,
  rounds: number,
  dice: number[],
  messageId: string,
): Promise<void> {
  // In combat (the one holding the target) the duration starts now (Foundry fills this in too;
  // written here so it never waits).
  const combat = combatOf(target);
  const duration = combat ? { rounds, startRound: combat.round, startTurn: combat.turn } : { rounds };
  const [created] = await target.createEmbeddedDocuments('ActiveEffect', [
    timedEffectData(status, duration as ActiveEffectDuration, messageId),
  ]);
  step.timed.push({
    actorUuid: target.uuid,
    status,
    rounds,
    dice,
    effectId: (created?.id as string | undefined) ?? null,
  });
}

/** Clears `status` on `target` (recorded in `list`), but `grappling` stays while another grapple holds it. */
export async function clearInto(
  list: GrappleStep['removed'],
  target: Actor,
  status: string,
  messageId: string,
): Promise<void> {
  if (status === 'grappling' && activeGrapplesOf(target.uuid, messageId).length > 0) return;
  const timedEffect = target.effects.find(
    (e) => e.statuses.has(status) && e.getFlag(SYSTEM_ID, 'grappleTimed') === true,
  );
  const duration = timedEffect ? structuredClone(timedEffect.duration) : undefined;
  if (await setStatus(target, status, false))
    list.push({ actorUuid: target.uuid, status, ...(duration ? { duration } : {}) });
}

/** Lock: "you hold him immobile for one round" (the locked condition's typical duration). */
export function lockRounds(): number {
  return conditionEffects('locked').typicalRounds ?? 1;
}

export function hasAnatomy(actor: Actor, flag: string): boolean {
  return (creature(actor).creatureTraits().anatomy as readonly string[]).includes(flag);
}

/**
 * Takes `lethal` damage off `target` through the shared HP pipeline and records it for Undo: the
 * hit points before and after, the status effects it created (Undo is its exact inverse). Under
 * Advanced Wound Trauma the loss marks no trauma and calls for a Fortitude save: kept on the step for
 * the damaged side's button (src/cards/wound-trauma/).
 */
async function loseHitPoints(step: GrappleStep, target: Actor, lethal: number): Promise<void> {
  if (lethal <= 0) return;
  // Grapple damage is taken like any other: temporary HP first, trauma, dying/dead by size.
  const loss = (await applyHitPointLoss(target, { lethal, nonlethal: 0 }, () => true)) as HitPointLoss;
  step.hpBefore = { actorUuid: target.uuid, ...recordOf(loss) };
  step.woundTrauma = woundTraumaOwed(loss);
}

/**
 * Rolls the higher of the chosen weapon's and the unarmed damage (unarmed only: `unarmedOnly`, as
 * Throw), + RD, − Protection, and applies it (GnG "Grappling with Weapons", "Grapple Checks").
 */
export async function dealDamage(
  state: GrappleCardState,
  step: GrappleStep,
  actor: Actor,
  target: Actor,
  unarmedOnly: boolean,
  rolls: Roll[],
): Promise<void> {
  const d = creature(actor).derived;
  // Strength as to any one-handed blow (engine), so Strength Bonus Limitation holds here too.
  const strength = strengthDamageBonus({
    strengthModifier: d.abilities.str.mod,
    grip: 'one-handed',
    strengthBonusLimitation: variantRules().strengthBonusLimitation,
  });
  // Advanced Unarmed Strike: "Your unarmed damage increases by one die size" (feat-weapons.ts).
  const unarmedDice = unarmedDamageDice(UNARMED_DAMAGE_DICE, d.feats);
  const unarmed = `${unarmedDice} + ${strength}`;
  const weaponItem = unarmedOnly ? null : chosenWeapon(state, step.side, actor);
  const row = weaponItem ? (d.attacks.find((a) => a.itemId === weaponItem.id) ?? null) : null;
  const useWeapon = !!row && grappleDamageSource(row.damageDice, unarmedDice) === 'weapon';
  const r = await new Roll(useWeapon ? (row as { damage: string }).damage : unarmed).evaluate();
  rolls.push(r);
  const rolled = Math.max(0, r.total as number);
  const total = grappleDamage(rolled, Math.max(0, step.relativeDegree));
  const protection = creature(target).derived.protection.total;
  // Immunities (docs/rules.md, "Grapple damage and immunities"): the weapon's damage types, or the
  // unarmed strike's bludgeoning (SRD weapons table); a weapon blow either way.
  const types = useWeapon ? (row as { damageTypes: string[] }).damageTypes : ['bludgeoning'];
  const immune = damageImmunity(creature(target).derived.resistances.immunities, { types, weapon: true });
  const dealt = immune ? 0 : Math.max(0, total - protection);
  step.damage = {
    formula: r.formula,
    weapon: useWeapon && weaponItem ? weaponItem.name : null,
    rolled,
    total,
    protection,
    dealt,
    ...(immune ? { immune } : {}),
  };
  await loseHitPoints(step, target, dealt);
}

/** Removing the lodged Stab and Grab weapon: its dice only (doubled if barbed), ignoring Protection. */
export async function removeLodgedWeapon(
  state: GrappleCardState,
  step: GrappleStep,
  victim: Actor,
  rolls: Roll[],
): Promise<void> {
  const bonus = state.bonus as NonNullable<GrappleCardState['bonus']>;
  const weapon = bonus.weapon as NonNullable<typeof bonus.weapon>;
  // No weapon property says "barbed" yet: barbed weapons are not doubled (decision G7).
  const damage = stabAndGrabRemovalDamage(weapon.damageDice, { barbed: false });
  const formula = `${damage.dice.count}d${damage.dice.faces}`;
  const r = await new Roll(formula).evaluate();
  rolls.push(r);
  const rolled = Math.max(0, r.total as number);
  step.damage = {
    formula: r.formula,
    weapon: weapon.name,
    rolled,
    total: rolled,
    protection: 0,
    dealt: rolled,
  };
  bonus.removed = true;
  step.weaponRemoved = true;
  await loseHitPoints(step, victim, rolled);
}

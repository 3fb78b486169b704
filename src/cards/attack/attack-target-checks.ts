/** What a target's state says about its steps (attack-state.ts's rules read them; re-exported there). */
import type { CalledShotEffect } from '../../rules/index.js';
import type { AttackSummary } from '../../data/actor/derive-creature.js';
import type { CardTarget } from './attack-state.js';

/**
 * The defender rolled against the applied damage (the called shot's save, the strike's save or
 * check, the wound trauma save, the Time Count model's Constitution check).
 */
export function defenderRolledAfterApply(target: CardTarget): boolean {
  const rolled = target.applied?.woundTrauma?.save || target.tc?.consciousness?.roll;
  return Boolean(target.calledShot?.condition || target.strike?.result || rolled);
}

/** The called shot provoked an attack of opportunity that was neither taken nor declined. */
export function aooPending(target: CardTarget): boolean {
  const cs = target.calledShot;
  return Boolean(cs?.provokes && !cs.aooBy && !cs.aooDeclinedBy);
}

/** The target's Penetration Reflex save is still to be rolled. */
export function penetrationPending(target: CardTarget): boolean {
  return Boolean(target.calledShot?.penetration && target.calledShot.penetration.save === null);
}

/** The chosen condition effects (every effect but Penetration) the target is not immune to. */
export function conditionEffectsAt(target: CardTarget): CalledShotEffect[] {
  const cs = target.calledShot;
  if (!cs) return [];
  return cs.effects.filter((e) => e !== 'penetration' && !cs.immune.includes(e));
}

/** The defender blocked this attack: no damage step. */
export function isBlocked(target: CardTarget): boolean {
  return target.aborts?.block?.blocked === true;
}

/** The defender took an abort against this attack (Undo gives it back). */
export function hasAborts(target: CardTarget): boolean {
  return Boolean(target.aborts?.block || target.aborts?.rollWithBlow);
}

/**
 * The weapons the defender may Block with: its equipped melee weapons (the derived attacks with mode
 * melee — one per equipped weapon item, a shield bash among them when it is one), best bonus first.
 */
export function blockWeapons(defender: Actor): AttackSummary[] {
  const attacks = defender.system.derived?.attacks ?? [];
  return attacks.filter((a) => a.mode === 'melee').sort((a, b) => b.bonus - a.bonus);
}

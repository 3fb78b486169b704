/**
 * The attack-roll side of the core combat options GnG keeps (issue #18): shooting or throwing into a
 * melee (Precise Shot, Elusive Target), fighting defensively, total defense (no attack), two-weapon
 * fighting and Defensive Strike's +4. Glue only: every number is the engine's
 * (src/rules/combat-options.ts); this reads the actor, its statuses, feats and weapons. The attack
 * dialog's preview and the GM's card both come through here (attack-preview.ts), so a request can
 * carry nothing the dialog would not show.
 */
import {
  DEFENSIVE_STRIKE_BONUS,
  defensiveOption,
  expandConditions,
  shootingIntoMeleePenalty,
  twoWeaponPenalties,
  type Grip,
} from '../../rules/index.js';
import { defensiveStrikeRecordOf, type DefensiveStrikeRecord } from '../../combat/combat-option-records.js';
import type { AttackSummary } from '../../data/actor/derive-creature.js';
import type { WeaponData } from '../../data/item/item-data.js';
import type { AttackOptions } from './attack-options.js';
import { hasFeat } from '../../documents/actor-feats.js';
import { combatOf } from '../../combat/scene-lookup.js';

/** The statuses of the defensive options (src/config/status-effects.ts). */
export const FIGHTING_DEFENSIVELY = 'fighting-defensively';
export const TOTAL_DEFENSE = 'total-defense';

/** Feat identifiers the options read. */
export const PRECISE_SHOT = 'precise-shot';
export const ELUSIVE_TARGET = 'elusive-target';
export const TWO_WEAPON_FIGHTING = 'two-weapon-fighting';
export const DEFENSIVE_STRIKE = 'defensive-strike';

/** Which hand the attack is made with: the primary (default) or the off hand of a two-weapon attack. */
export type AttackHand = 'primary' | 'off';

/** One line of the attack's breakdown. */
export interface CombatOptionLine {
  label: string;
  value: number;
}

/** What the options add to one attack, and why it is refused (a lang key and its data), if it is. */
export interface CombatOptionLines {
  lines: CombatOptionLine[];
  refusal: { key: string; data: Record<string, unknown> } | null;
}

/** Defensive Strike's record, kept where only a GM writes (src/combat/combat-option-records.ts). */
export type { DefensiveStrikeRecord };

/** The actor's Defensive Strike record (GM-written), or null. */
export function defensiveStrikeRecord(actor: Actor): DefensiveStrikeRecord | null {
  return defensiveStrikeRecordOf(actor);
}

/**
 * Defensive Strike's +4 against `target` now: the owner has the feat and a record naming that
 * opponent, and it is the owner's next turn's round (or no combat runs where none was recorded).
 */
export function defensiveStrikeAgainst(actor: Actor, target: Actor | null | undefined): number {
  const record = defensiveStrikeRecord(actor);
  if (!target || !record || !hasFeat(actor, DEFENSIVE_STRIKE) || !record.against.includes(target.uuid))
    return 0;
  // The combat holding the owner, whatever combat a tracker shows.
  const combat = combatOf(actor);
  if (record.combat === null) return DEFENSIVE_STRIKE_BONUS;
  return combat?.id === record.combat && combat.round === record.round ? DEFENSIVE_STRIKE_BONUS : 0;
}

/** The off-hand weapon counts as light (core: "An unarmed strike is always considered light"; a double weapon). */
export function offHandLight(weapon: Item): { light: boolean; double: boolean } {
  const w = weapon.system as WeaponData;
  return {
    light: w.use === 'light' || w.use === 'unarmed',
    double: (w.properties ?? []).includes('double'),
  };
}

/**
 * Whether `weapon` takes both hands (GnG GRIP; core "Attacking with Two Weapons" wants a light or
 * one-handed weapon in each hand): a two-handed melee weapon, a longarm, or the primary weapon held
 * with a two-handed grip.
 */
export function takesBothHands(weapon: Item, grip?: Grip): boolean {
  const w = weapon.system as WeaponData;
  return (
    w.use === 'two-handed' ||
    w.firearm?.longarm === true ||
    grip === 'two-handed' ||
    grip === 'light-two-handed'
  );
}

/**
 * The equipped shield that fills the off hand, if any: any shield but a buckler (docs/rules.md "At the
 * table (issue #18, glue)": a buckler is strapped to the forearm and leaves the hand free to hold a
 * weapon, as the core rules' buckler text has it; a light, heavy or tower shield is held in that hand).
 */
export function shieldInOffHand(actor: Actor): Item | null {
  return (
    actor.items.find((item) => {
      if (item.type !== 'shield') return false;
      const sys = item.system as unknown as { equipped?: boolean; shieldSize?: string };
      return sys.equipped === true && sys.shieldSize !== 'buckler';
    }) ?? null
  );
}

/**
 * The actor's equipped weapons other than `weapon` that can attack from the off hand (its rows on the
 * sheet); none while an equipped shield (not a buckler) fills the off hand.
 */
export function offHandWeapons(actor: Actor, weapon: Item): AttackSummary[] {
  if (shieldInOffHand(actor)) return [];
  const attacks = actor.system.derived?.attacks ?? [];
  return attacks.filter((a) => {
    const item = a.itemId === weapon.id ? null : actor.items.get(a.itemId);
    return item ? !takesBothHands(item) : false;
  });
}

/** Two-weapon penalties of `actor` with `offHand` in the off hand (engine `twoWeaponPenalties`). */
export function twoWeaponFor(actor: Actor, offHand: Item): { primary: number; offHand: number } {
  const { light, double } = offHandLight(offHand);
  return twoWeaponPenalties({
    offHandLight: light,
    twoWeaponFighting: hasFeat(actor, TWO_WEAPON_FIGHTING),
    doubleWeapon: double,
  });
}

/**
 * The combat options' lines of one attack of `actor` with `weapon` (`attack`: its sheet row): `hand` says
 * whether this is the off-hand attack of a two-weapon attack; `target` is the single defender (for
 * Elusive Target and Defensive Strike; none with several targets).
 */
export function combatOptionLines(
  actor: Actor,
  weapon: Item,
  attack: AttackSummary,
  options: AttackOptions,
  context: { target?: Actor | null; hand?: AttackHand },
): CombatOptionLines {
  const lines: CombatOptionLine[] = [];
  let refusal: CombatOptionLines['refusal'] = null;
  const statuses = actor.statuses ?? new Set<string>();
  // Core "Total Defense": "The character doesn't get to attack".
  if (!defensiveOption('total-defense').canAttack && statuses.has(TOTAL_DEFENSE))
    refusal = { key: 'GNG.CombatOptions.Refusal.TotalDefense', data: { name: actor.name } };

  // Core "Shooting or Throwing into a Melee" (ranged attacks only), GnG Elusive Target.
  if (options.intoMelee) {
    if (attack.mode !== 'ranged') refusal ??= { key: 'GNG.CombatOptions.Refusal.IntoMeleeRanged', data: {} };
    else {
      const penalty = shootingIntoMeleePenalty({
        targetInMelee: true,
        preciseShot: hasFeat(actor, PRECISE_SHOT),
        elusiveTarget: hasFeat(context.target, ELUSIVE_TARGET),
      });
      for (const part of penalty.parts)
        lines.push({
          label:
            part.source === 'elusive target'
              ? 'GNG.CombatOptions.ElusiveTarget'
              : 'GNG.CombatOptions.IntoMelee',
          value: part.value,
        });
    }
  }

  // Core "Fighting Defensively": "–4 penalty on all attacks in a round" — chosen now, or earlier this round.
  if (options.fightingDefensively || statuses.has(FIGHTING_DEFENSIVELY))
    lines.push({
      label: 'GNG.CombatOptions.FightingDefensively',
      value: defensiveOption('fighting-defensively').attackPenalty,
    });

  // Core "Attacking with Two Weapons": the primary hand's penalty here, the off hand's on its own card.
  // A shield other than a buckler fills the off hand (docs/rules.md "At the table (issue #18, glue)").
  const shield = context.hand === 'off' || options.offHand !== undefined ? shieldInOffHand(actor) : null;
  const shieldRefusal = shield
    ? { key: 'GNG.CombatOptions.Refusal.ShieldInHand', data: { shield: shield.name } }
    : null;
  if (context.hand === 'off') {
    if (shieldRefusal) refusal ??= shieldRefusal;
    if (takesBothHands(weapon))
      refusal ??= { key: 'GNG.CombatOptions.Refusal.BothHands', data: { weapon: weapon.name } };
    lines.push({ label: 'GNG.CombatOptions.TwoWeaponOffHand', value: twoWeaponFor(actor, weapon).offHand });
  } else if (options.offHand !== undefined) {
    const offHand = actor.items.get(options.offHand);
    const equipped = actor.system.derived?.attacks ?? [];
    const usable = offHand && offHand.id !== weapon.id && equipped.some((a) => a.itemId === offHand.id);
    if (!offHand || !usable) refusal ??= { key: 'GNG.CombatOptions.Refusal.NoOffHand', data: {} };
    else if (shieldRefusal) refusal ??= shieldRefusal;
    else if (takesBothHands(offHand))
      refusal ??= { key: 'GNG.CombatOptions.Refusal.BothHands', data: { weapon: offHand.name } };
    else if (takesBothHands(weapon, options.grip))
      refusal ??= { key: 'GNG.CombatOptions.Refusal.BothHands', data: { weapon: weapon.name } };
    else
      lines.push({
        label: 'GNG.CombatOptions.TwoWeaponPrimary',
        value: twoWeaponFor(actor, offHand).primary,
      });
  }

  // GnG CALLED SHOTS: "it cannot be made … against a target with any concealment".
  const concealed =
    Object.values(options.concealment ?? {}).some((degree) => degree !== 'none') ||
    Boolean(context.target?.statuses?.has('invisible')) ||
    expandConditions(statuses).has('blinded');
  if (options.calledShots?.length && concealed)
    refusal ??= { key: 'GNG.CombatOptions.Refusal.CalledShotConcealed', data: {} };

  // GnG Defensive Strike: +4 against the opponent who missed it in melee during its total defense.
  const strike = defensiveStrikeAgainst(actor, context.target);
  if (strike) lines.push({ label: 'GNG.CombatOptions.DefensiveStrike', value: strike });
  return { lines, refusal };
}

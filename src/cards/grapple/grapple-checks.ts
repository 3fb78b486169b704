/**
 * The numbers of the grapple card: the weapons a side may grapple with (decision G4), the parts of
 * its grapple check, the melee touch attack bonus, and the GM's rolls (a kept d20, decision G16, is
 * used instead of rolling). Each roll made joins `rolls`, the step's rolls that Dice So Nice shows.
 */
import type { WeaponData } from '../../data/item/item-data.js';
import type { HitPointSnapshot } from '../../combat/hp-loss.js';
import { rollChain } from '../../combat/critical-chain.js';
import { unbalancedStrength } from '../../combat/opponent-feats.js';
import {
  ATTACKER_CONDITIONS,
  attackRollFromValues,
  attackRollModifiers,
  conditionRollModifier,
  criticalKindForNatural,
  defenseBonus,
  defenseRollFromValues,
  expandConditions,
  grappleCheckBonus,
  isTinyWeapon,
  meleeAttackBonus,
  type AttackerCondition,
  type GrappleWeapon,
  type Size,
} from '../../rules/index.js';
import {
  creature,
  lodged,
  t,
  type GrappleCardState,
  type GrappleMove,
  type GrappleRoll,
  type GrappleSide,
} from './grapple-rules.js';
import { hasFeat } from '../../documents/actor-feats.js';

/** The engine's weapon description of a weapon item, for `weaponGrappleBonus`. */
export function grappleWeaponOf(item: Item): GrappleWeapon | null {
  if (item.type !== 'weapon') return null;
  const w = item.system as WeaponData;
  if (w.use !== 'light' && w.use !== 'one-handed' && w.use !== 'two-handed') return null;
  return {
    hands: w.use,
    // "You gain no bonus for tiny weapons": a weapon made for a Tiny (or smaller) wielder (decision G3).
    tiny: isTinyWeapon(w.size),
    edgedOrPiercing: w.damageTypes.includes('slashing') || w.damageTypes.includes('piercing'),
  };
}

/**
 * Weapons `actor` may grapple with (GnG "Grappling with Weapons": Improved Grapple, a proficient
 * weapon): its equipped, proficient melee weapons, but not a weapon lodged in the opponent.
 */
export function grappleWeaponChoices(actor: Actor, state?: GrappleCardState): Item[] {
  if (!hasFeat(actor, 'improved-grapple')) return [];
  const lodgedId =
    state && lodged(state) && actor.uuid === state.attacker.actorUuid ? state.bonus?.weapon?.itemId : null;
  return creature(actor)
    .derived.attacks.filter((a) => a.mode === 'melee' && a.proficient && a.itemId !== lodgedId)
    .map((a) => actor.items.get(a.itemId))
    .filter((item): item is Item => !!item && grappleWeaponOf(item) !== null);
}

export function chosenWeapon(state: GrappleCardState, side: GrappleSide, actor: Actor): Item | null {
  const id = side === 'attacker' ? state.attacker.weaponId : state.defender.weaponId;
  if (!id) return null;
  return grappleWeaponChoices(actor, state).find((item) => item.id === id) ?? null;
}

/** The parts of `side`'s check for `move` (Escape Artist: the skill; otherwise the grapple check). */
export function grappleCheckParts(
  state: GrappleCardState,
  side: GrappleSide,
  actor: Actor,
  move: GrappleMove,
): { label: string; value: number }[] {
  const d = creature(actor).derived;
  if (move === 'escapeArtist')
    return [{ label: t('GNG.Grapple.Part.escapeArtist'), value: d.skills.escapeArtist.total }];
  const improvedGrapple = hasFeat(actor, 'improved-grapple');
  const base = grappleCheckBonus({
    baseAttackBonus: d.bab,
    strengthModifier: d.abilities.str.mod,
    size: creature(actor).size as Size,
    improvedGrapple,
  });
  const parts = [{ label: t('GNG.Grapple.Part.base'), value: base }];
  const weapon = chosenWeapon(state, side, actor);
  if (weapon) {
    const withWeapon = grappleCheckBonus({
      baseAttackBonus: d.bab,
      strengthModifier: d.abilities.str.mod,
      size: creature(actor).size as Size,
      improvedGrapple,
      weapon: grappleWeaponOf(weapon),
    });
    parts.push({ label: weapon.name, value: withWeapon - base });
  }
  if (side === 'attacker' && state.bonus && (!state.bonus.weapon || !state.bonus.removed))
    parts.push({ label: t('GNG.Grapple.Part.stabAndGrab'), value: state.bonus.value });
  // Unbalance Opponent: the other side chose this one (no Strength bonus against it).
  const other = fromUuidSync(side === 'attacker' ? state.defender.actorUuid : state.attacker.actorUuid);
  const unbalanced = unbalancedStrength(actor, other as Actor | null);
  if (unbalanced) parts.push({ label: t('GNG.OpponentFeats.Unbalance'), value: unbalanced });
  return parts;
}

export function checkBonus(
  state: GrappleCardState,
  side: GrappleSide,
  actor: Actor,
  move: GrappleMove,
): number {
  return grappleCheckParts(state, side, actor, move).reduce((sum, p) => sum + p.value, 0);
}

/** The melee touch attack bonus to grab (core "Grab"): BAB + Str + size, injury, conditions, effects. */
export function touchAttackBonus(actor: Actor): number {
  const sys = creature(actor);
  const d = sys.derived;
  const statuses = expandConditions(actor.statuses ?? []);
  const conditions = [...statuses].filter((s): s is AttackerCondition =>
    (ATTACKER_CONDITIONS as readonly string[]).includes(s),
  );
  return (
    meleeAttackBonus({
      baseAttackBonus: d.bab,
      strengthModifier: d.abilities.str.mod,
      size: sys.size as Size,
    }) +
    d.hp.injury.penalty +
    attackRollModifiers({ mode: 'melee', conditions, touch: true }).total +
    conditionRollModifier(statuses, 'attack', { ignoreUnknown: true }).total +
    (sys.attack?.bonuses?.melee ?? 0)
  );
}

/* -------------------------------------------------------------------------- */
/*  The GM's rolls                                                             */
/* -------------------------------------------------------------------------- */

/** A d20 kept from an undone check (G16): used as it fell instead of a new roll. */
export interface KeptDie {
  natural: number;
  chain?: number[];
}

/** d20 + `bonus` (the kept d20, if any). */
export async function roll(bonus: number, rolls: Roll[], kept?: KeptDie | null): Promise<GrappleRoll> {
  if (kept) return { natural: kept.natural, bonus, total: kept.natural + bonus };
  const r = await new Roll('1d20 + @bonus', { bonus }).evaluate();
  rolls.push(r);
  const natural = r.dice[0]?.results[0]?.result ?? 0;
  return { natural, bonus, total: r.total as number };
}

/** The melee touch attack to grab: d20 + bonus, with the d10 chain of a natural 20 or 1. */
export async function rollTouchAttack(
  actor: Actor,
  rolls: Roll[],
  kept?: KeptDie | null,
): Promise<GrappleRoll> {
  const bonus = touchAttackBonus(actor);
  let natural: number;
  let chainDice: number[] | null;
  if (kept) {
    natural = kept.natural;
    chainDice = kept.chain ?? null;
  } else {
    const r = await new Roll('1d20 + @bonus', { bonus }).evaluate();
    natural = r.dice[0]?.results[0]?.result ?? 0;
    const kind = criticalKindForNatural(natural);
    const chain = kind ? await rollChain(kind) : null;
    rolls.push(r, ...(chain?.rolls ?? []));
    chainDice = chain ? chain.d10s : null;
  }
  const attack = attackRollFromValues({ natural, bonus, chainDice: chainDice ?? [] });
  return { natural, bonus, total: attack.total, ...(chainDice ? { chain: chainDice } : {}) };
}

/** The defender's touch Defense roll (engine `defenseBonus` with `touch`; helpless → automatic 1). */
export async function rollTouchDefense(
  defender: Actor,
  rolls: Roll[],
  kept?: KeptDie | null,
): Promise<GrappleRoll> {
  const input = creature(defender).derived.defenseInput;
  const breakdown = defenseBonus({ ...input, attack: 'melee', touch: true });
  const d20 = async (): Promise<number> => {
    const r = await new Roll('1d20').evaluate();
    rolls.push(r);
    return r.total as number;
  };
  const natural = breakdown.autoRollOne ? undefined : (kept?.natural ?? (await d20()));
  const r = defenseRollFromValues({
    ...(natural === undefined ? {} : { natural }),
    bonus: breakdown.total,
    autoRollOne: breakdown.autoRollOne,
  });
  return {
    natural: r.natural,
    bonus: r.bonus,
    total: r.total,
    ...(r.autoRollOne ? { autoRollOne: true } : {}),
  };
}

export const zeroRoll = (): GrappleRoll => ({ natural: 0, bonus: 0, total: 0 });

export function hitPoints(actor: Actor): HitPointSnapshot {
  const hp = creature(actor).hp;
  return { value: hp.value, temp: hp.temp, nonlethal: hp.nonlethal };
}

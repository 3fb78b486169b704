/**
 * The Time Count chapter's combat stances (seed 002:574–636; issue #32 R5, A12): what each gives
 * (benefit) and costs (drawback), the speed class of shifting into it, and the transition — "During
 * this transition time, you have the drawbacks of the given stance without its benefits" (002:578).
 * The names the text lost are inferred (A12). Pure. Decisions: docs/rules.md "### Maneuvers, stances
 * and conditions".
 */
import { assertInteger, assertNonNegativeInteger, assertOneOf } from '../../validate.js';
import type { TcSpeedClassId } from './maneuver-rows.js';
import type { ModelCreature } from '../types.js';
import { TC_STANCES, tcState, type TcStance } from './state.js';

/** Which ranged weapons a stance leaves usable. */
export type TcRangedAllowed = 'all' | 'noLongbows' | 'crossbowsOnly' | 'none';

export interface TcStanceRow {
  id: TcStance;
  line: number;
  /** "Shifting into a given stance is a standard action with an SF of its shift speed" (002:578). */
  shift: TcSpeedClassId;
  /** Back to basic: free unless the stance says (crouch Rapid 002:598, prone Swift 002:627). */
  leave: TcSpeedClassId;
}

export const TC_STANCE_ROWS: Readonly<Record<TcStance, TcStanceRow>> = {
  basic: { id: 'basic', line: 578, shift: 'free', leave: 'free' },
  defensive: { id: 'defensive', line: 581, shift: 'swift', leave: 'free' },
  crouch: { id: 'crouch', line: 590, shift: 'rapid', leave: 'rapid' },
  parry: { id: 'parry', line: 601, shift: 'fast', leave: 'free' },
  poised: { id: 'poised', line: 610, shift: 'swift', leave: 'free' },
  prone: { id: 'prone', line: 619, shift: 'rapid', leave: 'swift' },
  // "Free (automatic when you begin preparing a spell)" (002:632).
  casting: { id: 'casting', line: 630, shift: 'free', leave: 'free' },
};

export function isTcStance(value: unknown): value is TcStance {
  return typeof value === 'string' && (TC_STANCES as readonly string[]).includes(value);
}

/**
 * The speed class of a shift from one stance to another: back to basic its `leave`, else the new
 * stance's shift (decision: from prone or a crouch straight to another stance, the new one's shift
 * only). Null when it is the stance already held.
 */
export function tcStanceShift(from: TcStance, to: TcStance): TcSpeedClassId | null {
  const a = assertOneOf('stance', from, TC_STANCES);
  const b = assertOneOf('stance', to, TC_STANCES);
  if (a === b) return null;
  return b === 'basic' ? TC_STANCE_ROWS[a].leave : TC_STANCE_ROWS[b].shift;
}

/** A shift that takes time leaves the creature in transition until it next acts; a free one does not. */
export function tcShiftHasTransition(speedClass: TcSpeedClassId): boolean {
  return speedClass !== 'free';
}

/** What a stance does now. Defense modifiers apply to Primary and Passive only (decision). */
export interface TcStanceModifiers {
  /** To Primary defense (defensive +2; parry ½ attack bonus, shield doubled, at least +2). */
  primary: number;
  /** To Primary/Passive against ranged attacks (crouch +2, prone +4). */
  vsRanged: number;
  /** To Primary/Passive against melee attacks (crouch −2, prone −4). */
  vsMelee: number;
  /** To every attack (defensive −2). */
  attack: number;
  /** To melee attacks (crouch −2, prone −4). */
  meleeAttack: number;
  /** Uses Passive in place of Primary (casting; poised is immobile, 002:120). */
  passive: boolean;
  immobile: boolean;
  /** No attack (parry) or nothing but moving (casting). */
  noAttacks: boolean;
  noSpells: boolean;
  halfSpeed: boolean;
  ranged: TcRangedAllowed;
}

const NONE: TcStanceModifiers = {
  primary: 0,
  vsRanged: 0,
  vsMelee: 0,
  attack: 0,
  meleeAttack: 0,
  passive: false,
  immobile: false,
  noAttacks: false,
  noSpells: false,
  halfSpeed: false,
  ranged: 'all',
};

/**
 * Parry's benefit: "half your attack bonus … If you have a shield equipped, the shield bonus is
 * doubled. Parrying always increases your Primary defense by at least 2" (002:605): ⌊attack bonus / 2⌋
 * (the higher of two weapons', the caller's) plus the shield bonus once more, at least 2.
 */
export function parryBonus(attackBonus: number, shieldBonus = 0): number {
  const half = Math.floor(assertInteger('attackBonus', attackBonus) / 2);
  return Math.max(2, half + assertNonNegativeInteger('shieldBonus', shieldBonus));
}

/**
 * A stance low to the ground (crouch, prone): "+`n` to defense against ranged attacks" its benefit;
 * "-`n` … to defense against melee attacks", -`n` "to hit with melee attacks" and only `ranged`
 * weapons its drawback (002:594–596, 623–625).
 */
function lowStance(
  m: TcStanceModifiers,
  benefit: boolean,
  n: number,
  ranged: TcStanceModifiers['ranged'],
): void {
  if (benefit) m.vsRanged = n;
  m.vsMelee = -n;
  m.meleeAttack = -n;
  m.ranged = ranged;
}

/**
 * The stance's modifiers: its drawbacks always, its benefits unless in transition (002:578). Parry's
 * benefit needs the attack bonus (and shield bonus) it is made with.
 */
export function tcStanceModifiers(
  stance: TcStance,
  opts: { transition?: boolean; attackBonus?: number; shieldBonus?: number } = {},
): TcStanceModifiers {
  const benefit = opts.transition !== true;
  const m: TcStanceModifiers = { ...NONE };
  switch (assertOneOf('stance', stance, TC_STANCES)) {
    case 'basic':
      break;
    case 'defensive': // 002:585–587
      if (benefit) m.primary = 2;
      m.attack = -2;
      break;
    case 'crouch': // 002:594–596
      lowStance(m, benefit, 2, 'noLongbows');
      break;
    case 'parry': // 002:605–607
      if (benefit) m.primary = parryBonus(opts.attackBonus ?? 0, opts.shieldBonus ?? 0);
      m.halfSpeed = true;
      m.noAttacks = true;
      m.noSpells = true;
      break;
    case 'poised': // 002:614–616: "immobile until you begin running"
      m.immobile = true;
      m.passive = true;
      break;
    case 'prone': // 002:623–625
      lowStance(m, benefit, 4, 'crossbowsOnly');
      break;
    case 'casting': // 002:636
      m.passive = true;
      m.noAttacks = true;
      m.halfSpeed = true;
      m.ranged = 'none';
      break;
  }
  return m;
}

/** The stance's change to the defense an attack targets (Primary or Passive; the others untouched). */
export function tcStanceDefense(
  mods: TcStanceModifiers,
  defense: 'primary' | 'passive' | 'vigor' | 'celerity' | 'spirit',
  ranged: boolean,
): number {
  if (defense !== 'primary' && defense !== 'passive') return 0;
  return (defense === 'primary' ? mods.primary : 0) + (ranged ? mods.vsRanged : mods.vsMelee);
}

/** The stance's change to an attack roll; null when the stance allows no such attack. */
export function tcStanceAttack(
  mods: TcStanceModifiers,
  attack: { ranged: boolean; longbow?: boolean; crossbow?: boolean },
): number | null {
  if (mods.noAttacks) return null;
  if (attack.ranged) {
    if (mods.ranged === 'none') return null;
    if (mods.ranged === 'noLongbows' && attack.longbow === true) return null;
    if (mods.ranged === 'crossbowsOnly' && attack.crossbow !== true) return null;
    return mods.attack;
  }
  return mods.attack + mods.meleeAttack;
}

/**
 * The creature's stance now: in transition while the Time Count has not reached the count its shift
 * ends at (`model.tc.stanceUntil`, written by the stance card; 002:578). Out of a Time Count (`count`
 * null) never in transition.
 */
export function tcStanceNow(
  creature: Pick<ModelCreature, 'model'>,
  count: number | null,
): { stance: TcStance; transition: boolean } {
  const tc = (creature.model as Record<string, unknown> | undefined)?.tc as
    Record<string, unknown> | undefined;
  const until = tc?.stanceUntil;
  return {
    stance: tcState(creature).stance,
    transition: count !== null && typeof until === 'number' && until > assertInteger('count', count),
  };
}

/**
 * The stance's modifier to the defense an attack meets (core's `situation.modifier`): its benefits
 * unless in transition, its drawbacks always. Parry needs the parrying weapon's attack bonus.
 */
export function tcStanceDefenseModifier(
  creature: Pick<ModelCreature, 'model'>,
  attack: {
    ranged: boolean;
    defense: 'primary' | 'passive' | 'vigor' | 'celerity' | 'spirit';
    count: number | null;
    attackBonus?: number;
    shieldBonus?: number;
  },
): number {
  const now = tcStanceNow(creature, attack.count);
  const mods = tcStanceModifiers(now.stance, {
    transition: now.transition,
    ...(attack.attackBonus !== undefined ? { attackBonus: attack.attackBonus } : {}),
    ...(attack.shieldBonus !== undefined ? { shieldBonus: attack.shieldBonus } : {}),
  });
  return tcStanceDefense(mods, attack.defense, attack.ranged);
}

/** The stance's modifier to the creature's own attack roll; null when its stance allows no such attack. */
export function tcStanceAttackModifier(
  creature: Pick<ModelCreature, 'model'>,
  attack: { ranged: boolean; longbow?: boolean; crossbow?: boolean; count: number | null },
): number | null {
  const now = tcStanceNow(creature, attack.count);
  return tcStanceAttack(tcStanceModifiers(now.stance, { transition: now.transition }), attack);
}

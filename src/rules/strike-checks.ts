/**
 * The opposed checks of the breaking strikes of GnG Appendix 4 (Break Stance, Break Balance, Break Grip): their bonuses and resolution. The feats' data: appendix-feats.ts.
 */
import { assertInteger, assertOneOf } from './validate.js';

/** Break Stance and Break Balance: the opposed Strength check's bonuses (GnG Appendix 4). */
export const BREAKING_STRIKE_CHECK = {
  /** +4 per size category: Break Stance to the larger combatant; Break Balance per step from Medium. */
  sizeBonusPerStep: 4,
  /** Break Stance: +2 when charging. */
  chargingBonus: 2,
  /** The defender's stability (more than two legs, or otherwise exceptionally stable). */
  stabilityBonus: 4,
  /** Break Stance: pushed 5 ft, plus 5 ft for every 5 points the check beats the target's. */
  pushFeet: 5,
  pushPointsPerStep: 5,
} as const;

/** Break Grip: the opposed attack rolls' modifiers (GnG "Break Grip"). */
export const BREAK_GRIP_CHECK = {
  twoHandedBonus: 4,
  /** Light weapons, including an unarmed strike. */
  lightPenalty: -4,
  sizeBonusPerStep: 4,
  /** The targeted item is not a melee weapon: the defender's penalty. */
  notMeleeWeaponPenalty: -4,
} as const;

/** One side of an opposed strike check: its modifier parts (sources are stable ids). */
export interface StrikeCheckPart {
  source: 'ability' | 'size' | 'charging' | 'stability' | 'attack' | 'grip' | 'not-melee-weapon';
  value: number;
}

/** The result of an opposed strike check. */
export interface StrikeCheckResult {
  attacker: { parts: StrikeCheckPart[]; total: number };
  defender: { parts: StrikeCheckPart[]; total: number };
  /** The attacker wins (see each resolver for ties). */
  won: boolean;
  margin: number;
  /** Break Stance: how far the target is pushed (0 when the check is lost). */
  pushFeet: number;
}

const sum = (parts: StrikeCheckPart[]) => parts.reduce((s, p) => s + p.value, 0);
/** The parts worth showing: the ability or attack bonus always, the others when not 0. */
const nonZero = (parts: StrikeCheckPart[]) =>
  parts.filter((p) => p.value !== 0 || p.source === 'ability' || p.source === 'attack');

/**
 * Break Stance: opposed Strength checks; the larger combatant +4 per size difference; +2 charging;
 * the target +4 if exceptionally stable. Winning (ties go to the attacker, as opposed checks of the
 * acting side, decision D24) pushes the target 5 ft, plus 5 ft per 5 points of margin. Improved Bull
 * Rush gives nothing here. `sizeSteps`: the attacker's size minus the target's, in categories.
 */
export function resolveBreakStance(input: {
  attackerNatural: number;
  defenderNatural: number;
  attackerStrength: number;
  defenderStrength: number;
  sizeSteps: number;
  charging?: boolean;
  defenderStable?: boolean;
}): StrikeCheckResult {
  const c = BREAKING_STRIKE_CHECK;
  const steps = assertInteger('sizeSteps', input.sizeSteps);
  const a = nonZero([
    { source: 'ability', value: assertInteger('attackerStrength', input.attackerStrength) },
    { source: 'size', value: Math.max(0, steps) * c.sizeBonusPerStep },
    { source: 'charging', value: input.charging ? c.chargingBonus : 0 },
  ]);
  const d = nonZero([
    { source: 'ability', value: assertInteger('defenderStrength', input.defenderStrength) },
    { source: 'size', value: Math.max(0, -steps) * c.sizeBonusPerStep },
    { source: 'stability', value: input.defenderStable ? c.stabilityBonus : 0 },
  ]);
  const at = assertInteger('attackerNatural', input.attackerNatural) + sum(a);
  const dt = assertInteger('defenderNatural', input.defenderNatural) + sum(d);
  const won = at >= dt;
  const margin = at - dt;
  return {
    attacker: { parts: a, total: at },
    defender: { parts: d, total: dt },
    won,
    margin,
    pushFeet: won ? c.pushFeet + Math.floor(margin / c.pushPointsPerStep) * c.pushFeet : 0,
  };
}

/**
 * Break Balance: the attacker's Strength check against the defender's Strength or Dexterity check
 * (the higher modifier); each gets +4 per size category larger than Medium (−4 per category smaller:
 * `sizeFromMedium` = categories above Medium); the defender +4 if exceptionally stable. Winning
 * (ties to the attacker, D24) knocks the target prone. Improved Trip gives nothing here.
 */
export function resolveBreakBalance(input: {
  attackerNatural: number;
  defenderNatural: number;
  attackerStrength: number;
  defenderStrength: number;
  defenderDexterity: number;
  attackerSizeFromMedium: number;
  defenderSizeFromMedium: number;
  defenderStable?: boolean;
}): StrikeCheckResult {
  const c = BREAKING_STRIKE_CHECK;
  const a = nonZero([
    { source: 'ability', value: assertInteger('attackerStrength', input.attackerStrength) },
    {
      source: 'size',
      value: assertInteger('attackerSizeFromMedium', input.attackerSizeFromMedium) * c.sizeBonusPerStep,
    },
  ]);
  const d = nonZero([
    {
      source: 'ability',
      value: Math.max(
        assertInteger('defenderStrength', input.defenderStrength),
        assertInteger('defenderDexterity', input.defenderDexterity),
      ),
    },
    {
      source: 'size',
      value: assertInteger('defenderSizeFromMedium', input.defenderSizeFromMedium) * c.sizeBonusPerStep,
    },
    { source: 'stability', value: input.defenderStable ? c.stabilityBonus : 0 },
  ]);
  const at = assertInteger('attackerNatural', input.attackerNatural) + sum(a);
  const dt = assertInteger('defenderNatural', input.defenderNatural) + sum(d);
  return {
    attacker: { parts: a, total: at },
    defender: { parts: d, total: dt },
    won: at >= dt,
    margin: at - dt,
    pushFeet: 0,
  };
}

/** How a weapon is held for Break Grip: two-handed +4, light (an unarmed strike too) −4. */
export type BreakGripHold = 'light' | 'one-handed' | 'two-handed';

/**
 * Break Grip: opposed attack rolls with each side's weapon (its attack bonus); two-handed +4, light
 * −4 (unarmed is light); the larger combatant +4 per size difference; the defender −4 when the item
 * is not a melee weapon. "If you beat your target" → the attacker must roll strictly higher; then
 * the target drops the item (it falls to the ground). Improved Disarm gives nothing here.
 */
export function resolveBreakGrip(input: {
  attackerNatural: number;
  defenderNatural: number;
  attackerAttackBonus: number;
  defenderAttackBonus: number;
  attackerHold: BreakGripHold;
  defenderHold: BreakGripHold;
  sizeSteps: number;
  itemIsMeleeWeapon: boolean;
}): StrikeCheckResult {
  const c = BREAK_GRIP_CHECK;
  const holds = ['light', 'one-handed', 'two-handed'] as const;
  const hold = (h: BreakGripHold) =>
    assertOneOf('hold', h, holds) === 'two-handed' ? c.twoHandedBonus : h === 'light' ? c.lightPenalty : 0;
  const steps = assertInteger('sizeSteps', input.sizeSteps);
  const a = nonZero([
    { source: 'attack', value: assertInteger('attackerAttackBonus', input.attackerAttackBonus) },
    { source: 'grip', value: hold(input.attackerHold) },
    { source: 'size', value: Math.max(0, steps) * c.sizeBonusPerStep },
  ]);
  const d = nonZero([
    { source: 'attack', value: assertInteger('defenderAttackBonus', input.defenderAttackBonus) },
    { source: 'grip', value: hold(input.defenderHold) },
    { source: 'size', value: Math.max(0, -steps) * c.sizeBonusPerStep },
    { source: 'not-melee-weapon', value: input.itemIsMeleeWeapon ? 0 : c.notMeleeWeaponPenalty },
  ]);
  const at = assertInteger('attackerNatural', input.attackerNatural) + sum(a);
  const dt = assertInteger('defenderNatural', input.defenderNatural) + sum(d);
  return {
    attacker: { parts: a, total: at },
    defender: { parts: d, total: dt },
    won: at > dt,
    margin: at - dt,
    pushFeet: 0,
  };
}

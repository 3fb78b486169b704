/**
 * Attacker-side attack roll modifiers: GnG "Table: Attack Roll Modifiers" (COMBAT MODIFIERS) with its
 * footnotes, plus touch attacks, energy / continuous beam weapons, longarms against adjacent foes,
 * sneak attack, Dead Aim and nonlethal attacks with lethal weapons.
 */
import { TOUCH_ATTACK_BONUS, sneakAttackBonus } from './attack.js';
import { conditionEffects, type ConditionId } from './conditions.js';
import { assertNonNegativeInteger, assertOneOf } from './validate.js';

/** Columns of "Table: Attack Roll Modifiers" (Melee, Ranged). */
export const ATTACK_MODES = ['melee', 'ranged'] as const;
/** Melee or ranged attack. */
export type AttackMode = (typeof ATTACK_MODES)[number];

/** Rows of "Table: Attack Roll Modifiers" ("Attacker is . . ."); shaken and frightened share a row. */
export const ATTACKER_CONDITIONS = [
  'dazzled',
  'entangled',
  'flanking',
  'invisible',
  'higher-ground',
  'prone',
  'shaken',
  'frightened',
  'squeezing',
] as const;
/** A row of the attacker table. */
export type AttackerCondition = (typeof ATTACKER_CONDITIONS)[number];

/** A row of the table; `null` is the table's "—" (does not apply). Shaken and frightened share one row. */
interface AttackerRow {
  melee: number | null;
  ranged: number | null;
  /** Footnote 2: "The defender loses any Dexterity bonus to Defense." */
  defenderLosesDexterity?: boolean;
}

/** A row that is a GnG condition, read from the conditions table (`attack`, plus `meleeAttack` in melee). */
function conditionRow(id: ConditionId): AttackerRow {
  const e = conditionEffects(id);
  return { melee: (e.attack ?? 0) + (e.meleeAttack ?? 0), ranged: e.attack ?? 0 };
}

/**
 * GnG "Table: Attack Roll Modifiers" (Attacker is …, Melee, Ranged). The rows of GnG conditions
 * (dazzled, invisible, prone, shaken/frightened) come from `CONDITION_TABLE`; entangled is a core
 * condition the GnG list leaves without numbers (decision D32), so its row is printed here.
 */
const ATTACKER_TABLE: Record<Exclude<AttackerCondition, 'frightened'>, AttackerRow> = {
  dazzled: conditionRow('dazzled'),
  entangled: { melee: -2, ranged: -2 },
  flanking: { melee: 2, ranged: null },
  invisible: { ...conditionRow('invisible'), defenderLosesDexterity: true },
  'higher-ground': { melee: 1, ranged: 0 },
  prone: { ...conditionRow('prone'), ranged: null },
  shaken: conditionRow('shaken'),
  squeezing: { melee: -4, ranged: -4 },
};

/** Footnote 1: "An entangled character also takes a –4 penalty to Dexterity". */
export const ENTANGLED_DEXTERITY_PENALTY = -4;

/** Ranged weapon families for footnote 3 (prone attackers). */
export const RANGED_WEAPON_KINDS = [
  'bow',
  'thrown-spear',
  'sling',
  'pistol',
  'rifle',
  'crossbow',
  'small-throwing-knife',
  'energy-weapon',
] as const;
/** A ranged weapon family (footnote 3). */
export type RangedWeaponKind = (typeof RANGED_WEAPON_KINDS)[number];

/**
 * Footnote 3: "You cannot use bows, thrown spears, and similar ranged weapons while prone, but you can
 * use pistols, rifles, crossbows, or small throwing knives while prone at no penalty." (Decision: a
 * sling is "similar"; energy pistols/rifles are pistols/rifles.)
 */
const USABLE_WHILE_PRONE: Record<RangedWeaponKind, boolean> = {
  bow: false,
  'thrown-spear': false,
  sling: false,
  pistol: true,
  rifle: true,
  crossbow: true,
  'small-throwing-knife': true,
  'energy-weapon': true,
};

/** Whether a ranged weapon can be used by a prone attacker (Attack Roll Modifiers, footnote 3). */
export function usableWhileProne(weapon: RangedWeaponKind): boolean {
  return USABLE_WHILE_PRONE[assertOneOf('ranged weapon kind', weapon, RANGED_WEAPON_KINDS)];
}

/** ENERGY WEAPONS: "an inherent bonus of +2 to attack rolls". */
export const ENERGY_WEAPON_ATTACK_BONUS = 2;
/** CONTINUOUS BEAM FIRE: "+4 bonus … (This does not stack with the +2 bonus inherent to energy weapons.)" */
export const CONTINUOUS_BEAM_ATTACK_BONUS = 4;
/** SIDEARMS AND LONGARMS IN MELEE: "a –4 penalty on attacks against adjacent opponents". */
export const LONGARM_ADJACENT_PENALTY = -4;
/** Core rules / Nonlethal Force feat: a lethal weapon dealing nonlethal damage takes −4 (negated by the feat). */
export const NONLETHAL_WITH_LETHAL_WEAPON_PENALTY = -4;
/** Dead Aim feat: +2 per full-round action spent aiming, "to a maximum of +6". */
export const DEAD_AIM_BONUS_PER_ROUND = 2;
/** Dead Aim cap: "to a maximum of +6". */
export const DEAD_AIM_MAX_BONUS = 6;

/** Situation of the attacker for {@link attackRollModifiers}. */
export interface AttackModifierInput {
  mode: AttackMode;
  conditions?: readonly AttackerCondition[];
  /** Needed when a prone attacker makes a ranged attack. */
  rangedWeapon?: RangedWeaponKind;
  /** Footnote 2: the invisible bonus "does not apply against a blinded target". */
  targetBlinded?: boolean;
  touch?: boolean;
  energyWeapon?: boolean;
  continuousBeam?: boolean;
  longarmAgainstAdjacent?: boolean;
  /** Sneak attack dice (only when the sneak attack applies; see sneakAttackApplies). */
  sneakAttackDice?: number;
  /** Full-round actions spent aiming with the Dead Aim feat. */
  deadAimRounds?: number;
  nonlethalWithLethalWeapon?: boolean;
  nonlethalForceFeat?: boolean;
}

/** One line of the modifier breakdown. */
export interface AttackModifierPart {
  source: string;
  value: number;
}

/** Total attacker modifier and the side effects a chat card or the defender's roll needs. */
export interface AttackModifiers {
  /** False when the attack cannot be made (prone with a bow, thrown spear or sling). */
  allowed: boolean;
  reason?: string;
  total: number;
  parts: AttackModifierPart[];
  /** Footnote 2 (invisible attacker): the defender loses any Dexterity bonus to Defense. */
  defenderLosesDexterity: boolean;
  /** Touch attacks ignore the target's shield bonus to Defense. */
  ignoreShieldBonus: boolean;
  /** Footnote 1 (entangled): Dexterity penalty the caller must apply to the ability (0 if none). */
  attackerDexterityPenalty: number;
}

/**
 * Attack roll modifiers from the attacker's situation (COMBAT MODIFIERS, "Table: Attack Roll
 * Modifiers"; ENERGY WEAPONS; CONTINUOUS BEAM FIRE; SIDEARMS AND LONGARMS; SNEAK ATTACK; touch attacks).
 */
export function attackRollModifiers(input: AttackModifierInput): AttackModifiers {
  const mode = assertOneOf('attack mode', input.mode, ATTACK_MODES);
  const conditions = new Set<AttackerCondition>();
  for (const c of input.conditions ?? [])
    conditions.add(assertOneOf('attacker condition', c, ATTACKER_CONDITIONS));
  const parts: AttackModifierPart[] = [];
  let defenderLosesDexterity = false;
  let allowed = true;
  let reason: string | undefined;

  const rowKeys: Exclude<AttackerCondition, 'frightened'>[] = [];
  for (const c of conditions) {
    const key = c === 'frightened' ? 'shaken' : c;
    if (!rowKeys.includes(key)) rowKeys.push(key);
  }
  for (const key of rowKeys) {
    const row = ATTACKER_TABLE[key];
    if (key === 'invisible' && input.targetBlinded) continue;
    const value = row[mode];
    if (key === 'prone' && mode === 'ranged') {
      if (input.rangedWeapon === undefined)
        throw new RangeError('rangedWeapon is required for a prone ranged attack');
      if (!usableWhileProne(input.rangedWeapon)) {
        allowed = false;
        reason = `a ${input.rangedWeapon} cannot be used while prone`;
      }
      continue;
    }
    if (value === null) continue;
    if (row.defenderLosesDexterity) defenderLosesDexterity = true;
    const label =
      key === 'shaken' ? [...conditions].filter((c) => c === 'shaken' || c === 'frightened').join('/') : key;
    if (value !== 0) parts.push({ source: label, value });
  }

  if (input.touch) parts.push({ source: 'touch attack', value: TOUCH_ATTACK_BONUS });
  if (input.continuousBeam) parts.push({ source: 'continuous beam', value: CONTINUOUS_BEAM_ATTACK_BONUS });
  else if (input.energyWeapon) parts.push({ source: 'energy weapon', value: ENERGY_WEAPON_ATTACK_BONUS });
  if (input.longarmAgainstAdjacent)
    parts.push({ source: 'longarm vs adjacent', value: LONGARM_ADJACENT_PENALTY });
  if (input.sneakAttackDice !== undefined) {
    const bonus = sneakAttackBonus(input.sneakAttackDice);
    if (bonus !== 0) parts.push({ source: 'sneak attack', value: bonus });
  }
  if (input.deadAimRounds !== undefined) {
    const rounds = assertNonNegativeInteger('dead aim rounds', input.deadAimRounds);
    const bonus = Math.min(DEAD_AIM_MAX_BONUS, rounds * DEAD_AIM_BONUS_PER_ROUND);
    if (bonus !== 0) parts.push({ source: 'dead aim', value: bonus });
  }
  if (input.nonlethalWithLethalWeapon && !input.nonlethalForceFeat) {
    parts.push({ source: 'nonlethal with lethal weapon', value: NONLETHAL_WITH_LETHAL_WEAPON_PENALTY });
  }

  const total = parts.reduce((sum, p) => sum + p.value, 0);
  const result: AttackModifiers = {
    allowed,
    total,
    parts,
    defenderLosesDexterity,
    ignoreShieldBonus: Boolean(input.touch),
    attackerDexterityPenalty: conditions.has('entangled') ? ENTANGLED_DEXTERITY_PENALTY : 0,
  };
  if (reason !== undefined) result.reason = reason;
  return result;
}

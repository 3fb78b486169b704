/**
 * Defense (GnG "DEFENSE"): Dexterity modifier + class bonus + equipment penalty + size modifier +
 * shield bonus, with the other typed modifiers, GnG "Table: Defense Roll Modifiers" (defender side),
 * "HELPLESS DEFENDERS" and the Defense effects of GnG "CONDITIONS".
 *
 * The public functions: they check their input here and compute with the one Defense rule,
 * defense-core.ts. The tables and types live in defense-tables.ts and are exported from here.
 */
import {
  defenseBreakdownOf,
  defenseStateMask,
  defenseTotalOf,
  autoRollOneOf,
  deniesDexterityOf,
} from './defense-core.js';
import {
  DEFENSE_MODIFIER_TYPES,
  DEFENSE_ROLL_MODIFIER_ROWS,
  DEFENSE_ROLL_MODIFIERS,
  type DefenseAttackMode,
  type DefenseBreakdown,
  type DefenseInput,
  type DefenseRollModifierRow,
  type DefenseState,
} from './defense-tables.js';
import { characterLevel } from './defense-hp-progression.js';
import { assertInteger, assertNonNegativeInteger, assertOneOf } from './validate.js';

export * from './defense-tables.js';

/** The modifier of one row against melee or ranged attacks (GnG "Table: Defense Roll Modifiers"). */
export function defenseRollModifier(row: DefenseRollModifierRow, attack: DefenseAttackMode): number | null {
  const entry = DEFENSE_ROLL_MODIFIERS[assertOneOf('defense roll modifier', row, DEFENSE_ROLL_MODIFIER_ROWS)];
  return entry[assertOneOf('attack', attack, ['melee', 'ranged'] as const)];
}

const ATTACK_MODES = ['melee', 'ranged'] as const;

/**
 * Checks a Defense input; returns its state mask. The armor check penalty, proficiency, load and size
 * are checked by the engine functions the rule reads them with (`armorCheckDefensePenalty`,
 * `encumbrancePenalty`, `sizeModifier`).
 */
function checkedStateMask(input: DefenseInput): number {
  if (typeof input !== 'object' || input === null)
    throw new RangeError(`Defense input must be an object, got ${String(input)}`);
  assertOneOf('attack', input.attack ?? 'melee', ATTACK_MODES);
  const mask = defenseStateMask(input.states, true);
  assertInteger('dexMod', input.dexMod);
  characterLevel(input.classes);
  assertNonNegativeInteger('shield bonus', input.shield ?? 0);
  assertNonNegativeInteger('shield enhancement', input.shieldEnhancement ?? 0);
  const injury = assertInteger('injury penalty', input.injuryPenalty ?? 0);
  if (injury > 0) throw new RangeError(`injury penalty must be ≤ 0, got ${injury}`);
  if (input.modifiers != null) {
    for (const [type, value] of Object.entries(input.modifiers)) {
      const t = assertOneOf('Defense modifier type', type, DEFENSE_MODIFIER_TYPES);
      if (typeof value === 'number') {
        if (!Number.isInteger(value)) assertInteger(`${t} modifier`, value);
      } else if (value !== undefined) {
        for (const v of value) if (!Number.isInteger(v)) assertInteger(`${t} modifier`, v);
      }
    }
  }
  assertNonNegativeInteger('negative levels', input.negativeLevels ?? 0);
  return mask;
}

/**
 * The Defense bonus with every part, what states removed and why, and whether the d20 is an automatic 1
 * (GnG "DEFENSE", "Table: Defense Roll Modifiers", "HELPLESS DEFENDERS", "CONDITIONS").
 */
export function defenseBonus(input: DefenseInput): DefenseBreakdown {
  const mask = checkedStateMask(input);
  return defenseBreakdownOf(input, input.attack ?? 'melee', mask);
}

/**
 * The Defense bonus and whether the d20 is an automatic 1, without the breakdown: the same numbers as
 * {@link defenseBonus}'s `total` and `autoRollOne`, computed without building the parts.
 */
export function defenseBonusTotal(input: DefenseInput): { total: number; autoRollOne: boolean } {
  const mask = checkedStateMask(input);
  return { total: defenseTotalOf(input, input.attack ?? 'melee', mask), autoRollOne: autoRollOneOf(mask) };
}

/**
 * Whether a defender in `states` is denied its Dexterity bonus to Defense, whether or not it has one
 * (GnG SNEAK ATTACK: "any time your target would be denied a Dexterity bonus to Defense (whether the
 * target actually has a Dexterity bonus or not)"): the states {@link defenseBonus} takes the
 * Dexterity bonus away for — held or helpless, or a condition that loses it, an invisible attacker —
 * except flat-footed and an invisible attacker for a defender that keeps it (Uncanny Dodge).
 */
export function deniedDexterityBonus(
  states: Iterable<DefenseState>,
  retainsDexterityWhenFlatFooted = false,
): boolean {
  return deniesDexterityOf(defenseStateMask(states, false), retainsDexterityWhenFlatFooted);
}

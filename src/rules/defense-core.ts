/**
 * The Defense rule, once, without input checks (GnG "DEFENSE", "Table: Defense Roll Modifiers",
 * "HELPLESS DEFENDERS", "CONDITIONS"). Internal: index.ts does not export this module, so it is not
 * part of `game.gng.rules`. defense.ts's public `defenseBonus` and `defenseBonusTotal` check their
 * input and call it; data preparation (derive-creature.ts) calls {@link lazyDefenseBreakdown} on the
 * input it built from validated documents.
 *
 * One evaluation serves the total and the breakdown: it computes every part and the total, and
 * records the breakdown (which parts went and why, the applied modifiers, the notes) only when one is
 * asked for. Without one it allocates nothing: the states are a bit mask, the parts a scratch array.
 */
import {
  conditionEffects,
  conditionLosesDexterity,
  DEXTERITY_LOSS_BONUSES,
  isConditionId,
  type DefenseBonusKind,
} from './conditions.js';
import {
  DEFENSE_MODIFIER_TYPES,
  DEFENSE_ROLL_MODIFIER_ROWS,
  DEFENSE_ROLL_MODIFIERS,
  DEFENSE_STATES,
  type DefenseAttackMode,
  type DefenseBreakdown,
  type DefenseInput,
  type DefensePart,
  type DefenseState,
  type RemovedDefensePart,
} from './defense-tables.js';
import { armorCheckDefensePenalty, encumbrancePenalty } from './encumbrance.js';
import { classDefenseBonusOf } from './defense-hp-progression-core.js';
import { sizeModifier } from './sizes.js';
import { assertOneOf } from './validate.js';

/** The typed modifiers, in the order `evaluate` reads them (defense-tables.ts's own order). */
const MODIFIER_TYPES = DEFENSE_MODIFIER_TYPES;
/** The parts of the Defense bonus, in the order the breakdown reports them. */
const PARTS: readonly DefensePart[] = [
  'dexterity',
  'class',
  'armorCheck',
  'encumbrance',
  'size',
  'shield',
  'shieldEnhancement',
  ...MODIFIER_TYPES,
  'situation',
  'conditions',
  'injury',
];
const PART_INDEX = new Map(PARTS.map((part, i) => [part, i]));
const index = (part: DefensePart) => PART_INDEX.get(part) as number;
const DEXTERITY = index('dexterity');
/** The value of each part before removals, by index in {@link PARTS}; reused by every evaluation. */
const raw = new Float64Array(PARTS.length);

/** Each defender state's bit in a state mask (27 states: within a small integer). */
const STATE_BIT = new Map<string, number>(DEFENSE_STATES.map((state, i) => [state, 1 << i]));
const bit = (state: DefenseState) => STATE_BIT.get(state) as number;
const withBits = <S extends DefenseState>(states: readonly S[]) =>
  states.map((state) => ({ state, bit: bit(state) }));
const maskOf = (list: readonly { bit: number }[]) => list.reduce((mask, s) => mask | s.bit, 0);

/** States that hold the defender immobile: auto 1, and Dexterity (±), class, equipment, shield, dodge, haste, insight go. */
const IMMOBILE_STATES = withBits(['helpless', 'immobilized', 'unconscious', 'pinned', 'locked']);
const IMMOBILE_MASK = maskOf(IMMOBILE_STATES);
const IMMOBILE_REMOVES: readonly DefensePart[] = [
  'dexterity',
  'class',
  'armorCheck',
  'encumbrance',
  'shield',
  'shieldEnhancement',
  'dodge',
  'haste',
  'insight',
  // Tactical Aid's competence bonus is the character's own trained response: lost like insight (issue #18).
  'competence',
];
const BONUS_PART: Readonly<Record<DefenseBonusKind, DefensePart>> = {
  dex: 'dexterity',
  class: 'class',
  dodge: 'dodge',
};
/** Losing the Dexterity bonus takes the conditions table's Dex, class and dodge, and haste (GnG "Haste"). */
const DEX_LOSS_REMOVES: readonly DefensePart[] = [
  ...DEXTERITY_LOSS_BONUSES.map((k) => BONUS_PART[k]),
  'haste',
];
/**
 * States that deny the Dexterity bonus without holding the defender: the conditions whose table entry
 * loses Dexterity (so `conditionLosesDexterity` and this function agree), an invisible attacker and
 * all legs disabled (GnG "Disabled Leg").
 */
const DEX_LOSS_STATES = withBits([
  ...DEFENSE_STATES.filter(
    (s) => isConditionId(s) && conditionLosesDexterity(s) && !IMMOBILE_STATES.some((i) => i.state === s),
  ),
  'attacker-invisible',
  'all-legs-disabled',
]);
const DEX_LOSS_MASK = maskOf(DEX_LOSS_STATES);
/** An ability such as Uncanny Dodge keeps the Dexterity bonus in these states. */
const RETAINED_DEX_MASK = bit('flat-footed') | bit('attacker-invisible');
const TOUCH_REMOVES: readonly DefensePart[] = ['shield', 'shieldEnhancement'];

const ENTANGLED = bit('entangled');
const UNCONSCIOUS = bit('unconscious');
const HELPLESS = bit('helpless');
const ALL_LEGS_DISABLED = bit('all-legs-disabled');
const DISABLED_LEG = bit('disabled-leg');
const ENTANGLED_DEXTERITY = (DEFENSE_ROLL_MODIFIERS.entangled.dexterityPenalty ?? 0) / 2;
const GRAPPLING = bit('grappling');

/** A table row or condition with its bit and its modifier against melee and ranged attacks. */
interface Row {
  source: string;
  bit: number;
  melee: number;
  ranged: number;
}
const row = (state: DefenseState, melee: number, ranged = melee): Row => ({
  source: state,
  bit: bit(state),
  melee,
  ranged,
});
/** Rows with the mask of their states (none present: nothing to look at). */
interface RowList {
  rows: readonly Row[];
  mask: number;
}
const rowList = (rows: readonly Row[]): RowList => ({ rows, mask: maskOf(rows) });
const tableRow = (state: DefenseState & keyof typeof DEFENSE_ROLL_MODIFIERS) =>
  row(state, DEFENSE_ROLL_MODIFIERS[state].melee as number, DEFENSE_ROLL_MODIFIERS[state].ranged as number);

/** Position rows that describe the same thing (lying down, held): only the worst one applies. */
const POSTURE_ROWS = rowList((['prone', 'kneeling', 'helpless', 'pinned', 'locked'] as const).map(tableRow));
/** The other rows of the table, in its order (concealment is not a Defense modifier: see Concealment). */
const SITUATION_ROWS = rowList(
  DEFENSE_ROLL_MODIFIER_ROWS.filter(
    (r) => r !== 'concealed-or-invisible' && !POSTURE_ROWS.rows.some((p) => p.source === r),
  ).map((r) => tableRow(r as DefenseState & typeof r)),
);

/** Defense penalty of a condition from the conditions table (its `defense` or `allRollsExceptDamage`). */
function conditionDefense(id: Parameters<typeof conditionEffects>[0]): number {
  const effects = conditionEffects(id);
  return (effects.defense ?? 0) + (effects.allRollsExceptDamage ?? 0);
}
const conditionRow = (state: DefenseState & Parameters<typeof conditionEffects>[0]) =>
  row(state, conditionDefense(state));
/** Fear conditions do not stack: only the worst applies. */
const FEAR_ROWS = rowList((['shaken', 'frightened', 'panicked'] as const).map(conditionRow));
const CONDITION_ROWS = rowList(
  (['dazzled', 'sickened', 'disabled-ear', 'disabled-eye', 'disabled-leg', 'disabled-head'] as const).map(
    conditionRow,
  ),
);
const ENERGY_DRAINED = conditionDefense('energy-drained');

/**
 * The state mask of `states`, with the states they imply (Conditions: "A helpless character is
 * paralyzed, held, bound, sleeping, unconscious, …"; all legs disabled is a disabled leg). `check`:
 * an unknown state throws a RangeError (the public functions); otherwise it is ignored.
 */
export function defenseStateMask(states: Iterable<DefenseState> | undefined, check: boolean): number {
  let mask = 0;
  if (states != null) {
    for (const state of states) {
      const stateBit = STATE_BIT.get(state);
      if (stateBit !== undefined) mask |= stateBit;
      else if (check) assertOneOf('defense state', state, DEFENSE_STATES);
    }
  }
  if (mask & UNCONSCIOUS) mask |= HELPLESS;
  if (mask & ALL_LEGS_DISABLED) mask |= DISABLED_LEG;
  return mask;
}

/**
 * Whether a defender with the state mask `mask` is denied its Dexterity bonus: held immobile, or a
 * state that loses it — flat-footed and an invisible attacker not for one that keeps it (Uncanny Dodge).
 */
export function deniesDexterityOf(mask: number, retainsDexterityWhenFlatFooted: boolean): boolean {
  if (mask & IMMOBILE_MASK) return true;
  const lost = retainsDexterityWhenFlatFooted ? DEX_LOSS_MASK & ~RETAINED_DEX_MASK : DEX_LOSS_MASK;
  return (mask & lost) !== 0;
}

/** The d20 of the Defense roll is automatically a 1 (a state holds the defender immobile). */
export function autoRollOneOf(mask: number): boolean {
  return (mask & IMMOBILE_MASK) !== 0;
}

/** What an evaluation records for the breakdown. */
interface Recording {
  reasons: Map<DefensePart, string[]>;
  modifiers: { source: string; value: number }[];
  notes: string[];
  removed: number;
}

/** Takes `parts` away for `why`; returns their bits, and records the reason when asked. */
function remove(
  parts: readonly DefensePart[],
  why: string,
  onlyPositiveDex: boolean,
  record: Recording | null,
): number {
  let bits = 0;
  for (const part of parts) {
    // "If you do not have a Dexterity bonus, nothing happens."
    if (part === 'dexterity' && onlyPositiveDex && (raw[DEXTERITY] as number) <= 0) continue;
    bits |= 1 << index(part);
    if (record) {
      const reasons = record.reasons.get(part);
      if (reasons) reasons.push(why);
      else record.reasons.set(part, [why]);
    }
  }
  return bits;
}

/** The bits of the parts the states and a touch attack take away. */
function removedParts(input: DefenseInput, mask: number, record: Recording | null): number {
  let removed = 0;
  if (mask & IMMOBILE_MASK) {
    for (const s of IMMOBILE_STATES)
      if (mask & s.bit) removed |= remove(IMMOBILE_REMOVES, s.state, false, record);
  }
  if (mask & DEX_LOSS_MASK) {
    const retained = input.retainsDexterityWhenFlatFooted === true ? RETAINED_DEX_MASK : 0;
    for (const s of DEX_LOSS_STATES) {
      if (mask & s.bit && !(retained & s.bit)) removed |= remove(DEX_LOSS_REMOVES, s.state, true, record);
    }
  }
  if (input.touch === true) removed |= remove(TOUCH_REMOVES, 'touch attack', false, record);
  return removed;
}

/** Sum of the rows present; the worst one only when `worstOnly`. Records each applied row. */
function rows(
  list: RowList,
  mask: number,
  melee: boolean,
  worstOnly: boolean,
  record: Recording | null,
): number {
  if (!(mask & list.mask)) return 0;
  let sum = 0;
  let worst: Row | null = null;
  for (const r of list.rows) {
    if (!(mask & r.bit)) continue;
    const value = melee ? r.melee : r.ranged;
    if (worstOnly) {
      if (worst === null || value < (melee ? worst.melee : worst.ranged)) worst = r;
    } else {
      sum += value;
      record?.modifiers.push({ source: r.source, value });
    }
  }
  if (worst === null) return sum;
  const value = melee ? worst.melee : worst.ranged;
  record?.modifiers.push({ source: worst.source, value });
  return sum + value;
}

/**
 * Dodge and circumstance values add up; for the other types the best bonus counts and penalties add.
 * (Exported for the Saga-style model's Reflex Defense.)
 */
export function combinedDefenseModifier(
  stacks: boolean,
  value: number | readonly number[] | undefined,
): number {
  if (value === undefined) return 0;
  if (typeof value === 'number') return 0 + value;
  let best = 0;
  let sum = 0;
  for (const v of value) {
    if (stacks || v < 0) sum += v;
    else if (v > best) best = v;
  }
  return best + sum;
}

/**
 * The Defense bonus of `input` against `attack`, given the state mask of its states. Every part goes
 * through {@link raw}, and when `record` is given the evaluation writes down what the breakdown shows.
 */
function evaluate(
  input: DefenseInput,
  attack: DefenseAttackMode,
  mask: number,
  record: Recording | null,
): number {
  const m = input.modifiers;
  let i = 0;
  raw[i++] = input.dexMod + (mask & ENTANGLED ? ENTANGLED_DEXTERITY : 0);
  raw[i++] = classDefenseBonusOf(input.classes);
  raw[i++] = armorCheckDefensePenalty(input.armorCheckPenalty ?? 0, input.armorProficient ?? false);
  raw[i++] = encumbrancePenalty(input.load ?? 'none');
  raw[i++] = sizeModifier(input.size);
  raw[i++] = input.shield ?? 0;
  raw[i++] = input.shieldEnhancement ?? 0;
  // Typed modifiers, in the order of MODIFIER_TYPES (each read by name: a fixed shape is faster).
  raw[i++] = m ? combinedDefenseModifier(true, m.circumstance) : 0;
  raw[i++] = m ? combinedDefenseModifier(false, m.competence) : 0;
  raw[i++] = m ? combinedDefenseModifier(false, m.deflection) : 0;
  raw[i++] = m ? combinedDefenseModifier(true, m.dodge) : 0;
  raw[i++] = m ? combinedDefenseModifier(false, m.enhancement) : 0;
  raw[i++] = m ? combinedDefenseModifier(false, m.haste) : 0;
  raw[i++] = m ? combinedDefenseModifier(false, m.insight) : 0;
  raw[i++] = m ? combinedDefenseModifier(false, m.luck) : 0;
  raw[i++] = m ? combinedDefenseModifier(false, m.sacred) : 0;
  raw[i++] = m ? combinedDefenseModifier(false, m.profane) : 0;
  const melee = attack === 'melee';
  // Situational modifiers: Table: Defense Roll Modifiers.
  raw[i++] = rows(POSTURE_ROWS, mask, melee, true, record) + rows(SITUATION_ROWS, mask, melee, false, record);
  if (record && mask & GRAPPLING && !melee) {
    record.notes.push('Roll randomly to see which grappling combatant the attack strikes.');
  }
  // Conditions that change Defense rolls (GnG "CONDITIONS", called-shot body parts).
  const negativeLevels = input.negativeLevels ?? 0;
  let conditions =
    rows(FEAR_ROWS, mask, melee, true, record) + rows(CONDITION_ROWS, mask, melee, false, record);
  if (negativeLevels > 0) {
    conditions += negativeLevels * ENERGY_DRAINED;
    record?.modifiers.push({ source: 'energy-drained', value: negativeLevels * ENERGY_DRAINED });
  }
  raw[i++] = conditions;
  raw[i] = input.injuryPenalty ?? 0;

  const removed = removedParts(input, mask, record);
  if (record) record.removed = removed;
  let total = 0;
  for (let p = 0; p < PARTS.length; p++) if (!(removed & (1 << p))) total += raw[p] as number;
  return total === 0 ? 0 : total;
}

/** The Defense bonus alone (no breakdown, no allocation). */
export function defenseTotalOf(input: DefenseInput, attack: DefenseAttackMode, mask: number): number {
  return evaluate(input, attack, mask, null);
}

/** The Defense bonus with every part, what states removed and why, the applied modifiers and notes. */
export function defenseBreakdownOf(
  input: DefenseInput,
  attack: DefenseAttackMode,
  mask: number,
): DefenseBreakdown {
  const record: Recording = { reasons: new Map(), modifiers: [], notes: [], removed: 0 };
  const total = evaluate(input, attack, mask, record);
  const parts = {} as Record<DefensePart, number>;
  PARTS.forEach((part, p) => (parts[part] = record.removed & (1 << p) ? 0 : (raw[p] as number)));
  const removed: RemovedDefensePart[] = [];
  for (const [part, reasons] of record.reasons) {
    const value = raw[index(part)] as number;
    if (value !== 0) removed.push({ part, value, reasons });
  }
  return {
    total,
    autoRollOne: autoRollOneOf(mask),
    parts,
    removed,
    modifiers: record.modifiers,
    notes: record.notes,
  };
}

/**
 * The Defense of prepared data: `total` and `autoRollOne` computed now, the rest of the breakdown
 * (`parts`, `removed`, `modifiers`, `notes`) computed from the same input the first time something
 * reads it (the sheet's pop-up, a tooltip), identical to what `defenseBonus` returns. `toJSON` gives
 * the whole breakdown. The input is the one data preparation built, which nothing changes afterwards.
 */
export class LazyDefenseBreakdown implements DefenseBreakdown {
  total: number;
  autoRollOne: boolean;
  readonly #input: DefenseInput;
  readonly #attack: DefenseAttackMode;
  readonly #mask: number;
  #breakdown: DefenseBreakdown | null = null;

  constructor(input: DefenseInput, attack: DefenseAttackMode) {
    this.#input = input;
    this.#attack = attack;
    this.#mask = defenseStateMask(input.states, false);
    this.total = defenseTotalOf(input, attack, this.#mask);
    this.autoRollOne = autoRollOneOf(this.#mask);
  }

  #full(): DefenseBreakdown {
    return (this.#breakdown ??= defenseBreakdownOf(this.#input, this.#attack, this.#mask));
  }

  get parts(): Record<DefensePart, number> {
    return this.#full().parts;
  }

  get removed(): RemovedDefensePart[] {
    return this.#full().removed;
  }

  get modifiers(): { source: string; value: number }[] {
    return this.#full().modifiers;
  }

  get notes(): string[] {
    return this.#full().notes;
  }

  toJSON(): DefenseBreakdown {
    const { parts, removed, modifiers, notes } = this.#full();
    return { total: this.total, autoRollOne: this.autoRollOne, parts, removed, modifiers, notes };
  }
}

/** Prepared data's Defense against `attack`, its breakdown on demand (see {@link LazyDefenseBreakdown}). */
export function lazyDefenseBreakdown(input: DefenseInput, attack: DefenseAttackMode): DefenseBreakdown {
  return new LazyDefenseBreakdown(input, attack);
}

/**
 * What a creature's classes give under the Enlightened Grognard (seed 003; issue #31): the class
 * modifier of each defense (003:246) and the six base attack bonuses (003:190). A class with rates
 * of its own (`ModelClass.egRates`, rates.ts) gives exactly those in the group it names (an ability
 * or defense it leaves out: 0). A class without (every class of the d20 data) keeps its d20
 * progressions, as docs/rules.md "Defenses, attacks and health" decides: its base attack progression
 * (good 1, average ¾, poor ½ a level) for each of the six BABs, GnG's class Defense bonus for AC and
 * its base saves for Fortitude, Reflex and Will. Fractions are summed exactly and floored once (A7).
 * Pure; cached per creature object (a prepared creature is built once and never changed).
 */
import { ABILITIES, type Ability } from '../../abilities.js';
import { classBaseSave, type BabProgression } from '../../attack-save-progression.js';
import { classDefenseBonus } from '../../defense-hp-progression.js';
import { assertNonNegativeInteger, assertOneOf } from '../../validate.js';
import type { ModelClass, ModelCreature } from '../types.js';
import {
  EG_DEFENSE_IDS,
  ZERO,
  addFractions,
  floorFraction,
  hasRates,
  parseClassRates,
  scaleFraction,
  type EgDefenseId,
  type Fraction,
} from './rates.js';

/** The d20 BAB progressions as rates a level (core "Base Attack Bonus": good, average ¾, poor ½). */
export const BAB_RATE: Readonly<Record<BabProgression, Fraction>> = {
  good: { n: 1, d: 1 },
  average: { n: 3, d: 4 },
  poor: { n: 1, d: 2 },
};

export interface EgClassModifiers {
  /** Each defense's class modifier. */
  defense: Record<EgDefenseId, number>;
  /** Each ability's base attack bonus. */
  bab: Record<Ability, number>;
  /** The d20 base saves of all the classes (what a save total holds besides its ability and others). */
  baseSaves: Record<'fortitude' | 'reflex' | 'will', number>;
}

const SAVE_OF = { fortitude: 'fort', reflex: 'ref', will: 'will' } as const;

function zeros<K extends string>(keys: readonly K[]): Record<K, Fraction> {
  return Object.fromEntries(keys.map((k) => [k, ZERO])) as Record<K, Fraction>;
}

/** The modifiers of `classes` (the creature's, else those of its GnG defense input, without BABs). */
export function classModifiersOf(classes: readonly ModelClass[]): EgClassModifiers {
  const babs = zeros(ABILITIES);
  const defenses = zeros(EG_DEFENSE_IDS);
  const baseSaves = { fortitude: 0, reflex: 0, will: 0 };
  const defaultSaves = { fortitude: 0, reflex: 0, will: 0 };
  const acDefaults: { progression: ModelClass['defense']; levels: number }[] = [];
  for (const c of classes) {
    const levels = assertNonNegativeInteger('levels', c.levels);
    const rates = parseClassRates(c.egRates);
    if (hasRates(rates, 'bab')) {
      for (const a of ABILITIES) babs[a] = addFractions(babs[a], scaleFraction(rates.bab[a] ?? ZERO, levels));
    } else {
      const rate = BAB_RATE[assertOneOf('BAB progression', c.bab, ['good', 'average', 'poor'] as const)];
      for (const a of ABILITIES) babs[a] = addFractions(babs[a], scaleFraction(rate, levels));
    }
    const rated = hasRates(rates, 'defense');
    if (rated) {
      for (const id of EG_DEFENSE_IDS) {
        defenses[id] = addFractions(defenses[id], scaleFraction(rates.defense[id] ?? ZERO, levels));
      }
    } else acDefaults.push({ progression: c.defense, levels });
    for (const save of ['fortitude', 'reflex', 'will'] as const) {
      const base = classBaseSave(c.saves[SAVE_OF[save]], levels);
      baseSaves[save] += base;
      if (!rated) defaultSaves[save] += base;
    }
  }
  const ac = acDefaults.length > 0 ? classDefenseBonus(acDefaults) : 0;
  return {
    defense: {
      ac: ac + floorFraction(defenses.ac),
      fortitude: defaultSaves.fortitude + floorFraction(defenses.fortitude),
      reflex: defaultSaves.reflex + floorFraction(defenses.reflex),
      will: defaultSaves.will + floorFraction(defenses.will),
    },
    bab: Object.fromEntries(ABILITIES.map((a) => [a, floorFraction(babs[a])])) as Record<Ability, number>,
    baseSaves,
  };
}

const cache = new WeakMap<ModelCreature, EgClassModifiers>();

/**
 * The creature's class modifiers. Without `classes`: GnG's class Defense bonus for AC from its
 * defense input, and no class modifier or BAB else (the saves then count whole in "other").
 */
export function egClassModifiers(creature: ModelCreature): EgClassModifiers {
  const cached = cache.get(creature);
  if (cached) return cached;
  const result = creature.classes
    ? classModifiersOf(creature.classes)
    : {
        defense: { ac: classDefenseBonus(creature.defense.classes), fortitude: 0, reflex: 0, will: 0 },
        bab: Object.fromEntries(ABILITIES.map((a) => [a, 0])) as Record<Ability, number>,
        baseSaves: { fortitude: 0, reflex: 0, will: 0 },
      };
  cache.set(creature, result);
  return result;
}

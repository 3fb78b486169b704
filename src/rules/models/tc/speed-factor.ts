/**
 * The Time Count's speed classes and speed factors (seed 002:250–261; issue #32, design §2.2 R34–R36,
 * A1, A10). Pure: dice are injected. Decisions: docs/rules.md "### The Time Count".
 */
import type { DiceSource } from '../../types.js';
import { assertFinite, assertInteger, assertOneOf } from '../../validate.js';
import { SPEED_CLASS_ORDER, type SpeedClass } from '../../speed-classes.js';

export { SPEED_CLASS_ORDER, type SpeedClass };

export interface SpeedClassRow {
  /** The Random SF roll (Free has none). */
  dice: { count: number; faces: number; bonus: number } | null;
  /** The Random SF as a Foundry formula ('0' for Free). */
  formula: string;
  /** The Static SF (⌊mean⌋ of the roll). */
  static: number;
}

/**
 * A1: the *Speed Classes* table lost its rows (002:252–254: "Table: Speed Classes / Speed Random SF
 * Static SF"); rebuilt from the action table's headings (002:269–290: "Rapid Actions (1d4 TC)" …
 * "Slow Actions (1d8+8 TC)") and the example's dagger 6 and long sword 9 (002:243). Static = ⌊mean⌋.
 * Sedentary continues the +4 a step the text gives beyond it (002:259).
 */
export const SPEED_CLASSES: Readonly<Record<SpeedClass, SpeedClassRow>> = {
  free: { dice: null, formula: '0', static: 0 },
  rapid: { dice: { count: 1, faces: 4, bonus: 0 }, formula: '1d4', static: 2 },
  swift: { dice: { count: 1, faces: 4, bonus: 2 }, formula: '1d4+2', static: 4 },
  fast: { dice: { count: 1, faces: 6, bonus: 3 }, formula: '1d6+3', static: 6 },
  standard: { dice: { count: 1, faces: 6, bonus: 6 }, formula: '1d6+6', static: 9 },
  slow: { dice: { count: 1, faces: 8, bonus: 8 }, formula: '1d8+8', static: 12 },
  sedentary: { dice: { count: 1, faces: 8, bonus: 12 }, formula: '1d8+12', static: 16 },
};

/** "just add another 4 points onto the SF for every additional step it is slowed" (002:259). */
export const SF_PER_STEP_BEYOND_SEDENTARY = 4;

export function isSpeedClass(value: unknown): value is SpeedClass {
  return typeof value === 'string' && (SPEED_CLASS_ORDER as readonly string[]).includes(value);
}

/** A10: a weapon's `speedClass` as stored; anything absent or unknown reads as Standard. */
export function speedClassOf(value: unknown): SpeedClass {
  return isSpeedClass(value) ? value : 'standard';
}

export interface SpeedFactorOptions {
  /** Roll the Random SF (PCs; an NPC the GM rolls for) or take the Static SF (R35, 002:257). */
  random: boolean;
  /** Required when `random`. */
  dice?: DiceSource;
  /** Speed class steps: negative = faster (quick strike −1, 002:517), positive = slower. */
  classSteps?: number;
  /** Added to the speed factor after the class steps (a fumble's +1d6 rolled by the caller). */
  factorMod?: number;
}

export interface SpeedFactorResult {
  /** The speed factor: counts until the next act. */
  sf: number;
  /** The dice rolled (empty for a static SF or Free). */
  rolls: number[];
  /** What was rolled or taken, e.g. '1d6+6' or '1d8+16-2' or '9'. */
  formula: string;
  /** The class after the steps (Sedentary when slowed beyond it). */
  speedClass: SpeedClass;
}

/**
 * Where a class lands after `steps` (R36, 002:259): "cannot improve the class beyond Rapid"; slowed
 * beyond Sedentary it stays Sedentary and each further step adds 4 to the SF (`beyond`). Free is not on
 * the ladder (its actions take no time, 002:266): steps leave it Free.
 */
export function shiftSpeedClass(sc: SpeedClass, steps = 0): { speedClass: SpeedClass; beyond: number } {
  const from = assertOneOf('speed class', sc, SPEED_CLASS_ORDER);
  assertInteger('speed class steps', steps);
  if (from === 'free') return { speedClass: 'free', beyond: 0 };
  const index = SPEED_CLASS_ORDER.indexOf(from) + steps;
  const last = SPEED_CLASS_ORDER.length - 1;
  if (index > last) return { speedClass: 'sedentary', beyond: index - last };
  return { speedClass: SPEED_CLASS_ORDER[Math.max(1, index)] as SpeedClass, beyond: 0 };
}

function signed(n: number): string {
  return n === 0 ? '' : n > 0 ? `+${n}` : `${n}`;
}

/**
 * A speed factor (R35, R36): the class steps first, then the factor modifier; "effects that modify
 * speed factor cannot reduce the result below 1" (002:259). Free is 0 TC and takes no modifier.
 */
export function speedFactor(sc: SpeedClass, options: SpeedFactorOptions): SpeedFactorResult {
  const { speedClass, beyond } = shiftSpeedClass(sc, options.classSteps ?? 0);
  const factorMod = assertInteger('speed factor modifier', options.factorMod ?? 0);
  const row = SPEED_CLASSES[speedClass];
  if (!row.dice) return { sf: 0, rolls: [], formula: '0', speedClass };
  const flat = beyond * SF_PER_STEP_BEYOND_SEDENTARY + factorMod;
  if (!options.random) {
    const sf = Math.max(1, row.static + flat);
    return { sf, rolls: [], formula: String(sf), speedClass };
  }
  if (!options.dice) throw new RangeError('a random speed factor needs dice');
  const rolls: number[] = [];
  for (let i = 0; i < row.dice.count; i++) rolls.push(options.dice.roll(row.dice.faces));
  const rolled = rolls.reduce((a, b) => a + b, 0) + row.dice.bonus + flat;
  const formula = `${row.dice.count}d${row.dice.faces}${signed(row.dice.bonus + beyond * SF_PER_STEP_BEYOND_SEDENTARY)}${signed(factorMod)}`;
  return { sf: Math.max(1, rolled), rolls, formula, speedClass };
}

/** "Roll both speed factors and take the worse result" (two weapons at once, 002:691): the slower. */
export function worseSpeedFactor(a: SpeedFactorResult, b: SpeedFactorResult): SpeedFactorResult {
  return b.sf > a.sf ? b : a;
}

/** "adds 1d6 to his weapon's SF to determine when he recovers" (a fumble, 002:66). */
export const FUMBLE_SF_DIE = 6;

/**
 * The SF after a fumble (R11): the weapon's SF (rolled or static, with its class steps) plus 1d6,
 * rolled for PCs and NPCs alike (it is the fumble's roll, not a speed factor an NPC may take static).
 */
export function fumbleSpeedFactor(
  sc: SpeedClass,
  options: Omit<SpeedFactorOptions, 'factorMod'> & { dice: DiceSource },
): SpeedFactorResult {
  const base = speedFactor(sc, { ...options, factorMod: 0 });
  const extra = options.dice.roll(FUMBLE_SF_DIE);
  return {
    sf: base.sf + extra,
    rolls: [...base.rolls, extra],
    formula: `${base.formula}+1d${FUMBLE_SF_DIE}`,
    speedClass: base.speedClass,
  };
}

/** R34 (002:250): "add the Speed Factor … to the current Time Count to determine when you next act". */
export function nextActCount(now: number, sf: number): number {
  assertFinite('count', now);
  assertFinite('speed factor', sf);
  if (sf < 0) throw new RangeError(`a speed factor is not negative, got ${sf}`);
  return now + sf;
}

/**
 * The speed factors of actions in combat (seed 002:265–306; issue #32, design §2.2 R38, R39, A11).
 * Pure: dice are injected. Decisions: docs/rules.md "### The Time Count".
 */
import type { DiceSource } from '../../types.js';
import { assertInteger } from '../../validate.js';
import { SPEED_CLASS_ORDER, speedFactor, type SpeedClass, type SpeedFactorResult } from './speed-factor.js';

/** How an action's speed factor is found. */
export type ActionSpeed =
  /** One of the speed classes (the table's headings, 002:266–290). */
  | { kind: 'class'; speedClass: SpeedClass }
  /** "Attack with a primary weapon: Weapon SF" (002:292): the weapon's speed class. */
  | { kind: 'weapon' }
  /** A fixed SF: "Cast a spell 1" (002:293; "casting a spell … has a speed factor of 1", 002:263). */
  | { kind: 'fixed'; sf: number }
  /** A roll of its own ("Escape from a net 1d8+5", 002:296); static = ⌊mean⌋ as A1. */
  | { kind: 'dice'; count: number; faces: number; bonus: number; static: number }
  /** Footnote 2 (002:305): "does not take a turn on its own … add the SF of this action to that of
   *  whatever other action you perform" (A11: the fused "2+1" is footnote 2, +1). */
  | { kind: 'adds'; sf: number }
  /** "Prepare a spell: Casting Time", "Read a scroll: CT of spell" (002:298–299). */
  | { kind: 'castingTime' };

export interface ActionSpeedRow {
  speed: ActionSpeed;
  /** Footnote 1 (002:304): "This action does not take effect until the end of the delay." */
  delayed: boolean;
}

const cls = (speedClass: SpeedClass, delayed = false): ActionSpeedRow => ({
  speed: { kind: 'class', speedClass },
  delayed,
});

/** R38: the table "Speed Factor for Actions in Combat" (002:265–299), row by row. */
export const ACTION_SPEEDS = {
  // Free Actions (0 TC)
  ceaseConcentration: cls('free'),
  dropItem: cls('free'),
  // Rapid Actions (1d4 TC)
  drawWeapon: cls('rapid'),
  dropProne: cls('rapid'),
  lowerSpellResistance: cls('rapid'),
  readyAction: cls('rapid'),
  sheatheWeapon: cls('rapid'),
  // Swift Actions (1d4+2 TC)
  directSpell: cls('swift'),
  drawHiddenWeapon: cls('swift'),
  openDoor: cls('swift'),
  pickUpItem: cls('swift'),
  retrieveFromPouch: cls('swift'),
  setAgainstCharge: cls('swift', true),
  standUp: cls('swift'),
  // Fast Actions (1d6+3 TC)
  activateItem: cls('fast'),
  drinkPotion: cls('fast'),
  mountDismount: cls('fast'),
  readyShield: cls('fast'),
  // Standard Actions (1d6+6 TC)
  lightTorch: cls('standard'),
  // Slow Actions (1d8+8 TC)
  retrieveFromBackpack: cls('slow'),
  stabilize: cls('slow'),
  // Other Actions
  attack: { speed: { kind: 'weapon' }, delayed: false },
  castSpell: { speed: { kind: 'fixed', sf: 1 }, delayed: false },
  concentrate: { speed: { kind: 'adds', sf: 1 }, delayed: false },
  controlMount: { speed: { kind: 'adds', sf: 2 }, delayed: false },
  escapeNet: { speed: { kind: 'dice', count: 1, faces: 8, bonus: 5, static: 9 }, delayed: false },
  extinguishFlames: { speed: { kind: 'dice', count: 1, faces: 6, bonus: 6, static: 9 }, delayed: false },
  prepareSpell: { speed: { kind: 'castingTime' }, delayed: true },
  readScroll: { speed: { kind: 'castingTime' }, delayed: false },
} as const satisfies Record<string, ActionSpeedRow>;

export type ActionSpeedId = keyof typeof ACTION_SPEEDS;

export const ACTION_SPEED_IDS = Object.keys(ACTION_SPEEDS) as ActionSpeedId[];

export function isActionSpeedId(value: unknown): value is ActionSpeedId {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ACTION_SPEEDS, value);
}

export interface ActionSpeedOptions {
  random: boolean;
  dice?: DiceSource;
  /** The weapon's speed class for `attack` (A10: Standard when absent). */
  weapon?: SpeedClass;
  /** The spell's casting time, read as a speed class, for `prepareSpell` and `readScroll`. */
  castingTime?: SpeedClass;
  /** Class steps (negative = faster); only for an action with a speed class. */
  classSteps?: number;
  /** Added to the SF (after the class steps). */
  factorMod?: number;
  /** Footnote-2 actions done with this one (R39): their SF is added to it. */
  with?: readonly ActionSpeedId[];
}

export interface ActionSpeedResult extends Omit<SpeedFactorResult, 'speedClass'> {
  /** The class after the steps; null for an action with an SF of its own (cast a spell, a net). */
  speedClass: SpeedClass | null;
  action: ActionSpeedId;
  /** Footnote 1: the action takes effect when the delay ends, not now. */
  delayed: boolean;
  /** What the footnote-2 actions added. */
  added: number;
}

/**
 * The SF of one turn's action (R39: "each character may perform any single action", 002:306), with
 * the footnote-2 actions it carries. A footnote-2 action alone is refused ("does not take a turn on
 * its own"), as are class steps on an action without a speed class.
 */
export function actionSpeedFactor(id: ActionSpeedId, options: ActionSpeedOptions): ActionSpeedResult {
  if (!isActionSpeedId(id)) throw new RangeError(`unknown action: ${String(id)}`);
  const row: ActionSpeedRow = ACTION_SPEEDS[id];
  const speed = row.speed;
  if (speed.kind === 'adds') throw new RangeError(`${id} does not take a turn on its own`);
  let added = 0;
  for (const other of options.with ?? []) {
    if (!isActionSpeedId(other)) throw new RangeError(`unknown action: ${String(other)}`);
    const extra: ActionSpeed = ACTION_SPEEDS[other].speed;
    if (extra.kind !== 'adds') throw new RangeError(`${other} takes a turn of its own`);
    added += extra.sf;
  }
  const factorMod = assertInteger('speed factor modifier', options.factorMod ?? 0) + added;
  const classSteps = assertInteger('speed class steps', options.classSteps ?? 0);
  const base = { action: id, delayed: row.delayed, added };
  const ofClass = (sc: SpeedClass): ActionSpeedResult => ({
    ...speedFactor(sc, { random: options.random, dice: options.dice, classSteps, factorMod }),
    ...base,
  });
  if (speed.kind === 'class') return ofClass(speed.speedClass);
  if (speed.kind === 'weapon') return ofClass(options.weapon ?? 'standard');
  if (speed.kind === 'castingTime') {
    if (!options.castingTime || !SPEED_CLASS_ORDER.includes(options.castingTime))
      throw new RangeError(`${id} needs the spell's casting time`);
    return ofClass(options.castingTime);
  }
  if (classSteps !== 0) throw new RangeError(`${id} has no speed class to step`);
  if (speed.kind === 'fixed') {
    const sf = Math.max(1, speed.sf + factorMod);
    return { sf, rolls: [], formula: String(sf), speedClass: null, ...base };
  }
  if (!options.random) {
    const sf = Math.max(1, speed.static + factorMod);
    return { sf, rolls: [], formula: String(sf), speedClass: null, ...base };
  }
  if (!options.dice) throw new RangeError('a random speed factor needs dice');
  const rolls: number[] = [];
  for (let i = 0; i < speed.count; i++) rolls.push(options.dice.roll(speed.faces));
  const flat = speed.bonus + factorMod;
  const sf = Math.max(1, rolls.reduce((a, b) => a + b, 0) + flat);
  const formula = `${speed.count}d${speed.faces}${flat === 0 ? '' : flat > 0 ? `+${flat}` : flat}`;
  return { sf, rolls, formula, speedClass: null, ...base };
}

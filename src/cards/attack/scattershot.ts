/**
 * Scattershot and longarms on the attack card (GnG SPECIAL ATTACKS › SCATTERSHOT; ADDITIONAL COMBAT
 * RULES › SIDEARMS AND LONGARMS IN MELEE). Glue only: the table is the engine's `scattershot`
 * (damage dice, targets, the −4 for two targets at three increments, no range penalty), the aisle is
 * `fire-areas.ts` through the burst card's scene helpers, the longarm's −4 is `attackRollModifiers`.
 *
 * The weapon's damage formula is its one-increment value (4dX): its die is the base die ("a base
 * damage die listed in their description"), and an increment rolls the table's count of that die.
 */
import { AISLE_WIDTH_FEET, SCATTERSHOT_MAX_INCREMENTS, parseDice, scattershot } from '../../rules/index.js';
import type { WeaponData } from '../../data/item/item-data.js';
import { centreFeet, tokensInArea } from '../shared/area-tokens.js';
import { ADJACENT_FEET, adjacent, feetBetween } from '../../combat/scene-grid.js';
import { tokenOf } from '../../combat/scene-lookup.js';
import type { CardTarget } from './attack-state.js';
import { mayTakeOpportunity } from '../shared/may-take-opportunity.js';
import { f } from '../../format.js';

/** "Adjacent": within 5 feet (the longarm's −4, scattershot's two adjacent targets): `scene-grid.ts`. */
export { ADJACENT_FEET };

/** What the card keeps of a scattershot: the increment, the dice rolled, the targets it may hit. */
export interface CardScattershot {
  /** Feet to the first target (null: no tokens on the scene, read as the first increment). */
  distanceFeet: number | null;
  rangeIncrement: number;
  increment: number;
  /** Dice of the base die rolled at this increment, and the base die's faces. */
  dice: number;
  faces: number;
  /** Targets allowed at this increment ('aisle': every defender in a 5-ft aisle). */
  maxTargets: 1 | 2 | 'aisle';
  /** The attack penalty for two targets (−4 at three increments; 0 otherwise). */
  penalty: number;
}

/** A scattershot plan before the card: the record, the extra aisle tokens, or why it is refused. */
export interface ScattershotPlan {
  record: CardScattershot | null;
  /** Five increments: the tokens in the aisle besides the first target, nearest first. */
  aisle: TokenDocument[];
  refusal: { key: string; data: Record<string, unknown> } | null;
}

function weaponData(weapon: Item): WeaponData | null {
  return weapon.type === 'weapon' ? (weapon.system as WeaponData) : null;
}

/** A weapon with the 'scattershot' property and a range increment. */
export function isScattershot(weapon: Item): boolean {
  const w = weaponData(weapon);
  return Boolean(w?.properties.includes('scattershot') && w.rangeIncrement > 0);
}

/** A longarm ("carbine or rifle"): `firearm.longarm`. */
export function isLongarm(weapon: Item): boolean {
  return weaponData(weapon)?.firearm?.longarm === true;
}

/** The attacker's token on the scene of the targeted tokens (its own token without targets). */
function attackerToken(attacker: Actor, tokens: readonly TokenDocument[]): TokenDocument | null {
  const scene = tokens[0]?.parent ?? null;
  return scene ? tokenOf(attacker, { scene }) : tokenOf(attacker);
}

/** Whether any of `tokens` is within 5 ft of the attacker's token (false without one on the scene). */
export function anyAdjacent(attacker: Actor, tokens: readonly TokenDocument[]): boolean {
  const from = attackerToken(attacker, tokens);
  return Boolean(from && tokens.some((token) => adjacent(from, token)));
}

/**
 * The scattershot of `weapon` (damage formula `damageDice`, the attack row's) at the targeted tokens:
 * the increment from the distance to the first; refused beyond five increments, with a second target
 * at one or two increments, with two targets not adjacent to each other, or with more than two at
 * three or four increments. At five increments, every other token in the aisle joins the targets.
 */
export function scattershotPlan(
  attacker: Actor,
  weapon: Item,
  damageDice: string,
  tokens: readonly TokenDocument[],
): ScattershotPlan {
  const none: ScattershotPlan = { record: null, aisle: [], refusal: null };
  if (!isScattershot(weapon)) return none;
  const w = weaponData(weapon) as WeaponData;
  const from = attackerToken(attacker, tokens);
  const first = tokens[0];
  const measured = from && first ? feetBetween(from, first) : Infinity;
  const distanceFeet = Number.isFinite(measured) ? measured : null;
  const refuse = (key: string, data: Record<string, unknown> = {}): ScattershotPlan => ({
    ...none,
    refusal: { key, data: { weapon: weapon.name, ...data } },
  });
  let row: ReturnType<typeof scattershot>;
  try {
    row = scattershot({ distanceFeet: distanceFeet ?? 0, rangeIncrementFeet: w.rangeIncrement });
  } catch {
    return refuse('GNG.Scattershot.Refusal.Range', {
      feet: distanceFeet,
      max: SCATTERSHOT_MAX_INCREMENTS * w.rangeIncrement,
    });
  }
  const count = Math.max(1, tokens.length);
  if (row.maxTargets === 1 && count > 1)
    return refuse('GNG.Scattershot.Refusal.OneTarget', { increment: row.increment });
  if (row.maxTargets === 2) {
    if (count > 2) return refuse('GNG.Scattershot.Refusal.TwoTargets', { increment: row.increment });
    const [a, b] = tokens;
    if (a && b && feetBetween(a, b) > ADJACENT_FEET)
      return refuse('GNG.Scattershot.Refusal.NotAdjacent', { increment: row.increment });
  }
  const penalty = scattershot({
    distanceFeet: distanceFeet ?? 0,
    rangeIncrementFeet: w.rangeIncrement,
    targets: row.maxTargets === 'aisle' ? 1 : count,
  }).attackPenalty;
  let aisle: TokenDocument[] = [];
  if (row.maxTargets === 'aisle' && from && first) {
    const origin = centreFeet(from);
    const to = centreFeet(first);
    const direction = (Math.atan2(to.y - origin.y, to.x - origin.x) * 180) / Math.PI;
    const area = {
      shape: 'aisle' as const,
      origin,
      direction,
      length: SCATTERSHOT_MAX_INCREMENTS * w.rangeIncrement,
      width: AISLE_WIDTH_FEET,
    };
    const named = new Set(tokens.map((token) => token.id));
    aisle = tokensInArea(area, origin, from).filter((token) => !named.has(token.id));
  }
  return {
    record: {
      distanceFeet,
      rangeIncrement: w.rangeIncrement,
      increment: row.increment,
      dice: row.damageDice,
      faces: parseDice(damageDice).faces,
      maxTargets: row.maxTargets,
      penalty,
    },
    aisle,
    refusal: null,
  };
}

/** The damage dice of this attack: the scattershot's count of the base die, else the weapon's formula. */
export function scattershotDice(
  record: CardScattershot | null | undefined,
  dice: { count: number; faces: number; bonus: number },
): { count: number; faces: number; bonus: number } {
  return record ? { ...dice, count: record.dice, faces: record.faces } : dice;
}

/** The damage formula shown: the scattershot's dice (with the formula's bonus), else the weapon's. */
export function scattershotFormula(
  record: CardScattershot | null | undefined,
  dice: { count: number; faces: number; bonus: number },
  formula: string,
): string {
  if (!record) return formula;
  const bonus = dice.bonus > 0 ? `+${dice.bonus}` : dice.bonus < 0 ? `${dice.bonus}` : '';
  return `${dice.count}d${dice.faces}${bonus}`;
}

function targetsKey(record: CardScattershot): string {
  if (record.maxTargets === 'aisle') return 'aisle';
  if (record.maxTargets === 1) return 'one';
  // Three increments: two targets cost −4 (the table's own penalty, whether or not a second is hit).
  return record.increment === 3 ? 'twoPenalty' : 'two';
}

/** The card's scattershot line (localized from the record alone). */
export function scattershotContext(record: CardScattershot | null | undefined) {
  if (!record) return null;
  return {
    text: f('GNG.Scattershot.Card.Line', {
      increment: record.increment,
      feet: record.distanceFeet ?? '—',
      range: record.rangeIncrement,
      dice: `${record.dice}d${record.faces}`,
    }),
    targets: game.i18n.localize(`GNG.Scattershot.Card.Targets.${targetsKey(record)}`),
    note: record.distanceFeet === null ? game.i18n.localize('GNG.Scattershot.Card.NoDistance') : null,
  };
}

/**
 * SIDEARMS AND LONGARMS IN MELEE: "attacking with a firearm or energy weapon while within a threatened
 * square provokes an attack of opportunity" (core rules: any ranged attack). A creature target whose
 * token is within 5 ft of the attacker's and that may take one (`mayTakeOpportunity`: armed, able, not
 * in total defense) is offered it, as against a called shot (`calledShot.provokes`, `ranged`); the damage waits for its answer.
 */
export function provokeWhileThreatened(
  attacker: Actor,
  mode: 'melee' | 'ranged',
  target: CardTarget,
  defender: Actor | null,
): void {
  // The same check as the attack-of-opportunity card's: a creature in total defense, helpless or
  // unarmed is offered none.
  if (mode !== 'ranged' || target.kind !== 'creature' || !defender || !mayTakeOpportunity(defender)) return;
  const token = tokenOf(defender, { tokenId: target.tokenId });
  if (!token || !anyAdjacent(attacker, [token])) return;
  if (target.calledShot) Object.assign(target.calledShot, { provokes: true, ranged: true });
  else
    target.calledShot = {
      effects: [],
      immune: [],
      provokes: true,
      ranged: true,
      aooBy: null,
      penetration: null,
      condition: null,
    };
}

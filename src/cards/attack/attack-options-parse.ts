/**
 * The attacker's choices as they arrive at the GM in a request: checked field by field (names,
 * types, the engine's lists), so a hand-written request carries nothing the dialog could not.
 * Anything else is refused; nothing is dropped silently.
 */
import {
  CALLED_SHOT_EFFECTS,
  CONCEALMENT_DEGREES,
  GRIPS,
  RIP_SENSES_CHOICES,
  SIZES,
  SPECIAL_STRIKE_IDS,
  type CalledShotEffect,
  type ConcealmentDegree,
  type Grip,
  type RipSensesChoice,
  type Size,
  type SpecialStrikeId,
} from '../../rules/index.js';
import { Refusal } from '../kernel/index.js';
import {
  DEFENDER_SITUATIONS,
  FIRE_CHOICES,
  type AttackOptions,
  type FireChoice,
  type SituationalModifier,
} from './attack-options.js';
import { parseSagaChoices } from './saga-options.js';
import { parseEgChoices } from './eg-options.js';
import { parseTcChoices } from './tc-options.js';

const SITUATIONAL: readonly SituationalModifier[] = ['flanking', 'higher-ground', 'squeezing'];

/** The largest flat modifier a request may carry (the dialog's "other modifier"). */
export const MAX_FLAT_BONUS = 20;

const bad = (): never => {
  throw new Refusal('GNG.Error.Attack.BadRequest');
};

function oneOf<T extends string>(value: unknown, list: readonly T[]): T {
  return typeof value === 'string' && (list as readonly string[]).includes(value) ? (value as T) : bad();
}

function listOf<T extends string>(value: unknown, list: readonly T[]): T[] {
  if (!Array.isArray(value)) return bad();
  return [...new Set(value.map((v) => oneOf(v, list)))];
}

function bool(value: unknown): boolean {
  return typeof value === 'boolean' ? value : bad();
}

function int(value: unknown, min: number, max: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : bad();
}

/** A document id as a request names a token or an item (Foundry ids: letters and digits). */
function documentId(value: unknown): string {
  return typeof value === 'string' && /^[A-Za-z0-9]{1,64}$/.test(value) ? value : bad();
}

/** The most targets a concealment map may name (the start request's own limit). */
const MAX_CONCEALED = 50;

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : bad();
}

const PARSERS: { [K in keyof AttackOptions]-?: (value: unknown) => AttackOptions[K] } = {
  grip: (v): Grip => oneOf(v, GRIPS),
  situational: (v) => listOf(v, SITUATIONAL),
  defenderSituation: (v) => listOf(v, DEFENDER_SITUATIONS),
  touch: bool,
  powerAttack: bool,
  nonlethal: bool,
  calledShots: (v): CalledShotEffect[] => listOf(v, CALLED_SHOT_EFFECTS),
  singleEdged: bool,
  strike: (v) => {
    const s = record(v);
    if (Object.keys(s).some((key) => !['id', 'itemId', 'sense'].includes(key))) bad();
    const strike: NonNullable<AttackOptions['strike']> = {
      id: oneOf<SpecialStrikeId>(s.id, SPECIAL_STRIKE_IDS),
    };
    if (s.itemId !== undefined) strike.itemId = typeof s.itemId === 'string' ? s.itemId : bad();
    if (s.sense !== undefined) strike.sense = oneOf<RipSensesChoice>(s.sense, RIP_SENSES_CHOICES);
    return strike;
  },
  bonus: (v) => int(v, -MAX_FLAT_BONUS, MAX_FLAT_BONUS),
  coupDeGrace: bool,
  fire: (v) => {
    const o = record(v);
    if (Object.keys(o).some((key) => key !== 'mode' && key !== 'controlled')) bad();
    const mode = oneOf<FireChoice>(o.mode, FIRE_CHOICES);
    // Only a burst is controlled, to one of the text's sizes (who may is checked with the actor).
    if (o.controlled !== undefined && (mode !== 'burst' || ![3, 5, 10].includes(int(o.controlled, 3, 10))))
      bad();
    return { mode, ...(o.controlled === undefined ? {} : { controlled: o.controlled as number }) };
  },
  // Per target token: one of the table's degrees (whether each id is a target is checked with the card).
  concealment: (v) => {
    const entries = Object.entries(record(v));
    if (entries.length > MAX_CONCEALED) bad();
    const out: Record<string, ConcealmentDegree> = {};
    for (const [id, degree] of entries) out[documentId(id)] = oneOf(degree, CONCEALMENT_DEGREES);
    return out;
  },
  intoMelee: bool,
  fightingDefensively: bool,
  offHand: documentId,
  // Whose item it is, and that it is held, is checked with the targets (sunder.ts `checkSunder`).
  sunder: (v) => {
    const o = record(v);
    if (Object.keys(o).some((key) => key !== 'itemId')) bad();
    return { itemId: documentId(o.itemId) };
  },
  saga: parseSagaChoices,
  eg: parseEgChoices,
  tc: parseTcChoices,
  object: (v) => {
    const o = record(v);
    if (Object.keys(o).some((key) => key !== 'size' && key !== 'moving')) bad();
    return {
      size: oneOf<Size>(o.size, SIZES),
      ...(o.moving === undefined ? {} : { moving: bool(o.moving) }),
    };
  },
};

/** The attack options of a request; a refusal for an unknown field or a value the dialog cannot make. */
export function parseAttackOptions(raw: unknown): AttackOptions {
  if (raw === undefined) return {};
  const input = record(raw);
  const options: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    // GnG SNEAK ATTACK: the card counts the dice from the attacker's documents (sneak-attack.ts); a
    // request that names any (as older versions' choices did) is told so, whatever the number.
    if (key === 'sneakAttackDice') throw new Refusal('GNG.Error.Attack.SneakAttackClaimed');
    // Own keys only: `__proto__`, `constructor`, `toString` … are no options.
    if (!Object.hasOwn(PARSERS, key)) bad();
    const parse = PARSERS[key as keyof AttackOptions];
    if (value !== undefined && value !== null) options[key] = parse(value);
  }
  return options as AttackOptions;
}

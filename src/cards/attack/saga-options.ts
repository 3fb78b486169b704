/**
 * The attack options of the Saga-style chapter (seed 001; issue #30): what the attacker claims for
 * one attack under that model (charge, flanking, into melee's choice, each target's concealment and
 * cover, a maneuver), as they arrive at the GM in a request: checked field by field, anything else
 * refused. Under another model these options are refused (saga-attack.ts `checkSagaOptions`).
 */
import {
  INTO_MELEE_CHOICES,
  SAGA_CONCEALMENT,
  type IntoMeleeChoice,
  type SagaConcealment,
} from '../../rules/models/saga/attack-situation.js';
import { SAGA_MANEUVERS, type SagaManeuver } from '../../rules/models/saga/maneuvers.js';
import { Refusal } from '../kernel/index.js';

/** Cover from the attacker (001:76–92): partial +2, cover +5, improved +10 Reflex; total: no attack. */
export const SAGA_COVER = ['partial', 'cover', 'improved', 'total'] as const;
export type SagaCover = (typeof SAGA_COVER)[number];

/** What a target is doing for its defense (001:121, 139): Partial or Total Defense, or withdrawing. */
export const SAGA_DEFENDING = ['partial', 'total', 'withdrawing'] as const;
export type SagaDefendingChoice = (typeof SAGA_DEFENDING)[number];

export interface SagaAttackChoices {
  /** A charge (001:66): +2, melee. */
  charge?: boolean;
  /** Flanking (001:117): +2, melee. */
  flanking?: boolean;
  /** A ranged attack into melee (001:149): −5 (`careful`) or the risk of hitting an ally. */
  intoMelee?: IntoMeleeChoice;
  /** Each target's concealment from the attacker, by target token id (001:69–73). */
  concealment?: Record<string, Exclude<SagaConcealment, 'none'>>;
  /** Each target's cover from the attacker, by target token id (001:76–92). */
  cover?: Record<string, SagaCover>;
  /**
   * Each target's Partial or Total Defense or withdrawal, by target token id (001:121, 139): the
   * attacker says so (it only raises the target's defenses).
   */
  defending?: Record<string, SagaDefendingChoice>;
  /** A combat maneuver instead of a damaging attack (001:163–185). */
  maneuver?: SagaManeuver;
  /** Bull rush: squares free behind the target before a wall (absent: none in the way). */
  wallAfter?: number;
}

const bad = (): never => {
  throw new Refusal('GNG.Error.Attack.BadRequest');
};

function oneOf<T extends string>(value: unknown, list: readonly T[]): T {
  return typeof value === 'string' && (list as readonly string[]).includes(value) ? (value as T) : bad();
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : bad();
}

/** The most targets a per-target map may name (the start request's own limit). */
const MAX_TARGETS = 50;

function perTarget<T extends string>(value: unknown, list: readonly T[]): Record<string, T> {
  const entries = Object.entries(record(value));
  if (entries.length > MAX_TARGETS) bad();
  const out: Record<string, T> = {};
  for (const [id, v] of entries) {
    if (!/^[A-Za-z0-9]{1,64}$/.test(id)) bad();
    out[id] = oneOf(v, list);
  }
  return out;
}

const flag = (v: unknown): boolean => (typeof v === 'boolean' ? v : bad());

const PARSERS: { [K in keyof SagaAttackChoices]-?: (value: unknown) => SagaAttackChoices[K] } = {
  charge: flag,
  flanking: flag,
  intoMelee: (v) => oneOf(v, INTO_MELEE_CHOICES),
  concealment: (v) =>
    perTarget(
      v,
      SAGA_CONCEALMENT.filter((d) => d !== 'none'),
    ),
  cover: (v) => perTarget(v, SAGA_COVER),
  defending: (v) => perTarget(v, SAGA_DEFENDING),
  maneuver: (v) => oneOf(v, SAGA_MANEUVERS),
  wallAfter: (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 100 ? v : bad()),
};

/** The Saga choices of a request; a refusal for an unknown field or a value the dialog cannot make. */
export function parseSagaChoices(raw: unknown): SagaAttackChoices {
  const input = record(raw);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!Object.hasOwn(PARSERS, key)) bad();
    if (value !== undefined && value !== null) out[key] = PARSERS[key as keyof SagaAttackChoices](value);
  }
  return out as SagaAttackChoices;
}

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
import { maybe, payload } from '../kernel/index.js';

/** The most targets a per-target map may name (the start request's own limit). */
const MAX_TARGETS = 50;

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

/** The Saga choices of a request (each target's by its token id): what the dialog can make. */
export const SAGA_CHOICES = payload(
  {
    charge: maybe('bool'),
    flanking: maybe('bool'),
    intoMelee: maybe(INTO_MELEE_CHOICES),
    concealment: maybe(
      SAGA_CONCEALMENT.filter((d) => d !== 'none'),
      { map: true, max: MAX_TARGETS },
    ),
    cover: maybe(SAGA_COVER, { map: true, max: MAX_TARGETS }),
    defending: maybe(SAGA_DEFENDING, { map: true, max: MAX_TARGETS }),
    maneuver: maybe(SAGA_MANEUVERS),
    wallAfter: maybe('int', { min: 0, max: 100 }),
  },
  'GNG.Error.Attack.BadRequest',
);

/**
 * What the Time Count and Threshold of Pain model (seed 002; issue #32) stores of a creature,
 * `system.model.tc`, read with defaults: fatigue, Invigoration, the ToP lost this combat, impairments,
 * paralysis and petrification damage, the stance, and the chapter's attributes (Fortitude, Agility,
 * Willpower, Persona, Power, Accuracy bought with AP and the base ToP: decision A6, stored, default 0;
 * base ToP 3, 002:74). Pure.
 */
import { assertInteger, assertNonNegativeInteger } from '../../validate.js';
import type { ModelCreature } from '../types.js';

export const TC_MODEL_ID = 'tc';

/** "All characters begin with a base ToP of 3" (002:74). */
export const TOP_BASE = 3;

/** The stances (002:575–636, A12) and the basic one (none). */
export const TC_STANCES = ['basic', 'defensive', 'crouch', 'parry', 'poised', 'prone', 'casting'] as const;
export type TcStance = (typeof TC_STANCES)[number];

/** The chapter's attributes (A6), stored at `model.tc.attributes`. */
export const TC_ATTRIBUTES = [
  'fortitude',
  'agility',
  'willpower',
  'persona',
  'power',
  'accuracy',
  'topBase',
] as const;
export type TcAttribute = (typeof TC_ATTRIBUTES)[number];

/** The attack types of the impairments table (002:84–90). */
export const TC_DAMAGE_TYPES = ['bludgeoning', 'piercing', 'slashing'] as const;
export type TcDamageType = (typeof TC_DAMAGE_TYPES)[number];

/** Petrification damage that turns a creature to stone (002:719). */
export const PETRIFIED_AT = 10;

export interface TcState {
  fatigue: number;
  invigoration: number;
  topLost: number;
  impairments: Record<TcDamageType, number>;
  paralysis: number;
  petrification: number;
  stance: TcStance;
  attributes: Record<TcAttribute, number>;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function count(name: string, v: unknown): number {
  return v === undefined || v === null ? 0 : assertNonNegativeInteger(name, v as number);
}

/**
 * The creature's stored TC fields (`creature.model.tc`), each absent one at its default; a RangeError
 * names a stored value that is not a whole number (≥ 0 where it counts something).
 */
export function tcState(creature: Pick<ModelCreature, 'model'>): TcState {
  const raw: unknown = (creature.model as Record<string, unknown> | undefined)?.tc;
  const tc = isRecord(raw) ? raw : {};
  const imp = isRecord(tc.impairments) ? tc.impairments : {};
  const attrs = isRecord(tc.attributes) ? tc.attributes : {};
  const attributes = {} as Record<TcAttribute, number>;
  for (const a of TC_ATTRIBUTES) {
    const v = attrs[a];
    const initial = a === 'topBase' ? TOP_BASE : 0;
    // The label is built only for a bad value: the state is read on every hit (issue #29).
    attributes[a] =
      v === undefined || v === null
        ? initial
        : Number.isInteger(v)
          ? (v as number)
          : assertInteger(`attribute ${a}`, v as number);
  }
  if (attributes.topBase < 0) throw new RangeError(`base ToP must be ≥ 0, got ${attributes.topBase}`);
  const stance = (TC_STANCES as readonly unknown[]).includes(tc.stance) ? (tc.stance as TcStance) : 'basic';
  return {
    fatigue: count('fatigue', tc.fatigue),
    invigoration: count('Invigoration', tc.invigoration),
    topLost: count('ToP lost', tc.topLost),
    impairments: {
      bludgeoning: count('bludgeoning impairments', imp.bludgeoning),
      piercing: count('piercing impairments', imp.piercing),
      slashing: count('slashing impairments', imp.slashing),
    },
    paralysis: count('paralysis damage', tc.paralysis),
    petrification: Math.min(PETRIFIED_AT, count('petrification damage', tc.petrification)),
    stance,
    attributes,
  };
}

/** The attributes after the impairments (002:84–90): B −1 Fortitude, P −1 Willpower, S −1 Agility each. */
export function impairedAttributes(
  state: Pick<TcState, 'attributes' | 'impairments'>,
): Record<TcAttribute, number> {
  const a = state.attributes;
  const i = state.impairments;
  return {
    ...a,
    fortitude: a.fortitude - i.bludgeoning,
    willpower: a.willpower - i.piercing,
    agility: a.agility - i.slashing,
    // B −1 Accuracy, P −1 Power (002:85–88).
    accuracy: a.accuracy - i.bludgeoning,
    power: a.power - i.piercing,
  };
}

/** How many impairments a creature has taken (all three types). */
export function impairmentCount(impairments: Record<TcDamageType, number>): number {
  return impairments.bludgeoning + impairments.piercing + impairments.slashing;
}

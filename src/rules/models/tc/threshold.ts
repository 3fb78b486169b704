/**
 * The Threshold of Pain (seed 002; issue #32; R20, R22, A7, A15): "All characters begin with a base
 * ToP of 3 … Your effective ToP is equal to your base + Persona + armor or other special modifiers"
 * (002:74); "Any attack that hits … also reduces your effective ToP by 1 for future attacks. If your
 * effective ToP reaches 0, then you are considered wounded" (002:78). The hits taken this combat are
 * stored (`model.tc.topLost`, A7: cleared when the combat ends); the effective ToP never drops below 0.
 * Armor counts its armor bonus (the worn armor's bonus and enhancement, as in Primary and Passive).
 * Pure.
 */
import { assertNonNegativeInteger, assertInteger } from '../../validate.js';
import type { ModelCreature, ModelPart } from '../types.js';
import { tcState } from './state.js';

export interface TcThreshold {
  /** Base + Persona + armor: the ToP before this combat's hits. */
  full: number;
  /** Hits taken this combat (each −1). */
  lost: number;
  /** max(0, full − lost). */
  effective: number;
  /** Lang keys `GNG.Model.TC.Top.Part.*`. */
  parts: ModelPart[];
}

const part = (key: string, value: number): ModelPart => ({ label: `GNG.Model.TC.Top.Part.${key}`, value });

/** The creature's ToP, with `lost` hits this combat (default: its stored `model.tc.topLost`). */
export function tcThreshold(creature: ModelCreature, lost?: number): TcThreshold {
  const state = tcState(creature);
  const hits = lost === undefined ? state.topLost : assertNonNegativeInteger('ToP lost', lost);
  const parts = [
    part('base', state.attributes.topBase),
    part('persona', state.attributes.persona),
    part('armor', assertInteger('armor', creature.armor ?? 0)),
  ].filter((p, i) => i === 0 || p.value !== 0);
  const full = parts.reduce((s, p) => s + p.value, 0);
  return { full, lost: hits, effective: Math.max(0, full - hits), parts };
}

/** Wounded (002:78, A15): the effective ToP is 0, so every later hit passes it. */
export function isWounded(threshold: Pick<TcThreshold, 'effective'>): boolean {
  return threshold.effective === 0;
}

/**
 * How a hit's lethal damage splits at the threshold `top` (R21 with A2): damage ≥ ToP passes it, adds
 * fatigue equal to the ToP and takes the excess from the hit points; less only adds fatigue (002:76).
 */
export function topSplitOf(damage: number, top: number): { fatigue: number; hp: number; passed: boolean } {
  const d = assertNonNegativeInteger('damage', damage);
  const t = assertNonNegativeInteger('ToP', top);
  if (d > 0 && d >= t) return { fatigue: t, hp: d - t, passed: true };
  return { fatigue: d, hp: 0, passed: false };
}

/**
 * The Time Count's speed classes, fastest first (seed 002:250–261): a module of its own so the weapon
 * data model (start code) reads the same list without loading the model's engine (rules/models/tc/,
 * kept out of the start).
 */
export type SpeedClass = 'free' | 'rapid' | 'swift' | 'fast' | 'standard' | 'slow' | 'sedentary';

/** The speed classes, fastest first: a class step moves one place along this list. */
export const SPEED_CLASS_ORDER: readonly SpeedClass[] = [
  'free',
  'rapid',
  'swift',
  'fast',
  'standard',
  'slow',
  'sedentary',
];

/**
 * The simulator benchmarks' duelist (bench/simulate.ts, bench/seam.ts): a 5th-level fighter with a
 * longsword, breastplate-like Protection and a large shield.
 */
import type { CombatantSnapshot } from '../src/rules/simulate/index.js';

export const fighter = (id: string): CombatantSnapshot => ({
  id,
  name: id,
  size: 'medium',
  hp: { value: 33, max: 33 },
  con: 15,
  initiative: 1,
  defense: { melee: 7, ranged: 7 },
  protection: { armor: 5, enhancement: 1 },
  saves: { fortitude: 6, reflex: 2 },
  attacks: [
    {
      name: 'Longsword',
      mode: 'melee',
      bonus: 9,
      dice: { count: 1, faces: 8 },
      weaponBonus: 1,
      strength: { modifier: 3, grip: 'one-handed' },
      slashing: true,
    },
  ],
  block: { bonus: 9, shield: 'large', shieldBonus: 2 },
});

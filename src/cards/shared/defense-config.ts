/** The `gng.preDefense` hook's payload: the attack card's Defense roll and Flow with Enemy's read it. */
import type { DefenseBreakdown } from '../../rules/index.js';

/** What `gng.preDefense` handlers receive and may change (`bonus`, `autoRollOne`). */
export interface DefenseConfig {
  mode: 'melee' | 'ranged';
  touch: boolean;
  bonus: number;
  autoRollOne: boolean;
  breakdown: DefenseBreakdown | null;
}

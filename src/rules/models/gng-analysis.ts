/** GnG's exact odds and fight loop (loaded on first use: not in the code a world loads at start). */
import { attackOdds } from '../odds/attack-odds.js';
import { simulateFight } from '../simulate/fight.js';
import type { ModelAnalysis } from './types.js';

export const GNG_ANALYSIS: ModelAnalysis = { odds: attackOdds, fight: simulateFight };

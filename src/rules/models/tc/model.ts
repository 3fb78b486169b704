/**
 * The Time Count and Threshold of Pain combat model (seed 002; issue #32; ../shared/design/
 * combat-models.md §2.2): five static defenses (Primary, Passive, Vigor, Celerity, Spirit), one d20
 * against them (a natural 20 hits, a critical only when it also beats the defense by 1; a natural 1 is
 * a fumble), damage of at least 1 split at the Threshold of Pain into fatigue and HP, and a Time Count
 * in place of rounds (A14: a count is about ½ s). Capabilities `timeCount` and `fatigue`; every GnG
 * capability off. Loaded with the model, never by the code a world loads at start (issue #29).
 */
import { lazyAnalysis, staticSpec as spec } from '../static-model.js';
import { MODEL_CAPABILITIES, type CombatModel, type ModelCapabilities } from '../types.js';
import { tcDamage } from './damage.js';
import { TC_HEALTH_FIELDS, TC_HEALTH_PATHS, tcApplyDamage, tcHealthStatus } from './health.js';
import { tcMaxHitPoints } from './hit-points.js';
import { resolveTc } from './resolve.js';
import { tcDefenseMet, tcSheetDefenses } from './situation.js';
import { TC_MODEL_ID } from './state.js';

export { TC_MODEL_ID } from './state.js';

// Pure (no side effect at load): nothing of this model enters the code loaded at start.
const CAPABILITIES = /* @__PURE__ */ Object.fromEntries(
  MODEL_CAPABILITIES.map((c) => [c, c === 'timeCount' || c === 'fatigue']),
) as unknown as ModelCapabilities;

/** A count is about half a second (002:241); 12 counts make a 6-second round (A14). */
export const SECONDS_PER_COUNT = 0.5;

export const TC_MODEL: CombatModel = {
  id: TC_MODEL_ID,
  label: 'GNG.Model.TC.label',
  capabilities: CAPABILITIES,
  healthFields: TC_HEALTH_FIELDS,
  turns: { kind: 'time-count', secondsPerUnit: SECONDS_PER_COUNT },
  defenses(creature) {
    const d = tcSheetDefenses(creature);
    return {
      primary: spec(d.primary),
      passive: spec(d.passive),
      vigor: spec(d.vigor),
      celerity: spec(d.celerity),
      spirit: spec(d.spirit),
    };
  },
  defenseAgainst(attack, creature) {
    return spec(tcDefenseMet(attack, creature).defense);
  },
  maxHitPoints: tcMaxHitPoints,
  // The seam's resolve is a weapon's without the Precise property (resolveTc takes the options).
  resolve: (attackTotal, defense, natural) => resolveTc(attackTotal, defense, natural),
  damage: tcDamage,
  applyDamage: tcApplyDamage,
  healthStatus: tcHealthStatus,
  reactions() {
    // No abort actions: the text's reactions are stances and maneuvers on the Time Count.
    return [];
  },
  // The exact odds and the fight loop (analysis.ts), loaded on first use.
  analysis: /* @__PURE__ */ lazyAnalysis(() => import('./analysis.js').then((m) => m.tcAnalysis(TC_MODEL))),
  healthPaths: TC_HEALTH_PATHS,
};

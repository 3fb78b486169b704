/**
 * The Enlightened Grognard combat model (seed 003; issue #31; ../shared/design/combat-models.md §2.3):
 * four static defenses (AC, Fortitude, Reflex, Will), one d20 roll against them (a natural 20 hits
 * and deals maximum damage, a natural 1 misses), damage of at least 1 without Protection or margin,
 * and the bloodied, disabled, dying and dead of HP and Constitution damage; power, speed and insight
 * tokens (capability `tokens`). Every GnG capability is off. Loaded with the model, never by the code
 * a world loads at start (the start budget, issue #29).
 */
import { lazyAnalysis, onlyCapability, staticSpec as spec } from '../static-model.js';
import type { CombatModel } from '../types.js';
import { egDamage } from './damage.js';
import { egDefenseAgainst, egDefenses } from './defenses.js';
import { EG_HEALTH_FIELDS, EG_HEALTH_PATHS, egApplyDamage, egHealthStatus } from './health.js';
import { egMaxHitPoints } from './hit-points.js';
import { resolveEg } from './resolve.js';

export const EG_MODEL_ID = 'eg';

// Pure (no side effect at load): nothing of this model enters the code loaded at start.
const CAPABILITIES = /* @__PURE__ */ onlyCapability('tokens');

export const EG_MODEL: CombatModel = {
  id: EG_MODEL_ID,
  label: 'GNG.Model.EG.label',
  capabilities: CAPABILITIES,
  healthFields: EG_HEALTH_FIELDS,
  // A round is 6 seconds (the core rules, seed 004; the chapter counts rounds, 003:120).
  turns: { kind: 'rounds', secondsPerUnit: 6 },
  defenses(creature) {
    const d = egDefenses(creature);
    return { ac: spec(d.ac), fortitude: spec(d.fortitude), reflex: spec(d.reflex), will: spec(d.will) };
  },
  defenseAgainst(attack, creature) {
    return spec(egDefenseAgainst(attack, creature));
  },
  maxHitPoints: egMaxHitPoints,
  resolve: resolveEg,
  damage: egDamage,
  applyDamage: (before, damage, creature) => egApplyDamage(before, damage, creature),
  healthStatus: egHealthStatus,
  reactions() {
    // No abort actions: the defender's tokens are spent on the attack card (issue #31's card lane).
    return [];
  },
  // The exact odds and the fight loop (analysis.ts), loaded on first use.
  analysis: /* @__PURE__ */ lazyAnalysis(() => import('./analysis.js').then((m) => m.egAnalysis(EG_MODEL))),
  healthPaths: EG_HEALTH_PATHS,
};

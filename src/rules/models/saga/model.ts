/**
 * The Saga-style combat model (seed 001; issue #30; ../shared/design/combat-models.md §2.1): static
 * Reflex, Fortitude and Will Defense, one d20 roll against them (a natural 20 hits and doubles the
 * damage, a natural 1 misses: A9), damage without Protection or margin, and the six-step condition
 * track with the damage threshold. Every GnG capability is off: the chapter has the condition track of
 * its own, and its maneuvers, areas and grapple are its own cards (issue #30's card lane). Loaded on
 * first use, never by the code a world loads at start (the start budget, issue #29).
 */
import { lazyAnalysis, onlyCapability, staticSpec as spec } from '../static-model.js';
import type { CombatModel } from '../types.js';
import { sagaDamage } from './damage.js';
import { conditionStep } from './condition-track.js';
import {
  conditionStepOf,
  fortitudeDefense,
  reflexDefense,
  sagaDefenses,
  sagaSituation,
  willDefense,
} from './defenses.js';
import { SAGA_HEALTH_FIELDS, sagaApplyDamage, sagaHealthStatus } from './health.js';
import { sagaMaxHitPoints } from './hit-points.js';
import { resolveSaga } from './resolve.js';

export const SAGA_MODEL_ID = 'saga';

/** Where the condition step is stored, relative to the actor's `system`. */
export const CONDITION_STEP_PATH = 'model.saga.conditionStep';

// Pure (no side effect at load): nothing of this model enters the code loaded at start.
const CAPABILITIES = /* @__PURE__ */ onlyCapability('conditionTrack');

export const SAGA_MODEL: CombatModel = {
  id: SAGA_MODEL_ID,
  label: 'GNG.Model.Saga.label',
  capabilities: CAPABILITIES,
  healthFields: SAGA_HEALTH_FIELDS,
  // A round is 6 seconds (core rules, seed 004; the chapter counts rounds, 001:145).
  turns: { kind: 'rounds', secondsPerUnit: 6 },
  defenses(creature) {
    const d = sagaDefenses(creature);
    return { reflex: spec(d.reflex), fortitude: spec(d.fortitude), will: spec(d.will) };
  },
  defenseAgainst(attack, creature) {
    const s = sagaSituation(attack.situation);
    if (s.defense === 'fortitude') return spec(fortitudeDefense(creature, s));
    if (s.defense === 'will') return spec(willDefense(creature, s));
    return spec(reflexDefense(creature, attack, s));
  },
  maxHitPoints(creature) {
    return sagaMaxHitPoints(creature.hitPoints);
  },
  resolve: resolveSaga,
  damage: sagaDamage,
  applyDamage: sagaApplyDamage,
  healthStatus: sagaHealthStatus,
  reactions() {
    // No abort actions: Partial and Total Defense are the defender's own actions (001:121).
    return [];
  },
  // The exact odds and the fight loop (analysis.ts), loaded on first use.
  analysis: /* @__PURE__ */ lazyAnalysis(() =>
    import('./analysis.js').then((m) => m.sagaAnalysis(SAGA_MODEL)),
  ),
  healthPaths: { conditionStep: CONDITION_STEP_PATH },
  // A1: the condition step's penalty is on "ability and skill checks" too.
  checkPenalty: (creature) => conditionStep(conditionStepOf(creature)).penalty,
};

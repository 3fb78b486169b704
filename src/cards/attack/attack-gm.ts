/**
 * What the active GM's client runs to write an attack card (issue #29): making it (attack-start.ts)
 * and its steps — Defense, damage, Apply and Undo, the called shots' saves and attacks of
 * opportunity, the strikes, the wound trauma save — and the card's content rendered from its state
 * (attack-save.ts, attack-render.ts). Loaded by the first card this GM makes or changes (attack-actions.ts);
 * at start stay the query, the asking client's `startAttack` (attack-ask.ts) and what decorates a
 * rendered card (who may press which button: attack-state.ts, attack-aborts.ts).
 */
export { createAttackCard } from './attack-start.js';
export { createOffHandCard } from './attack-off-hand.js';
export {
  applyDamage,
  rollDamage,
  rollDefense,
  setDefense,
  undoDamage,
  woundTraumaSave,
} from './attack-steps.js';
export { attackOfOpportunityAction, conditionSaveAction, penetrationSaveAction } from './called-shots.js';
export { strikeAction } from './strike-steps.js';
export { saveCard } from './attack-save.js';

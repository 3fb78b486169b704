/**
 * The fight simulator's engine (issue #20), exposed as `game.gng.rules.simulate`: one fight
 * (`simulateFight`) and many (`simulateMany`, `FightAggregator`), dice injected, every rule by the
 * engine. docs/api.md "Fight simulator"; decisions in docs/rules.md "The fight simulator (issue #20)".
 */
export * from './types.js';
export {
  simulateFight,
  bestAttack,
  DEFAULT_ROUND_CAP,
  type FightPolicies,
  type FightOptions,
} from './fight.js';
export { FightAggregator, simulateMany, type SimulateManyOptions } from './aggregate.js';

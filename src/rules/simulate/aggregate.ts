/**
 * Many simulated fights (issue #20): an aggregator that counts fight results as they come (so a Web
 * Worker or an in-process loop can run them in chunks and report progress), and `simulateMany`, the
 * synchronous loop over it.
 */
import type { DiceSource } from '../types.js';
import { DEFAULT_ROUND_CAP, simulateFight, type FightPolicies } from './fight.js';
import {
  END_STATES,
  type CombatantAggregate,
  type EndState,
  type FightResult,
  type FightSides,
  type SimulationAggregate,
  type SimVariants,
} from './types.js';

interface Tally {
  id: string;
  name: string;
  side: 'a' | 'b';
  maxHp: number;
  states: Record<EndState, number>;
  hp: Map<number, number>;
  hpSum: number;
  attacks: number;
  hits: number;
}

/** Counts fight results; `result()` gives the aggregate so far. */
export class FightAggregator {
  fights = 0;
  readonly wins = { a: 0, b: 0, draw: 0 };
  readonly rounds: number[] = [];
  #roundSum = 0;
  readonly #tallies: Tally[];

  constructor(
    sides: FightSides,
    readonly roundCap: number = DEFAULT_ROUND_CAP,
  ) {
    const tally = (side: 'a' | 'b') => (s: FightSides['a'][number]) => ({
      id: s.id,
      name: s.name,
      side,
      maxHp: s.hp.max,
      states: Object.fromEntries(END_STATES.map((k) => [k, 0])) as Record<EndState, number>,
      hp: new Map<number, number>(),
      hpSum: 0,
      attacks: 0,
      hits: 0,
    });
    this.#tallies = [...sides.a.map(tally('a')), ...sides.b.map(tally('b'))];
  }

  add(fight: FightResult): void {
    this.fights += 1;
    this.wins[fight.winner] += 1;
    const i = Math.max(0, fight.rounds - 1);
    while (this.rounds.length <= i) this.rounds.push(0);
    this.rounds[i] = (this.rounds[i] as number) + 1;
    this.#roundSum += fight.rounds;
    fight.combatants.forEach((c, index) => {
      const t = this.#tallies[index];
      if (!t) return;
      t.states[c.state] += 1;
      t.hp.set(c.hp, (t.hp.get(c.hp) ?? 0) + 1);
      t.hpSum += c.hp;
      t.attacks += c.attacks;
      t.hits += c.hits;
    });
  }

  result(): SimulationAggregate {
    const n = Math.max(1, this.fights);
    const combatants: CombatantAggregate[] = this.#tallies.map((t) => {
      const keys = [...t.hp.keys()];
      const hpMin = keys.length ? Math.min(...keys) : 0;
      const hpMax = keys.length ? Math.max(...keys) : 0;
      const hpCounts = Array.from({ length: hpMax - hpMin + 1 }, (_, k) => t.hp.get(hpMin + k) ?? 0);
      return {
        id: t.id,
        name: t.name,
        side: t.side,
        maxHp: t.maxHp,
        states: Object.fromEntries(END_STATES.map((k) => [k, t.states[k] / n])) as Record<EndState, number>,
        hpMin,
        hpCounts,
        meanHp: t.hpSum / n,
        hitRate: t.attacks ? t.hits / t.attacks : null,
        attacks: t.attacks,
      };
    });
    return {
      fights: this.fights,
      wins: { ...this.wins },
      rounds: [...this.rounds],
      meanRounds: this.#roundSum / n,
      combatants,
      roundCap: this.roundCap,
    };
  }
}

/** Options of {@link simulateMany}. */
export interface SimulateManyOptions {
  roundCap?: number;
  /** Called every `progressEvery` fights (default 500) and at the end with the fights done. */
  onProgress?: (done: number, total: number) => void;
  progressEvery?: number;
}

/** `n` fights in a row (synchronous), aggregated. */
export function simulateMany(
  n: number,
  sides: FightSides,
  policies: FightPolicies,
  variants: SimVariants,
  dice: DiceSource,
  options: SimulateManyOptions = {},
): SimulationAggregate {
  const cap = options.roundCap ?? DEFAULT_ROUND_CAP;
  const agg = new FightAggregator(sides, cap);
  const every = Math.max(1, options.progressEvery ?? 500);
  for (let i = 0; i < n; i++) {
    agg.add(simulateFight(sides, policies, variants, dice, { roundCap: cap }));
    if (options.onProgress && ((i + 1) % every === 0 || i + 1 === n)) options.onProgress(i + 1, n);
  }
  return agg.result();
}

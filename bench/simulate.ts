/**
 * `npm run bench` (fifth part): the fight simulator (issue #20, "Performance"): "10,000 one-on-one
 * fights under 1 s in the worker on this 2-core machine". Here in-process, in Node (the worker runs
 * the same `runChunked` loop; the browser test test/browser/simulator.test.ts measures the worker).
 *
 * Two one-on-one fights: two 5th-level fighters (longsword vs longsword, Block when the attack is
 * kept), and the same under both Appendix 1 wound variants with Vital Strike on every attack. Each
 * sample runs 10,000 fights; the median of a few samples after a warm-up is printed as a ratio of
 * the 1 s goal. Nothing gates CI: the script exits 0 whatever the numbers and prints OK or OVER.
 */
import { seededDice } from '../src/rules/index.js';
import { simulateMany, type FightPolicies, type SimVariants } from '../src/rules/simulate/index.js';
import { fighter } from './duelist.js';
import { figure } from './figures.js';

const FIGHTS = 10_000;
const GOAL_MS = 1000;
const SAMPLES = 5;

const CASES: { name: string; policies: FightPolicies; variants: SimVariants }[] = [
  { name: 'fighter vs fighter, Block kept to the move action', policies: {}, variants: {} },
  {
    name: 'the same, Vital Strike on every attack, both wound variants',
    policies: { a: { calledShot: 'vital-strike' }, b: { calledShot: 'vital-strike' } },
    variants: { advancedWoundTrauma: true, woundsCauseBleeding: true },
  },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function main(): void {
  // The machine is shared: wall time counts the waits for a core, CPU time (user + system) does not.
  console.log(
    `Node ${process.version}; ${FIGHTS.toLocaleString('en')} one-on-one fights, goal ${GOAL_MS} ms\n`,
  );
  const sides = { a: [fighter('A')], b: [fighter('B')] };
  for (const c of CASES) {
    simulateMany(1000, sides, c.policies, c.variants, seededDice(1)); // warm-up
    const times: number[] = [];
    const cpu: number[] = [];
    let rounds = 0;
    for (let s = 0; s < SAMPLES; s++) {
      const start = performance.now();
      const used = process.cpuUsage();
      const r = simulateMany(FIGHTS, sides, c.policies, c.variants, seededDice(100 + s));
      times.push(performance.now() - start);
      const spent = process.cpuUsage(used);
      cpu.push((spent.user + spent.system) / 1000);
      rounds = r.meanRounds;
    }
    const ms = median(times);
    const ratio = ms / GOAL_MS;
    console.log(
      `${c.name}: ${ms.toFixed(0)} ms (${Math.round((FIGHTS * 1000) / ms).toLocaleString('en')} fights/s, ` +
        `mean ${rounds.toFixed(2)} rounds; CPU ${median(cpu).toFixed(0)} ms) = ${ratio.toFixed(2)} × goal ` +
        `${ratio <= 1 ? 'OK' : 'OVER'}`,
    );
    figure({ bench: 'simulate', name: `10,000 fights: ${c.name}`, value: ms, unit: 'ms', goal: GOAL_MS });
  }
}

main();

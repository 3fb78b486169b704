/**
 * `npm run bench` (fourth part): how fast the exact odds are (issue #20, "Performance"): "Odds for one
 * attack against one target under 1 ms (median), so the dialog stays live with 10 targets within one
 * 60 fps frame".
 *
 * `game.gng.rules.odds.attackOdds` for one attack against ten different targets (HP, size, Defense and
 * Protection varied, as a dialog with ten targets would ask), for two attacks: a plain sword blow, and
 * the heaviest the dialog makes — a called shot (Penetration, stun, Vital Strike) with an armor-piercing
 * 2d6, DR, both Appendix 1 wound variants and temporary HP. Each sample times the ten targets; the
 * figure per target is that over ten. Medians of repeated samples after a warm-up.
 *
 * Printed as ratios: per target against the 1 ms goal, and ten targets against one 16.7 ms frame.
 * Nothing gates CI: the script exits 0 whatever the numbers and prints OK or OVER against each goal.
 */
import { SIZES, type Size } from '../src/rules/index.js';
import { odds } from '../src/rules/on-demand.js';
import { figure } from './figures.js';

type Input = Parameters<typeof odds.attackOdds>[0];

const FRAME_MS = 1000 / 60;
const GOAL_MS = 1;
const TARGETS = 10;
const WARMUP = 50;
const RUNS = 400;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Ten targets: Small to Huge, 6 to 60 HP, Defense +1 to +10, Protection 0 to 9. */
function targets(): { defense: number; armor: number; target: Input['target'] }[] {
  return Array.from({ length: TARGETS }, (_, i) => ({
    defense: 1 + i,
    armor: i % 10,
    target: {
      hp: { value: 6 + 6 * i, max: 6 + 6 * i, temp: i % 3 },
      size: SIZES[3 + (i % 4)] as Size,
      saves: { fortitude: i, reflex: 10 - i },
    },
  }));
}

const ATTACKS: { name: string; at: (t: ReturnType<typeof targets>[number]) => Input }[] = [
  {
    name: 'longsword 1d8, Str +3, attack +6',
    at: (t) => ({
      attack: { bonus: 6 },
      defense: { bonus: t.defense },
      damage: { weaponDice: { count: 1, faces: 8 }, strengthBonus: 3, protection: { armor: t.armor } },
      target: t.target,
    }),
  },
  {
    name: 'called shot (Penetration, stun, Vital Strike), AP 2d6, DR 2, wound variants',
    at: (t) => ({
      attack: { bonus: 4 },
      defense: { bonus: t.defense },
      damage: {
        weaponDice: { count: 2, faces: 6 },
        weaponBonus: 1,
        strengthBonus: 2,
        protection: { armor: t.armor, naturalArmor: 2 },
        bypass: 'piercing',
        damageReduction: 2,
      },
      target: t.target,
      variants: { advancedWoundTrauma: true, woundsCauseBleeding: true },
      slashing: true,
      calledShot: { effects: ['penetration', 'stun', 'vital-strike'] },
    }),
  },
];

function main(): void {
  console.log(
    `Node ${process.version}; frame = ${FRAME_MS.toFixed(1)} ms (60 fps); goal ${GOAL_MS} ms per target\n`,
  );
  const all = targets();
  for (const attack of ATTACKS) {
    const inputs = all.map(attack.at);
    const samples: number[] = [];
    let sink = 0;
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const t0 = performance.now();
      for (const input of inputs) sink += odds.attackOdds(input).hit.hit;
      const t1 = performance.now();
      if (run >= WARMUP) samples.push(t1 - t0);
    }
    const ten = median(samples);
    const one = ten / TARGETS;
    console.log(`${attack.name} (sink ${sink.toFixed(1)})`);
    console.log(
      `  one target:  median ${one.toFixed(3)} ms = ${(one / GOAL_MS).toFixed(3)} × the ${GOAL_MS} ms goal  ${one < GOAL_MS ? 'OK' : 'OVER'}`,
    );
    console.log(
      `  ten targets: median ${ten.toFixed(3)} ms = ${(ten / FRAME_MS).toFixed(3)} × one frame  ${ten < FRAME_MS ? 'OK' : 'OVER'}\n`,
    );
    const name = attack.name.split(/[,(]/)[0]?.trim() ?? attack.name;
    figure({
      bench: 'odds',
      name: `${name}, one target`,
      value: one,
      unit: 'ms',
      goal: GOAL_MS,
      strict: true,
    });
    figure({
      bench: 'odds',
      name: `${name}, ten targets (goal: one frame)`,
      value: ten,
      unit: 'ms',
      goal: FRAME_MS,
      strict: true,
    });
  }
}

main();

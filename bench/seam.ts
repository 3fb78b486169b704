/**
 * `npm run bench` (issue #26): what the combat-model seam costs. GnG through the seam (`GNG_MODEL`,
 * src/rules/models/) against the engine's own functions it delegates to, in the same run, as ratios
 * (seam ÷ direct; 1 = no cost). Samples of the two alternate and are timed in CPU time, so a busy
 * moment of the shared machine falls on both and its waits count in neither; the medians are
 * compared. Nothing gates: no goal, the script exits 0.
 *
 * 1. Derived data of 1,000 creatures: Defense against melee and ranged and the HP breakdown
 *    (`defenseBonus` ×2 + `hitPointsBreakdown`) against `model.defenses` + `model.maxHitPoints`.
 * 2. Exact odds of a set of attacks: `attackOdds` against `(await model.analysis()).odds`.
 * 3. Fights: `simulateFight` against `analysis().fight`, the same seeded dice.
 */
import {
  defenseBonus,
  hitPointsBreakdown,
  models,
  PROGRESSIONS,
  seededDice,
  SIZES,
  type ModelCreature,
  type Progression,
  type Size,
} from '../src/rules/index.js';
import { attackOdds, type AttackOddsInput } from '../src/rules/odds/index.js';
import { simulateFight, type FightSides } from '../src/rules/simulate/index.js';
import { fighter } from './duelist.js';
import { figure } from './figures.js';

const CREATURES = 1000;
const FIGHTS = 2000;
const SAMPLES = 21;
/** Each odds sample computes the set of attacks this many times (a few ms is too short to time). */
const ODDS_REPEAT = 10;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/**
 * Alternating samples of `direct` and `seam` (a warm-up of each first); their medians in ms of CPU time
 * (user + system: the waits for a core of the shared machine do not count).
 */
function compare(direct: () => number, seam: () => number): { direct: number; seam: number; sink: number } {
  let sink = direct() + seam() + direct() + seam();
  const a: number[] = [];
  const b: number[] = [];
  for (let s = 0; s < SAMPLES; s++) {
    for (const [run, out] of s % 2
      ? ([
          [seam, b],
          [direct, a],
        ] as const)
      : ([
          [direct, a],
          [seam, b],
        ] as const)) {
      const used = process.cpuUsage();
      sink += run();
      const spent = process.cpuUsage(used);
      out.push((spent.user + spent.system) / 1000);
    }
  }
  return { direct: median(a), seam: median(b), sink };
}

/**
 * 1,000 creatures: Dex −1…+4, 1–10 levels of a good, average or poor progression, Small to Large,
 * armor and shield varied.
 */
function creatures(): ModelCreature[] {
  return Array.from({ length: CREATURES }, (_, i) => {
    const size = SIZES[3 + (i % 3)] as Size;
    const classes = [{ progression: PROGRESSIONS[i % 3] as Progression, levels: 1 + (i % 10) }];
    return {
      size,
      defense: {
        dexMod: (i % 6) - 1,
        classes,
        size,
        armorCheckPenalty: -(i % 5),
        armorProficient: i % 2 === 0,
        shield: i % 3,
        modifiers: { dodge: i % 2, deflection: i % 4 === 0 ? 1 : 0 },
      },
      hitPoints: { con: 8 + (i % 10), classes, toughness: i % 2, size },
      saves: { fortitude: 2, reflex: 1, will: 0 },
      statuses: new Set<string>(),
    };
  });
}

/** Twenty attacks: bonus +2…+11 against Defense +0…+9, 1d8 or 2d6, Protection 0–5, 8–40 HP. */
function oddsInputs(): AttackOddsInput[] {
  return Array.from({ length: 20 }, (_, i) => ({
    attack: { bonus: 2 + (i % 10) },
    defense: { bonus: i % 10 },
    damage: {
      weaponDice: i % 2 ? { count: 2, faces: 6 } : { count: 1, faces: 8 },
      strengthBonus: i % 4,
      protection: { armor: i % 6 },
    },
    target: { hp: { value: 8 + 2 * i, max: 8 + 2 * i }, size: 'medium', saves: { fortitude: 3, reflex: 2 } },
  }));
}

async function main(): Promise<void> {
  const model = models.GNG_MODEL;
  const analysis = await model.analysis();
  console.log(
    `Node ${process.version}; GnG through the seam ÷ the engine's functions (medians of ${SAMPLES}, CPU time)\n`,
  );
  const report = (name: string, r: { direct: number; seam: number; sink: number }) => {
    const ratio = r.seam / r.direct;
    console.log(
      `${name}: direct ${r.direct.toFixed(3)} ms, seam ${r.seam.toFixed(3)} ms, seam/direct ${ratio.toFixed(2)}× (sink ${r.sink.toFixed(0)})`,
    );
    figure({ bench: 'seam', name: `${name}, seam ÷ direct`, value: ratio, unit: '×' });
  };

  const all = creatures();
  report(
    `defenses + max HP of ${CREATURES.toLocaleString('en')} creatures`,
    compare(
      () => {
        let sum = 0;
        for (const c of all) {
          sum += defenseBonus({ ...c.defense, attack: 'melee', touch: false }).total;
          sum += defenseBonus({ ...c.defense, attack: 'ranged', touch: false }).total;
          sum += hitPointsBreakdown(c.hitPoints).max;
        }
        return sum;
      },
      () => {
        let sum = 0;
        for (const c of all) {
          const d = model.defenses(c);
          sum +=
            (d.melee?.kind === 'rolled' ? d.melee.bonus : 0) +
            (d.ranged?.kind === 'rolled' ? d.ranged.bonus : 0);
          sum += model.maxHitPoints(c).max;
        }
        return sum;
      },
    ),
  );

  const inputs = oddsInputs();
  report(
    `odds of ${inputs.length} attacks ×${ODDS_REPEAT}`,
    compare(
      () => {
        let sum = 0;
        for (let r = 0; r < ODDS_REPEAT; r++) for (const input of inputs) sum += attackOdds(input).hit.hit;
        return sum;
      },
      () => {
        let sum = 0;
        for (let r = 0; r < ODDS_REPEAT; r++) for (const input of inputs) sum += analysis.odds(input).hit.hit;
        return sum;
      },
    ),
  );

  const sides: FightSides = { a: [fighter('A')], b: [fighter('B')] };
  const fights = (fight: typeof simulateFight) => () => {
    const dice = seededDice(7);
    let rounds = 0;
    for (let i = 0; i < FIGHTS; i++) rounds += fight(sides, {}, {}, dice).rounds;
    return rounds;
  };
  report(`${FIGHTS.toLocaleString('en')} fights`, compare(fights(simulateFight), fights(analysis.fight)));
}

await main();

/**
 * `npm run bench`: how fast the rules engine is, as ratios to one 60 fps frame (16.7 ms).
 * Not part of `npm test`, and nothing here gates CI: machines differ; ratios are what we compare.
 *
 * 1. Derive the combat statistics of 1,000 creatures with 20 items each (ability modifiers, class
 *    bonuses, HP, encumbrance load, Defense bonus (its breakdown is built only when a sheet reads it),
 *    Protection, attack and Strength damage bonus
 *    of every weapon, injury) — what data preparation does for a full scene. Goal: under one frame.
 * 2. Resolve 1,000,000 attacks (attack roll with d10 chains, defense roll, RD, damage pipeline,
 *    HP loss and injury).
 */
import {
  ABILITIES,
  abilityModifier,
  applyDamageToHitPoints,
  defenseBonusTotal,
  defenseClassLevels,
  damagePipeline,
  encumbranceLoad,
  hpClassLevels,
  injury,
  maxHitPoints,
  meleeAttackBonus,
  protection,
  rollAttack,
  rollEach,
  seededDice,
  strengthDamageBonus,
  type Ability,
  type ClassLevels,
  type DiceSource,
  type Size,
} from '../src/rules/index.js';
import { figure } from './figures.js';

const FRAME_MS = 1000 / 60;

interface BenchItem {
  kind: 'weapon' | 'armor' | 'shield' | 'gear';
  weight: number;
  equipped: boolean;
  damage?: { count: number; faces: number };
  twoHanded?: boolean;
  armorBonus?: number;
  armorCheckPenalty?: number;
  shieldBonus?: number;
}

interface BenchCreature {
  abilities: Record<Ability, number>;
  size: Size;
  classes: { name: string; levels: number }[];
  bab: number;
  hp: number;
  naturalArmor: number;
  items: BenchItem[];
}

interface DerivedCreature {
  mods: Record<Ability, number>;
  maxHp: number;
  defense: number;
  protection: number;
  attacks: { attack: number; strength: number }[];
  injuryPenalty: number;
}

const CLASS_NAMES = ['Fighter', 'Rogue', 'Wizard', 'Barbarian', 'Cleric', 'Monk', 'Humanoid', 'Soldier'];
const SIZES_USED: Size[] = ['small', 'medium', 'medium', 'medium', 'large', 'huge'];

function makeCreatures(count: number, dice: DiceSource): BenchCreature[] {
  return Array.from({ length: count }, () => {
    const abilities = Object.fromEntries(ABILITIES.map((a) => [a, 5 + dice.roll(14)])) as Record<
      Ability,
      number
    >;
    const classes = Array.from({ length: dice.roll(3) }, () => ({
      name: CLASS_NAMES[dice.roll(CLASS_NAMES.length) - 1] as string,
      levels: dice.roll(8),
    }));
    const items: BenchItem[] = [
      {
        kind: 'armor',
        weight: 25,
        equipped: true,
        armorBonus: dice.roll(8),
        armorCheckPenalty: -dice.roll(6),
      },
      { kind: 'shield', weight: 10, equipped: true, shieldBonus: dice.roll(3) },
      ...Array.from({ length: 4 }, (): BenchItem => ({
        kind: 'weapon',
        weight: dice.roll(12),
        equipped: true,
        damage: { count: 1, faces: [4, 6, 8, 10, 12][dice.roll(5) - 1] as number },
        twoHanded: dice.roll(2) === 2,
      })),
      ...Array.from({ length: 14 }, (): BenchItem => ({
        kind: 'gear',
        weight: dice.roll(5),
        equipped: false,
      })),
    ];
    return {
      abilities,
      size: SIZES_USED[dice.roll(SIZES_USED.length) - 1] as Size,
      classes,
      bab: dice.roll(10),
      hp: 5 + dice.roll(20),
      naturalArmor: dice.roll(4) - 1,
      items,
    };
  });
}

/** What a creature's data preparation computes, all through the engine. */
function derive(c: BenchCreature): DerivedCreature {
  const mods = {} as Record<Ability, number>;
  for (const a of ABILITIES) mods[a] = abilityModifier(c.abilities[a]);
  const defenseClasses: ClassLevels[] = c.classes.map((k) => defenseClassLevels(k.name, k.levels));
  const hpClasses: ClassLevels[] = c.classes.map((k) => hpClassLevels(k.name, k.levels));
  const maxHp = maxHitPoints({ con: c.abilities.con, classes: hpClasses, size: c.size });
  let weight = 0;
  let armor: BenchItem | undefined;
  let shield: BenchItem | undefined;
  for (const item of c.items) {
    weight += item.weight;
    if (item.equipped && item.kind === 'armor') armor = item;
    if (item.equipped && item.kind === 'shield') shield = item;
  }
  const hurt = injury(Math.min(c.hp, maxHp), maxHp);
  const defense = defenseBonusTotal({
    dexMod: mods.dex,
    classes: defenseClasses,
    armorCheckPenalty: armor?.armorCheckPenalty ?? 0,
    armorProficient: true,
    load: encumbranceLoad(weight, c.abilities.str, c.size),
    size: c.size,
    shield: shield?.shieldBonus ?? 0,
    injuryPenalty: hurt.penalty,
  });
  const prot = protection({ armor: armor?.armorBonus ?? 0, naturalArmor: c.naturalArmor });
  const attacks = c.items
    .filter((i) => i.kind === 'weapon')
    .map((w) => ({
      attack:
        meleeAttackBonus({ baseAttackBonus: c.bab, strengthModifier: mods.str, size: c.size }) + hurt.penalty,
      strength: strengthDamageBonus({
        strengthModifier: mods.str,
        grip: w.twoHanded ? 'two-handed' : 'one-handed',
      }),
    }));
  return {
    mods,
    maxHp,
    defense: defense.total,
    protection: prot.total,
    attacks,
    injuryPenalty: hurt.penalty,
  };
}

function resolveOne(
  dice: DiceSource,
  attacker: DerivedCreature,
  defender: DerivedCreature,
  hp: { value: number },
): boolean {
  const weapon = attacker.attacks[0] as { attack: number; strength: number };
  const attack = rollAttack(dice, weapon.attack);
  const defense = dice.roll(20) + defender.defense;
  const rd = attack.total - defense;
  if (rd < 0) return false;
  const result = damagePipeline({
    weaponDice: rollEach(dice, 1, 8),
    strengthBonus: weapon.strength,
    relativeDegree: rd,
    protection: defender.protection,
  });
  const after = applyDamageToHitPoints({ current: hp.value, damage: result.lethal });
  hp.value = after.current > -10 ? after.current : defender.maxHp;
  injury(Math.max(hp.value, 0), defender.maxHp);
  return true;
}

function timeIt(label: string, runs: number, fn: () => void): number {
  fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)] as number;
  console.log(`${label}: median ${median.toFixed(2)} ms over ${runs} runs`);
  return median;
}

function main(): void {
  const dice = seededDice(2026);
  const creatures = makeCreatures(1000, dice);
  let derived: DerivedCreature[] = [];

  console.log(`Node ${process.version}; frame = ${FRAME_MS.toFixed(1)} ms (60 fps)\n`);
  const deriveMs = timeIt('derive 1,000 creatures × 20 items', 15, () => {
    derived = creatures.map(derive);
  });
  console.log(`  per creature: ${((deriveMs / 1000) * 1000).toFixed(2)} µs`);
  console.log(`  ratio to one frame: ${(deriveMs / FRAME_MS).toFixed(3)} (goal < 1)\n`);
  figure({
    bench: 'engine',
    name: 'derive 1,000 creatures × 20 items (goal: one frame)',
    value: deriveMs,
    unit: 'ms',
    goal: FRAME_MS,
    strict: true,
  });

  const ATTACKS = 1_000_000;
  let hits = 0;
  const attackMs = timeIt('resolve 1,000,000 attacks', 3, () => {
    const hp = { value: 20 };
    hits = 0;
    for (let i = 0; i < ATTACKS; i++) {
      const defender = derived[(i * 7 + 3) % 1000] as DerivedCreature;
      if (resolveOne(dice, derived[i % 1000] as DerivedCreature, defender, hp)) hits += 1;
    }
  });
  console.log(`  hits (damage pipeline, HP and injury run): ${((hits / ATTACKS) * 100).toFixed(1)}%`);
  const perAttackUs = (attackMs / ATTACKS) * 1000;
  console.log(`  per attack: ${perAttackUs.toFixed(3)} µs`);
  console.log(`  attacks per frame: ${Math.floor(FRAME_MS / (attackMs / ATTACKS)).toLocaleString('en')}`);
  console.log(`  ratio of one attack to one frame: ${(attackMs / ATTACKS / FRAME_MS).toExponential(2)}`);
  figure({ bench: 'engine', name: 'resolve 1,000,000 attacks', value: attackMs, unit: 'ms' });
}

main();

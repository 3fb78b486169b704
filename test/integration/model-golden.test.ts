/**
 * Golden snapshots of today's GnG behaviour (issue #26), taken before the callers go through the
 * CombatModel seam, so that afterwards "the same game, byte for byte" is a check and not a claim:
 * the sample actors' derived data, the combatant snapshots and the simulator's aggregates for fixed
 * seeds (sample actors and bestiary monsters from the packs), one fight, and `attackOdds` over a set
 * of inputs. The cards: model-golden-cards.test.ts. The JSON files are under test/golden/; update
 * them only when a change of behaviour is meant (docs/architecture.md "Golden snapshots").
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHarness, ROOT } from '../harness/index.js';
import { goldenJson } from '../fixtures/golden.js';
import { seededDice } from '../../src/rules/index.js';
import { attackOdds, type AttackOddsInput } from '../../src/rules/odds/index.js';
import { simulateFight, simulateMany, type FightSides } from '../../src/rules/simulate/index.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { actorSnapshot } = await import('../../src/simulator/snapshot.js');
beforeEach(() => h.reset(26));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const SAMPLES = [
  'appendix3-fighter-5',
  'appendix3-rogue-1',
  'appendix3-monk-9',
  'sample-gunner-3',
  'sample-wizard-5',
] as const;
type Sample = (typeof SAMPLES)[number];

/** A world actor from a pack's source file, as a GM's import makes it. */
async function fromPack(pack: 'samples' | 'bestiary', file: string): Promise<Actor> {
  const data = JSON.parse(readFileSync(join(ROOT, 'packs/_source', pack, `${file}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
  for (const key of ['_id', '_key', '_stats', 'folder', 'ownership', 'sort']) delete data[key];
  return h.createActor(data);
}

const sample = (name: Sample) => fromPack('samples', name);

describe('golden: derived data of the sample actors', () => {
  it('Defense, HP and injury, Protection, initiative, saves, attacks and grapple of each sample', async () => {
    const derived: Record<string, unknown> = {};
    for (const name of SAMPLES) {
      const d = ((await sample(name)).system as unknown as CreatureData).derived;
      derived[name] = {
        bab: d.bab,
        hp: d.hp,
        defense: d.defense,
        defenseInput: d.defenseInput,
        protection: d.protection,
        initiative: d.initiative,
        initiativeBreakdown: d.initiativeBreakdown,
        saves: d.saves,
        attacks: d.attacks,
        grapple: d.grapple,
        resistances: d.resistances,
      };
    }
    await expect(goldenJson(derived)).toMatchFileSnapshot('../golden/derived-samples.json');
  });
});

/** The matchups: side A against side B, by pack file. */
const MATCHUPS: { name: string; a: string[]; b: string[] }[] = [
  { name: 'fighter vs rogue', a: ['samples/appendix3-fighter-5'], b: ['samples/appendix3-rogue-1'] },
  { name: 'monk vs fighter', a: ['samples/appendix3-monk-9'], b: ['samples/appendix3-fighter-5'] },
  { name: 'gunner vs wizard', a: ['samples/sample-gunner-3'], b: ['samples/sample-wizard-5'] },
  {
    name: 'ogre vs fighter and rogue',
    a: ['bestiary/ogre'],
    b: ['samples/appendix3-fighter-5', 'samples/appendix3-rogue-1'],
  },
  {
    name: 'three goblins vs rogue',
    a: [
      'bestiary/goblin-1st-level-warrior',
      'bestiary/goblin-1st-level-warrior',
      'bestiary/goblin-1st-level-warrior',
    ],
    b: ['samples/appendix3-rogue-1'],
  },
  {
    name: 'wolf and orc vs troll',
    a: ['bestiary/wolf', 'bestiary/orc-1st-level-warrior'],
    b: ['bestiary/troll'],
  },
];

async function sidesOf(matchup: (typeof MATCHUPS)[number]): Promise<{ a: Actor[]; b: Actor[] }> {
  const make = async (files: string[]) => {
    const cache = new Map<string, Actor>();
    const actors: Actor[] = [];
    for (const file of files) {
      const [pack, name] = file.split('/') as ['samples' | 'bestiary', string];
      let actor = cache.get(file);
      if (!actor) cache.set(file, (actor = await fromPack(pack, name)));
      actors.push(actor);
    }
    return actors;
  };
  return { a: await make(matchup.a), b: await make(matchup.b) };
}

const FIGHTS = 300;
const SEED = 42;

describe('golden: the fight simulator', () => {
  it('the combatant snapshots and game.gng.simulate of each matchup (300 fights, seed 42)', async () => {
    const runs: Record<string, unknown> = {};
    for (const matchup of MATCHUPS) {
      const { a, b } = await sidesOf(matchup);
      const snapshots = [...a, ...b].map((actor) => actorSnapshot(actor, 'snapshot'));
      const aggregate = await game.gng.simulate({ sideA: a, sideB: b, n: FIGHTS, seed: SEED, variants: {} });
      runs[matchup.name] = { snapshots, aggregate };
    }
    await expect(goldenJson(runs)).toMatchFileSnapshot('../golden/simulator-matchups.json');
  });

  it('policies and variants: Block always, Vital Strike, every Appendix 1 variant on', async () => {
    const { a, b } = await sidesOf(MATCHUPS[0] as (typeof MATCHUPS)[number]);
    const aggregate = await game.gng.simulate({
      sideA: a,
      sideB: b,
      n: FIGHTS,
      seed: SEED,
      policies: { a: { block: 'always', calledShot: 'vital-strike' }, b: { block: 'never' } },
      variants: { advancedWoundTrauma: true, strengthBonusLimitation: true, woundsCauseBleeding: true },
    });
    await expect(goldenJson(aggregate)).toMatchFileSnapshot('../golden/simulator-policies.json');
  });

  it('the engine on its own: simulateMany and one simulateFight of the ogre vs fighter and rogue', async () => {
    const { a, b } = await sidesOf(MATCHUPS[3] as (typeof MATCHUPS)[number]);
    const sides: FightSides = {
      a: a.map((actor, i) => actorSnapshot(actor, `a${i}`)),
      b: b.map((actor, i) => actorSnapshot(actor, `b${i}`)),
    };
    const many = simulateMany(FIGHTS, sides, {}, {}, seededDice(SEED));
    const fight = simulateFight(sides, {}, {}, seededDice(SEED));
    await expect(goldenJson({ many, fight })).toMatchFileSnapshot('../golden/simulator-engine.json');
  });
});

/** A Medium target with 20 HP, Fortitude +3, Reflex +2. */
const target = { hp: { value: 20, max: 20 }, size: 'medium' as const, saves: { fortitude: 3, reflex: 2 } };
const longsword = { weaponDice: { count: 1, faces: 8 }, strengthBonus: 3, protection: 2 };

/** The inputs: one of each kind of Defense, attack, Protection, resistance and called shot. */
const ODDS: Record<string, AttackOddsInput> = {
  'rolled defense': { attack: { bonus: 7 }, defense: { bonus: 4 }, damage: longsword, target },
  'fixed defense': { attack: { bonus: 5 }, defense: { bonus: 15, fixed: true }, damage: longsword, target },
  'automatic one (helpless)': {
    attack: { bonus: 2 },
    defense: { bonus: 6, autoRollOne: true },
    damage: longsword,
    target,
  },
  'take 10, RD not added (burst)': {
    attack: { bonus: 3, take10: true },
    defense: { bonus: 1 },
    damage: { weaponDice: { count: 2, faces: 6 }, protection: 1, applyRelativeDegree: false },
    target,
  },
  'coup de grace': {
    attack: { bonus: 4 },
    defense: { bonus: 0, autoRollOne: true },
    coupDeGrace: true,
    damage: { weaponDice: { count: 1, faces: 4 }, strengthBonus: 1, protection: 3 },
    target: { ...target, hp: { value: 12, max: 12 } },
  },
  'Protection parts, armor piercing against light fortification': {
    attack: { bonus: 6 },
    defense: { bonus: 5 },
    damage: {
      weaponDice: { count: 1, faces: 10 },
      weaponBonus: 1,
      protection: { armor: 5, naturalArmor: 2, enhancement: 1, circumstance: 2 },
      bypass: 'piercing',
      fortification: 'light',
    },
    target,
  },
  'Protection parts, armor ignoring': {
    attack: { bonus: 6 },
    defense: { bonus: 5 },
    damage: {
      weaponDice: { count: 1, faces: 10 },
      protection: { armor: 5, naturalArmor: 2, monk: 1, sacredProfane: -1 },
      bypass: 'ignoring',
    },
    target,
  },
  'damage reduction and energy resistance': {
    attack: { bonus: 8 },
    defense: { bonus: 3 },
    damage: {
      weaponDice: { count: 2, faces: 6 },
      otherBonus: 2,
      protection: 1,
      damageReduction: 3,
      energyResistance: 5,
    },
    target,
  },
  nonlethal: {
    attack: { bonus: 5 },
    defense: { bonus: 2 },
    damage: { weaponDice: { count: 1, faces: 3 }, strengthBonus: 2, protection: 0, nonlethal: true },
    target: { ...target, hp: { value: 8, max: 20, nonlethal: 3 } },
  },
  'variants on, slashing, a hurt target': {
    attack: { bonus: 9 },
    defense: { bonus: 4 },
    damage: { weaponDice: { count: 1, faces: 12 }, strengthBonus: 4, protection: 2 },
    target: { ...target, hp: { value: 9, max: 24 } },
    variants: { advancedWoundTrauma: true, woundsCauseBleeding: true },
    slashing: true,
  },
  'called shot: penetration, stun, blindness (immune to blindness)': {
    attack: { bonus: 1 },
    defense: { bonus: 3 },
    damage: { weaponDice: { count: 1, faces: 8 }, strengthBonus: 3, protection: { armor: 6 } },
    target,
    calledShot: { effects: ['penetration', 'stun', 'blindness'], immune: ['blindness'] },
  },
  'Large stable target at 0 HP, immune to injury, chain depth 2': {
    attack: { bonus: 12 },
    defense: { bonus: -1 },
    damage: { weaponDice: { count: 3, faces: 6 }, protection: 4 },
    target: { hp: { value: -2, max: 40 }, size: 'large', immuneToInjury: true, stable: true, saves: {} },
    chainDepth: 2,
  },
};

describe('golden: attackOdds', () => {
  it('every number of the exact odds of each input', async () => {
    const results = Object.fromEntries(
      Object.entries(ODDS).map(([name, input]) => [name, attackOdds(input)]),
    );
    await expect(goldenJson(results)).toMatchFileSnapshot('../golden/attack-odds.json');
  });
});

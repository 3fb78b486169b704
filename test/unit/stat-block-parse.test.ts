/**
 * The importer's stat-block parser (issue #19): 30 pasted blocks in test/fixtures/stat-blocks/ and
 * a round trip over the 696 records of the SRD monster data file.
 *
 * - The 3.5 core, epic and psionic fixtures (core-*, epic-*, psionic-*, junk-*, sentence-gnoll,
 *   sentence-troll-wrapped) are written out from the data file's TEXT fields (hit_dice_text,
 *   ac_text, …) in the d20srd.org layout; the parse must give the data file's STRUCTURED fields
 *   (ac, ac_breakdown, hd, saves …), which were transcribed separately from the same SRD pages.
 * - The d20 Modern blocks and three sentence-form blocks are our own; their expected values are
 *   worked out by hand below, from the text of the block.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { parseStatBlock, type StatBlockParse } from '../../src/rules/bestiary/stat-block-parse.js';
import type { SrdMonsterRecord } from '../../src/rules/bestiary/srd-record.js';

const FIXTURES = new URL('../fixtures/stat-blocks/', import.meta.url);
const used = new Set<string>();
function fixture(name: string): string {
  used.add(name);
  return readFileSync(new URL(`${name}.txt`, FIXTURES), 'utf8');
}
function parseFixture(name: string): StatBlockParse {
  return parseStatBlock(fixture(name));
}

/** The data file: in the repository once the bestiary pack is built from it, else the shared copy. */
const DATA_PATHS = ['../../data/srd35/monsters.json', '../../../shared/data/srd35/monsters.json'].map(
  (path) => new URL(path, import.meta.url),
);
const dataPath = DATA_PATHS.find((url) => existsSync(url)) ?? (DATA_PATHS[1] as URL);
const MONSTERS = (JSON.parse(readFileSync(dataPath, 'utf8')) as { monsters: SrdMonsterRecord[] }).monsters;
const byId = (id: string) => {
  const record = MONSTERS.find((monster) => monster.id === id);
  if (!record) throw new Error(`no ${id} in the data file`);
  return record;
};

/** The structured fields of the data file that a pasted block must give back. */
const STRUCTURED = [
  'size',
  'type',
  'subtypes',
  'hit_dice',
  'hd',
  'hp',
  'initiative',
  'ac',
  'ac_breakdown',
  'natural_armor',
  'armor_worn',
  'shield_worn',
  'bab',
  'grapple',
  'saves',
  'abilities',
  'space',
  'reach',
  'attack',
  'full_attack',
  'special_attacks',
  'special_qualities',
  'skills',
  'feats',
] as const;
/** The rest of the table form's fields. */
const TABLE_ONLY = [
  'id',
  'name',
  'size_text',
  'speed',
  'ac_touch',
  'ac_flat_footed',
  'epic_feats',
  'environment',
  'organization',
  'cr',
  'treasure',
  'alignment',
  'advancement',
  'level_adjustment',
] as const;

function pick(record: SrdMonsterRecord, keys: readonly (keyof SrdMonsterRecord)[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, record[key] ?? null]));
}

function expectLike(
  parsed: SrdMonsterRecord,
  expected: SrdMonsterRecord,
  keys: readonly (keyof SrdMonsterRecord)[],
) {
  expect(pick(parsed, keys)).toEqual(pick(expected, keys));
  // The data file rounds 1/3 to 0.3333; the parser keeps the fraction.
  if (expected.cr_value === null) expect(parsed.cr_value).toBeNull();
  else expect(parsed.cr_value).toBeCloseTo(expected.cr_value, 3);
}

describe('3.5 SRD blocks in the d20srd.org table form (written from the data file)', () => {
  it.each([
    ['core-goblin-warrior-tabs', 'goblin-1st-level-warrior'],
    ['core-ogre', 'ogre'],
    ['core-red-dragon-adult-tabs', 'red-dragon-adult'],
    ['core-locust-swarm', 'locust-swarm'],
    ['core-gelatinous-cube', 'gelatinous-cube'],
    ['core-iron-golem', 'iron-golem'],
    ['core-wraith', 'wraith'],
    ['core-human-commoner-zombie', 'human-commoner-zombie'],
    ['core-werewolf-lord-human-form', 'werewolf-lord-human-form'],
    ['core-pit-fiend', 'pit-fiend'],
    ['core-tarrasque', 'tarrasque'],
    ['epic-phaethon-tabs', 'phaethon'],
    ['epic-prismatic-dragon-great-wyrm', 'prismatic-dragon-great-wyrm'],
    ['epic-hecatoncheires', 'hecatoncheires'],
    ['psionic-cerebrilith', 'cerebrilith'],
    ['psionic-intellect-devourer', 'intellect-devourer'],
    ['psionic-dromite-warrior', 'dromite-1st-level-warrior'],
  ])('%s gives the data file’s record %s', (name, id) => {
    const parsed = parseFixture(name);
    expectLike(parsed.record, byId(id), [...STRUCTURED, ...TABLE_ONLY]);
    expect(parsed.unparsed).toEqual([]);
    expect(parsed.warnings).toEqual([]);
  });

  it('reads the hard cases of those blocks as the SRD prints them', () => {
    // Goblin: the d20srd page's two headings ("Goblin", then "Goblin, 1st-Level Warrior").
    const goblin = parseFixture('core-goblin-warrior-tabs').record;
    expect(goblin.name).toBe('Goblin, 1st-Level Warrior');
    expect(goblin.armor_worn).toEqual([{ name: 'leather armor', bonus: 2 }]);
    expect(goblin.shield_worn).toEqual([{ name: 'light shield', bonus: 1 }]);
    // Epic: "62d8+896 (1,392 hp)".
    expect(parseFixture('epic-phaethon-tabs').record).toMatchObject({ hd: 62, hp: 1392 });
    // "Colossal+ Dragon (Force)": size Colossal, size_text kept.
    expect(parseFixture('epic-prismatic-dragon-great-wyrm').record).toMatchObject({
      size: 'Colossal',
      size_text: 'Colossal+',
    });
    // "+12 armor [+5 half plate]" is worn armor worth 12.
    expect(parseFixture('epic-hecatoncheires').record.armor_worn).toEqual([
      { name: 'armor [+5 half plate]', bonus: 12 },
    ]);
    // The wraith has no Constitution ("Con —").
    expect(parseFixture('core-wraith').record.abilities.con).toBeNull();
    // Werewolf lord: "10d10+20 plus 6d8+30" is 16 HD; "+6 +2 mithral chain shirt, +5 +3 heavy shield".
    expect(parseFixture('core-werewolf-lord-human-form').record).toMatchObject({
      hd: 16,
      armor_worn: [{ name: '+2 mithral chain shirt', bonus: 6 }],
      shield_worn: [{ name: '+3 heavy shield', bonus: 5 }],
    });
    // The locust swarm has no grapple ("+4/—") and no reach ("10 ft./0 ft.").
    expect(parseFixture('core-locust-swarm').record).toMatchObject({
      grapple: null,
      space: '10 ft.',
      reach: '0 ft.',
    });
  });

  it('keeps the psionic power lines under the table, in notes, with a warning each', () => {
    const parsed = parseFixture('psionic-blue-psion-tabs');
    expectLike(parsed.record, byId('blue-1st-level-psion-telepath'), [...STRUCTURED, ...TABLE_ONLY]);
    expect(parsed.record.armor_worn).toEqual([{ name: 'inertial armor', bonus: 4 }]);
    expect(parsed.unparsed).toEqual([]);
    expect(parsed.warnings.map((w) => [w.key, w.data?.field])).toEqual([
      ['GNG.StatBlock.Warning.NotKept', 'psionics'],
      ['GNG.StatBlock.Warning.NotKept', 'psionics'],
    ]);
    expect(parsed.record.notes).toContain('Typical Psion Powers Known (power points 3*;');
    expect(parsed.record.notes).toContain('Manifester level 1st.');
  });

  it('returns every junk line of a copied page, with its line number, and still reads the block', () => {
    const parsed = parseFixture('junk-bugbear');
    expectLike(parsed.record, byId('bugbear'), [...STRUCTURED, ...TABLE_ONLY]);
    // Line numbers counted in the fixture file (1 = "Bugbear").
    expect(parsed.unparsed).toEqual([
      { line: 2, text: 'click to see monster' },
      { line: 8, text: 'Monster Manual page 29' },
      { line: 17, text: 'Bugbears are the largest and most fearsome of the goblinoids.' },
      { line: 29, text: 'COMBAT' },
      { line: 30, text: 'Bugbears prefer to attack from surprise.' },
    ]);
  });

  it('reads the first column of a two-monster table and lists the other column as unparsed', () => {
    const parsed = parseFixture('core-ogre-two-columns-tabs');
    expectLike(parsed.record, byId('ogre'), [...STRUCTURED, ...TABLE_ONLY]);
    expect(parsed.warnings).toEqual([{ key: 'GNG.StatBlock.Warning.ExtraColumns', data: { count: 1 } }]);
    // The barbarian's column: its name and the 22 rows of the table (no Epic Feats row), one each.
    expect(parsed.unparsed).toHaveLength(23);
    expect(parsed.unparsed[0]).toEqual({ line: 1, text: 'Ogre, 4th-Level Barbarian' });
    expect(parsed.unparsed).toContainEqual({ line: 3, text: '4d8+19 plus 4d12+16 (79 hp)' });
  });
});

describe('the one-paragraph sentence form', () => {
  it.each([
    ['sentence-gnoll', 'gnoll'],
    ['sentence-troll-wrapped', 'troll'],
  ])('%s (written from the data file) gives the record of %s', (name, id) => {
    const parsed = parseFixture(name);
    expectLike(parsed.record, byId(id), [...STRUCTURED, 'name', 'speed', 'ac_touch', 'ac_flat_footed']);
    expect(parsed.unparsed).toEqual([]);
    expect(parsed.record.alignment).toBe('CE');
  });

  it('reads the adventure goblin (by hand from its text)', () => {
    const { record, unparsed, warnings, fields } = parseFixture('sentence-goblin');
    expect(record).toMatchObject({
      name: 'Goblin',
      id: 'goblin',
      cr: '1/3',
      size: 'Small',
      type: 'Humanoid',
      subtypes: ['Goblinoid'],
      hit_dice: '1d8+1',
      hd: 1,
      hp: 5,
      initiative: 1,
      speed: '30 ft.',
      ac: 15,
      ac_touch: 12,
      ac_flat_footed: 14,
      ac_breakdown: [], // the sentence gives no breakdown
      natural_armor: 0,
      bab: 1,
      grapple: -3,
      // "Atk/Full Atk" fills both.
      attack: 'Morningstar +2 melee (1d6) or javelin +3 ranged (1d4)',
      full_attack: 'Morningstar +2 melee (1d6) or javelin +3 ranged (1d4)',
      space: '5 ft.',
      reach: '5 ft.',
      special_attacks: null, // "SA —"
      special_qualities: 'darkvision 60 ft.',
      alignment: 'NE',
      saves: { fort: 3, ref: 1, will: -1 },
      abilities: { str: 11, dex: 13, con: 12, int: 10, wis: 9, cha: 6 },
      // "Skills and Feats: …; Alertness." — the semicolon parts them, the full stop is the sentence's.
      skills: 'Hide +5, Listen +2, Move Silently +5, Ride +4, Spot +2',
      feats: 'Alertness',
    });
    expect(record.cr_value).toBeCloseTo(1 / 3, 10);
    expect(unparsed).toEqual([]);
    expect(warnings).toEqual([
      {
        key: 'GNG.StatBlock.Warning.NotKept',
        data: {
          field: 'possessions',
          text: 'Possessions: Leather armor, light wooden shield, morningstar, 3 javelins.',
        },
      },
    ]);
    expect(record.notes).toBe('Possessions: Leather armor, light wooden shield, morningstar, 3 javelins.');
    expect(fields.find((f) => f.field === 'hp')).toEqual({ field: 'hp', line: 'hp 5', value: 5 });
  });

  it('reads a fighter NPC with class levels, half-plate and a heavy steel shield (by hand)', () => {
    const { record, unparsed } = parseFixture('sentence-human-fighter');
    // AC 20 = 10 + 1 Dex + 7 half-plate + 2 shield; touch 11 = 10 + 1; flat-footed 19 = 20 - 1.
    expect(record).toMatchObject({
      name: 'Sergeant Brann, Male Human Fighter 3',
      size: 'Medium',
      type: 'Humanoid',
      subtypes: ['Human'],
      hd: 3,
      hp: 28,
      ac: 20,
      ac_touch: 11,
      ac_flat_footed: 19,
      ac_breakdown: [
        [1, 'Dex'],
        [7, 'half-plate'],
        [2, 'heavy steel shield'],
      ],
      armor_worn: [{ name: 'half-plate', bonus: 7 }],
      shield_worn: [{ name: 'heavy steel shield', bonus: 2 }],
      bab: 3,
      grapple: 6,
      saves: { fort: 5, ref: 2, will: 4 },
      abilities: { str: 16, dex: 13, con: 14, int: 10, wis: 12, cha: 8 },
      feats: 'Cleave, Iron Will, Power Attack, Weapon Focus (longsword), Weapon Specialization (longsword)',
      cr_value: 3,
    });
    // The en dash of "19–20" is read as a hyphen.
    expect(record.attack).toBe('+8 melee (1d8+3/19-20, masterwork longsword) or +4 ranged (1d8/×3, longbow)');
    expect(unparsed).toEqual([]);
    expect(record.notes).toBe(
      'Languages: Common.\nPossessions: Half-plate, heavy steel shield, masterwork longsword, longbow with 20 arrows, 12 gp.',
    );
  });

  it('reads a leading alignment and a fractional Hit Die "1/2 d8" (by hand)', () => {
    const { record, unparsed, warnings } = parseFixture('sentence-bilge-rat-fraction');
    expect(record).toMatchObject({
      alignment: 'N',
      size: 'Tiny',
      type: 'Animal',
      hit_dice: '1/2d8',
      hd: 0.5,
      hp: 2,
      cr_value: 0.125,
      // AC 14 = 10 + 2 size + 2 Dex; flat-footed 12 without Dex.
      ac_breakdown: [
        [2, 'size'],
        [2, 'Dex'],
      ],
      space: '2½ ft.',
      reach: '0 ft.',
      grapple: -12,
      feats: 'Weapon Finesse',
    });
    expect(unparsed).toEqual([]);
    expect(warnings).toEqual([]);
  });
});

describe('d20 Modern blocks (our own, values by hand)', () => {
  const notKept = (parsed: StatBlockParse) =>
    parsed.warnings.filter((w) => w.key === 'GNG.StatBlock.Warning.NotKept').map((w) => w.data?.field);

  it('a Medium-size monstrous humanoid: Defense is the AC, Mas/AP/Rep are reported, FS is the space', () => {
    const parsed = parseFixture('modern-sewer-stalker');
    expect(parsed.record).toMatchObject({
      name: 'Sewer Stalker',
      size: 'Medium', // "Medium-size"
      size_text: null,
      type: 'Monstrous Humanoid',
      hd: 3,
      hp: 16,
      // Defense 15 = 10 + 1 Dex + 4 natural, written after touch and flat-footed.
      ac: 15,
      ac_touch: 11,
      ac_flat_footed: 14,
      ac_breakdown: [
        [1, 'Dex'],
        [4, 'natural'],
      ],
      natural_armor: 4,
      bab: 3,
      grapple: 5,
      space: '5 ft.', // "FS 5 ft. by 5 ft."
      reach: '5 ft.',
      saves: { fort: 2, ref: 4, will: 3 },
      abilities: { str: 14, dex: 12, con: 12, int: 6, wis: 10, cha: 8 },
      advancement: '4-6 HD (Medium-size); 7-9 HD (Large)',
      cr_value: 2,
    });
    expect(parsed.fields.find((f) => f.field === 'massive_damage_threshold')).toEqual({
      field: 'massive_damage_threshold',
      line: 'Mas 12',
      value: 12,
    });
    expect(notKept(parsed)).toEqual(['massive_damage_threshold', 'action_points', 'reputation']);
    expect(parsed.record.notes).toBe('Mas 12\nAP 0\nRep +0');
    expect(parsed.unparsed).toEqual([]);
  });

  it('an ordinary with two classes and an equipment bonus (worn armor)', () => {
    const parsed = parseFixture('modern-street-tough');
    expect(parsed.record).toMatchObject({
      name: 'Street Tough (Strong Ordinary 2/Tough Ordinary 1)',
      type: 'Humanoid', // "human"
      subtypes: ['Human'],
      hit_dice: '2d8+2 plus 1d10+1',
      hd: 3, // 2 + 1
      hp: 19,
      // Defense 15 = 10 + 1 Dex + 2 class + 2 equipment (the leather jacket).
      ac: 15,
      ac_touch: 13,
      ac_flat_footed: 14,
      armor_worn: [{ name: 'equipment', bonus: 2 }],
      shield_worn: null,
      bab: 2,
      grapple: 4,
      alignment: 'gang',
    });
    expect(notKept(parsed)).toEqual([
      'massive_damage_threshold',
      'action_points',
      'reputation',
      'occupation',
      'possessions',
    ]);
    expect(parsed.warnings.some((w) => w.key === 'GNG.StatBlock.Warning.UnknownType')).toBe(false);
    expect(parsed.unparsed).toEqual([]);
  });

  it('an undead with no Constitution and no massive damage threshold', () => {
    const parsed = parseFixture('modern-hollow-man');
    expect(parsed.record).toMatchObject({
      name: 'Hollow Man', // "Hollow Man (Undead)": the type in brackets is not part of the name
      type: 'Undead',
      hit_dice: '4d12',
      hd: 4,
      abilities: { str: 15, dex: 10, con: null, int: null, wis: 10, cha: 1 },
      skills: null, // "Skills: —."
      feats: 'Toughness',
      special_qualities: 'undead, darkvision 60 ft., damage reduction 5/silver',
    });
    expect(parsed.fields.find((f) => f.field === 'massive_damage_threshold')?.value).toBeNull();
    expect(parsed.unparsed).toEqual([]);
  });

  it('a Large animal copied from a PDF with hard line breaks and en dashes', () => {
    const parsed = parseFixture('modern-mutant-grizzly-wrapped');
    expect(parsed.record).toMatchObject({
      size: 'Large',
      type: 'Animal',
      hd: 6,
      hp: 51,
      // "(–1 size, +1 / Dex, +6 natural)" across two lines: 10 - 1 + 1 + 6 = 16.
      ac: 16,
      ac_breakdown: [
        [-1, 'size'],
        [1, 'Dex'],
        [6, 'natural'],
      ],
      natural_armor: 6,
      // "Full / Atk" cut by the line break.
      full_attack: '+8 melee (1d8+5, 2 claws), +3 melee (2d6+2, bite)',
      space: '10 ft.', // "FS 10 ft. by 10 / ft."
      reach: '10 ft.',
      alignment: 'none', // "AL / none"
      abilities: { str: 21, dex: 13, con: 19, int: 2, wis: 12, cha: 6 },
    });
    expect(parsed.unparsed).toEqual([]);
  });

  it('an alien with talents, allegiances and possessions', () => {
    const parsed = parseFixture('modern-gray-visitor');
    expect(parsed.record).toMatchObject({
      name: 'Gray Visitor',
      size: 'Small',
      type: 'Aberration',
      // Defense 16 = 10 + 1 size + 2 Dex + 3 natural.
      ac: 16,
      natural_armor: 3,
      bab: 2,
      grapple: -3,
      special_attacks: 'psionic stun',
      advancement: 'By character class (Smart)',
    });
    expect(notKept(parsed)).toEqual([
      'massive_damage_threshold',
      'action_points',
      'reputation',
      'talents',
      'allegiances',
      'possessions',
    ]);
    expect(parsed.record.notes).toContain('Talents (Smart Hero): Savant (Computer Use).');
    expect(parsed.unparsed).toEqual([]);
  });
});

describe('other layouts', () => {
  it('reads the 3.0 "Face/Reach 5 ft. by 5 ft./5 ft." and "Attacks:" rows', () => {
    const { record, unparsed } = parseStatBlock(
      ['Orc', 'Face/Reach: 5 ft. by 5 ft./5 ft.', 'Attacks: Greataxe +3 melee'].join('\n'),
    );
    expect(record).toMatchObject({ space: '5 ft.', reach: '5 ft.', attack: 'Greataxe +3 melee' });
    expect(unparsed).toEqual([]);
  });

  it('reads an unlabelled size and type line under the name ("Medium Humanoid (Orc)")', () => {
    const { record, unparsed, warnings } = parseStatBlock(
      [
        'Orc Raider',
        'Medium Humanoid (Orc)',
        'Hit Dice: 1d8+1 (5 hp)',
        'Attack: Falchion +4 melee (2d4+4)',
      ].join('\n'),
    );
    expect(record).toMatchObject({ name: 'Orc Raider', size: 'Medium', type: 'Humanoid', subtypes: ['Orc'] });
    expect(unparsed).toEqual([]);
    expect(warnings.filter((w) => w.data?.field === 'size_type')).toEqual([]);
  });

  it('a second unlabelled line that is not a size stays unparsed; a labelled Size/Type is not read twice', () => {
    const { record, unparsed } = parseStatBlock(
      ['Orc Raider', 'Large Giant', 'Size/Type: Medium Humanoid (Orc)'].join('\n'),
    );
    // The unlabelled line is read first; the labelled one is then a duplicate, listed.
    expect(record).toMatchObject({ size: 'Large', type: 'Giant' });
    expect(unparsed.map((u) => u.text)).toEqual(['Size/Type: Medium Humanoid (Orc)']);
    expect(parseStatBlock(['Orc Raider', 'A brutal raider'].join('\n')).unparsed.map((u) => u.text)).toEqual([
      'A brutal raider',
    ]);
  });

  it('keeps the psionic lines of a sentence-form block and reads the rest', () => {
    const text = [
      'Mind Witch: CR 4; Medium humanoid (human, psionic); HD 5d4+5; hp 17; Init +2; Spd 30 ft.; AC 16, touch 12,',
      'flat-footed 14 (+2 Dex, +4 inertial armor); Base Atk +2; Grp +1; Atk/Full Atk Dagger +1 melee (1d4-1/19-20);',
      'AL NE; SV Fort +2, Ref +3, Will +5; Str 8, Dex 14, Con 12, Int 17, Wis 12, Cha 10.',
      'Power Points 35; Powers Known (ML 5th): 3rd—energy bolt (DC 16); 2nd—ego whip (DC 15); 1st—inertial armor.',
    ].join('\n');
    const { record, unparsed, fields } = parseStatBlock(text);
    // AC 16 = 10 + 2 Dex + 4 inertial armor (an armor bonus); touch 12 = 10 + 2.
    expect(record).toMatchObject({
      subtypes: ['Human', 'Psionic'],
      hd: 5,
      ac: 16,
      ac_touch: 12,
      ac_flat_footed: 14,
      armor_worn: [{ name: 'inertial armor', bonus: 4 }],
      grapple: 1,
      saves: { fort: 2, ref: 3, will: 5 },
    });
    expect(unparsed).toEqual([]);
    expect(fields.filter((f) => f.field === 'psionics').map((f) => f.line)).toEqual([
      'Power Points 35',
      'Powers Known (ML 5th): 3rd—energy bolt (DC 16); 2nd—ego whip (DC 15); 1st—inertial armor.',
    ]);
  });
});

describe('worn armor, shields and natural armor in the AC line', () => {
  it.each([
    [
      // 10 + 1 + 9 + 3 + 2 + 1 + 2 + 3 = 31; touch 10 + 1 Dex + 2 deflection + 1 deflection = 14.
      'Armor Class: 31 (+1 Dex, +9 +1 full plate, +3 heavy steel shield, +2 shield of faith, +1 ring of protection +1, +2 amulet of natural armor +2, +3 natural), touch 14, flat-footed 30',
      { ac: 31, ac_touch: 14, ac_flat_footed: 30, natural_armor: 5 },
      [{ name: '+1 full plate', bonus: 9 }],
      [{ name: 'heavy steel shield', bonus: 3 }],
    ],
    [
      'Armor Class: 17 (+5 chainmail, +2 heavy steel shield), touch 10, flat-footed 17',
      { ac: 17, natural_armor: 0 },
      [{ name: 'chainmail', bonus: 5 }],
      [{ name: 'heavy steel shield', bonus: 2 }],
    ],
    [
      // The sentence form's order, and a spell: mage armor is an armor bonus.
      'AC 18, touch 14, flat-footed 14 (+4 Dex, +4 mage armor)',
      { ac: 18, ac_touch: 14, ac_flat_footed: 14, natural_armor: 0 },
      [{ name: 'mage armor', bonus: 4 }],
      null,
    ],
  ])('%s', (line, numbers, armor, shield) => {
    const { record, unparsed } = parseStatBlock(`Test\n${line}`);
    expect(record).toMatchObject({ ...numbers, armor_worn: armor, shield_worn: shield });
    expect(unparsed).toEqual([]);
  });
});

describe('what the parser cannot read', () => {
  it('lists unreadable values and unknown lines, and warns of missing fields, without throwing', () => {
    const parsed = parseStatBlock(
      ['Odd Thing', 'Hit Dice: see text', 'Armor Class: varies', 'Lair actions: none', 'Speed: 30 ft.'].join(
        '\n',
      ),
    );
    expect(parsed.record.name).toBe('Odd Thing');
    expect(parsed.record.speed).toBe('30 ft.');
    expect(parsed.unparsed).toEqual([
      { line: 2, text: 'Hit Dice: see text' },
      { line: 3, text: 'Armor Class: varies' },
      { line: 4, text: 'Lair actions: none' },
    ]);
    const keys = parsed.warnings.map((w) => `${w.key}:${String(w.data?.field ?? '')}`);
    expect(keys).toEqual([
      'GNG.StatBlock.Warning.BadValue:hit_dice',
      'GNG.StatBlock.Warning.BadValue:ac',
      'GNG.StatBlock.Warning.Missing:size_type',
      'GNG.StatBlock.Warning.Missing:hit_dice',
      'GNG.StatBlock.Warning.Missing:ac',
      'GNG.StatBlock.Warning.Missing:bab',
      'GNG.StatBlock.Warning.Missing:saves',
      'GNG.StatBlock.Warning.Missing:abilities',
    ]);
  });

  it('flags a repeated field, an unknown type and an armor class whose parts do not add up', () => {
    const parsed = parseStatBlock(
      [
        'Thing',
        'Size/Type: Large Cyborg',
        'Armor Class: 18 (-1 size, +5 natural), touch 9, flat-footed 18',
        'Armor Class: 12',
      ].join('\n'),
    );
    expect(parsed.record).toMatchObject({ type: 'Cyborg', size: 'Large', ac: 18 });
    expect(parsed.unparsed).toEqual([{ line: 4, text: 'Armor Class: 12' }]);
    expect(parsed.warnings.slice(0, 3)).toEqual([
      { key: 'GNG.StatBlock.Warning.UnknownType', data: { type: 'Cyborg' } },
      { key: 'GNG.StatBlock.Warning.Duplicate', data: { field: 'ac', text: 'Armor Class: 12' } },
      // 10 - 1 + 5 = 14, not 18.
      { key: 'GNG.StatBlock.Warning.AcSum', data: { ac: 18, sum: 14 } },
    ]);
  });

  it('does not take prose above a table for fields', () => {
    const text = [
      'Aboleth',
      'Huge creatures of the deep, aboleths hate the surface world.',
      'Space is tight in their lairs.',
      'Size/Type: Huge Aberration (Aquatic)',
      'Armor Class: 16 (-2 size, +1 Dex, +7 natural), touch 9, flat-footed 15',
    ].join('\n');
    const { record, unparsed, warnings } = parseStatBlock(text);
    expect(record).toMatchObject({
      size: 'Huge',
      type: 'Aberration',
      subtypes: ['Aquatic'],
      space: null,
      ac: 16,
    });
    expect(unparsed).toEqual([
      { line: 2, text: 'Huge creatures of the deep, aboleths hate the surface world.' },
      { line: 3, text: 'Space is tight in their lairs.' },
    ]);
    expect(warnings.some((w) => w.key.endsWith('.Duplicate'))).toBe(false);
  });

  it('says so when nothing is a stat block', () => {
    expect(parseStatBlock('').warnings).toEqual([{ key: 'GNG.StatBlock.Warning.Empty' }]);
  });
});

describe('the fixtures and the language file', () => {
  it('has 30 fixtures, each used by a test above', () => {
    const files = readdirSync(FIXTURES)
      .filter((file) => file.endsWith('.txt'))
      .map((file) => file.replace(/\.txt$/, ''));
    expect(files).toHaveLength(30);
    for (const file of files) parseFixture(file);
    expect([...used].sort()).toEqual(files.sort());
  });

  it('has an English string for every warning key and every field name the parser gives', () => {
    const lang = JSON.parse(readFileSync(new URL('../../lang/en.json', import.meta.url), 'utf8')) as {
      GNG: { StatBlock: { Warning: Record<string, string>; Field: Record<string, string> } };
    };
    const { Warning, Field } = lang.GNG.StatBlock;
    const samples = [
      ...[...used].map((name) => parseFixture(name)),
      parseStatBlock('X\nHit Dice: ?\nHit Dice: ?\nSize/Type: Large Cyborg\nArmor Class: 9 (+1 Dex)'),
      parseStatBlock(''),
    ];
    for (const parsed of samples) {
      for (const warning of parsed.warnings) {
        expect(Warning[warning.key.replace('GNG.StatBlock.Warning.', '')], warning.key).toBeTypeOf('string');
        const field = warning.data?.field;
        if (typeof field === 'string') expect(Field[field], field).toBeTypeOf('string');
      }
      for (const { field } of parsed.fields) expect(Field[field], field).toBeTypeOf('string');
    }
    // And every key the source can give, even those no sample above shows.
    const source = (file: string) =>
      readFileSync(new URL(`../../src/rules/bestiary/${file}`, import.meta.url), 'utf8');
    const union = /export type SegmentField =([^;]*);/.exec(source('stat-block-labels.ts'))?.[1] ?? '';
    const fieldNames = [...union.matchAll(/'([a-z_]+)'/g)].map((m) => m[1] as string);
    expect(fieldNames.length).toBeGreaterThan(40);
    for (const field of fieldNames) expect(Field[field], field).toBeTypeOf('string');
    const code = ['stat-block-parse.ts', 'stat-block-read.ts'].map(source).join('\n');
    const warningKeys = [...code.matchAll(/\$\{WARNING\}\.([A-Za-z]+)/g)].map((m) => m[1] as string);
    expect(new Set(warningKeys).size).toBe(8);
    for (const key of warningKeys) expect(Warning[key], key).toBeTypeOf('string');
  });
});

const sign = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : n >= 0 ? `+${n}` : `${n}`;
const abilityText = (r: SrdMonsterRecord) =>
  (['str', 'dex', 'con', 'int', 'wis', 'cha'] as const)
    .map((key) => `${key.charAt(0).toUpperCase()}${key.slice(1)} ${r.abilities[key] ?? '—'}`)
    .join(', ');
const sizeType = (r: SrdMonsterRecord) =>
  `${r.size_text ?? r.size} ${r.type}${r.subtypes.length ? ` (${r.subtypes.join(', ')})` : ''}`;

/** A record written out as the d20srd.org table, from its text fields. */
function renderTable(r: SrdMonsterRecord, separator: string): string {
  const rows: [string, string | null | undefined][] = [
    ['Size/Type', sizeType(r)],
    ['Hit Dice', r.hit_dice_text],
    ['Initiative', r.initiative === null || r.initiative === undefined ? null : sign(r.initiative)],
    ['Speed', r.speed],
    ['Armor Class', r.ac_text],
    ['Base Attack/Grapple', r.bab_grapple_text],
    ['Attack', r.attack ?? '—'],
    ['Full Attack', r.full_attack ?? '—'],
    ['Space/Reach', r.space_reach_text],
    ['Special Attacks', r.special_attacks ?? '—'],
    ['Special Qualities', r.special_qualities ?? '—'],
    ['Saves', r.saves_text],
    ['Abilities', abilityText(r)],
    ['Skills', r.skills ?? '—'],
    ['Feats', r.feats ?? '—'],
    ['Epic Feats', r.epic_feats],
    ['Environment', r.environment],
    ['Organization', r.organization],
    ['Challenge Rating', r.cr],
    ['Treasure', r.treasure],
    ['Alignment', r.alignment],
    ['Advancement', r.advancement],
    ['Level Adjustment', r.level_adjustment],
  ];
  const lines = rows.filter(([, value]) => value !== null && value !== undefined);
  return [r.name, ...lines.map(([label, value]) => `${label}${separator}${value}`)].join('\n');
}

/** The same record in the one-paragraph sentence form of the adventures. */
function renderSentence(r: SrdMonsterRecord): string {
  const segments = [
    `${r.name}: CR ${r.cr}`,
    sizeType(r),
    `HD ${r.hit_dice_text}`,
    `Init ${sign(r.initiative)}`,
    `Spd ${r.speed}`,
    `AC ${r.ac_text}`,
    `Base Atk ${sign(r.bab)}`,
    `Grp ${sign(r.grapple)}`,
    `Atk ${r.attack ?? '—'}`,
    `Full Atk ${r.full_attack ?? '—'}`,
    `Space ${r.space}`,
    ...(r.reach ? [`Reach ${r.reach}`] : []),
    `SA ${r.special_attacks ?? '—'}`,
    `SQ ${r.special_qualities ?? '—'}`,
    `SV ${r.saves_text}`,
    abilityText(r),
  ];
  return `${segments.join('; ')}.\nSkills: ${r.skills ?? '—'}.\nFeats: ${r.feats ?? '—'}.`;
}

function mismatches(
  render: (r: SrdMonsterRecord) => string,
  keys: readonly (keyof SrdMonsterRecord)[],
): string[] {
  const wrong: string[] = [];
  for (const record of MONSTERS) {
    const parsed = parseStatBlock(render(record));
    const same =
      JSON.stringify(pick(parsed.record, keys)) === JSON.stringify(pick(record, keys)) &&
      (record.cr_value === null
        ? parsed.record.cr_value === null
        : Math.abs((parsed.record.cr_value ?? NaN) - record.cr_value) < 1e-3) &&
      parsed.unparsed.length === 0;
    if (!same) wrong.push(record.id);
  }
  return wrong;
}

describe('round trip over the whole data file', () => {
  it.each([
    ['colon and tab (a copied d20srd.org table)', ':\t'],
    ['colon and space (typed)', ': '],
    ['tab only', '\t'],
    ['each value on the line under its label (as some browsers copy a table)', ':\n'],
  ])('reads back every one of the 696 records from its table text: %s', (_label, separator) => {
    expect(MONSTERS).toHaveLength(696);
    expect(mismatches((r) => renderTable(r, separator), [...STRUCTURED, ...TABLE_ONLY])).toEqual([]);
  });

  it('reads back the records from the sentence form too, but for two final full stops', () => {
    // A sentence-form value cannot tell its own final full stop from the sentence's: the praying
    // mantis's space "10 ft (4 squares)." and the demilich's qualities "… mind-affecting attacks."
    // come back without it. Every other field of every record comes back.
    expect(
      mismatches(renderSentence, [...STRUCTURED, 'name', 'size_text', 'speed', 'ac_touch', 'ac_flat_footed']),
    ).toEqual(['demilich', 'giant-praying-mantis']);
  });

  it('reads Windows line ends like any other', () => {
    const text = fixture('core-goblin-warrior-tabs');
    expect(parseStatBlock(text.replace(/\n/g, '\r\n'))).toEqual(parseStatBlock(text));
  });
});

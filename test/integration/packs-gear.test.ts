/**
 * The gear packs (weapons, armor) and the Appendix 3 sample characters: every SRD row is there and
 * mapped to our model, the firearms and energy weapons of GnG's special attacks carry their firearm
 * data, the samples show the text's Defense, Protection and HP, and pack gear dropped on a character
 * changes its combat numbers.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validatePackSources, type SystemManifest } from '../../scripts/packs.js';
import { SRD_DATA_DIR } from '../../scripts/packs/srd-gear.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import type { WeaponData } from '../../src/data/item/item-data.js';
import { getHarness, ROOT } from '../harness/index.js';

type Source = Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pack sources read as JSON fixtures
type AnySource = Record<string, any>;

const h = await getHarness();
beforeEach(() => h.reset(7));

const manifest = JSON.parse(readFileSync(join(ROOT, 'system.json'), 'utf8')) as SystemManifest;
const packs = new Map(
  validatePackSources(join(ROOT, 'packs/_source'), manifest).map(({ pack, documents }) => [
    pack.name,
    documents.map((d) => d.data as AnySource),
  ]),
);
const pack = (name: string): AnySource[] => packs.get(name) ?? [];
const srdId = (doc: AnySource): string | undefined =>
  doc.flags?.gng?.source?.book === 'SRD 3.5' ? doc.flags.gng.source.id : undefined;
const byName = (name: string, packName: string) => {
  const doc = pack(packName).find((d) => d.name === name);
  if (!doc) throw new Error(`${name} not in ${packName}`);
  return doc;
};
const sys = (actor: Actor) => actor.system as unknown as CreatureData;

describe('weapons and armor packs', () => {
  it('system.json declares both Item packs with their labels, in the GnG folder', () => {
    const declared = manifest.packs.filter((p) => ['weapons', 'armor'].includes(p.name));
    expect(declared.map((p) => [p.name, p.type, p.label])).toEqual([
      ['weapons', 'Item', 'GNG.Compendium.Weapons'],
      ['armor', 'Item', 'GNG.Compendium.Armor'],
    ]);
    const folders = (manifest as unknown as { packFolders: { packs: string[] }[] }).packFolders;
    expect(folders.flatMap((f) => f.packs)).toEqual(expect.arrayContaining(['weapons', 'armor']));
    for (const p of declared) expect(h.i18n.localize(p.label ?? '')).not.toBe(p.label);
  });

  it('every SRD weapon row (78) and armor row (21) is present, by source record id', () => {
    const weaponIds = pack('weapons').map(srdId).filter(Boolean);
    const armorIds = pack('armor').map(srdId).filter(Boolean);
    expect(new Set(weaponIds).size).toBe(78);
    expect(new Set(armorIds).size).toBe(21);
    const rows = (file: string, key: string) =>
      (JSON.parse(readFileSync(join(SRD_DATA_DIR, file), 'utf8'))[key] as { id: string }[]).map((r) => r.id);
    expect([...weaponIds].sort()).toEqual(rows('weapons.json', 'weapons').sort());
    expect([...armorIds].sort()).toEqual(rows('armor.json', 'armor').sort());
  });

  it('maps weapons: damage by size, types, range, Strength rule, properties; ammunition as equipment', () => {
    expect(byName('Longsword', 'weapons')).toMatchObject({
      type: 'weapon',
      system: {
        category: 'martial',
        use: 'one-handed',
        damage: { small: '1d6', medium: '1d8' },
        damageTypes: ['slashing'],
        weight: 4,
        price: 15,
      },
    });
    expect(byName('Bastard sword', 'weapons').system).toMatchObject({
      category: 'exotic',
      damage: { medium: '1d10' },
    });
    expect(byName('Longbow', 'weapons').system).toMatchObject({
      use: 'ranged',
      rangeIncrement: 100,
      strength: 'bow',
    });
    expect(byName('Composite shortbow', 'weapons').system.strength).toBe('composite-bow');
    expect(byName('Heavy crossbow', 'weapons').system.strength).toBe('none');
    expect(byName('Whip', 'weapons').system.properties).toEqual([
      'disarm',
      'finesse',
      'nonlethal',
      'reach',
      'trip',
    ]);
    expect(byName('Gnome hooked hammer', 'weapons').system).toMatchObject({
      damage: { medium: '1d8' },
      properties: ['double', 'trip'],
    });
    expect(byName('Arrows', 'weapons')).toMatchObject({
      type: 'equipment',
      system: { quantity: 20, weight: 0.15 },
    });
    expect(byName('Shuriken', 'weapons')).toMatchObject({
      type: 'weapon',
      system: { quantity: 5, use: 'thrown' },
    });
    const ammunition = pack('weapons')
      .filter((d) => d.type === 'equipment')
      .map(srdId);
    expect(ammunition.sort()).toEqual([
      'arrows-20',
      'bolts-10',
      'bolts-5',
      'bolts-crossbow-10',
      'bullets-sling-10',
    ]);
  });

  it('maps armor (Protection, armor check penalty, type), shields (bonus, size) and add-ons (equipment)', () => {
    expect(byName('Full plate', 'armor')).toMatchObject({
      type: 'armor',
      system: { armorBonus: 8, armorCheckPenalty: -6, type: 'heavy', weight: 50 },
    });
    const shields = Object.fromEntries(
      pack('armor')
        .filter((d) => d.type === 'shield')
        .map((d) => [srdId(d), [d.system.shieldBonus, d.system.armorCheckPenalty, d.system.shieldSize]]),
    );
    expect(shields).toEqual({
      buckler: [1, -1, 'buckler'],
      'shield-light-wooden': [1, -1, 'small'],
      'shield-light-steel': [1, -1, 'small'],
      'shield-heavy-wooden': [2, -2, 'large'],
      'shield-heavy-steel': [2, -2, 'large'],
      'shield-tower': [4, -10, 'tower'],
    });
    const counts = pack('armor').reduce<Record<string, number>>((acc, d) => {
      const key = d.type === 'armor' ? d.system.type : d.type;
      acc[key] = (acc[key] ?? 0) + 1;
      return acc;
    }, {});
    expect(counts).toEqual({ light: 4, medium: 4, heavy: 4, shield: 6, equipment: 3 });
  });

  it('descriptions are ours: none repeats six words in a row of the SRD text', () => {
    const srd = JSON.parse(readFileSync(join(SRD_DATA_DIR, 'weapons.json'), 'utf8')).weapons as {
      id: string;
      description: string | null;
    }[];
    const words = (text: string) =>
      text
        .replace(/<[^>]*>/g, ' ')
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean);
    const shingles = (list: string[]) => new Set(list.slice(5).map((_, i) => list.slice(i, i + 6).join(' ')));
    const copied: string[] = [];
    for (const row of srd) {
      if (!row.description) continue;
      const theirs = shingles(words(row.description));
      const ours = pack('weapons').find((d) => srdId(d) === row.id);
      for (const s of shingles(words(ours?.system.description ?? '')))
        if (theirs.has(s)) copied.push(`${row.id}: ${s}`);
    }
    expect(copied).toEqual([]);
  });
});

describe('firearms and energy weapons for the special attacks', () => {
  const modern: [string, string, Source][] = [
    // Self-loading (semi-automatic): suppressing fire may use them.
    [
      'gngFirearmPistol',
      'pistol',
      { fireModes: ['single', 'semi'], capacity: 15, barrels: 1, longarm: false },
    ],
    ['gngFirearmRifle1', 'rifle', { fireModes: ['single'], capacity: 5, barrels: 1, longarm: true }],
    ['gngFirearmShotgn', 'shotgun (scattershot)', { fireModes: ['single'], capacity: 6, longarm: true }],
    ['gngFirearmSubmg1', 'submachine gun (bursts)', { fireModes: ['single', 'semi', 'auto'], capacity: 30 }],
    ['gngEnergyBeamRfl', 'beam weapon', { fireModes: ['single', 'semi', 'auto'], capacity: 20 }],
    ['gngFirearmDblSgn', 'double-barrelled shotgun', { fireModes: ['single'], capacity: 2, barrels: 2 }],
  ];

  it.each(modern)('%s: the %s is a loaded Simple weapon with its firearm data', (id, _what, firearm) => {
    const source = pack('weapons').find((d) => d._id === id);
    expect(source).toBeDefined();
    expect(source?.system).toMatchObject({ category: 'simple', use: 'ranged', strength: 'none', firearm });
    expect(source?.system.firearm.ammunition).toBe(source?.system.firearm.capacity);
  });

  it('the shotguns are scattershot, the beam weapon is an energy weapon with a continuous beam', () => {
    const get = (id: string) => pack('weapons').find((d) => d._id === id)?.system;
    expect(get('gngFirearmShotgn')?.properties).toEqual(['scattershot']);
    expect(get('gngFirearmDblSgn')?.properties).toEqual(['scattershot']);
    expect(get('gngEnergyBeamRfl')).toMatchObject({
      energy: true,
      properties: ['beam'],
      damageTypes: ['fire'],
    });
  });

  // CONTINUOUS BEAM FIRE: "a +4 bonus to your attack roll. (This does not stack with the +2 bonus inherent
  // to energy weapons.)"
  it('equipped, the beam weapon attacks with the continuous beam bonus (+4) over the pistol', async () => {
    const actor = await h.createActor({ name: 'Trooper', type: 'character' });
    const equip = (id: string) => {
      const data = structuredClone(pack('weapons').find((d) => d._id === id)) as AnySource;
      data.system.equipped = true;
      return data;
    };
    await actor.createEmbeddedDocuments('Item', [equip('gngFirearmPistol'), equip('gngEnergyBeamRfl')]);
    const attacks = Object.fromEntries(sys(actor).derived.attacks.map((a) => [a.name, a]));
    expect(attacks['Autoloader pistol (9mm)']).toMatchObject({
      mode: 'ranged',
      damage: '2d6',
      proficient: true,
    });
    expect(attacks['Laser rifle (continuous beam)']?.bonus).toBe(
      (attacks['Autoloader pistol (9mm)']?.bonus ?? 0) + 4,
    );
  });
});

describe('Appendix 3 sample characters (samples pack)', () => {
  const samples: [
    string,
    string,
    { defense: number; protection: number; hp: number; attack: [number, string] },
  ][] = [
    ['gngSampleRogue01', '1st-level rogue', { defense: 4, protection: 1, hp: 13, attack: [1, '1d6 + 1'] }],
    ['gngSampleFightr5', '5th-level fighter', { defense: 4, protection: 8, hp: 23, attack: [9, '1d10 + 4'] }],
    ['gngSampleMonk009', '9th-level monk', { defense: 12, protection: 3, hp: 19, attack: [7, '1d10 + 1'] }],
  ];

  it.each(samples)('%s (%s): Defense, Protection, HP and attack as the text', async (id, _who, expected) => {
    const source = pack('samples').find((d) => d._id === id);
    expect(source).toBeDefined();
    const check = (actor: Actor) => {
      const s = sys(actor);
      expect([s.defense.total, s.protection.total, s.hp.max]).toEqual([
        expected.defense,
        expected.protection,
        expected.hp,
      ]);
      expect(s.hp.value).toBe(expected.hp);
      expect(s.derived.attacks.map((a) => [a.bonus, a.damage])).toEqual([expected.attack]);
    };
    // As the compendium shows it, and imported into the world.
    check(
      h.registerCompendiumDocument('samples', structuredClone(source) as Source, 'Actor') as unknown as Actor,
    );
    check(await h.createActor(structuredClone(source) as Source));
  });

  it('embedded items carry ids and keys of their actor, and gear comes from the packs', () => {
    for (const [id] of samples) {
      const source = pack('samples').find((d) => d._id === id) as AnySource;
      expect(source.items.map((i: AnySource) => i._key)).toEqual(
        source.items.map((i: AnySource) => `!actors.items!${id}.${i._id}`),
      );
      for (const item of source.items.filter((i: AnySource) => i.type !== 'class')) {
        const [, , packName, , packId] = (item._stats?.compendiumSource as string).split('.');
        expect(
          pack(packName ?? '').some((d) => d._id === packId),
          item.name,
        ).toBe(true);
      }
    }
  });
});

describe('pack gear on a fresh character', () => {
  async function freshCharacter() {
    return h.createActor({
      name: 'Recruit',
      type: 'character',
      system: {
        abilities: { str: { value: 14 }, dex: { value: 12 }, con: { value: 12 } },
        proficiencies: { armor: { light: true, medium: true }, weapons: { simple: true, martial: true } },
      },
    });
  }

  function expectArmedNumbers(actor: Actor, before: { defense: number; protection: number }) {
    const s = sys(actor);
    expect(s.derived.attacks.map((a) => [a.name, a.bonus, a.damage, a.damageTypes])).toEqual([
      ['Longsword', 2, '1d8 + 2', ['slashing']],
    ]);
    // Chainmail: Protection 5; armor check penalty −5, halved (rounding up) when proficient: −3.
    expect(s.protection.total).toBe(before.protection + 5);
    expect(s.defense.total).toBe(before.defense - 3);
    expect(s.defense.melee?.parts.armorCheck).toBe(-3);
  }

  async function equipAll(actor: Actor) {
    for (const item of actor.items.filter((i) => ['weapon', 'armor'].includes(i.type)))
      await item.update({ 'system.equipped': true });
  }

  it('dropping a pack weapon and a pack armor on the sheet adds them; equipped, they change the numbers', async () => {
    const actor = await freshCharacter();
    const before = { defense: sys(actor).defense.total ?? 0, protection: sys(actor).protection.total ?? 0 };
    expect(sys(actor).derived.attacks).toEqual([]);
    const sword = h.registerCompendiumDocument('weapons', byName('Longsword', 'weapons'));
    const mail = h.registerCompendiumDocument('armor', byName('Chainmail', 'armor'));
    const sheet = await h.openSheet(actor);
    await h.drop(sheet, { type: 'Item', uuid: sword.uuid });
    await h.drop(sheet, { type: 'Item', uuid: mail.uuid });
    expect(actor.items.map((i) => i.name).sort()).toEqual(['Chainmail', 'Longsword']);
    const created = actor.items.find((i) => i.name === 'Longsword');
    expect((created?.system as unknown as WeaponData).damage.medium).toBe('1d8');
    // Carried, not yet worn: the weight counts, the numbers do not change.
    expect(sys(actor).derived.encumbrance.weight).toBe(4 + 40);
    expect(sys(actor).protection.total).toBe(before.protection);
    await equipAll(actor);
    expectArmedNumbers(actor, before);
  });

  it('the same through createEmbeddedDocuments with the pack data (no sheet involved)', async () => {
    const actor = await freshCharacter();
    const before = { defense: sys(actor).defense.total ?? 0, protection: sys(actor).protection.total ?? 0 };
    await actor.createEmbeddedDocuments('Item', [
      structuredClone(byName('Longsword', 'weapons')) as Source,
      structuredClone(byName('Chainmail', 'armor')) as Source,
    ]);
    await equipAll(actor);
    expectArmedNumbers(actor, before);
  });
});

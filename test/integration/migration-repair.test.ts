/**
 * Migrations keep every document (issue #28): known old spellings are normalized by the data models'
 * `migrateData` wherever a document is built (created, imported, loaded from the world or a
 * compendium); an unreadable value is reset — that field only — by the active GM's world repair
 * (src/data/world-repair.ts) from the stored source, and the GM is told once which document and
 * field. Expected values are the stored ones, read off the fixtures by hand.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHarness, ROOT } from '../harness/index.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { migrateActorSource, migrateItemSource } from '../../src/data/migrations.js';
import { REPORTED_SETTING, repairWorldSources } from '../../src/data/world-repair.js';

const h = await getHarness();
const { gm, player } = h.users;
beforeEach(() => {
  h.reset(5);
  h.as(gm);
});

type Source = Record<string, unknown>;
const old = (file: string): Source =>
  JSON.parse(readFileSync(join(ROOT, 'test/fixtures/old-documents', file), 'utf8')) as Source;
const stored = (doc: { toObject(): Source }) =>
  doc.toObject() as { system: Record<string, unknown> } & Source;
const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const warnings = () => h.notices.filter((n) => n.level === 'warn').map((n) => n.message);

const character = (system: Source, items: Source[] = []): Source => ({
  name: 'Old Timer',
  type: 'character',
  system,
  items,
});
const weapon = (system: Source): Source => ({ name: 'Old weapon', type: 'weapon', system });

describe('known old spellings, through migrateData (every document built)', () => {
  it('hp stored as a plain number keeps its value as the current HP', async () => {
    for (const hp of [12, '12']) {
      const actor = await h.createActor(character({ hp }));
      expect(stored(actor).system.hp, String(hp)).toEqual({ value: 12, nonlethal: 0, temp: 0 });
      expect(sys(actor).hp.value).toBe(12);
    }
  });

  it.each([
    ['Piercing Or Slashing', ['piercing', 'slashing']],
    ['Slashing.', ['slashing']],
    ['bludgeoning & piercing', ['bludgeoning', 'piercing']],
    ['Bludgeoning and Piercing', ['bludgeoning', 'piercing']],
    ['piercing/slashing', ['piercing', 'slashing']],
    ['fire, cold', ['fire', 'cold']],
    ['B or P', ['bludgeoning', 'piercing']],
    ['SLASHING or slashing', ['slashing']],
  ])('damage type %o becomes %o; the weapon is kept', async (damageType, types) => {
    const item = await Item.create(weapon({ damage: '1d8', damageType, weight: 3 }));
    expect(item, 'the weapon is created, not refused').toBeTruthy();
    expect(stored(item as Item).system).toMatchObject({ damageTypes: types, weight: 3 });
  });

  it('damage types already in a list are normalized the same way', async () => {
    const item = await Item.create(weapon({ damageTypes: ['Slashing.', 'Piercing Or Slashing'] }));
    expect(stored(item as Item).system.damageTypes).toEqual(['slashing', 'piercing']);
  });

  it.each([
    ['Medium-size', 'medium'],
    ['Med', 'medium'],
    ['M', 'medium'],
    ['medium', 'medium'],
    ['LARGE', 'large'],
    [' Huge ', 'huge'],
    ['small size', 'small'],
    ['Lg', 'large'],
  ])('size %o becomes %o (actors and weapons)', async (size, id) => {
    const actor = await h.createActor(character({ size }));
    expect(stored(actor).system.size).toBe(id);
    const item = await Item.create(weapon({ size }));
    expect(stored(item as Item).system.size).toBe(id);
  });

  // Decision `fractional scores` (docs/rules.md): a fraction is rounded down, the d20 convention.
  it('an ability score of 15.5 is kept as 15 (rounded down), the actor is not refused', async () => {
    const actor = await h.createActor(character({ abilities: { dex: 15.5, str: { value: 13.9 } } }));
    const abilities = stored(actor).system.abilities as Record<string, { value: number }>;
    expect(abilities.dex?.value).toBe(15);
    expect(abilities.str?.value).toBe(13);
    // Dex 15: modifier +2; Str 13: +1.
    expect(sys(actor).abilities.dex.mod).toBe(2);
    expect(sys(actor).abilities.str.mod).toBe(1);
  });

  it('a compendium document (built with its pack) is normalized the same way', () => {
    const Cls = CONFIG.Actor.documentClass as unknown as new (d: Source, o: { pack: string }) => Actor;
    const actor = new Cls(character({ hp: 7, size: 'Med', abilities: { con: 14.5 } }), { pack: 'world.old' });
    expect(stored(actor).system).toMatchObject({ hp: { value: 7 }, size: 'medium' });
    expect((stored(actor).system.abilities as Record<string, { value: number }>).con?.value).toBe(14);
  });

  it('normalizing twice changes nothing the second time', () => {
    const actor = migrateActorSource({
      abilities: { str: 15.5, dex: '12', con: { value: 14 } },
      hp: 12,
      size: 'Medium-size',
    });
    expect(migrateActorSource(structuredClone(actor))).toEqual(actor);
    const item = migrateItemSource({ size: 'Med', damage: '1d8', damageType: 'Piercing Or Slashing' });
    expect(migrateItemSource(structuredClone(item))).toEqual(item);
  });

  it('a bad value typed on a sheet is still refused (only stored data is repaired)', async () => {
    const actor = await h.createActor(character({ abilities: { str: 14 } }));
    const before = actor.toObject();
    await expect(actor.update({ 'system.abilities.str.value': 'strong' })).rejects.toThrow();
    await expect(actor.update({ 'system.size': 'enormous' })).rejects.toThrow(/size/);
    expect(actor.toObject()).toEqual(before);
  });
});

describe('unreadable stored values: the world repair (active GM, on ready)', () => {
  it('"strong" as an ability score: that score only becomes 10, and the GM is told which document and field', async () => {
    h.loadWorld({
      actors: [{ _id: 'strongActor00001', ...character({ abilities: { str: 'strong', dex: 14 } }) }],
    });
    const actor = game.actors.get('strongActor00001') as Actor;
    expect((stored(actor).system.abilities as Record<string, { value: number }>).dex?.value).toBe(14);
    const result = await repairWorldSources();
    expect(result.told).toEqual([
      { uuid: 'Actor.strongActor00001', name: 'Old Timer', field: 'abilities.str', value: 'strong' },
    ]);
    expect(sys(actor).abilities.str.value).toBe(10);
    expect(sys(actor).abilities.dex.value).toBe(14);
    const [warning, ...more] = warnings();
    expect(more).toEqual([]);
    expect(warning).toContain('Old Timer');
    expect(warning).toContain('abilities.str');
    expect(h.i18n.missing.size, [...h.i18n.missing].join()).toBe(0);
  });

  it('a whole old actor with several bad fields keeps every other field and all its items', async () => {
    const source = old('character-unreadable-fields.json');
    h.loadWorld({ actors: [source] });
    expect(game.actors.invalidDocumentIds?.has('oldCharacter0002'), 'refused as stored').toBe(true);

    const result = await repairWorldSources();
    expect(result.written).toBe(1);
    const actor = game.actors.get('oldCharacter0002') as Actor;
    expect(actor, 'valid again').toBeTruthy();
    const system = stored(actor).system;
    expect(system.abilities).toEqual({
      str: { value: 10, damage: 0, drain: 0 },
      dex: { value: 15, damage: 0, drain: 0 },
      con: { value: 14, damage: 0, drain: 0 },
      int: { value: 12, damage: 1, drain: 0 },
      wis: { value: 10, damage: 0, drain: 0 },
      cha: { value: 8, damage: 0, drain: 0 },
    });
    expect(system.hp).toEqual({ value: 12, nonlethal: 0, temp: 0 });
    expect(system).toMatchObject({
      size: 'medium',
      naturalArmor: 1,
      speed: 20,
      biography: '<p>Still standing.</p>',
      proficiencies: { armor: { light: true }, weapons: { martial: true } },
    });
    expect((system.skills as Record<string, unknown>).tumble).toEqual({ ranks: 4, misc: 1 });
    expect(actor.getFlag('gng', 'note')).toBe('kept');

    expect(actor.items.map((i) => i.id).sort()).toEqual([
      'oldHalberd000001',
      'oldMorningstar01',
      'oldRope000000001',
      'oldScimitar00001',
    ]);
    const item = (id: string) => stored(actor.items.get(id) as Item).system;
    expect(item('oldHalberd000001')).toMatchObject({
      category: 'martial',
      use: 'two-handed',
      size: 'medium',
      damage: { medium: '1d10' },
      damageTypes: ['piercing', 'slashing'],
      weight: 12,
    });
    expect(item('oldScimitar00001')).toMatchObject({
      damage: { medium: '1d6' },
      damageTypes: ['slashing'],
      weight: 4,
      equipped: true,
    });
    expect(item('oldMorningstar01')).toMatchObject({
      damage: { medium: '1d8' },
      damageTypes: ['bludgeoning', 'piercing'],
      weight: 0,
    });
    expect(item('oldRope000000001')).toMatchObject({ weight: 5, quantity: 1, carried: true });

    // Dex 15 (+2) from 15.5; the actor prepares with its items.
    expect(sys(actor).abilities.dex.mod).toBe(2);
    expect(sys(actor).derived.attacks.map((a) => a.name)).toContain('Scimitar');

    expect(result.told.map((e) => [e.name, e.field, e.value])).toEqual([
      ['Battered Veteran', 'abilities.str', 'strong'],
      ['Battered Veteran', 'abilities.wis.value', 'wise'],
      ['Morningstar', 'weight', 'heavy'],
      ['Silk rope', 'carried', 'yes'],
    ]);
    expect(result.told[2]?.uuid).toBe('Actor.oldCharacter0002.Item.oldMorningstar01');
  });

  it('a world item with an unreadable field is repaired the same way; a valid one is left alone', async () => {
    h.loadWorld({
      items: [
        { _id: 'oldWorldItem0001', ...weapon({ damage: '1d6', damageType: 'Slashing.', weight: 'light' }) },
        { _id: 'oldWorldItem0002', ...weapon({ damage: '2d4', damageType: 'bludgeoning & piercing' }) },
      ],
    });
    expect(game.items.invalidDocumentIds?.has('oldWorldItem0001')).toBe(true);
    const fine = game.items.get('oldWorldItem0002') as Item;
    const result = await repairWorldSources();
    expect(result.written).toBe(1);
    expect(stored(game.items.get('oldWorldItem0001') as Item).system).toMatchObject({
      damage: { medium: '1d6' },
      damageTypes: ['slashing'],
      weight: 0,
    });
    expect(game.items.get('oldWorldItem0002')).toBe(fine);
    expect(result.told.map((e) => e.field)).toEqual(['weight']);
  });

  it('running it twice changes nothing the second time, and the GM is told once', async () => {
    const source = old('character-unreadable-fields.json');
    h.loadWorld({ actors: [source] });
    await repairWorldSources();
    const actor = game.actors.get('oldCharacter0002') as Actor;
    const after = actor.toObject();
    expect(warnings()).toHaveLength(1);

    const again = await repairWorldSources();
    expect(again).toEqual({ written: 0, told: [] });
    expect(actor.toObject()).toEqual(after);
    expect(warnings(), 'not told again').toHaveLength(1);

    // The world is loaded again from what was stored: nothing is left to repair or to tell.
    h.loadWorld({ actors: [after] });
    expect(await repairWorldSources()).toEqual({ written: 0, told: [] });
    // Loaded again from the old source (a backup): repaired again, but the GM was already told.
    h.loadWorld({ actors: [source] });
    expect(await repairWorldSources()).toMatchObject({ written: 1, told: [] });
    expect(warnings()).toHaveLength(1);
    expect((game.settings.get('gng', REPORTED_SETTING) as { entries: string[] }).entries).toEqual([
      'Actor.oldCharacter0002#abilities.str',
      'Actor.oldCharacter0002#abilities.wis.value',
      'Actor.oldCharacter0002.Item.oldMorningstar01#weight',
      'Actor.oldCharacter0002.Item.oldRope000000001#carried',
    ]);
  });

  it('only the active GM repairs and is told; a player changes and sees nothing', async () => {
    h.loadWorld({ actors: [old('character-unreadable-fields.json')] });
    h.as(player);
    expect(await repairWorldSources()).toEqual({ written: 0, told: [] });
    expect(game.actors.invalidDocumentIds?.has('oldCharacter0002')).toBe(true);
    expect(warnings()).toEqual([]);
  });
});

describe('more stored values the data models refuse', () => {
  it('a score past its bound, a negative speed and an unknown damage type: those values only', async () => {
    h.loadWorld({
      actors: [
        {
          _id: 'boundsActor00001',
          ...character({ abilities: { str: { value: 500 }, dex: 13 }, speed: -5, naturalArmor: 2 }),
        },
      ],
      items: [{ _id: 'bananaWeapon0001', ...weapon({ damageType: 'Slashing or banana', weight: 2 }) }],
    });
    expect(game.actors.invalidDocumentIds?.has('boundsActor00001')).toBe(true);
    const result = await repairWorldSources();
    expect(result.written).toBe(2);
    expect(result.told.map((e) => [e.name, e.field, e.value])).toEqual([
      ['Old Timer', 'abilities.str.value', 500],
      ['Old Timer', 'speed', -5],
      ['Old weapon', 'damageTypes[1]', 'banana'],
    ]);
    const actor = game.actors.get('boundsActor00001') as Actor;
    expect(stored(actor).system).toMatchObject({
      abilities: { str: { value: 10 }, dex: { value: 13 } },
      speed: 30,
      naturalArmor: 2,
    });
    expect(stored(game.items.get('bananaWeapon0001') as Item).system).toMatchObject({
      damageTypes: ['slashing'],
      weight: 2,
    });
  });

  it('a document that cannot be repaired stays as stored, and the GM is told once', async () => {
    const vehicle = { _id: 'oldVehicle000001', name: 'Wagon', type: 'vehicle', system: { speed: 40 } };
    h.loadWorld({ actors: [vehicle] });
    expect(await repairWorldSources()).toEqual({ written: 0, told: [] });
    expect(game.actors.getInvalid?.('oldVehicle000001')?.toObject()).toMatchObject(vehicle);
    const errors = () => h.notices.filter((n) => n.level === 'error').map((n) => n.message);
    expect(errors()).toHaveLength(1);
    expect(errors()[0]).toContain('Wagon');
    await repairWorldSources();
    expect(errors()).toHaveLength(1);
  });
});

/**
 * Old world data migrates without loss: each migration (src/data/migrations.ts and the combatant
 * records of src/combat/action-budget.ts) from a stored old document (test/fixtures/old-documents/),
 * created through the harness as Foundry loads it, with every stored value checked in its new place.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHarness, ROOT } from '../harness/index.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import type { WeaponData } from '../../src/data/item/item-data.js';
import { migrateBloodLoss, migrateWorldBloodLoss } from '../../src/data/migrations.js';
import {
  combatantBudget,
  combatantTrauma,
  migrateCombatantRecords,
  turnOf,
} from '../../src/combat/action-budget.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
beforeEach(() => {
  h.reset(3);
  h.as(gm);
});

type Source = Record<string, unknown>;
/** A stored old document (each test gets its own copy). */
const old = (file: string): Source =>
  JSON.parse(readFileSync(join(ROOT, 'test/fixtures/old-documents', file), 'utf8')) as Source;
const source = (doc: { toObject(): Source }) =>
  doc.toObject() as { system: Record<string, unknown> } & Source;
const fatigue = (actor: Actor) => [...actor.statuses].filter((s) => s === 'fatigued' || s === 'exhausted');

describe('actors of the template.json era (character-template-era.json, npc-capitalized-size.json)', () => {
  it('plain-number and string ability scores become { value }, every score kept', async () => {
    const stored = old('character-template-era.json');
    const actor = await h.createActor(stored, player);
    const abilities = source(actor).system.abilities as Record<string, unknown>;
    const before = (stored.system as { abilities: Record<string, number | string> }).abilities;
    for (const [ability, value] of Object.entries(before))
      expect(abilities[ability], ability).toEqual({ value: Number(value), damage: 0, drain: 0 });
    expect((actor.system as unknown as CreatureData).abilities.str.mod).toBe(2);
  });

  it('hp keeps its value, nonlethal damage and temporary HP; the stored max is dropped (it is derived)', async () => {
    const actor = await h.createActor(old('character-template-era.json'), player);
    expect(source(actor).system.hp).toEqual({ value: 8, nonlethal: 2, temp: 3 });
    // Con 14, no class: the derived maximum, not the stored 99.
    expect((actor.system as unknown as CreatureData).hp.max).toBe(14);
  });

  it('an abbreviated or capitalized size becomes its id; the other fields are kept as stored', async () => {
    const character = await h.createActor(old('character-template-era.json'), player);
    expect(source(character).system).toMatchObject({
      size: 'medium',
      naturalArmor: 1,
      speed: 20,
      biography: '<p>Served in the old war.</p>',
    });
    const ogre = await h.createActor(old('npc-capitalized-size.json'));
    expect(source(ogre).system).toMatchObject({ size: 'large', naturalArmor: 5, creatureType: 'Giant' });
    expect(source(ogre).system.hp).toEqual({ value: 29, nonlethal: 0, temp: 0 });
    const abilities = source(ogre).system.abilities as Record<string, { value: number }>;
    expect(Object.fromEntries(Object.entries(abilities).map(([k, v]) => [k, v.value]))).toEqual({
      str: 21,
      dex: 8,
      con: 15,
      int: 6,
      wis: 10,
      cha: 7,
    });
  });

  it("embedded weapons: a damage string becomes the damage of the weapon's size, damageType becomes damageTypes", async () => {
    const actor = await h.createActor(old('character-template-era.json'), player);
    const sword = actor.items.get('oldLongsword0001') as Item;
    expect(source(sword).system).toMatchObject({
      category: 'martial',
      size: 'medium',
      damage: { medium: '1d8', large: '' },
      damageTypes: ['slashing'],
      weight: 4,
      equipped: true,
    });
    expect(source(sword).system).not.toHaveProperty('damageType');
    const club = actor.items.get('oldGreatclub0001') as Item;
    expect(source(club).system).toMatchObject({
      use: 'two-handed',
      size: 'large',
      damage: { large: '2d8', medium: '' },
      damageTypes: ['bludgeoning', 'piercing'],
      weight: 16,
      carried: false,
    });
    expect((club.system as unknown as WeaponData).damageDice).toBe('2d8');
    expect((actor.system as unknown as CreatureData).derived.attacks.map((a) => [a.name, a.damage])).toEqual([
      ['Longsword', '1d8 + 2'],
    ]);
  });

  it('the old flags.gng.bloodLoss becomes the status and is cleared (fatigued; exhausted)', async () => {
    const character = await h.createActor(old('character-template-era.json'), player);
    const ogre = await h.createActor(old('npc-capitalized-size.json'));
    h.as(player);
    expect(await migrateWorldBloodLoss(), 'only the active GM migrates').toBe(0);
    h.as(gm);
    expect(await migrateWorldBloodLoss()).toBe(2);
    expect(fatigue(character)).toEqual(['fatigued']);
    expect(fatigue(ogre)).toEqual(['exhausted']);
    expect(character.getFlag('gng', 'bloodLoss')).toBeNull();
    expect(ogre.getFlag('gng', 'bloodLoss')).toBeNull();
    // Str 15 fatigued (−2): 13; Str 21 exhausted (−6): 15.
    expect((character.system as unknown as CreatureData).abilities.str.effective).toBe(13);
    expect((ogre.system as unknown as CreatureData).abilities.str.effective).toBe(15);
    const effects = character.effects.size;
    expect(await migrateBloodLoss(character), 'running it again changes nothing').toBeNull();
    expect(character.effects.size).toBe(effects);
    expect(fatigue(character)).toEqual(['fatigued']);
  });
});

describe('world items (weapon-damage-string.json)', () => {
  it('a stored weapon keeps every value in the new shape', async () => {
    const stored = old('weapon-damage-string.json');
    const weapon = await Item.create(stored);
    expect(weapon).toBeTruthy();
    expect(source(weapon as Item).system).toMatchObject({
      category: 'martial',
      use: 'two-handed',
      size: 'medium',
      damage: { medium: '1d10' },
      damageTypes: ['piercing', 'slashing'],
      weight: 12,
      quantity: 2,
      price: 10,
      description: '<p>A polearm.</p>',
    });
  });
});

describe('action-budget records in combatant flags (combatant-flags-budget.json)', () => {
  const fixture = old('combatant-flags-budget.json') as {
    combatants: { flags: Record<string, Record<string, unknown>> }[];
  };

  /** A combat of two actors whose combatants carry the old flags of the fixture (as stored). */
  async function oldCombat(): Promise<{ combat: Combat; first: Combatant; second: Combatant }> {
    const a = await h.createActor({ name: 'Veteran', type: 'character', system: {} }, player);
    const b = await h.createActor({ name: 'Recruit', type: 'character', system: {} }, otherPlayer);
    const combat = h.startCombat([a, b]);
    const [first, second] = combat.combatants.contents as [Combatant, Combatant];
    await first.update({ flags: fixture.combatants[0]?.flags });
    await second.update({ flags: fixture.combatants[1]?.flags });
    return { combat, first, second };
  }

  it('are not read as they are (a player could have written them)', async () => {
    const { first } = await oldCombat();
    expect(combatantBudget(first)).toMatchObject({ move: true, attack: true, quickStandUsed: false });
    expect(combatantTrauma(first)).toBe(false);
    expect(turnOf(first)).toBeNull();
  });

  it("the active GM adopts them into the Combat's flags once, every value kept, and clears the old flags", async () => {
    const { combat, first, second } = await oldCombat();
    h.as(player);
    expect(await migrateCombatantRecords(combat), 'only the active GM migrates').toBe(0);
    h.as(gm);
    expect(await migrateCombatantRecords(combat)).toBe(1);
    expect(combatantBudget(first)).toEqual({
      move: false,
      attack: true,
      freeUsed: { block: 0, 'dive-for-cover': 0, 'maintain-footing': 0, 'roll-with-blow': 1 },
      quickStandUsed: true,
    });
    expect(combatantTrauma(first)).toBe(true);
    expect(turnOf(first)).toEqual({ round: 2, move: true, attack: false, partial: true });
    for (const key of ['budget', 'trauma', 'turn']) expect(first.getFlag('gng', key), key).toBeNull();
    expect(combat.getFlag('gng', 'combatants')).not.toHaveProperty(second.id);
    const after = structuredClone(combat.getFlag('gng', 'combatants'));
    expect(await migrateCombatantRecords(combat), 'running it again changes nothing').toBe(0);
    expect(combat.getFlag('gng', 'combatants')).toEqual(after);
  });

  it('a combatant that already has a record in the Combat keeps it; its old flags are only cleared', async () => {
    const { combat, first } = await oldCombat();
    await combat.update({ 'flags.gng.combatants': { [first.id]: { trauma: false } } });
    expect(await migrateCombatantRecords(combat)).toBe(0);
    expect(combatantTrauma(first)).toBe(false);
    expect(combatantBudget(first).move).toBe(true);
    expect(first.getFlag('gng', 'budget')).toBeNull();
  });

  it('what is adopted never gives more than a fresh budget (the old flags were player-writable)', async () => {
    const { combat, first } = await oldCombat();
    await first.update({
      'flags.gng.budget': {
        move: 'yes',
        attack: true,
        freeUsed: { block: -3, 'roll-with-blow': 1.5 },
        quickStandUsed: 1,
      },
      'flags.gng.trauma': 'no',
      'flags.gng.turn': { round: -4, move: 'sure', attack: 0, partial: 'yes' },
    });
    expect(await migrateCombatantRecords(combat)).toBe(1);
    expect(combatantBudget(first)).toEqual({
      move: true,
      attack: true,
      freeUsed: { block: 0, 'dive-for-cover': 0, 'maintain-footing': 0, 'roll-with-blow': 0 },
      quickStandUsed: false,
    });
    expect(combatantTrauma(first)).toBe(false);
    expect(turnOf(first)).toEqual({ round: 0, move: true, attack: true, partial: false });
  });

  it("the combat's first turn start migrates before the turn begins: the old trauma makes it partial", async () => {
    const { combat, first } = await oldCombat();
    await (combat as unknown as { begin(): Promise<unknown> }).begin();
    expect(turnOf(first)).toMatchObject({ round: 1, partial: true });
    expect(combatantTrauma(first), 'trauma is spent by the turn it limited').toBe(false);
    // The turn start refilled the next turn's actions; the free abort used before the upgrade stays used.
    expect(combatantBudget(first)).toMatchObject({ move: true, attack: true });
    expect(first.getFlag('gng', 'trauma')).toBeNull();
  });
});

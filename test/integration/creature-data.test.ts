/**
 * Characters and creatures built from items through the harness: the numbers GnG fights with are
 * derived through the rules engine (Appendix 3, conditions, effects, validation, migration).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import {
  appendix3Fighter as fighter,
  appendix3Monk as monk,
  appendix3Rogue as rogue,
} from '../fixtures/appendix3.js';

const h = await getHarness();
beforeEach(() => h.reset(5));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;

type Abilities = Record<'str' | 'dex' | 'con' | 'int' | 'wis' | 'cha', number>;
function abilities(a: Abilities) {
  return Object.fromEntries(Object.entries(a).map(([k, v]) => [k, { value: v }]));
}

const appendix3Rogue = () => rogue(h);
const appendix3Fighter = () => fighter(h);
const appendix3Monk = () => monk(h);

describe('Appendix 3 sample characters built from items', () => {
  it('1st-level rogue: HP 13, Defense +4, Protection 1, short sword +1 (1d6 + 1), saves +1/+5/+1', async () => {
    const s = sys(await appendix3Rogue());
    expect(s.hp.max).toBe(13);
    expect(s.defense.total).toBe(4);
    expect(s.defense.melee?.parts).toMatchObject({ dexterity: 3, class: 1 });
    expect(s.protection.total).toBe(1);
    expect(s.derived.attacks.map((a) => [a.name, a.bonus, a.damage])).toEqual([
      ['Short sword', 1, '1d6 + 1'],
    ]);
    expect([s.saves.fort.total, s.saves.ref.total, s.saves.will.total]).toEqual([1, 5, 1]);
  });

  it('5th-level fighter: Defense +4 (+5 class, +2 shield, −3 armor check), Protection 8, bastard sword +9 (1d10 + 4); HP 23 by decision "fighter HP"', async () => {
    const s = sys(await appendix3Fighter());
    expect(s.defense.total).toBe(4);
    expect(s.defense.melee?.parts).toMatchObject({ class: 5, shield: 2, armorCheck: -3, encumbrance: 0 });
    expect(s.protection.total).toBe(8);
    expect(s.hp.max).toBe(23);
    expect(s.derived.encumbrance.load).toBe('none');
    expect(s.derived.attacks[0]).toMatchObject({ bonus: 9, damage: '1d10 + 4', proficient: true });
    expect([s.saves.fort.total, s.saves.ref.total, s.saves.will.total]).toEqual([8, 1, 1]);
  });

  it('9th-level monk: HP 19, Defense +12 (+3 Dex, +9 class), Protection +3 (monk bonus), unarmed +7 (1d10 + 1), saves +7/+9/+8', async () => {
    const s = sys(await appendix3Monk());
    expect(s.hp.max).toBe(19);
    expect(s.defense.total).toBe(12);
    expect(s.protection.total).toBe(3);
    expect(s.protection.monk).toBe(3);
    expect(s.derived.attacks[0]).toMatchObject({ bonus: 7, damage: '1d10 + 1' });
    expect([s.saves.fort.total, s.saves.ref.total, s.saves.will.total]).toEqual([7, 9, 8]);
  });

  it('equipping drives the numbers: unequipping the fighter’s shield and armor', async () => {
    const actor = await appendix3Fighter();
    const shield = actor.items.find((i) => i.type === 'shield');
    await shield?.update({ 'system.equipped': false });
    expect(sys(actor).defense.total).toBe(2);
    const armor = actor.items.find((i) => i.type === 'armor');
    await armor?.update({ 'system.equipped': false });
    expect(sys(actor).defense.total).toBe(5);
    expect(sys(actor).protection.total).toBe(0);
  });

  it('proficiency drives the numbers: a fighter not proficient with heavy armor takes its full −6', async () => {
    const actor = await appendix3Fighter();
    await actor.update({ 'system.proficiencies.armor.heavy': false });
    expect(sys(actor).defense.melee?.parts.armorCheck).toBe(-6);
    expect(sys(actor).derived.attacks[0]?.bonus).toBe(3);
  });

  it('carried weight drives the numbers: 60 lb more makes the fighter’s load Light (−1 Defense)', async () => {
    const actor = await appendix3Fighter();
    await actor.createEmbeddedDocuments('Item', [
      { name: 'Anvil', type: 'equipment', system: { weight: 60, carried: true } },
    ]);
    expect(sys(actor).derived.encumbrance).toMatchObject({ weight: 131, load: 'light', penalty: -1 });
    expect(sys(actor).defense.total).toBe(3);
  });

  it('injury: at half HP the fighter is moderately injured, −4 on Defense and attacks', async () => {
    const actor = await appendix3Fighter();
    await actor.update({ 'system.hp.value': 11 });
    expect(sys(actor).hp.injury).toMatchObject({ level: 'moderate', penalty: -4 });
    expect(sys(actor).defense.total).toBe(0);
    expect(sys(actor).derived.attacks[0]?.bonus).toBe(5);
  });
});

describe('creatures', () => {
  it('no Constitution: base HP 20 × size; undead are immune to injury', async () => {
    const zombie = await h.createActor({
      name: 'Zombie',
      type: 'npc',
      system: {
        size: 'large',
        creatureType: 'Undead',
        anatomy: ['no-constitution', 'no-discernible-anatomy'],
        hp: { value: 5 },
      },
    });
    expect(sys(zombie).hp.max).toBe(40);
    expect(sys(zombie).hp.injury).toMatchObject({ level: 'none', penalty: 0, immune: true });
  });

  it('racial Hit Dice are class items: 4 HD of Giant (average Defense, average HP), natural armor to Protection', async () => {
    const ogre = await h.createActor({
      name: 'Ogre',
      type: 'npc',
      system: {
        size: 'large',
        creatureType: 'Giant',
        naturalArmor: 5,
        hp: { value: 36 },
        abilities: abilities({ str: 21, dex: 8, con: 15, int: 6, wis: 10, cha: 7 }),
      },
    });
    await ogre.createEmbeddedDocuments('Item', [
      {
        name: 'Giant Hit Dice',
        type: 'class',
        system: {
          kind: 'racial',
          levels: 4,
          defenseProgression: 'average',
          hpProgression: 'average',
          babProgression: 'average',
          saves: { fort: 'good', ref: 'poor', will: 'poor' },
        },
      },
    ]);
    expect(sys(ogre).hp.max).toBe((15 + 3) * 2);
    expect(sys(ogre).protection.total).toBe(5);
    expect(sys(ogre).derived.bab).toBe(3);
    expect(sys(ogre).defense.total).toBe(-1 + 3 - 1);
  });
});

describe('Active Effects change typed bonuses', () => {
  it('dodge bonuses add (ADD), deflection takes the best (UPGRADE), Protection and HP too', async () => {
    const actor = await appendix3Rogue();
    const { ADD, UPGRADE } = CONST.ACTIVE_EFFECT_MODES;
    await actor.createEmbeddedDocuments('ActiveEffect', [
      { name: 'Dodge', changes: [{ key: 'system.defense.bonuses.dodge', mode: ADD, value: '1' }] },
      { name: 'Haste-like dodge', changes: [{ key: 'system.defense.bonuses.dodge', mode: ADD, value: '1' }] },
      { name: 'Ring', changes: [{ key: 'system.defense.bonuses.deflection', mode: UPGRADE, value: '2' }] },
      { name: 'Amulet', changes: [{ key: 'system.defense.bonuses.deflection', mode: UPGRADE, value: '1' }] },
      {
        name: 'Blessed hide',
        changes: [{ key: 'system.protection.bonuses.sacredProfane', mode: ADD, value: '2' }],
      },
      { name: 'Vigor', changes: [{ key: 'system.hp.bonuses.enhancement', mode: ADD, value: '4' }] },
    ]);
    const s = sys(actor);
    expect(s.defense.total).toBe(4 + 2 + 2);
    expect(s.protection.total).toBe(3);
    expect(s.hp.max).toBe(17);
  });

  it('a transferred feat effect (Dodge: +1 dodge) is lost with the Dex bonus when flat-footed', async () => {
    const actor = await appendix3Rogue();
    const [feat] = await actor.createEmbeddedDocuments('Item', [
      { name: 'Dodge', type: 'feat', system: { identifier: 'dodge' } },
    ]);
    await feat?.createEmbeddedDocuments('ActiveEffect', [
      {
        name: 'Dodge',
        transfer: true,
        changes: [{ key: 'system.defense.bonuses.dodge', mode: CONST.ACTIVE_EFFECT_MODES.ADD, value: '1' }],
      },
    ]);
    expect(sys(actor).defense.total).toBe(5);
    await actor.toggleStatusEffect('flat-footed');
    expect(sys(actor).defense.total).toBe(0);
  });
});

describe('validation and migration', () => {
  it.each([
    [
      { 'system.abilities.dex.value': -1 },
      'An ability score cannot be negative (dex: -1). Use 0 for a score of nothing.',
    ],
    [{ 'system.skills.tumble.ranks': -2 }, 'Skill ranks cannot be negative (tumble: -2).'],
    [{ 'system.size': 'enormous' }, /size/],
  ])('rejects %o with a clear message and keeps the data', async (change, message) => {
    const actor = await appendix3Rogue();
    const before = actor.toObject();
    await expect(actor.update(change)).rejects.toThrow(message);
    expect(actor.toObject()).toEqual(before);
  });

  it('rejects a class with negative levels and a weapon loaded past its capacity', async () => {
    const actor = await appendix3Rogue();
    const cls = actor.items.find((i) => i.type === 'class');
    await expect(cls?.update({ 'system.levels': -1 })).rejects.toThrow('Levels cannot be negative (got -1).');
    await expect(
      actor.createEmbeddedDocuments('Item', [
        { name: 'Pistol', type: 'weapon', system: { firearm: { capacity: 6, ammunition: 9 } } },
      ]),
    ).rejects.toThrow('9 rounds do not fit a weapon that holds 6.');
    expect(actor.items.size).toBe(3);
  });

  it('migrates old data in place: plain ability numbers, a stored hp.max, a capitalized size, a weapon damage string', async () => {
    const actor = await h.createActor({
      name: 'Old',
      type: 'character',
      system: { abilities: { str: 15, dex: '12' }, hp: { value: 8, max: 99 }, size: 'Small' },
      items: [
        {
          _id: 'oldSword00000001',
          name: 'Old sword',
          type: 'weapon',
          system: { damage: '1d8', damageType: 'slashing/piercing' },
        },
      ],
    });
    const source = actor.toObject().system as Record<string, Record<string, unknown>>;
    expect(source.abilities?.str).toEqual({ value: 15, damage: 0, drain: 0 });
    expect(source.abilities?.dex).toEqual({ value: 12, damage: 0, drain: 0 });
    expect(source.hp).toEqual({ value: 8, nonlethal: 0, temp: 0 });
    expect(actor.toObject().system).toMatchObject({ size: 'small' });
    const sword = actor.items.get('oldSword00000001')?.system as unknown as {
      damage: Record<string, string>;
      damageTypes: string[];
    };
    expect(sword.damage.medium).toBe('1d8');
    expect(sword.damageTypes).toEqual(['slashing', 'piercing']);
  });
});

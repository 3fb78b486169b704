/**
 * Characters and creatures built from items through the harness: the numbers GnG fights with are
 * derived through the rules engine (Appendix 3, conditions, effects, validation, migration).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { cardHelpers, cardStateOf } from '../fixtures/cards.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import {
  appendix3Fighter as fighter,
  appendix3Monk as monk,
  appendix3Rogue as rogue,
} from '../fixtures/appendix3.js';

const h = await getHarness();
const cards = cardHelpers(h);
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

  // GnG INJURY: "-2 [-4, -6] injury penalty on all attack rolls, defense rolls, ability checks, skill
  // checks, and saving throws". The fighter (23 HP, Fort +8 as Appendix 3 prints it, Str 18: +4)
  // at 17 HP (≤ 75 %), 11 (≤ 50 %) and 5 (≤ 25 %).
  for (const [hp, grade, penalty] of [
    [17, 'light', -2],
    [11, 'moderate', -4],
    [5, 'severe', -6],
  ] as const) {
    it(`injury: a ${grade} injury (${penalty}) lowers saves, skill checks and ability checks too`, async () => {
      const actor = await appendix3Fighter();
      const climb = sys(actor).derived.skills.climb.total;
      expect(sys(actor).saves.fort.total).toBe(8);
      await actor.update({ 'system.hp.value': hp });
      expect(sys(actor).hp.injury).toMatchObject({ level: grade, penalty });
      expect(sys(actor).saves.fort.total).toBe(8 + penalty);
      expect(sys(actor).derived.saves.fort.injury).toBe(penalty);
      expect(sys(actor).derived.skills.climb.total).toBe(climb + penalty);
      h.dice.queue(10);
      const message = await (
        actor as unknown as { rollAbilityCheck(a: string): Promise<ChatMessage> }
      ).rollAbilityCheck('str');
      expect(message.rolls[0]?.total).toBe(10 + 4 + penalty);
    });
  }
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

describe('ability scores of 0 and the bounds of stored numbers (decisions "ability score 0", "number bounds")', () => {
  /** A Medium creature with these scores, a light weapon (2 lb, equipped) and a 10 lb pack. */
  async function creature(scores: Partial<Abilities>, extra: Record<string, unknown> = {}, owner?: User) {
    return h.createActor(
      {
        name: 'Weakling',
        type: 'npc',
        system: {
          abilities: abilities({ str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10, ...scores }),
          ...extra,
        },
        items: [
          {
            _id: 'weaklingDagger01',
            name: 'Dagger',
            type: 'weapon',
            system: { use: 'light', damage: { medium: '1d4' }, weight: 2, equipped: true },
          },
          { _id: 'weaklingPack0001', name: 'Pack', type: 'equipment', system: { weight: 10 } },
        ],
      },
      owner,
    );
  }

  it('a base Strength of 0 is legal and prepares: modifier −5, carries nothing (any weight is Heavy), attacks', async () => {
    const s = sys(await creature({ str: 0 }));
    expect(s.abilities.str).toMatchObject({ value: 0, effective: 0, mod: -5 });
    expect(s.derived.encumbrance).toMatchObject({
      weight: 12,
      load: 'heavy',
      penalty: -5,
      capacity: { light: 0, medium: 0, heavy: 0 },
    });
    expect(s.derived.attacks[0]).toMatchObject({ name: 'Dagger', bonus: -5, damage: '1d4 - 5' });
    expect(s.derived.grapple).toBe(-5);
  });

  it.each([
    ['fatigue: Strength 2, exhausted (−6)', { str: 2 }, {}, ['exhausted'], 'str'],
    ['ability damage equal to the score', { str: 10 }, { str: { value: 10, damage: 10 } }, [], 'str'],
    ['drain to Dexterity 0', { dex: 12 }, { dex: { value: 12, drain: 12 } }, [], 'dex'],
    ['Constitution 0 (max HP 0)', { con: 0 }, {}, [], 'con'],
    ['Intelligence, Wisdom and Charisma 0', { int: 0, wis: 0, cha: 0 }, {}, [], 'cha'],
  ] as const)(
    'an effective score of 0 prepares everywhere: %s',
    async (_label, scores, losses, statuses, ability) => {
      const actor = await creature(scores, {}, h.users.player);
      if (Object.keys(losses).length)
        await actor.update({
          system: {
            abilities: {
              ...abilities({ str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10, ...scores }),
              ...losses,
            },
          },
        });
      for (const status of statuses) await actor.toggleStatusEffect(status, { active: true });
      const s = sys(actor);
      expect(s.abilities[ability]).toMatchObject({ effective: 0, mod: -5 });
      if (ability === 'con') expect(s.hp.max).toBe(0);
      if (ability === 'dex') expect(s.defense.melee?.parts.dexterity).toBe(-5);
      // The sheet renders; its Attack button opens the dialog, which shows the bonus; the card is posted.
      h.as(h.users.player);
      const target = await h.createActor({ name: 'Target', type: 'npc', system: {} });
      h.target(h.users.player, h.placeToken(target));
      const sheet = await h.openSheet(actor);
      expect(sheet.element.querySelector('.abilities')?.textContent).toContain('-5');
      const clicked = h.click(sheet, '.attack button[data-action="rollAttack"]');
      const dialog = await cards.openDialog();
      expect(dialog.element.querySelector('.attack-total')?.textContent?.trim()).toMatch(/^[+-]?\d+$/);
      h.dice.queue(10);
      await h.click(dialog, 'button[type="submit"]');
      await clicked;
      await attackActionsSettled();
      const message = game.messages.contents.at(-1);
      expect(message, 'the attack card is posted').toBeTruthy();
      expect(h.renderMessage(message as ChatMessage).textContent).toContain('Dagger');
    },
  );

  it('refuses a score above 200 with a localized message, keeps the data, and accepts 200 (epic: Str 80 in the SRD)', async () => {
    const actor = await creature({});
    const before = actor.toObject();
    await expect(actor.update({ 'system.abilities.str.value': 201 })).rejects.toThrow(
      'An ability score cannot be more than 200 (str: 201).',
    );
    await expect(actor.update({ 'system.abilities.str.value': 2_000_000_000 })).rejects.toThrow(
      'An ability score cannot be more than 200 (str: 2000000000).',
    );
    await expect(actor.update({ 'system.abilities.wis.damage': 500 })).rejects.toThrow(
      'abilities.wis.damage cannot be more than 200 (got 500).',
    );
    expect(actor.toObject()).toEqual(before);
    await actor.update({ 'system.abilities.str.value': 200 });
    // Strength 200: the 20s row (400 lb heavy) ×4 for each of the 18 tens above it, in one step.
    expect(sys(actor).derived.encumbrance.capacity.heavy).toBe(400 * 4 ** 18);
    await expect(
      h.createActor({
        name: 'Absurd',
        type: 'npc',
        system: { abilities: { str: { value: 2_000_000_000 } } },
      }),
    ).rejects.toThrow('An ability score cannot be more than 200 (str: 2000000000).');
    expect(game.actors.contents.map((a) => a.name)).toEqual(['Weakling']);
  });

  it.each([
    [{ 'system.naturalArmor': 301 }, 'naturalArmor cannot be more than 300 (got 301).'],
    [{ 'system.skills.tumble.ranks': 301 }, 'skills.tumble.ranks cannot be more than 300 (got 301).'],
    [{ 'system.skills.tumble.misc': -301 }, 'skills.tumble.misc must be between -300 and 300 (got -301).'],
    [{ 'system.hp.value': -2_000_000 }, 'hp.value must be between -1000000 and 1000000 (got -2000000).'],
    [{ 'system.speed': -5 }, 'speed cannot be negative (got -5).'],
  ])('refuses %o with a localized message', async (change, message) => {
    const actor = await creature({});
    await expect(actor.update(change)).rejects.toThrow(message);
  });

  it('a GM-entered Defense is bounded (±1000): refused with a localized message, the card unchanged', async () => {
    const attacker = await fighter(h, h.users.player);
    h.as(h.users.player);
    h.dice.queue(10);
    // An attack without a target is refused now; cards of older versions hold an "unnamed defender"
    // whose Defense the GM types in. Make one: an attack on an object, its target rewritten as such.
    const message = (await game.gng.attack(
      attacker,
      attacker.items.find((i) => i.name === 'Bastard sword') as Item,
      { object: { size: 'medium', moving: true } },
    )) as ChatMessage;
    await attackActionsSettled();
    h.as(h.users.gm);
    const old = cardStateOf(message) as { targets: Record<string, unknown>[] };
    Object.assign(old.targets[0] as object, { kind: 'unnamed', name: 'Unnamed defender', object: null });
    const { renderAttackCard } = await import('../../src/cards/attack/attack-render.js');
    await message.update({
      '==system': old,
      content: await renderAttackCard(old as unknown as Parameters<typeof renderAttackCard>[0]),
    });
    const enter = async (defense: number) => {
      const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
      (html.querySelector('input[name="defense"]') as HTMLInputElement).value = String(defense);
      html
        .querySelector('button[data-action="setDefense"]')
        ?.dispatchEvent(
          new h.window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event,
        );
      await attackActionsSettled();
    };
    const before = structuredClone(game.messages.get(message.id as string)?.flags);
    await enter(-5000);
    expect(h.notices.at(-1)?.message).toBe('Enter a Defense total between -1000 and 1000.');
    expect(game.messages.get(message.id as string)?.flags).toEqual(before);
    await enter(1000);
    expect(game.messages.get(message.id as string)?.content).toContain('1000');
  });

  it('weapon damage is checked as dice when saved, with a localized message; items have bounds', async () => {
    const actor = await creature({});
    const dagger = actor.items.get('weaklingDagger01') as Item;
    for (const dice of ['1d6+1d4', 'd8', '1000000d6', '1d6 fire'])
      await expect(dagger.update({ 'system.damage.medium': dice })).rejects.toThrow(
        `The medium damage must be dice the system can roll, such as 1d8 or 2d6+1, with at most 100 dice of up to 1000 faces (got "${dice}").`,
      );
    await dagger.update({ 'system.damage.medium': '2d6 + 1', 'system.damage.large': '3' });
    expect(sys(actor).derived.attacks[0]?.damageDice).toBe('2d6 + 1');
    await expect(dagger.update({ 'system.enhancement': 301 })).rejects.toThrow(
      'enhancement cannot be more than 300 (got 301).',
    );
    const cls = await actor.createEmbeddedDocuments('Item', [
      { name: 'Giant', type: 'class', system: { levels: 4 } },
    ]);
    await expect((cls[0] as Item).update({ 'system.levels': 301 })).rejects.toThrow(
      'levels cannot be more than 300 (got 301).',
    );
  });
});

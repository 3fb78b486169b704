/**
 * The Appendix 6 weapon properties at the table (issue #18): chosen on the weapon item, applied by the
 * attack card's damage step on the GM's client (engine `weaponPropertiesAgainst`), shown on the card,
 * and undone by Undo. Appendix 6 (GnG v4.0):
 *
 * - Brilliant Energy: "Armor bonuses to Protection and shield bonuses to Defense (including any
 *   enhancement bonuses to that armor or shield) do not count against it … (Other bonuses still
 *   apply.) A brilliant energy weapon cannot harm undead, constructs, and objects. You may apply this
 *   property only to melee weapons, thrown weapons, and ammunition."
 * - Vicious: "If a vicious weapon successfully hits an opponent and inflicts at least 1 HP damage …
 *   This energy deals an extra 2d6 points of damage to the opponent and 1d6 points of damage to the
 *   wielder. The extra damage ignores both the target's and the wielder's Protection. Only melee
 *   weapons can be vicious."
 * - Sun Blade: "Against Negative Energy Plane creatures or undead creatures, the sword deals double
 *   damage. (Double the damage inflicted after applying Protection.)"
 * - Wounding: "If a wounding weapon hits an opponent and inflicts at least 1 HP damage … it
 *   automatically causes severe bleeding (as the called shot effect, above) if the victim fails a
 *   Fortitude save against DC 10 + the damage inflicted by the attack. Creatures with no circulatory
 *   system, undead, plants, constructs, and the like are unaffected."
 * - Mace of Ruin: "This +7 armor ignoring heavy mace also ignores the hardness or damage reduction of
 *   any object or creature it strikes."
 * - Dissipater: "Against qualifying targets [ectoplasm], a dissipater weapon ignores Protection, damage
 *   reduction and hardness."
 *
 * The attacker is a classless NPC with Str 10 (attack bonus = the weapon's enhancement, Strength +0),
 * the defenders classless with Dex 10 (Defense +0 besides a shield). Dice are queued in the order they
 * are rolled: attack d20, Defense d20, damage, Vicious 2d6 and 1d6, then at Apply the Wounding save.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardHelpers } from '../fixtures/cards.js';
import { bladeWielder } from '../fixtures/blade-wielder.js';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { click } = cardHelpers(h);
const { gm, player } = h.users;
beforeEach(() => h.reset(6));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const state = (message: ChatMessage) => cardState(fresh(message)) as AttackCardState;
const target = (message: ChatMessage) => state(message).targets[0] as CardTarget;
const extras = (message: ChatMessage) =>
  [...h.renderMessage(fresh(message)).querySelectorAll('.damage-extra')].map((li) =>
    [...li.querySelectorAll('span')]
      .map((s) => s.textContent?.trim())
      .filter(Boolean)
      .join(' '),
  );

/** An unowned defender with 30 HP and Con 30 (Fortitude +10), Defense +0. */
function defender(system: Record<string, unknown> = {}, name = 'Foe'): Promise<Actor> {
  return h.createActor({
    name,
    type: 'npc',
    system: { hp: { value: 30 }, abilities: { con: { value: 30 } }, ...system },
  });
}

/** The player's classless NPC (20 HP, Con 20) with one equipped simple 1d8 weapon with `properties`. */
const attacker = (properties: string[], weapon: Record<string, unknown> = {}) =>
  bladeWielder(h, { properties, ...weapon });

/** Attack (d20), the GM's Defense roll (d20), then the player's damage roll (`damage`). */
async function hit(
  properties: string[],
  foe: Actor,
  dice: { attack: number; defense: number; damage: number[] },
  weapon: Record<string, unknown> = {},
) {
  const { actor, item } = await attacker(properties, weapon);
  h.placeToken(actor);
  h.as(player);
  h.target(player, h.placeToken(foe));
  h.dice.queue(dice.attack);
  const message = (await game.gng.attack(actor, item, {})) as ChatMessage;
  await attackActionsSettled();
  h.as(gm);
  h.dice.queue(dice.defense);
  await click(message, 'rollDefense');
  h.as(player);
  h.dice.queue(...dice.damage);
  await click(message, 'rollDamage');
  return { message, wielder: actor, item };
}

/** A defender in armor 5 (+1) with natural armor 2 and a +2 shield: Protection 8, Defense +2. */
async function knight(): Promise<Actor> {
  const foe = await defender({ naturalArmor: 2, proficiencies: { armor: { light: true, shield: true } } });
  await foe.createEmbeddedDocuments('Item', [
    {
      name: 'Chain shirt',
      type: 'armor',
      system: { armorBonus: 5, enhancement: 1, type: 'light', equipped: true },
    },
    { name: 'Shield', type: 'shield', system: { shieldBonus: 2, shieldSize: 'small', equipped: true } },
  ]);
  return foe;
}

describe('Brilliant Energy', () => {
  it('ignores the armor and its enhancement, and the shield in Defense; natural armor stays', async () => {
    const foe = await knight();
    expect(sys(foe).derived.protection.total).toBe(8);
    const { message } = await hit(['brilliant-energy'], foe, { attack: 15, defense: 10, damage: [6] });
    // Defense 10 + 0: the shield's +2 does not count (it would be 12). RD 15 − 10 = 5.
    expect(target(message).defense?.total).toBe(10);
    expect(target(message).result?.relativeDegree).toBe(5);
    // 1d8 (6) + RD 5 = 11 − natural armor 2 = 9 (armor 5 + 1 does not count).
    expect(target(message).damage!.steps.protection).toBe(2);
    expect(target(message).damage!.final).toBe(9);
    expect(extras(message)).toEqual(['Brilliant Energy: armor and shield do not count']);
    expect(fresh(message).content).toContain('Brilliant Energy');
  });

  it('the same blade without the property: shield +2 in Defense, Protection 8', async () => {
    const foe = await knight();
    const { message } = await hit([], foe, { attack: 15, defense: 10, damage: [6] });
    // Defense 10 + 2 = 12: RD 3. 6 + 3 = 9 − 8 = 1.
    expect(target(message).defense?.total).toBe(12);
    expect(target(message).damage!.final).toBe(1);
  });

  it('cannot harm undead: no damage at all', async () => {
    const zombie = await defender({ creatureType: 'Undead' }, 'Zombie');
    const { message } = await hit(['brilliant-energy'], zombie, { attack: 15, defense: 10, damage: [6] });
    expect(target(message).damage!.final).toBe(0);
    expect(extras(message)).toEqual(['Brilliant Energy cannot harm Zombie 0']);
  });

  it('may not go on a ranged launcher, and Vicious only on a melee weapon', async () => {
    const { item } = await attacker([]);
    await expect(
      item.update({ 'system.use': 'ranged', 'system.properties': ['brilliant-energy'] }),
    ).rejects.toThrow(/Brilliant Energy goes only on melee and thrown weapons/);
    await expect(item.update({ 'system.use': 'thrown', 'system.properties': ['vicious'] })).rejects.toThrow(
      /Vicious only on melee weapons/,
    );
    await item.update({ 'system.use': 'thrown', 'system.properties': ['brilliant-energy'] });
    expect((item.system as unknown as { properties: string[] }).properties).toEqual(['brilliant-energy']);
  });
});

describe('Sun Blade', () => {
  // A +2 blade (attack 13 + 2 = 15 vs 10: RD 5); 1d8 (7) + 2 + RD 5 = 14; natural armor 4 → 10;
  // DR 5/silver applies (+2 is not +3).
  const foe = (creatureType: string) =>
    defender({ creatureType, naturalArmor: 4, resistances: { dr: '5/silver' } }, creatureType);

  it('doubles the damage after Protection against undead, before damage reduction', async () => {
    const { message } = await hit(
      ['sun-blade'],
      await foe('Undead'),
      { attack: 13, defense: 10, damage: [7] },
      {
        enhancement: 2,
      },
    );
    // (14 − 4) × 2 = 20 − DR 5 = 15 (doubling after DR would give (10 − 5) × 2 = 10).
    expect(target(message).damage!.steps).toMatchObject({ total: 14, protection: 4, afterProtection: 20 });
    expect(target(message).damage!.final).toBe(15);
    expect(extras(message)).toEqual(['Sun Blade (after Protection) ×2', 'DR 5/silver −5']);
  });

  it('deals normal damage to the living', async () => {
    const { message } = await hit(
      ['sun-blade'],
      await foe('Humanoid'),
      { attack: 13, defense: 10, damage: [7] },
      {
        enhancement: 2,
      },
    );
    // 14 − 4 = 10 − 5 = 5.
    expect(target(message).damage!.final).toBe(5);
  });
});

describe('Vicious', () => {
  it('adds 2d6 to the target and 1d6 to the wielder, both applied by Apply and taken back by Undo', async () => {
    const foe = await defender({ naturalArmor: 3 });
    const { message, wielder } = await hit(['vicious'], foe, {
      attack: 15,
      defense: 10,
      damage: [6, 4, 3, 2],
    });
    // 6 + RD 5 = 11 − Protection 3 = 8 ≥ 1 HP: the flash. +2d6 (4 + 3 = 7), no Protection: 15.
    const damage = target(message).damage!;
    expect(damage.final).toBe(15);
    expect(damage.lethal).toBe(15);
    expect(damage.properties?.vicious).toEqual({
      target: [4, 3],
      targetDamage: 7,
      wielder: [2],
      wielderDamage: 2,
    });
    expect(extras(message)).toEqual(['Vicious +2d6 (4, 3) +7', 'Vicious: Wielder takes 1d6 (2) at Apply 2']);
    // Nothing has been taken yet: Apply does it, on both.
    expect(sys(wielder).hp.value).toBe(20);
    await click(message, 'applyDamage');
    expect(sys(foe).hp.value).toBe(15);
    expect(sys(wielder).hp.value).toBe(18);
    expect(extras(message)).toEqual([
      'Vicious +2d6 (4, 3) +7',
      'Vicious: Wielder took 1d6 (2), hit points 20 → 18 2',
    ]);
    await click(message, 'undoDamage');
    expect(sys(foe).hp.value).toBe(30);
    expect(sys(wielder).hp.value).toBe(20);
  });

  it('no flash when Protection stops the hit', async () => {
    const foe = await defender({ naturalArmor: 20 });
    const { message, wielder } = await hit(['vicious'], foe, { attack: 15, defense: 10, damage: [6] });
    // 6 + 5 = 11 − 20: nothing gets through; no 2d6 or 1d6 are rolled (the queue would hand them out).
    expect(target(message).damage!.final).toBe(0);
    expect(target(message).damage!.properties?.vicious).toBeNull();
    await click(message, 'applyDamage');
    expect(sys(wielder).hp.value).toBe(20);
  });
});

describe('Wounding', () => {
  it('a failed Fortitude save against 10 + damage starts Severe Bleeding; Undo ends it', async () => {
    const foe = await defender({ naturalArmor: 3 });
    const { message } = await hit(['wounding'], foe, { attack: 15, defense: 10, damage: [6] });
    // 6 + 5 − 3 = 8: Fortitude DC 18 at Apply.
    expect(target(message).damage!.final).toBe(8);
    expect(extras(message)).toEqual(['Wounding: Fortitude save (DC 18) at Apply']);
    // The save is rolled after the HP loss: 22 of 30 HP is a Light Injury (INJURY: "equal to or less
    // than 75% of your maximum HP … -2 injury penalty on … saving throws"), so Fortitude +10 − 2 = +8.
    h.dice.queue(5); // 5 + 8 = 13 < 18: failed
    await click(message, 'applyDamage');
    expect(sys(foe).hp.value).toBe(22);
    expect(target(message).applied?.properties?.wounding?.save).toMatchObject({
      natural: 5,
      bonus: 8,
      total: 13,
      dc: 18,
      success: false,
    });
    expect(foe.statuses.has('severe-bleeding')).toBe(true);
    expect(extras(message)).toEqual(['Wounding: Fortitude 5 +8 = 13 vs DC 18: failed Severe Bleeding']);
    h.as(gm);
    await click(message, 'undoDamage');
    expect(foe.statuses.has('severe-bleeding')).toBe(false);
    expect(sys(foe).hp.value).toBe(30);
  });

  it('a save of 10 + damage or more: no bleeding', async () => {
    const foe = await defender({ naturalArmor: 3 });
    const { message } = await hit(['wounding'], foe, { attack: 15, defense: 10, damage: [6] });
    h.dice.queue(10); // 10 + 8 (Fortitude +10, Light Injury −2) = 18 ≥ DC 18
    await click(message, 'applyDamage');
    expect(target(message).applied?.properties?.wounding?.save.success).toBe(true);
    expect(foe.statuses.has('severe-bleeding')).toBe(false);
  });

  it('undead are unaffected: no save is rolled', async () => {
    const zombie = await defender({ creatureType: 'Undead' }, 'Zombie');
    const { message } = await hit(['wounding'], zombie, { attack: 15, defense: 10, damage: [6] });
    await click(message, 'applyDamage');
    expect(target(message).applied?.properties?.wounding).toBeUndefined();
    expect(zombie.statuses.has('severe-bleeding')).toBe(false);
    expect(extras(message)).toEqual([]);
  });
});

describe('Mace of Ruin and Dissipater', () => {
  it('Mace of Ruin ignores damage reduction', async () => {
    const golem = await defender({ resistances: { dr: '10/—' } }, 'Golem');
    const { message } = await hit(['mace-of-ruin'], golem, { attack: 15, defense: 10, damage: [6] });
    // 6 + 5 = 11; no Protection; DR 10/— ignored: 11 (without the mace: 1).
    expect(target(message).damage!.final).toBe(11);
    expect(extras(message)).toEqual(['DR 10/— bypassed 0']);
  });

  it('a Dissipater ignores the Protection and DR of an ectoplasmic creature, not of others', async () => {
    const construct = { naturalArmor: 4, resistances: { dr: '5/magic' } };
    const astral = await defender({ ...construct, subtypes: ['Ectoplasmic'] }, 'Astral construct');
    const { message } = await hit(['dissipater'], astral, { attack: 15, defense: 10, damage: [6] });
    // 11, nothing taken off.
    expect(target(message).damage!.final).toBe(11);
    const other = await defender(construct, 'Stone golem');
    const second = await hit(['dissipater'], other, { attack: 15, defense: 10, damage: [6] });
    // 11 − 4 − 5 = 2.
    expect(target(second.message).damage!.final).toBe(2);
  });
});

describe('the item sheet', () => {
  it('lists the Appendix 6 properties as checkboxes', async () => {
    const { item } = await attacker([]);
    const sheet = await h.openItemSheet(item);
    const box = sheet.element.querySelector<HTMLInputElement>('input[name="system.properties.vicious"]');
    expect(box).not.toBeNull();
    expect(box?.closest('label')?.textContent?.trim()).toBe('Vicious');
    await h.change(sheet, 'input[name="system.properties.vicious"]', true);
    expect((item.system as unknown as { properties: string[] }).properties).toEqual(['vicious']);
  });
});

describe('objects: Break Weapon against an item with hardness and hit points', () => {
  /**
   * Appendix 4 Break Weapon (−4 to attack): "apply the damage to both your target and the item you
   * selected to sunder"; core "Attack an Object": "Whenever an object takes damage, subtract its
   * hardness from the damage … If an object has lost half or more of its hit points, the DC to break
   * it decreases by 2". Attack 19 − 4 = 15 vs 10: RD 5; 1d8 (6) + 5 = 11 before the wielder's
   * Protection.
   */
  async function breakWeapon(properties: string[]) {
    const foe = await defender({}, 'Duelist');
    const [sword] = (await foe.createEmbeddedDocuments('Item', [
      {
        name: 'Rapier',
        type: 'weapon',
        system: {
          use: 'light',
          damage: { medium: '1d6' },
          equipped: true,
          hardness: 10,
          hp: { value: 20, max: 20 },
        },
      },
    ])) as Item[];
    const { actor, item } = await attacker(properties);
    await actor.createEmbeddedDocuments('Item', [
      {
        name: 'Advanced Breaking Strikes',
        type: 'feat',
        system: { identifier: 'advanced-breaking-strikes' },
      },
    ]);
    h.placeToken(actor);
    h.as(player);
    h.target(player, h.placeToken(foe));
    h.dice.queue(19);
    const message = (await game.gng.attack(actor, item, {
      strike: { id: 'break-weapon', itemId: sword!.id as string },
    })) as ChatMessage;
    await attackActionsSettled();
    expect(state(message).attack.total).toBe(15);
    h.as(gm);
    h.dice.queue(10);
    await click(message, 'rollDefense');
    h.as(player);
    h.dice.queue(6);
    await click(message, 'rollDamage');
    expect(target(message).damage!.steps.total).toBe(11);
    await click(message, 'applyDamage');
    return { message, hp: () => (sword!.system as unknown as { hp: { value: number; max: number } }).hp };
  }

  it('the item loses the damage above its hardness: 11 − 10 = 1 (20 → 19, intact)', async () => {
    const { message, hp } = await breakWeapon([]);
    expect(hp()).toEqual({ value: 19, max: 20 });
    expect(extras(message)).toContain('Break Weapon: Rapier, hit points 20 → 19 intact');
  });

  it('Mace of Ruin ignores the hardness: 11 (20 → 9, damaged); Undo gives the 11 back', async () => {
    const { message, hp } = await breakWeapon(['mace-of-ruin']);
    expect(hp()).toEqual({ value: 9, max: 20 });
    expect(extras(message)).toContain('Break Weapon: Rapier, hit points 20 → 9 damaged (break DC −2)');
    await click(message, 'undoDamage');
    expect(hp()).toEqual({ value: 20, max: 20 });
  });
});

describe('the magic items pack', () => {
  const source = (file: string) =>
    JSON.parse(readFileSync(`packs/_source/magic-items/${file}.json`, 'utf8')) as {
      name: string;
      type: string;
      system: Record<string, unknown> & { properties?: string[]; description: string };
      flags: { gng?: { abilities?: string[] } };
    };
  const ENGINE = ['brilliant-energy', 'vicious', 'sun-blade', 'wounding', 'mace-of-ruin', 'dissipater'];

  it('every pack weapon with an Appendix 6 ability the card applies carries it as a property', () => {
    const files = readdirSync('packs/_source/magic-items')
      .filter((f) => f.startsWith('weapon-'))
      .map((f) => f.replace(/\.json$/, ''));
    const carried = Object.fromEntries(files.map((f) => [f, source(f).system.properties ?? []]));
    for (const f of files) {
      const abilities = source(f).flags.gng?.abilities ?? [];
      for (const ability of abilities.filter((a) => ENGINE.includes(a)))
        expect(carried[f], `${f} has ${ability}`).toContain(ability);
    }
    // The specific weapons named by the text.
    expect(carried['weapon-sun-blade']).toEqual(['sun-blade']);
    expect(carried['weapon-mace-of-ruin']).toEqual(['mace-of-ruin']);
    expect(carried['weapon-vicious-wounding-rapier']).toEqual(['vicious', 'wounding']);
    expect(carried['weapon-rapier-of-puncturing']).toEqual(['wounding']);
    // The ability items say how to switch them on, not "by hand".
    for (const id of ['brilliant-energy', 'vicious', 'wounding', 'dissipater']) {
      const text = source(`ability-weapon-${id}`).system.description;
      expect(text, id).toContain('the attack card applies it');
      expect(text, id).not.toMatch(/by hand|do not apply/);
    }
  });

  it("the pack's +1 Vicious Wounding Rapier flashes and wounds on the card", async () => {
    const rapier = source('weapon-vicious-wounding-rapier');
    const foe = await defender({ naturalArmor: 3 });
    const { message } = await hit(
      rapier.system.properties ?? [],
      foe,
      { attack: 18, defense: 5, damage: [6, 4, 3, 2] },
      {
        ...rapier.system,
        equipped: true,
      },
    );
    const damage = target(message).damage!;
    // Vicious: +2d6 (4 + 3 = 7) on top of what got through Protection; 1d6 (2) for the wielder at Apply.
    expect(damage.properties?.vicious).toEqual({
      target: [4, 3],
      targetDamage: 7,
      wielder: [2],
      wielderDamage: 2,
    });
    expect(extras(message)).toContain(`Wounding: Fortitude save (DC ${10 + damage.final}) at Apply`);
    h.dice.queue(1); // a natural 1 fails any save
    await click(message, 'applyDamage');
    expect(foe.statuses.has('severe-bleeding')).toBe(true);
  });
});

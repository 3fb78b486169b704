/**
 * The attack card's options under the Enlightened Grognard model (issue #31, lane card): fighting
 * defensively, a charge, a helpless defender, non-proficiency, area attacks, a shield bash; on the
 * harness: EG_MODEL registered for the file and chosen with `gng.combatModel`, a begun fight
 * (test/fixtures/eg-world.ts). Worked by hand from seed 003 and the project's decisions:
 * - the attacker: the Appendix 3 fighter (5 levels of a good-BAB class: Strength BAB 5, Str 18 +4),
 *   bastard sword 1d10 one-handed: attack +9 (003:184), damage 1d10 + 4 (003:214);
 * - the target: the goblin (2 levels of an average-Defense class: GnG's class bonus 1 at level 2,
 *   Dex 12 +1, no armor): AC 10 + 1 + 1 = 12 (003:236); 15 HP (A13: the first level's d8 whole, 8, the second's half rounded up, 5, Con +1
 *   a level), bloodied below 7.5 (A9).
 * Tokens are granted by the GM through the store; the card spends and gains only through it.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { egCardHelpers } from '../fixtures/eg-card.js';
import { egFight, egGoblin, useEgWorld } from '../fixtures/eg-world.js';

const h = await getHarness();
await import('../../src/cards/attack/attack-gm.js');
const { gm, player } = h.users;

useEgWorld(h, 34, { endCombats: true });

const { view, state, target, counts, encounter, grant, attack, act, setDisposition } = egCardHelpers(h);

describe("the attack card's options under the Enlightened Grognard model", () => {
  it('fighting defensively: two d20s, the lower kept, and 2 speed tokens (003:698–702)', async () => {
    const { fighter, goblin, combat } = await egFight(h);
    const message = (await attack(player, fighter, [goblin], {
      eg: { fightingDefensively: true },
    })) as ChatMessage;
    expect(encounter(combat, fighter)).toEqual(counts(0, 2, 0));
    h.dice.queue(15, 2);
    await act(gm, message, 'egDefend', { tokens: 0 });
    // The lower, 2: 2 + 9 = 11 against 12, a miss.
    expect(state(message).eg?.dice).toEqual([15, 2]);
    expect(state(message).attack).toMatchObject({ natural: 2, total: 11 });
    expect(target(message).result?.hit).toBe(false);
  });

  it('a charge: 2 power tokens before the attack; a miss gives each adjacent opponent 1 power (003:1532–1533)', async () => {
    const { fighter, goblin, combat } = await egFight(h);
    h.as(gm);
    const own = h.placeToken(fighter, { x: 0, y: 0 });
    setDisposition(own, 1); // FRIENDLY
    const message = (await attack(player, fighter, [goblin], { eg: { charge: true } })) as ChatMessage;
    const goblinToken = [...game.user.targets][0] as Token;
    setDisposition(goblinToken, -1); // HOSTILE
    expect(encounter(combat, fighter)).toEqual(counts(2, 0, 0));
    // d20 2: 11 against 12, a miss: the adjacent hostile goblin gains 1 power (the communal pool).
    h.dice.queue(2);
    await act(gm, message, 'egDefend', { tokens: 0 });
    expect(target(message).result?.hit).toBe(false);
    expect(encounter(combat, goblin)).toEqual(counts(1, 0, 0));
    // 3 of the charge's power retroactively: 12 against 12, a hit; the goblin's token goes back.
    expect((await act(player, message, 'egRetro', { tokens: 3, side: 'attack' })).ok).toBe(false);
    await grant(combat, fighter, { power: 1 });
    expect((await act(player, message, 'egRetro', { tokens: 3, side: 'attack' })).ok).toBe(true);
    expect(target(message).result?.hit).toBe(true);
    expect(encounter(combat, goblin)).toEqual(counts(0, 0, 0));
    expect(encounter(combat, fighter)).toEqual(counts(0, 0, 0));
  });

  it('a helpless defender: any hit is a critical, maximum damage (003:1446, 003:134–135)', async () => {
    const { fighter, goblin } = await egFight(h);
    h.as(gm);
    await goblin.toggleStatusEffect('unconscious', { active: true });
    const message = (await attack(player, fighter, [goblin])) as ChatMessage;
    h.dice.queue(5);
    await act(gm, message, 'egDefend', { tokens: 0 });
    expect(target(message).eg?.helpless).toBe(true);
    expect(target(message).result).toMatchObject({ hit: true, critical: true });
    h.as(player);
    h.dice.queue(2);
    await view.click(message, 'rollDamage');
    // The d10 at its maximum, 10, + 4.
    expect(target(message).damage).toMatchObject({ lethal: 14 });
  });

  it('a non-proficient weapon costs 1 power; a pool too short refuses the attack and posts nothing (003:1450–1452)', async () => {
    const { fighter, goblin, combat } = await egFight(h);
    h.as(gm);
    await fighter.createEmbeddedDocuments('Item', [
      {
        name: 'Whip',
        type: 'weapon',
        system: { category: 'exotic', use: 'one-handed', damage: { medium: '1d3' }, equipped: true },
      },
    ]);
    const before = game.messages.size;
    expect(await attack(player, fighter, [goblin], {}, 'Whip')).toBeNull();
    expect(view.lastNotice()).toContain('enough power tokens');
    expect(game.messages.size).toBe(before);
    await grant(combat, fighter, { power: 1 });
    const message = (await attack(player, fighter, [goblin], {}, 'Whip')) as ChatMessage;
    expect(encounter(combat, fighter)).toEqual(counts(0, 0, 0));
    expect(state(message).eg).toMatchObject({ nonProficient: true, cost: { power: 1 } });
    // No −4 on the roll: +9 as with the sword.
    expect(state(message).attack.bonus).toBe(9);
  });

  it('armor without its proficiency: its armor check penalty on the attack, no token (003:1454–1457)', async () => {
    const { fighter, goblin } = await egFight(h);
    h.as(gm);
    await fighter.update({ 'system.proficiencies.armor.heavy': false });
    const message = (await attack(player, fighter, [goblin])) as ChatMessage;
    // Full plate's −6: 9 − 6 = +3; nothing spent (no token is asked for armor).
    expect(state(message).attack.parts).toContainEqual({
      label: 'GNG.Breakdown.ArmorNonproficient',
      value: -6,
    });
    expect(state(message).attack.bonus).toBe(3);
    expect(state(message).eg).toMatchObject({ cost: {}, records: [] });
  });

  it('an area attack: 3d20 sorted, the highest to the primary target, the middle to the others, one damage roll (003:1471–1476)', async () => {
    const { fighter, goblin, combat } = await egFight(h);
    const second = await egGoblin(h);
    h.as(gm);
    combat.addCombatant?.(second);
    await grant(combat, fighter, { power: 2 });
    h.as(player);
    const tokens = [goblin, second].map((d, i) => h.placeToken(d, { x: 100 * (i + 1), y: 0 }));
    h.target(player, ...tokens);
    const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
    // 2 proactive power on the others' die.
    const message = (await game.gng.attack(fighter, sword, {
      eg: { area: { primary: tokens[1]?.id as string, spendOn: 'others' }, spend: 2 },
    })) as ChatMessage;
    await attackActionsSettled();
    h.dice.queue(7, 1, 12);
    await act(gm, message, 'egClose', { tokens: 0 });
    // Sorted 12, 7, 1: the second goblin (primary) 12 + 9 = 21; the first 7 + 9 + 2 = 18.
    expect(state(message).eg?.dice).toEqual([7, 1, 12]);
    expect(target(message, 1).eg).toMatchObject({ natural: 12, attackTotal: 21 });
    expect(target(message, 0).eg).toMatchObject({ natural: 7, attackTotal: 18 });
    h.as(player);
    h.dice.queue(6);
    await view.click(message, 'rollDamage');
    // The second target's damage is the same roll (its own die, 1, is not read): 6 + 4 = 10.
    h.dice.queue(1);
    await act(player, message, 'rollDamage', {}, 1);
    expect(target(message, 0).damage?.lethal).toBe(10);
    expect(target(message, 1).damage?.lethal).toBe(10);
  });

  it("an area attack's natural 20 on the highest die: the primary target's critical, maximum damage; the others the one roll (A10)", async () => {
    const { fighter, goblin, combat } = await egFight(h);
    const second = await egGoblin(h);
    h.as(gm);
    combat.addCombatant?.(second);
    h.as(player);
    const tokens = [goblin, second].map((d, i) => h.placeToken(d, { x: 100 * (i + 1), y: 0 }));
    h.target(player, ...tokens);
    const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
    const message = (await game.gng.attack(fighter, sword, {
      eg: { area: { primary: tokens[0]?.id as string } },
    })) as ChatMessage;
    await attackActionsSettled();
    // Sorted 20, 9, 5: the goblin (primary) a natural 20; the second 9 + 9 = 18 against 12.
    h.dice.queue(20, 5, 9);
    await act(gm, message, 'egClose', { tokens: 0 });
    expect(target(message, 0).result).toMatchObject({ hit: true, critical: true });
    expect(target(message, 1).result).toMatchObject({ hit: true });
    expect(target(message, 1).result?.critical).toBeUndefined();
    h.as(player);
    h.dice.queue(4);
    await view.click(message, 'rollDamage');
    h.dice.queue(7);
    await act(player, message, 'rollDamage', {}, 1);
    // The primary: the d10 at 10 + 4 = 14; the other: the one roll, 4 + 4 = 8.
    expect(target(message, 0).damage?.lethal).toBe(14);
    expect(target(message, 1).damage?.lethal).toBe(8);
  });

  it("an area attack: the attacker's retroactive tokens on the shared die raise it for every other target (003:1473–1474)", async () => {
    const { fighter, goblin, combat } = await egFight(h);
    const second = await egGoblin(h);
    const third = await egGoblin(h);
    h.as(gm);
    combat.addCombatant?.(second);
    combat.addCombatant?.(third);
    await grant(combat, fighter, { power: 3 });
    h.as(player);
    const tokens = [goblin, second, third].map((d, i) => h.placeToken(d, { x: 100 * (i + 1), y: 0 }));
    h.target(player, ...tokens);
    const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
    const message = (await game.gng.attack(fighter, sword, {
      eg: { area: { primary: tokens[0]?.id as string } },
    })) as ChatMessage;
    await attackActionsSettled();
    // Sorted 12, 2, 1: the primary 12 + 9 = 21, a hit; the others 2 + 9 = 11 against 12, misses.
    h.dice.queue(2, 12, 1);
    await act(gm, message, 'egClose', { tokens: 0 });
    expect([0, 1, 2].map((i) => target(message, i).result?.hit)).toEqual([true, false, false]);
    // 3 power on the second target's die: the shared die is +1 for both others, 12 against 12.
    expect((await act(player, message, 'egRetro', { tokens: 3, side: 'attack' }, 1)).ok).toBe(true);
    expect([0, 1, 2].map((i) => target(message, i).result?.hit)).toEqual([true, true, true]);
    expect([0, 1, 2].map((i) => target(message, i).eg?.retro.attack)).toEqual([0, 3, 3]);
    expect(encounter(combat, fighter)).toEqual(counts(0, 0, 0));
  });

  it('a shield bash costs 1 speed token (003:1768)', async () => {
    const { fighter, goblin, combat } = await egFight(h);
    h.as(gm);
    await fighter.createEmbeddedDocuments('Item', [
      {
        name: 'Shield, heavy',
        type: 'weapon',
        system: { category: 'martial', use: 'one-handed', damage: { medium: '1d4' }, equipped: true },
      },
    ]);
    expect(await attack(player, fighter, [goblin], {}, 'Shield, heavy')).toBeNull();
    expect(view.lastNotice()).toContain('enough speed tokens');
    await grant(combat, fighter, { speed: 1 });
    const message = (await attack(player, fighter, [goblin], {}, 'Shield, heavy')) as ChatMessage;
    expect(state(message).eg).toMatchObject({ shieldBash: true, cost: { speed: 1 } });
    expect(encounter(combat, fighter)).toEqual(counts(0, 0, 0));
  });
});

/**
 * The attack card under the Enlightened Grognard model: what the round-1 tests left out (issue #31,
 * round 2 gaps). EG_MODEL registered for the file, a begun fight (test/fixtures/eg-world.ts). Worked
 * by hand from seed 003 and the project's decisions:
 * - the Appendix 3 fighter (Player's) attacks with a bastard sword: +9, damage 1d10 + 4 (003:184, 214);
 *   the rogue (Other Player's) defends. Each side's tokens are its owner's to spend: "you may spend
 *   tokens" (003:379) is the player's of that character; a player never spends another player's.
 * - an area attack: 3d20 sorted, the highest to the primary target, the middle to every other target
 *   (003:1471–1474); A10: the middle die a natural 20 is a critical for every other target, maximum
 *   damage (003:134–135): the d10 at 10 + Str 4 = 14 each.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { egCardHelpers } from '../fixtures/eg-card.js';
import { egFight, egGoblin, useEgWorld } from '../fixtures/eg-world.js';

const h = await getHarness();
await import('../../src/cards/attack/attack-gm.js');
const { gm, player, otherPlayer } = h.users;

useEgWorld(h, 53, { endCombats: true });

const { view, state, target, counts, encounter, grant, attack, act } = egCardHelpers(h);

describe("a player spends its own PC's tokens, never another player's", () => {
  it("the fighter's owner may not answer or spend for the rogue, nor the rogue's owner for the fighter; each for its own", async () => {
    const { fighter, rogue, combat } = await egFight(h);
    await grant(combat, fighter, { power: 4 });
    await grant(combat, rogue, { speed: 5, power: 1 });
    const message = (await attack(player, fighter, [rogue])) as ChatMessage;
    const refused = { ok: false, error: 'GNG.Error.Attack.NotAllowed' };

    // Before the roll: the defense is the rogue's owner's to answer.
    expect(await act(player, message, 'egDefend', { tokens: 2 })).toMatchObject(refused);
    expect(view.lastNotice()).toContain('may not');
    expect(encounter(combat, rogue)).toEqual(counts(1, 5, 0));
    expect(state(message).eg?.rolled).toBe(false);
    h.dice.queue(19); // 19 + 9 = 28: a hit whatever the rogue's AC + 2
    expect((await act(otherPlayer, message, 'egDefend', { tokens: 2 })).ok).toBe(true);
    expect(encounter(combat, rogue)).toEqual(counts(1, 3, 0));
    expect(target(message).eg?.answer).toEqual({ tokens: 2, by: otherPlayer.id });
    expect(target(message).result?.hit).toBe(true);

    // After the roll: each owner its own side, 3:1.
    expect(await act(player, message, 'egRetro', { tokens: 3, side: 'defense' })).toMatchObject(refused);
    expect(await act(otherPlayer, message, 'egRetro', { tokens: 3, side: 'attack' })).toMatchObject(refused);
    expect(encounter(combat, fighter)).toEqual(counts(4, 0, 0));
    expect(encounter(combat, rogue)).toEqual(counts(1, 3, 0));
    expect(target(message).eg?.retro).toEqual({ attack: 0, defense: 0 });
    expect((await act(otherPlayer, message, 'egRetro', { tokens: 3, side: 'defense' })).ok).toBe(true);
    expect((await act(player, message, 'egRetro', { tokens: 3, side: 'attack' })).ok).toBe(true);
    expect(target(message).eg?.retro).toEqual({ attack: 3, defense: 3 });
    expect(encounter(combat, fighter)).toEqual(counts(1, 0, 0));
    expect(encounter(combat, rogue)).toEqual(counts(1, 0, 0));

    // The damage, 1:1: dealt is the attacker's owner's, taken the defender's.
    h.as(player);
    h.dice.queue(5);
    await view.click(message, 'rollDamage');
    expect(target(message).damage).toMatchObject({ lethal: 9 });
    expect(await act(otherPlayer, message, 'egDamage', { tokens: 1, side: 'dealt' })).toMatchObject(refused);
    expect(await act(player, message, 'egDamage', { tokens: 1, side: 'taken' })).toMatchObject(refused);
    expect(target(message).damage).toMatchObject({ lethal: 9 });
    expect((await act(player, message, 'egDamage', { tokens: 1, side: 'dealt' })).ok).toBe(true);
    expect((await act(otherPlayer, message, 'egDamage', { tokens: 1, side: 'taken' })).ok).toBe(true);
    expect(target(message).damage).toMatchObject({ lethal: 9 });
    expect(target(message).eg?.damage).toMatchObject({ dealt: 1, taken: 1 });
    expect(encounter(combat, fighter)).toEqual(counts(0, 0, 0));
    expect(encounter(combat, rogue)).toEqual(counts(0, 0, 0));
  });
});

describe('an area attack whose middle die is a natural 20 (A10)', () => {
  it('every other target takes a critical hit, maximum damage; the primary its own natural 20', async () => {
    const { fighter, goblin, combat } = await egFight(h);
    const second = await egGoblin(h);
    const third = await egGoblin(h);
    h.as(gm);
    combat.addCombatant?.(second);
    combat.addCombatant?.(third);
    h.as(player);
    const tokens = [goblin, second, third].map((d, i) => h.placeToken(d, { x: 100 * (i + 1), y: 0 }));
    h.target(player, ...tokens);
    const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
    const message = (await game.gng.attack(fighter, sword, {
      eg: { area: { primary: tokens[1]?.id as string } },
    })) as ChatMessage;
    await attackActionsSettled();
    // Sorted 20, 20, 3: the primary (the second goblin) a natural 20; the shared middle die a natural 20.
    h.dice.queue(20, 3, 20);
    await act(gm, message, 'egClose', { tokens: 0 });
    expect([0, 1, 2].map((i) => target(message, i).eg?.natural)).toEqual([20, 20, 20]);
    for (const i of [0, 1, 2]) expect(target(message, i).result).toMatchObject({ hit: true, critical: true });
    // One damage roll (003:1476), each target's a critical: the d10 at its highest, 10 + 4 = 14.
    h.as(player);
    h.dice.queue(2);
    await view.click(message, 'rollDamage');
    for (const i of [1, 2]) await act(player, message, 'rollDamage', {}, i);
    expect([0, 1, 2].map((i) => target(message, i).damage?.lethal)).toEqual([14, 14, 14]);
  });

  it("the control: a natural 20 on the highest die alone is the primary's critical, the others' hits plain", async () => {
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
    // Sorted 20, 19, 4: the other goblin's 19 + 9 = 28, a hit but no critical.
    h.dice.queue(19, 20, 4);
    await act(gm, message, 'egClose', { tokens: 0 });
    expect(target(message, 0).result).toMatchObject({ hit: true, critical: true });
    expect(target(message, 1).eg?.natural).toBe(19);
    expect(target(message, 1).result?.critical).toBeFalsy();
  });
});

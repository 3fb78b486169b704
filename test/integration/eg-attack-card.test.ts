/**
 * The attack card under the Enlightened Grognard model (issue #31, lane card), end to end on the
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
import { attackActionsSettled, requestCardAction } from '../../src/cards/attack/attack-actions.js';
import { egCardHelpers } from '../fixtures/eg-card.js';
import { egFight, egGoblin, egTurnOf, useEgWorld, worldPlays } from '../fixtures/eg-world.js';

const h = await getHarness();
await import('../../src/cards/attack/attack-gm.js');
const { gm, player } = h.users;

useEgWorld(h, 31, { endCombats: true });

const { view, state, target, health, counts, encounter, grant, attack, act, setDisposition } =
  egCardHelpers(h);

describe('the attack card under the Enlightened Grognard model', () => {
  it('the defender spends before the roll, both sides retroactively 3:1, power tokens on the damage; Apply, Undo and the take-back give back exactly', async () => {
    const { fighter, goblin, combat } = await egFight(h);
    await grant(combat, fighter, { power: 7 });
    await grant(combat, goblin, { speed: 5, power: 1 });
    // 1 proactive power token on the attack (003:394): spent when the card is made.
    const message = (await attack(player, fighter, [goblin], { eg: { spend: 1 } })) as ChatMessage;
    expect(state(message).model).toBe('eg');
    expect(encounter(combat, fighter)).toEqual(counts(6, 0, 0));
    // Nothing is rolled before the defender answers (003:384).
    expect(state(message).eg?.rolled).toBe(false);
    expect(target(message).result).toBeNull();
    expect(target(message).defense).toMatchObject({ source: 'static', id: 'ac', total: 12 });
    expect(view.html(message).querySelector('.attack-roll')).toBeNull();
    expect(view.html(message).querySelector('.static-defense')?.textContent).toBe('vs Armor Class 12');
    expect(view.html(message).querySelector('.gng-card-waiting')?.textContent).toBe(
      "Waiting for Goblin's tokens on its defense (or none) before the roll.",
    );
    // The player may not answer for the GM's goblin.
    expect((await act(player, message, 'egDefend', { tokens: 0 })).ok).toBe(false);
    expect(view.lastNotice()).toContain('may not');

    // The GM spends 2 of the communal speed tokens on its AC; the attack is rolled: d20 4.
    h.dice.queue(4);
    expect((await act(gm, message, 'egDefend', { tokens: 2 })).ok).toBe(true);
    expect(encounter(combat, goblin)).toEqual(counts(1, 3, 0));
    // 4 + 9 + 1 = 14 against AC 12 + 2 = 14: "equals or beats" (003:129), a hit.
    expect(state(message).attack).toMatchObject({ natural: 4, total: 14 });
    expect(target(message).defense?.total).toBe(14);
    expect(target(message).result).toMatchObject({ hit: true, relativeDegree: 0 });

    // Retroactively (A4): 2 tokens buy nothing and are refused; 3 speed make AC 15: a miss.
    expect((await act(gm, message, 'egRetro', { tokens: 2, side: 'defense' })).ok).toBe(false);
    expect((await act(gm, message, 'egRetro', { tokens: 3, side: 'defense' })).ok).toBe(true);
    expect(target(message).result?.hit).toBe(false);
    expect(encounter(combat, goblin)).toEqual(counts(1, 0, 0));
    // The card's "total vs defense" is the pair that decided it, the retroactive +1 included.
    expect(view.html(message).querySelector('.result .versus')?.textContent).toBe('14 vs 15');
    // The player may not spend on the goblin's side; 3 power on its own attack: 15 against 15, a hit.
    expect((await act(player, message, 'egRetro', { tokens: 3, side: 'defense' })).ok).toBe(false);
    expect((await act(player, message, 'egRetro', { tokens: 3, side: 'attack' })).ok).toBe(true);
    expect(target(message).result?.hit).toBe(true);
    expect(encounter(combat, fighter)).toEqual(counts(3, 0, 0));
    expect(view.html(message).querySelector('.result .versus')?.textContent).toBe('15 vs 15');

    // Damage: d10 3 + Str 4 = 7; +2 dealt (the fighter's power), −1 taken (the communal power): 8.
    h.as(player);
    h.dice.queue(3);
    await view.click(message, 'rollDamage');
    expect(target(message).damage).toMatchObject({ lethal: 7, final: 7 });
    expect((await act(player, message, 'egDamage', { tokens: 2, side: 'dealt' })).ok).toBe(true);
    expect(target(message).damage).toMatchObject({ lethal: 9 });
    // The goblin may not take off more than brings it to 1: 9 − 1 = 8 at most; 9 is refused.
    expect((await act(gm, message, 'egDamage', { tokens: 9, side: 'taken' })).ok).toBe(false);
    expect(view.lastNotice()).toBe('A hit still deals 1 damage: at most 8 more power tokens buy anything.');
    expect((await act(gm, message, 'egDamage', { tokens: 1, side: 'taken' })).ok).toBe(true);
    expect(target(message).damage).toMatchObject({ lethal: 8, final: 8 });
    expect(encounter(combat, fighter)).toEqual(counts(1, 0, 0));
    expect(encounter(combat, goblin)).toEqual(counts(0, 0, 0));

    expect(health(goblin)).toEqual({ value: 15, conDamage: 0, bloodied: 0 });
    // Apply: 15 − 8 = 7 HP, 7 × 2 < 15: bloodied the first time, 1 Con damage (003:969–970, A9).
    h.as(player);
    await view.click(message, 'applyDamage');
    expect(health(goblin)).toEqual({ value: 7, conDamage: 1, bloodied: 1 });
    await view.click(message, 'undoDamage');
    expect(health(goblin)).toEqual({ value: 15, conDamage: 0, bloodied: 0 });

    // The take-back: every token the card changed returns, newest first.
    await view.click(message, 'undoAttack');
    expect(encounter(combat, fighter)).toEqual(counts(7, 0, 0));
    expect(encounter(combat, goblin)).toEqual(counts(1, 5, 0));
    expect(state(message).eg?.withdrawn).toMatchObject({ by: player.id, notes: [] });
    expect(view.buttons(message)).toEqual([]);
  });

  it('"No tokens" from the GM, and the GM may close the step for a defender who does not answer', async () => {
    const { fighter, goblin, combat } = await egFight(h);
    const second = await egGoblin(h);
    h.as(gm);
    combat.addCombatant?.(second);
    const message = (await attack(player, fighter, [goblin, second])) as ChatMessage;
    h.as(gm);
    expect(view.buttons(message)).toContain('egClose');
    await act(gm, message, 'egDefend', { tokens: 0 });
    expect(state(message).eg?.rolled).toBe(false);
    // d20 11: 11 + 9 = 20 against each AC 12.
    h.dice.queue(11);
    expect((await act(gm, message, 'egClose', { tokens: 0 }, 1)).ok).toBe(true);
    expect(state(message).eg).toMatchObject({ rolled: true, closedBy: gm.id, dice: [11] });
    expect(target(message, 1).eg?.answer).toEqual({ tokens: 0, by: gm.id });
    expect([target(message).result?.hit, target(message, 1).result?.hit]).toEqual([true, true]);
  });

  it('Apply below 0 HP: bloodied, 1 Con damage, dying and unconscious (003:969–970, 1016–1019); Undo takes back the vector and the statuses', async () => {
    const { fighter, goblin } = await egFight(h);
    h.as(gm);
    await goblin.update({ 'system.hp.value': 3 });
    const message = (await attack(player, fighter, [goblin])) as ChatMessage;
    // d20 10: 19 against 12.
    h.dice.queue(10);
    await act(gm, message, 'egDefend', { tokens: 0 });
    h.as(player);
    h.dice.queue(3);
    await view.click(message, 'rollDamage');
    await view.click(message, 'applyDamage');
    // 3 − (3 + 4) = −4: dying (below 0), its first bloodying costs 1 Con (12 − 1 = 11 > 0: not dead).
    expect(health(goblin)).toEqual({ value: -4, conDamage: 1, bloodied: 1 });
    expect([...goblin.statuses].sort()).toEqual(['dying', 'unconscious']);
    await view.click(message, 'undoDamage');
    expect(health(goblin)).toEqual({ value: 3, conDamage: 0, bloodied: 0 });
    expect([...goblin.statuses]).toEqual([]);
  });

  it("a miss grants one token to an ally next to the target, the attacker's choice of type (003:435–436, A11); a hit made by a retroactive spend takes it back", async () => {
    const { fighter, rogue, goblin, combat } = await egFight(h);
    await grant(combat, fighter, { power: 3 });
    h.as(gm);
    setDisposition(h.placeToken(fighter, { x: 0, y: 0 }), 1);
    // The rogue stands next to the goblin (which stands at x 100), on the fighter's side.
    setDisposition(h.placeToken(rogue, { x: 200, y: 0 }), 1);
    const message = (await attack(player, fighter, [goblin])) as ChatMessage;
    // d20 2: 11 against 12, a miss.
    h.dice.queue(2);
    await act(gm, message, 'egDefend', { tokens: 0 });
    h.as(player);
    const el = view.html(message);
    const ally = el.querySelector<HTMLSelectElement>('select[name="eg-ally"]') as HTMLSelectElement;
    expect([...ally.options].map((o) => o.textContent)).toEqual([rogue.name]);
    (el.querySelector('select[name="eg-type"]') as HTMLSelectElement).value = 'insight';
    el.querySelector<HTMLButtonElement>('button[data-action="egMissToken"]')?.dispatchEvent(
      new h.window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event,
    );
    await attackActionsSettled();
    expect(encounter(combat, rogue)).toEqual(counts(0, 0, 1));
    expect(view.text(message)).toContain(`${rogue.name} gains 1 insight token`);
    // Once per attack; never to the goblin's side or to oneself.
    const allyId = ally.value;
    expect((await act(player, message, 'egMissToken', { ally: allyId, type: 'power' })).ok).toBe(false);
    expect(encounter(combat, rogue)).toEqual(counts(0, 0, 1));
    // 3 power retroactively: 12 against 12, a hit: the rogue's token goes back.
    expect((await act(player, message, 'egRetro', { tokens: 3, side: 'attack' })).ok).toBe(true);
    expect(target(message).result?.hit).toBe(true);
    expect(encounter(combat, rogue)).toEqual(counts(0, 0, 0));
    expect(target(message).eg?.missGift).toBeUndefined();
  });

  it('the miss token refuses an ally who is not next to the target, a foe, and a forged type', async () => {
    const { fighter, rogue, goblin } = await egFight(h);
    h.as(gm);
    setDisposition(h.placeToken(fighter, { x: 0, y: 0 }), 1);
    const far = h.placeToken(rogue, { x: 500, y: 0 });
    setDisposition(far, 1);
    const message = (await attack(player, fighter, [goblin])) as ChatMessage;
    h.dice.queue(2);
    await act(gm, message, 'egDefend', { tokens: 0 });
    // No ally stands next to the goblin: no form.
    h.as(player);
    expect(view.html(message).querySelector('select[name="eg-ally"]')).toBeNull();
    expect((await act(player, message, 'egMissToken', { ally: far.id, type: 'speed' })).ok).toBe(false);
    expect(view.lastNotice()).toContain('is not an ally of the attacker next to Goblin');
    expect((await act(player, message, 'egMissToken', { ally: far.id, type: 'gold' })).ok).toBe(false);
    expect(view.lastNotice()).toContain('refused this request');
  });

  it('with the NPC-defense automation the GM\'s goblin answers "no tokens" at once and the attack is rolled with the card', async () => {
    const { fighter, goblin } = await egFight(h);
    h.as(gm);
    await game.settings.set('gng', 'autoRollNpcDefense', true);
    h.dice.queue(8);
    const message = (await attack(player, fighter, [goblin])) as ChatMessage;
    expect(target(message).eg?.answer).toEqual({ tokens: 0, by: 'auto' });
    // 8 + 9 = 17 against 12.
    expect(state(message).attack).toMatchObject({ natural: 8, total: 17 });
    expect(target(message).result?.hit).toBe(true);
    expect(view.messageOf(message).rolls.map((r) => r.formula)).toEqual(['1d20']);
  });

  it('hostile: a spend a natural 1 makes useless, two spends raced on one pool, the other side, a forged field, the take-back twice', async () => {
    const { fighter, goblin, combat } = await egFight(h);
    await grant(combat, fighter, { power: 3 });
    const first = (await attack(player, fighter, [goblin])) as ChatMessage;
    // A natural 1 misses whatever is added (003:133): a retroactive spend is refused, nothing spent.
    h.dice.queue(1);
    await act(gm, first, 'egDefend', { tokens: 0 });
    expect(target(first).result?.hit).toBe(false);
    expect((await act(player, first, 'egRetro', { tokens: 3, side: 'attack' })).ok).toBe(false);
    expect(view.lastNotice()).toBe('A natural 1 or 20 decides the roll: no token changes it.');
    expect(encounter(combat, fighter)).toEqual(counts(3, 0, 0));

    // Another attack on the fighter's next turn (its standard action of this one is spent), d20 2:
    // 11 against 12, a miss.
    await egTurnOf(h, fighter, { fresh: true });
    const message = (await attack(player, fighter, [goblin])) as ChatMessage;
    h.dice.queue(2);
    await act(gm, message, 'egDefend', { tokens: 0 });
    expect(target(message).result?.hit).toBe(false);
    // Two retroactive spends of 3 at once on a pool of 3: one is spent (12 against 12, a hit), the other refused.
    h.as(player);
    const id = target(message).id;
    const results = await Promise.all([
      requestCardAction(message.id as string, 'egRetro', id, { tokens: 3, side: 'attack' }),
      requestCardAction(message.id as string, 'egRetro', id, { tokens: 3, side: 'attack' }),
    ]);
    await attackActionsSettled();
    expect(results.map((r) => r.ok).sort()).toEqual([false, true]);
    expect(target(message).eg?.retro).toEqual({ attack: 3, defense: 0 });
    expect(target(message).result?.hit).toBe(true);
    expect(encounter(combat, fighter)).toEqual(counts(0, 0, 0));
    // The defender's side, a field the card does not take, an answer after the roll: refused.
    expect((await act(player, message, 'egRetro', { tokens: 3, side: 'defense' })).ok).toBe(false);
    expect((await act(player, message, 'egRetro', { tokens: 3, side: 'attack', by: gm.id })).ok).toBe(false);
    expect((await act(gm, message, 'egDefend', { tokens: 1 })).ok).toBe(false);
    expect(target(message).eg?.retro).toEqual({ attack: 3, defense: 0 });
    // The take-back once: the 3 return; a second is refused and gives nothing more.
    h.as(player);
    await view.click(message, 'undoAttack');
    expect(encounter(combat, fighter)).toEqual(counts(3, 0, 0));
    expect((await act(player, message, 'undoAttack')).ok).toBe(false);
    expect(encounter(combat, fighter)).toEqual(counts(3, 0, 0));
  });

  it("GnG's own options are refused under the model, a malformed choice is refused, and the model's options under GnG", async () => {
    const { fighter, goblin } = await egFight(h);
    expect(await attack(player, fighter, [goblin], { situational: ['flanking'] })).toBeNull();
    expect(view.lastNotice()).toBe("GnG's situational modifiers is not part of this world's combat rules.");
    expect(await attack(player, fighter, [goblin], { eg: { charge: 'yes' } })).toBeNull();
    expect(view.lastNotice()).toContain('refused this request');
    expect(await attack(player, fighter, [goblin], { eg: { spend: -1 } })).toBeNull();
    expect(view.lastNotice()).toContain('refused this request');
    h.as(gm);
    for (const combat of [...game.combats]) await combat.delete();
    await worldPlays(h, 'gng');
    expect(await attack(player, fighter, [goblin], { eg: { spend: 1 } })).toBeNull();
    expect(view.lastNotice()).toBe(
      "The Enlightened Grognard attack options is not part of this world's combat rules.",
    );
  });
});

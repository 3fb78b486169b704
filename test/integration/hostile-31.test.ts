/**
 * Issue #31 (the Enlightened Grognard model): a hostile player against the glue, on the harness with
 * the model loaded as a world loads it. What a player's client sends decides nothing it may not
 * decide; a refusal is localized and changes nothing.
 * - The NPCs' communal pool is the GM's ("a communal pool that is shared by all the creatures under
 *   his control", 003:478): a player who owns an NPC (here a hound) spends none of it, by any request.
 * - "Whenever you roll initiative you immediately gain 2 tokens of your choice" (003:430): once per
 *   PC and combat, however many combatants the player gives the PC.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-flow.js';
import { egCardHelpers } from '../fixtures/eg-card.js';
import { egFight, useEgWorld } from '../fixtures/eg-world.js';
import { egTokenCardOf } from '../../src/cards/eg-tokens/token-card-state.js';
import { changeTokens } from '../../src/combat/eg-token-store.js';

const h = await getHarness();
await import('../../src/cards/attack/attack-gm.js');
const { gm, player } = h.users;

useEgWorld(h, 3131, { loaded: true, endCombats: true });

const { view, state, target, grant, attack, act, counts, encounter, setDisposition } = egCardHelpers(h);

const COMMUNAL =
  "Hound spends from the NPCs' communal pool, which is the GM's: only a GM spends its tokens. Nothing was changed.";
const bite = {
  name: 'Bite',
  type: 'weapon',
  system: { category: 'simple', use: 'light', damage: { medium: '1d6' }, equipped: true },
};

/** The fight, and a hound the player owns (an NPC: its pool is the communal one), 3 of each type in that pool. */
async function withHound() {
  const f = await egFight(h);
  h.as(gm);
  const hound = await h.createActor({ name: 'Hound', type: 'npc' }, player);
  await hound.createEmbeddedDocuments('Item', [bite]);
  f.combat.addCombatant(hound);
  await f.goblin.createEmbeddedDocuments('Item', [{ ...bite, name: 'Club' }]);
  await grant(f.combat, f.goblin, { power: 3, speed: 3, insight: 3 });
  return { ...f, hound };
}

const cards = (key: string) => game.messages.filter((m) => m.flags?.gng?.[key] !== undefined);

describe("a player's NPC and the GM's communal pool (003:478)", () => {
  it('its save, maneuver and attack spend nothing of it: refused, nothing posted', async () => {
    const { hound, goblin, fighter, combat } = await withHound();
    h.as(player);
    expect(await game.gng.egSave(hound, 'will', { insight: 1 })).toBeNull();
    expect(view.lastNotice()).toBe(COMMUNAL);
    expect(await game.gng.egManeuver(hound, 'grab', { targets: [goblin], tokens: 1 })).toBeNull();
    expect(view.lastNotice()).toBe(COMMUNAL);
    expect(await attack(player, hound, [fighter], { eg: { spend: 1 } }, 'Bite')).toBeNull();
    expect(view.lastNotice()).toBe(COMMUNAL);
    expect(cards('egSave')).toEqual([]);
    expect(game.messages.filter((m) => m.flags?.gng?.type === 'attack')).toEqual([]);
    expect(encounter(combat, goblin)).toEqual(counts(3, 3, 3));
    // Without tokens the player's hound still saves; the GM spends the pool for it.
    h.dice.queue(10);
    expect(await game.gng.egSave(hound, 'will')).not.toBeNull();
    h.as(gm);
    h.dice.queue(10);
    expect(await game.gng.egSave(hound, 'will', { insight: 1 })).not.toBeNull();
    expect(encounter(combat, goblin)).toEqual(counts(3, 3, 2));
  });

  it('on the attack card: "no tokens" is its answer to give, a spend on its defense or after the roll is refused', async () => {
    const { hound, goblin, combat } = await withHound();
    const message = (await attack(gm, goblin, [hound], {}, 'Club')) as ChatMessage;
    expect(target(message).eg?.answer).toBeNull();
    expect(await act(player, message, 'egDefend', { tokens: 2 })).toMatchObject({
      ok: false,
      error: 'GNG.Model.EG.Token.Error.Communal',
    });
    expect(view.lastNotice()).toBe(COMMUNAL);
    expect(target(message).eg?.answer).toBeNull();
    expect(encounter(combat, goblin)).toEqual(counts(3, 3, 3));
    h.dice.queue(10);
    expect((await act(player, message, 'egDefend', { tokens: 0 })).ok).toBe(true);
    expect(state(message).eg?.rolled).toBe(true);
    expect(await act(player, message, 'egRetro', { tokens: 3, side: 'defense' })).toMatchObject({
      ok: false,
      error: 'GNG.Model.EG.Token.Error.Communal',
    });
    expect(encounter(combat, goblin)).toEqual(counts(3, 3, 3));
  });
});

describe('the initiative tokens (003:430)', () => {
  it('a second combatant of the same PC, added and rolled by its player, gains nothing more', async () => {
    const { fighter, combat } = await egFight(h);
    const tokenCards = () => game.messages.filter((m) => egTokenCardOf(m) !== null);
    h.as(player);
    const first = combat.combatants.find((c) => c.actorId === fighter.id) as Combatant;
    await combat.rollInitiative([first.id as string]);
    await attackActionsSettled();
    expect(tokenCards()).toHaveLength(1);
    const [second] = await combat.createEmbeddedDocuments('Combatant', [{ actorId: fighter.id }]);
    await combat.rollInitiative([second?.id as string]);
    await attackActionsSettled();
    expect(second?.initiative).not.toBeNull();
    expect(tokenCards()).toHaveLength(1);
  });
});

describe('tokens given on a miss and spent since (003:435–436, 003:1533)', () => {
  it('the miss token: a hit made by a retroactive spend cannot take it back; a miss again grants no second one', async () => {
    const { fighter, rogue, goblin, combat } = await egFight(h);
    await grant(combat, fighter, { power: 3 });
    await grant(combat, goblin, { speed: 3 });
    h.as(gm);
    setDisposition(h.placeToken(fighter, { x: 0, y: 0 }), 1);
    const rogueToken = h.placeToken(rogue, { x: 200, y: 0 });
    setDisposition(rogueToken, 1);
    const message = (await attack(player, fighter, [goblin])) as ChatMessage;
    // d20 2: 2 + 9 = 11 against AC 12, a miss; the rogue (next to the goblin) gains 1 insight.
    h.dice.queue(2);
    await act(gm, message, 'egDefend', { tokens: 0 });
    expect((await act(player, message, 'egMissToken', { ally: rogueToken.id, type: 'insight' })).ok).toBe(
      true,
    );
    // The rogue spends it elsewhere.
    h.as(gm);
    await changeTokens(combat, rogue, { insight: -1 }, 'elsewhere');
    // 3 power: 12 against 12, a hit; the token is spent: it stays given.
    expect((await act(player, message, 'egRetro', { tokens: 3, side: 'attack' })).ok).toBe(true);
    expect(target(message).result?.hit).toBe(true);
    expect(target(message).eg?.missGift).toEqual({ name: rogue.name, type: 'insight' });
    // 3 speed on the goblin's AC: 12 against 13, a miss again; no second token for the rogue.
    expect((await act(gm, message, 'egRetro', { tokens: 3, side: 'defense' })).ok).toBe(true);
    expect(target(message).result?.hit).toBe(false);
    expect((await act(player, message, 'egMissToken', { ally: rogueToken.id, type: 'insight' })).ok).toBe(
      false,
    );
    expect(encounter(combat, rogue)).toEqual(counts(0, 0, 0));
  });

  it("a charge's miss: a power token the goblins spent stays given; a miss again gives none again", async () => {
    const { fighter, goblin, combat } = await egFight(h);
    await grant(combat, fighter, { power: 1 });
    await grant(combat, goblin, { speed: 3 });
    h.as(gm);
    setDisposition(h.placeToken(fighter, { x: 0, y: 0 }), 1);
    const message = (await attack(player, fighter, [goblin], { eg: { charge: true } })) as ChatMessage;
    setDisposition([...game.user.targets][0] as Token, -1);
    // d20 2: a miss; the adjacent goblin gains 1 power into the communal pool (3 speed there already).
    h.dice.queue(2);
    await act(gm, message, 'egDefend', { tokens: 0 });
    expect(encounter(combat, goblin)).toEqual(counts(1, 3, 0));
    h.as(gm);
    await changeTokens(combat, goblin, { power: -1 }, 'elsewhere');
    // 3 of the fighter's 3 power (1 + the charge's 2): a hit; the goblins' power is spent: it stays.
    expect((await act(player, message, 'egRetro', { tokens: 3, side: 'attack' })).ok).toBe(true);
    expect(target(message).result?.hit).toBe(true);
    // 3 speed on the goblin's AC: a miss again; nothing is given again.
    expect((await act(gm, message, 'egRetro', { tokens: 3, side: 'defense' })).ok).toBe(true);
    expect(target(message).result?.hit).toBe(false);
    expect(encounter(combat, goblin)).toEqual(counts(0, 0, 0));
  });
});

describe('an attack card whose encounter is over (003:461: the pools go with the combat)', () => {
  it("its miss token and spends are refused in the next fight; that fight's pools are untouched", async () => {
    const first = await egFight(h);
    const { fighter, rogue, goblin } = first;
    h.as(gm);
    setDisposition(h.placeToken(fighter, { x: 0, y: 0 }), 1);
    const rogueToken = h.placeToken(rogue, { x: 200, y: 0 });
    setDisposition(rogueToken, 1);
    const message = (await attack(player, fighter, [goblin])) as ChatMessage;
    // d20 2: 11 against AC 12, a miss; the player keeps the miss token for later.
    h.dice.queue(2);
    await act(gm, message, 'egDefend', { tokens: 0 });
    expect(target(message).result?.hit).toBe(false);
    h.as(gm);
    await first.combat.delete();
    await attackActionsSettled();
    const next = h.startCombat([fighter, rogue, goblin]);
    await grant(next, fighter, { power: 3 });
    const refused = await act(player, message, 'egMissToken', { ally: rogueToken.id, type: 'insight' });
    expect(refused).toMatchObject({ ok: false, error: 'GNG.Model.EG.Card.Refusal.encounterOver' });
    expect(view.lastNotice()).toBe(
      "This attack's encounter is over: its tokens went with it. Nothing was changed.",
    );
    expect(await act(player, message, 'egRetro', { tokens: 3, side: 'attack' })).toMatchObject({
      ok: false,
      error: 'GNG.Model.EG.Card.Refusal.encounterOver',
    });
    expect(encounter(next, rogue)).toEqual(counts(0, 0, 0));
    expect(encounter(next, fighter)).toEqual(counts(3, 0, 0));
    expect(target(message).result?.hit).toBe(false);
  });
});

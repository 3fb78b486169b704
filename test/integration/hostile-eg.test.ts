/**
 * Issue #31 (the Enlightened Grognard model): a hostile player against the glue, on the harness with
 * the model loaded as a world loads it. What a player's client sends decides nothing it may not
 * decide; a refusal is localized and changes nothing.
 * - The NPCs' communal pool is the GM's ("a communal pool that is shared by all the creatures under
 *   his control", 003:478): a player who owns an NPC (here a hound) spends none of it, by any request.
 * - "Whenever you roll initiative you immediately gain 2 tokens of your choice" (003:430): once per
 *   PC and combat, however many combatants the player gives the PC.
 * - A token given on a miss and spent stays given; a result flipped back and forth mints nothing.
 * - "you lose any tokens you still possess at the end of an encounter" (003:461–462): a card of an
 *   ended combat moves no tokens in the next one.
 * - No GM connected: every EG request refused, nothing changed. The store's Undo after interleaved
 *   changes puts each token back where it came from.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { egCardHelpers } from '../fixtures/eg-card.js';
import { egFight, useEgWorld } from '../fixtures/eg-world.js';
import { egTokenCardOf } from '../../src/cards/eg-tokens/token-state.js';
import { changeTokens, revertTokenChange, tokenPool } from '../../src/combat/eg-token-store.js';
import { askGM } from '../../src/cards/kernel/index.js';
import { cardHelpers } from '../fixtures/cards.js';
import { egTokenCard } from '../../src/cards/eg-tokens/token-actions.js';

const h = await getHarness();
await import('../../src/cards/attack/attack-gm.js');
const { gm, player, otherPlayer } = h.users;

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
    expect(game.messages.filter((m) => m.type === 'egSave')).toEqual([]);
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

  it("its attack dialog does not show the player the GM's pool", async () => {
    const { hound, goblin } = await withHound();
    h.placeToken(hound);
    h.as(player);
    h.target(player, h.placeToken(goblin, { x: 100, y: 0 }));
    const sheet = await h.openSheet(hound);
    void h.click(sheet, '.attack button[data-action="rollAttack"]');
    const dialog = await cardHelpers(h).openDialog();
    expect(dialog.element.querySelector('.eg-pool')?.textContent).toBe("NPCs share the GM's communal pool.");
    await dialog.close();
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

describe('no GM connected', () => {
  it('every EG request is refused with the reason; no card, no token moves', async () => {
    const { fighter, rogue, goblin, combat } = await egFight(h);
    await grant(combat, fighter, { power: 2, speed: 2, insight: 2 });
    h.as(player);
    await combat.rollInitiative([combat.combatants.find((c) => c.actorId === fighter.id)?.id as string]);
    await attackActionsSettled();
    const initiative = game.messages.find((m) => egTokenCardOf(m) !== null) as ChatMessage;
    const messages = game.messages.size;
    (gm as unknown as { active: boolean }).active = false;
    try {
      h.as(player);
      const noGM = { ok: false, error: 'GNG.Error.Attack.NoGM' };
      expect(await game.gng.giveTokens(fighter, rogue, 'speed', 1)).toMatchObject(noGM);
      expect(
        await egTokenCard.request(initiative.id as string, 'choose', 'actor', { choice: 0 }),
      ).toMatchObject(noGM);
      const action = { actorUuid: fighter.uuid, action: 'refocus', first: '', second: '', aidTo: '' };
      expect(await askGM('gng.egAction', action)).toMatchObject(noGM);
      expect(await game.gng.egSave(fighter, 'will', { insight: 1 })).toBeNull();
      expect(await game.gng.egManeuver(fighter, 'grab', { targets: [goblin], tokens: 1 })).toBeNull();
      expect(view.lastNotice()).toBe('No GM is connected: card actions need one.');
    } finally {
      (gm as unknown as { active: boolean }).active = true;
    }
    expect(game.messages.size).toBe(messages);
    expect(encounter(combat, fighter)).toEqual(counts(2, 2, 2));
    expect(encounter(combat, rogue)).toEqual(counts(0, 0, 0));
    expect(egTokenCardOf(initiative)?.status).toBe('open');
  });
});

describe("the store's Undo after interleaved changes", () => {
  it('each record reverts its own part, in any order the pools allow; one whose tokens were spent waits', async () => {
    const { fighter, combat } = await egFight(h);
    h.as(gm);
    await game.gng.grantPersistentTokens(fighter, { power: 1 });
    const pool = () => tokenPool(combat, fighter);
    // A: +2 power gained; B: 3 spent, the encounter's 2 first, then the persistent 1; C: +1 gained.
    const a = await changeTokens(combat, fighter, { power: 2 }, 'a');
    const b = await changeTokens(combat, fighter, { power: -3 }, 'b');
    expect(b).toMatchObject({ encounter: counts(-2, 0, 0), persistent: counts(-1, 0, 0) });
    const c = await changeTokens(combat, fighter, { power: 1 }, 'c');
    expect(pool()).toMatchObject({ encounter: counts(1, 0, 0), persistent: counts(0, 0, 0) });
    // A's 2 were spent by B: its Undo is refused and nothing moves.
    await expect(revertTokenChange(a)).rejects.toMatchObject({ key: 'GNG.Model.EG.Token.Error.Short' });
    expect(pool()).toMatchObject({ encounter: counts(1, 0, 0), persistent: counts(0, 0, 0) });
    // B back: 2 to the encounter pool, 1 to the persistent tokens, where they came from.
    await revertTokenChange(b);
    expect(pool()).toMatchObject({ encounter: counts(3, 0, 0), persistent: counts(1, 0, 0) });
    await revertTokenChange(a);
    await revertTokenChange(c);
    expect(pool()).toMatchObject({ encounter: counts(0, 0, 0), persistent: counts(1, 0, 0) });
  });
});

describe("the attack's take-back after its gains were spent elsewhere (Undo is the exact inverse)", () => {
  it("a charge's 2 power given away, then the attack taken back: refused, nothing changes; given back, it goes through", async () => {
    const { fighter, rogue, goblin, combat } = await egFight(h);
    const message = (await attack(player, fighter, [goblin], { eg: { charge: true } })) as ChatMessage;
    expect(encounter(combat, fighter)).toEqual(counts(2, 0, 0));
    // The charge's 2 power (003:1532) go to the rogue at once (003:442: no action).
    h.as(player);
    expect((await game.gng.giveTokens(fighter, rogue, 'power', 2)).ok).toBe(true);
    expect((await act(player, message, 'undoAttack')).ok).toBe(false);
    expect(view.lastNotice()).toBe(
      '5th-level fighter does not have enough power tokens for that. Nothing was changed.',
    );
    expect(state(message).eg?.withdrawn).toBeNull();
    expect(encounter(combat, fighter)).toEqual(counts(0, 0, 0));
    expect(encounter(combat, rogue)).toEqual(counts(2, 0, 0));
    // Another attack cannot repeat it: the tokens are back with the fighter before the take-back.
    h.as(otherPlayer);
    expect((await game.gng.giveTokens(rogue, fighter, 'power', 2)).ok).toBe(true);
    expect((await act(player, message, 'undoAttack')).ok).toBe(true);
    expect(state(message).eg?.withdrawn).toMatchObject({ by: player.id, notes: [] });
    expect(encounter(combat, fighter)).toEqual(counts(0, 0, 0));
    expect(encounter(combat, rogue)).toEqual(counts(0, 0, 0));
  });
});

describe('no token from a PC to an NPC ally (003:473)', () => {
  it("the miss token refuses the player's hound beside the target; the communal pool is untouched", async () => {
    const { fighter, goblin, hound, combat } = await withHound();
    h.as(gm);
    setDisposition(h.placeToken(fighter, { x: 0, y: 0 }), 1);
    const houndToken = h.placeToken(hound, { x: 200, y: 0 });
    setDisposition(houndToken, 1);
    const message = (await attack(player, fighter, [goblin])) as ChatMessage;
    // d20 2: 11 against AC 12, a miss.
    h.dice.queue(2);
    await act(gm, message, 'egDefend', { tokens: 0 });
    expect(target(message).result?.hit).toBe(false);
    expect((await act(player, message, 'egMissToken', { ally: houndToken.id, type: 'power' })).ok).toBe(
      false,
    );
    expect(encounter(combat, goblin)).toEqual(counts(3, 3, 3));
  });
});

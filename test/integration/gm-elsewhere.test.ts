/**
 * The GM prepares the next room while the players fight (issue #27): the GM's canvas shows another
 * scene and the GM's tracker another combat, yet bursts, attacks of opportunity, range, budgets and
 * aborts, and suppressing fire find the fight's scene, tokens and combat from the documents
 * (`src/combat/scene-lookup.ts`). Distances follow the scene's grid (`src/combat/scene-grid.ts`):
 * square with its diagonal rule, hex, gridless.
 *
 * The fight is on the default scene (square grid, 100 px and 5 ft per space, 1-2-1 diagonals); a
 * token in column c, row r has its top-left corner at (100c, 100r) px. Expected values are worked out
 * by hand in the comments.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fromConsole, withFeats } from '../fixtures/cards.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import { getHarness, type HarnessCombat } from '../harness/index.js';
import type { HarnessTokenDocument } from '../harness/tokens.js';
import type { HarnessScene } from '../harness/templates-documents.js';
import { GRID_DIAGONALS, GRID_TYPES } from '../harness/grid.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { cardState, type AttackCardState } from '../../src/cards/attack/attack-state.js';
import { burstState, type BurstCardState } from '../../src/cards/burst/burst-actions.js';
import { opportunityCardOf } from '../../src/cards/opportunity/opportunity-state.js';
import { SUPPRESS_QUERY, suppressState } from '../../src/cards/suppress/suppress-actions.js';
import { budgetOf, combatantOf, spendAbortFor, turnOf } from '../../src/combat/action-budget.js';
import { flowOf } from '../../src/combat/opponent-feats.js';
import { combatOf, tokenOf, tokensWithin } from '../../src/combat/scene-lookup.js';
import { adjacent, feetBetween, measureFeet } from '../../src/combat/scene-grid.js';
import { distanceToTarget } from '../../src/cards/attack/firearms.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(27));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const FRIENDLY = 1;
const HOSTILE = -1;
const MARTIAL = 'martial-weapon-proficiency-firearms';
const doc = (token: Token) => token.document as unknown as HarnessTokenDocument;
const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const viewed = () => (globalThis as unknown as { canvas: FoundryCanvas }).canvas.scene;

const SMG = {
  name: 'Test SMG',
  type: 'weapon',
  system: {
    category: 'simple',
    use: 'ranged',
    damage: { medium: '2d6' },
    damageTypes: ['piercing'],
    rangeIncrement: 50,
    strength: 'none',
    equipped: true,
    firearm: { fireModes: ['single', 'semi', 'auto'], capacity: 60, ammunition: 30, barrels: 1 },
  },
};
const dagger = {
  name: 'Dagger',
  type: 'weapon',
  system: { use: 'light', damage: { medium: '1d4' }, equipped: true },
};
const pistol = () => {
  const source = JSON.parse(readFileSync('packs/_source/weapons/d20m-autoloader-pistol.json', 'utf8')) as {
    name: string;
    type: string;
    system: Record<string, unknown>;
  };
  return { name: source.name, type: source.type, system: { ...source.system, equipped: true } };
};

/** A 30-HP NPC (owned by `owner` when given) with `items`, its token at (col, row) on `scene`. */
async function creature(
  name: string,
  col: number,
  row: number,
  options: {
    owner?: User;
    items?: Record<string, unknown>[];
    disposition?: number;
    scene?: HarnessScene;
  } = {},
): Promise<{ actor: Actor; token: Token }> {
  h.as(gm);
  const actor = await h.createActor(
    { name, type: 'npc', system: { hp: { value: 30 }, abilities: { con: { value: 30 } } } },
    options.owner,
  );
  if (options.items?.length) await actor.createEmbeddedDocuments('Item', options.items);
  const token = h.placeToken(actor, { scene: options.scene, x: col * 100, y: row * 100 });
  if (options.disposition !== undefined) await doc(token).update({ disposition: options.disposition });
  return { actor, token };
}

/**
 * The GM turns to the next room: the GM's canvas shows another scene (a bystander on it) and the
 * GM's tracker another combat, the bystander's, on that scene.
 */
async function gmElsewhere(): Promise<{ prep: HarnessScene; elsewhere: Combat }> {
  const prep = h.createScene({ name: 'Next room' });
  const { actor: bystander } = await creature('Bystander', 0, 0, { scene: prep });
  const elsewhere = h.startCombat([bystander], { scene: prep });
  h.view(prep, gm);
  h.viewCombat(elsewhere);
  return { prep, elsewhere };
}

describe('the harness models a GM looking elsewhere', () => {
  it("each client views its own scene; only the viewed scene's tokens have placeables there", async () => {
    const { actor } = await creature('Hero', 0, 0, { owner: player });
    const { prep, elsewhere } = await gmElsewhere();
    h.as(gm);
    expect(viewed()).toBe(prep);
    expect(actor.getActiveTokens()).toEqual([]);
    expect(game.combat).toBe(elsewhere);
    expect([...(game.scenes ?? [])]).toEqual([h.scene, prep]);
    h.as(player);
    expect(viewed()).toBe(h.scene);
    expect(actor.getActiveTokens()).toHaveLength(1);
  });
});

describe('the lookups (src/combat/scene-lookup.ts)', () => {
  it("an actor's combat is the begun one holding it; its token the one on that combat's scene", async () => {
    const cellar = h.createScene({ name: 'Cellar' });
    const { actor: hero, token: upstairs } = await creature('Hero', 0, 0, { owner: player });
    const below = h.placeToken(hero, { scene: cellar, x: 300 });
    const { actor: rat } = await creature('Rat', 4, 0, { scene: cellar });
    // Out of combat: the token on the world's active scene (the default one).
    expect(tokenOf(hero)).toBe(upstairs.document);
    expect(tokenOf(hero, { scene: cellar })).toBe(below.document);
    expect(tokenOf(hero, { tokenId: below.id })).toBe(below.document);
    expect(tokenOf(rat, { tokenId: below.id })).toBeNull();
    // A prepared combat (not begun) on the default scene, then a begun one in the cellar.
    h.as(gm);
    const prepared = (await foundry.documents.Combat.create({})) as unknown as HarnessCombat;
    prepared.addCombatant(hero);
    const fight = h.startCombat([hero, rat], { scene: cellar });
    h.viewCombat(prepared as unknown as Combat);
    expect(combatOf(hero)).toBe(fight);
    expect(combatantOf(hero)?.token).toBe(below.document);
    expect(tokenOf(hero)).toBe(below.document);
    // Within 5 ft of the rat at (4, 0) in the cellar: the hero at (3, 0); nothing upstairs.
    expect(tokensWithin(doc(below), 5).map((t) => t.actor?.name)).toEqual(['Rat']);
    expect(tokensWithin(doc(upstairs), 30)).toEqual([]);
  });
});

describe('automation with the GM looking at another scene and another combat', () => {
  it('a burst finds its targets, their range penalties and its template on the fight scene', async () => {
    const { actor, token } = await creature('Gunner', 0, 0, { owner: player, items: [SMG] });
    await creature('Far', 12, 0); // 12 columns: 60 ft, the second increment (−2)
    await creature('Near', 2, 0); // 10 ft, the first increment (0)
    const { prep } = await gmElsewhere();
    h.as(player);
    h.dice.queue(5, 6);
    const gun = actor.items.find((item) => item.name === 'Test SMG') as Item;
    const result = await game.gng.burst(actor, gun, { kind: 'linear', direction: 0 });
    await attackActionsSettled();
    expect(result).toMatchObject({ ok: true });
    const state = burstState(game.messages.contents.at(-1)) as BurstCardState;
    expect(state.attacker.tokenId).toBe(token.id);
    expect(state.targets.map((t) => t.name)).toEqual(['Near', 'Far']);
    expect(state.targets.map((t) => t.distance)).toEqual([10, 60]);
    // Take 10 at −4 with a +0 bonus: 6; Far's −2 range penalty: 4.
    expect(state.targets.map((t) => t.attackTotal)).toEqual([6, 4]);
    expect(state.template?.sceneId).toBe(h.scene.id);
    expect(h.scene.templates.size).toBe(1);
    expect(prep.templates.size).toBe(0);
  });

  it('the foe next to the shooter is offered its attack of opportunity; the shot knows its range', async () => {
    const { actor: shooter } = await creature('Shooter', 0, 0, {
      owner: player,
      items: [pistol()],
      disposition: FRIENDLY,
    });
    const { token: orc } = await creature('Far Orc', 6, 0, { items: [dagger], disposition: HOSTILE });
    await creature('Goblin', 1, 1, { items: [dagger], disposition: HOSTILE }); // diagonal: 5 ft
    await creature('Distant Goblin', 2, 0, { items: [dagger], disposition: HOSTILE }); // 10 ft
    await gmElsewhere();
    h.as(player);
    h.target(player, orc);
    h.dice.queue(15);
    const gun = shooter.items.find((item) => item.type === 'weapon') as Item;
    const message = (await game.gng.attack(shooter, gun, {})) as ChatMessage;
    await attackActionsSettled();
    // Six columns east: 6 × 5 ft = 30 ft.
    expect((cardState(fresh(message)) as AttackCardState).fire?.distanceFeet).toBe(30);
    expect((cardState(fresh(message)) as AttackCardState).sceneId).toBe(h.scene.id);
    const offers = game.messages.contents.filter((m) => opportunityCardOf(m) !== null);
    expect(offers.map((m) => opportunityCardOf(m)?.threateners.map((t) => t.name))).toEqual([['Goblin']]);
    expect(opportunityCardOf(offers[0])?.sceneId).toBe(h.scene.id);
  });

  it("budgets and aborts are the fight's combat's, whatever combat the GM's tracker shows", async () => {
    const { actor: fighter } = await creature('Fighter', 0, 0, { owner: player });
    const { actor: rogue, token: rogueToken } = await creature('Rogue', 1, 0, { owner: otherPlayer });
    const { actor: idle } = await creature('Idle', 5, 5);
    const fight = h.startCombat([fighter, rogue]);
    const { elsewhere } = await gmElsewhere();
    h.as(gm);
    expect(game.combat).toBe(elsewhere);
    expect(combatantOf(rogue)?.parent).toBe(fight);
    expect(combatantOf(rogue)?.token).toBe(rogueToken.document);
    expect(budgetOf(rogue)).toMatchObject({ move: true, attack: true });
    expect(budgetOf(idle)).toBeNull();
    // An abort in combat is paid from the rogue's budget in the fight, not for free.
    const spent = await spendAbortFor(rogue, 'block');
    expect(spent).toMatchObject({ ok: true });
    expect(spent.ok && spent.paidWith).not.toBe('none');
    const after = budgetOf(rogue);
    expect([after?.move, after?.attack]).toContain(false);
    expect(fight.getFlag('gng', 'combatants')).toBeTruthy();
    expect(elsewhere.getFlag('gng', 'combatants')).toBeFalsy();
    // Out of combat: nothing is spent.
    expect(await spendAbortFor(idle, 'block')).toMatchObject({ ok: true, paidWith: 'none' });
  });

  it('suppressing fire: a move whose waypoints pass through the aisle triggers, a move beside it does not', async () => {
    const { actor } = await creature('Gunner', 0, 0, {
      owner: player,
      items: [SMG, { name: MARTIAL, type: 'feat', system: { identifier: MARTIAL } }],
    });
    const { token: runner } = await creature('Runner', 6, 2, { owner: otherPlayer });
    const { token: walker } = await creature('Walker', 6, 3, { owner: otherPlayer });
    await gmElsewhere();
    h.as(player);
    h.dice.queue(5);
    const gun = actor.items.find((item) => item.name === 'Test SMG') as Item;
    // The aisle runs east from the shooter's centre along row 0, 5 ft wide (rows 1 and below are out).
    const result = await fromConsole(SUPPRESS_QUERY, {
      action: 'start',
      actorUuid: actor.uuid,
      weaponId: gun.id,
      area: { shape: 'aisle', direction: 0 },
      mode: 'semi',
    });
    await attackActionsSettled();
    expect(result.ok, JSON.stringify(result)).toBe(true);
    const card = game.messages.get((result as { messageId: string }).messageId) as ChatMessage;
    expect(suppressState(fresh(card))?.sceneId).toBe(h.scene.id);
    h.as(otherPlayer);
    // Walker: (6, 3) → (8, 3), a straight move two rows below the aisle: no trigger.
    await doc(walker).move([{ x: 800, y: 300 }]);
    await attackActionsSettled();
    expect(suppressState(fresh(card))?.triggers).toHaveLength(0);
    // Runner: (6, 2) → (7, 0) → (8, 2); the straight line (6, 2) → (8, 2) misses the aisle, the path
    // runs through it. It ends outside: a trigger, no occupant.
    await doc(runner).move([
      { x: 700, y: 0 },
      { x: 800, y: 200 },
    ]);
    await attackActionsSettled();
    const after = suppressState(fresh(card));
    expect(after?.triggers.map((t) => [t.name, t.cause])).toEqual([['Runner', 'enter']]);
    expect(after?.occupants).toHaveLength(0);
  });
});

describe('cards and feats of a fight the GM is not looking at', () => {
  it("Block on the attack card is paid from the defender's budget in the fight, and its badge shows", async () => {
    const fighter = await appendix3Fighter(h, player);
    const rogue = await appendix3Rogue(h, otherPlayer);
    h.placeToken(fighter);
    const rogueToken = h.placeToken(rogue, { x: 100 });
    const fight = h.startCombat([fighter, rogue]) as HarnessCombat;
    await fight.begin();
    await gmElsewhere();
    h.as(player);
    h.target(player, rogueToken);
    h.dice.queue(10);
    const sword = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
    const message = (await game.gng.attack(fighter, sword, {})) as ChatMessage;
    await attackActionsSettled();
    const targetId = (cardState(fresh(message)) as AttackCardState).targets[0]?.id as string;
    const press = async (user: User, action: string, die: number) => {
      h.as(user);
      h.dice.queue(die);
      const html = h.renderMessage(fresh(message));
      const button = html.querySelector<HTMLButtonElement>(
        `button[data-action="${action}"]:not([data-breaking])[data-target-id="${targetId}"]`,
      );
      if (!button) throw new Error(`${user.name} sees no ${action}`);
      button.dispatchEvent(new h.window.MouseEvent('click', { bubbles: true }) as unknown as Event);
      await attackActionsSettled();
    };
    await press(otherPlayer, 'rollDefense', 1);
    await press(otherPlayer, 'block', 2);
    const block = (cardState(fresh(message)) as AttackCardState).targets[0]?.aborts?.block;
    expect(block?.paidWith).toBeDefined();
    expect(block?.paidWith).not.toBe('none');
    expect(fresh(message).content).not.toContain('Not in combat');
    h.as(gm);
    const badge = h
      .renderCombatTracker(fight)
      .querySelector(`[data-combatant-id="${combatantOf(rogue)?.id}"] .gng-budget-badge`);
    expect(badge).not.toBeNull();
  });

  it('Flow with Enemy and Hail of Bullets find the combat and the opponents on their own scene', async () => {
    const LONGSWORD = {
      name: 'Longsword',
      type: 'weapon',
      system: { category: 'martial', use: 'one-handed', damage: { medium: '1d8' }, equipped: true },
    };
    h.as(gm);
    const hero = await h.createActor(
      { name: 'Hero', type: 'character', system: { abilities: { wis: { value: 14 } }, hp: { value: 20 } } },
      player,
    );
    await hero.createEmbeddedDocuments('Item', [
      { name: 'Fighter', type: 'class', system: { levels: 4, babProgression: 'good' } },
      LONGSWORD,
      pistol(),
    ]);
    await withFeats(hero, ['flow-with-enemy', 'hail-of-bullets']);
    const heroToken = h.placeToken(hero);
    await doc(heroToken).update({ disposition: FRIENDLY });
    const { actor: orc, token: orcToken } = await creature('Orc', 1, 0, {
      items: [LONGSWORD],
      disposition: HOSTILE,
    });
    await creature('Far Orc', 7, 0, { disposition: HOSTILE }); // 35 ft: beyond Hail's 30 ft
    const fight = h.startCombat([]) as HarnessCombat;
    fight.addCombatant(hero, 20);
    fight.addCombatant(orc, 10);
    await fight.begin();
    const { elsewhere } = await gmElsewhere();
    h.as(player);
    // Hero 1d20 + 4 (base attack) + 2 (Wis): 8 + 6 = 14 ≥ orc 14 + 0; 2d4 + 2 = 3 + 2 + 2 = 7 rounds.
    h.dice.queue(8, 14, 3, 2);
    expect(await game.gng.flowWithEnemy(hero, orcToken)).toMatchObject({ ok: true });
    await attackActionsSettled();
    expect(flowOf(hero)).toMatchObject({ opponentUuid: orc.uuid, round: 1, rounds: 7 });
    expect(elsewhere.getFlag('gng', 'flow')).toBeFalsy();
    // The flow took the hero's full round in the fight; the next round, Hail of Bullets.
    expect(turnOf(combatantOf(hero) as Combatant)).toMatchObject({ move: false, attack: false });
    h.as(gm);
    await fight.nextTurn();
    await fight.nextTurn();
    await attackActionsSettled();
    h.as(player);
    const before = game.messages.size;
    h.dice.queue(10);
    const gun = hero.items.find((i) => i.type === 'weapon' && i.name !== 'Longsword') as Item;
    expect(await game.gng.hailOfBullets(hero, gun)).toMatchObject({ ok: true });
    await attackActionsSettled();
    const shots = game.messages.contents.slice(before).filter((m) => cardState(m) !== null);
    expect(shots.map((m) => cardState(m)?.targets[0]?.name)).toEqual(['Orc']);
  });
});

describe("distances through the scene's grid", () => {
  it("a square grid counts diagonals by the scene's rule", async () => {
    const { actor: a, token: ta } = await creature('A', 0, 0);
    const { actor: b, token: tb } = await creature('B', 3, 3);
    // Three diagonal steps, 1-2-1: 5 + 10 + 5 = 20 ft.
    expect(feetBetween(doc(ta), doc(tb))).toBe(20);
    expect(distanceToTarget(a, b, tb.id)).toBe(20);
    const equal = h.createScene({ grid: { diagonals: GRID_DIAGONALS.EQUIDISTANT } });
    const { token: tc } = await creature('C', 0, 0, { scene: equal });
    const { token: td } = await creature('D', 3, 3, { scene: equal });
    // Every diagonal step 5 ft: 15 ft.
    expect(feetBetween(doc(tc), doc(td))).toBe(15);
    // Tokens on different scenes are never near.
    expect(feetBetween(doc(ta), doc(td))).toBe(Infinity);
  });

  it('a hex grid counts hexes: 5 ft a hex', async () => {
    const hex = h.createScene({ name: 'Hexes', grid: { type: GRID_TYPES.HEXODDR } });
    const at = async (name: string, q: number, r: number) => {
      const centre = hex.grid.hexCentre(q, r);
      const placed = await creature(name, 0, 0, { scene: hex });
      await doc(placed.token).update({ x: centre.x - 50, y: centre.y - 50 });
      return placed;
    };
    const { actor: a, token: ta } = await at('A', 0, 0);
    const { actor: b, token: tb } = await at('B', 3, 0);
    const { token: tc } = await at('C', 2, 2);
    const { token: tn } = await at('N', 0, 1);
    // Axial hex distance (|dq| + |dr| + |dq + dr|) / 2: (3, 0) is 3 hexes, (2, 2) is 4, (0, 1) is 1.
    expect(feetBetween(doc(ta), doc(tb))).toBe(15);
    expect(distanceToTarget(a, b, tb.id)).toBe(15);
    expect(feetBetween(doc(ta), doc(tc))).toBe(20);
    expect(adjacent(doc(ta), doc(tn))).toBe(true);
    expect(adjacent(doc(ta), doc(tc))).toBe(false);
    // A token a little off its hex's centre still stands in that hex: still 3 hexes.
    await doc(tb).update({ x: doc(tb).x + 12, y: doc(tb).y - 9 });
    expect(feetBetween(doc(ta), doc(tb))).toBe(15);
  });

  it('a gridless scene measures the straight line between centres', async () => {
    const open = h.createScene({ name: 'Open', grid: { type: GRID_TYPES.GRIDLESS } });
    const { token: ta } = await creature('A', 0, 0, { scene: open });
    const { token: tb } = await creature('B', 3, 4, { scene: open });
    const { token: side } = await creature('Side', 1, 0, { scene: open });
    const { token: corner } = await creature('Corner', 1, 1, { scene: open });
    // (300, 400) px apart: 500 px = 5 spaces = 25 ft.
    expect(feetBetween(doc(ta), doc(tb))).toBe(25);
    // Beside: 100 px = 5 ft, adjacent; diagonal: 141.4 px ≈ 7.07 ft, not within 5 ft.
    expect(adjacent(doc(ta), doc(side))).toBe(true);
    expect(feetBetween(doc(ta), doc(corner))).toBeCloseTo(5 * Math.SQRT2, 6);
    expect(adjacent(doc(ta), doc(corner))).toBe(false);
  });

  it('without a grid that measures, the documented fallback: 1-2-1 on a grid, a straight line without', () => {
    const square = { grid: { size: 100, distance: 5 } } as unknown as Scene;
    const gridless = { grid: { size: 100, distance: 5, type: 0 } } as unknown as Scene;
    const path = [
      { x: 50, y: 50 },
      { x: 350, y: 350 },
    ];
    // Three diagonals: 1 + 2 + 1 spaces = 20 ft; the straight line: 300√2 px = 15√2 ft.
    expect(measureFeet(square, path)).toBe(20);
    expect(measureFeet(gridless, path)).toBeCloseTo(15 * Math.SQRT2, 6);
    expect(measureFeet(null, path)).toBe(20);
  });
});

/**
 * Multiple target bursts (GnG SPECIAL ATTACKS › MULTIPLE TARGET BURST; issue #16): `game.gng.burst`
 * from the shooter's owner, the GM's checks, the shots (2d10 + 10 / + 20, or controlled), Take 10 at
 * −4 / −8 with range penalties, the area on the scene (a measured template) and the tokens in it
 * nearest first, the Defense rolls by size and barrels, hits capped by the shots fired, Dive for
 * Cover, Apply / Undo per target and the burst's Undo (rounds back, template gone).
 *
 * The shooter: an NPC owned by Player, Dex 10 and no class (ranged attack bonus +0), its token's
 * top-left at (0, 0) px: its centre is 2.5 ft, 2.5 ft (100 px per 5-ft square). Its gun: range
 * increment 50 ft, 2d6 damage, auto fire. Targets: 30 HP, Defense +0, Protection 0, Jump +10; a
 * token in column c of the shooter's row is 5c ft away. Dice are queued in the order rolled.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromConsole } from '../fixtures/cards.js';
import { tokenHelpers } from '../fixtures/tokens.js';
import { burstGunner, TEST_SMG } from '../fixtures/gunners.js';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import {
  BURST_QUERY,
  burstState,
  requestBurstAction,
  type BurstCardState,
} from '../../src/cards/burst/burst-actions.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(11));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const lastNotice = () => h.notices.at(-1)?.message ?? '';
const scene = () => (globalThis as unknown as { canvas: FoundryCanvas }).canvas.scene as Scene;
const state = (message: ChatMessage) => burstState(game.messages.get(message.id as string)) as BurstCardState;

const { placeNew: place } = tokenHelpers(h);

const shooter = (firearm: Record<string, unknown> = {}, feats: string[] = []) =>
  burstGunner(h, firearm, feats);

async function target(
  name: string,
  column: number,
  row = 0,
  system: Record<string, unknown> = {},
  owner?: User,
): Promise<Actor> {
  h.as(gm);
  const actor = await h.createActor(
    {
      name,
      type: 'npc',
      system: {
        abilities: { con: { value: 30 } },
        hp: { value: 30 },
        skills: { jump: { ranks: 10 } },
        ...system,
      },
    },
    owner,
  );
  await place(actor, column, row);
  return actor;
}

/** Player fires; the new card (or the refusal). */
async function fire(
  actor: Actor,
  gun: Item,
  options: Parameters<typeof game.gng.burst>[2],
  d10: number[] = [],
) {
  h.as(player);
  const before = game.messages.size;
  h.dice.queue(...d10);
  const result = await game.gng.burst(actor, gun, options);
  await attackActionsSettled();
  const card = game.messages.size > before ? (game.messages.contents.at(-1) as ChatMessage) : null;
  return { result, card };
}

async function as(
  user: User,
  card: ChatMessage,
  action: string,
  targetId: string,
  d: number[] = [],
  extra = {},
) {
  h.as(user);
  h.dice.queue(...d);
  const result = await requestBurstAction(card.id as string, action as never, targetId, extra);
  await attackActionsSettled();
  return result;
}

const ammo = (gun: Item) =>
  (gun.actor?.items.get(gun.id as string)?.system as unknown as { firearm: { ammunition: number } }).firearm
    .ammunition;

describe('linear burst', () => {
  it('Take 10 at −4, 2d10 + 10 shots, the aisle to ten increments, nearest first, never the shooter', async () => {
    const { actor, gun } = await shooter();
    const far = await target('Far', 12); // 60 ft: second increment, −2
    const near = await target('Near', 2); // 10 ft
    await target('Aside', 2, 2); // 10 ft off the line: outside the 5-ft aisle
    expect(sys(near).derived.defense.ranged.total).toBe(0);
    const { result, card } = await fire(actor, gun, { kind: 'linear', direction: 0 }, [5, 6]);
    expect(result).toMatchObject({ ok: true });
    const s = state(card as ChatMessage);
    expect(card?.author?.isGM).toBe(true);
    expect(s.shots.shotsFired).toBe(21); // 5 + 6 + 10
    expect(ammo(gun)).toBe(9); // 30 − 21
    expect(s.attack.natural).toBe(10);
    expect(s.attack.total).toBe(6); // 10 + 0 − 4
    expect(s.targets.map((t) => t.name)).toEqual(['Near', 'Far']);
    expect(s.targets.map((t) => t.attackTotal)).toEqual([6, 4]);
    // The template: a ray from the shooter's centre, 5 ft wide, 10 × 50 ft long.
    const [template] = scene().templates.contents;
    expect(template).toMatchObject({ t: 'ray', x: 50, y: 50, direction: 0, distance: 500, width: 5 });

    // Each target says what the card waits for on it (issue #33).
    const waiting = () =>
      [
        ...h
          .renderMessage(game.messages.get(card?.id as string) as ChatMessage)
          .querySelectorAll('.gng-card-waiting'),
      ].map((p) => p.textContent);
    expect(waiting()).toEqual(["Waiting for Near's Defense roll.", "Waiting for Far's Defense roll."]);
    // Near's owner is the GM (an NPC): the GM rolls; a tie hits. Far: 5 > 4 misses.
    expect(await as(gm, card as ChatMessage, 'rollDefense', s.targets[0]?.id as string, [6])).toMatchObject({
      ok: true,
    });
    expect(waiting()).toEqual([
      'Waiting for the GM to apply the hits to Near.',
      "Waiting for Far's Defense roll.",
    ]);
    expect(await as(gm, card as ChatMessage, 'rollDefense', s.targets[1]?.id as string, [5])).toMatchObject({
      ok: true,
    });
    expect(
      await as(gm, card as ChatMessage, 'applyDamage', s.targets[0]?.id as string, [3, 4]),
    ).toMatchObject({ ok: true });
    expect(sys(near).hp.value).toBe(23); // 7 damage, no RD
    expect(waiting()).toEqual([]); // applied, and a miss: nothing left to wait for
    // A miss has nothing to apply.
    expect(await as(gm, card as ChatMessage, 'applyDamage', s.targets[1]?.id as string)).toMatchObject({
      ok: false,
    });
    expect(sys(far).hp.value).toBe(30);
    expect(card?.content ?? '').toContain('<details');
  });

  it('is refused with fewer than ten rounds, and nothing is spent or posted', async () => {
    const { actor, gun } = await shooter({ ammunition: 9 });
    await target('Near', 2);
    const { result, card } = await fire(actor, gun, { kind: 'linear', direction: 0 });
    expect(result).toMatchObject({ ok: false, error: 'GNG.Burst.Error.TooFew.linear' });
    expect(lastNotice()).toContain('at least ten rounds');
    expect(card).toBeNull();
    expect(ammo(gun)).toBe(9);
    expect(scene().templates.size).toBe(0);
  });

  it('fires only what is loaded: twelve shots remaining fire twelve shots, even on a roll of 21', async () => {
    const { actor, gun } = await shooter({ ammunition: 12 });
    const { card } = await fire(actor, gun, { kind: 'linear', direction: 0 }, [5, 6]);
    expect(state(card as ChatMessage).shots.shotsFired).toBe(12);
    expect(ammo(gun)).toBe(0);
  });

  it('hits at most as many targets as shots fired, nearest first', async () => {
    const { actor, gun } = await shooter({ ammunition: 10 });
    for (let column = 1; column <= 11; column++) await target(`T${column}`, column);
    const { card } = await fire(actor, gun, { kind: 'linear', direction: 0 }, [1, 1]);
    const s = state(card as ChatMessage);
    expect(s.shots.shotsFired).toBe(10);
    expect(s.targets.map((t) => t.name)).toEqual(Array.from({ length: 11 }, (_, i) => `T${i + 1}`));
    for (const t of s.targets.slice(0, 10))
      expect(await as(gm, card as ChatMessage, 'rollDefense', t.id, [1])).toMatchObject({ ok: true });
    // Ten hits used the ten shots: the eleventh target is not hit and rolls nothing.
    expect(await as(gm, card as ChatMessage, 'rollDefense', s.targets[10]?.id as string, [1])).toMatchObject({
      ok: false,
    });
    const html = h.renderMessage(game.messages.get(card?.id as string) as ChatMessage);
    expect(
      html.querySelector(`section[data-target-id="${s.targets[10]?.id}"] summary`)?.textContent,
    ).toContain('No shots left');
  });

  it('a Large target makes two Defense rolls and may take two hits', async () => {
    const { actor, gun } = await shooter();
    const ogre = await target('Ogre', 3, 0, { size: 'large' });
    const { card } = await fire(actor, gun, { kind: 'linear', direction: 0 }, [1, 1]);
    const t = state(card as ChatMessage).targets[0];
    expect(t?.defenseRolls).toBe(2);
    await as(gm, card as ChatMessage, 'rollDefense', t?.id as string, [2, 3]);
    expect(state(card as ChatMessage).targets[0]?.defense?.totals).toHaveLength(2);
    // Large: −1 Defense (size) → totals 1 and 2 against an attack of 6 − 0: both hit; 2d6 twice.
    await as(gm, card as ChatMessage, 'applyDamage', t?.id as string, [1, 1, 2, 2]);
    expect(state(card as ChatMessage).targets[0]?.applied?.hits).toHaveLength(2);
    expect(sys(ogre).hp.value).toBe(24); // 30 − (1 + 1) − (2 + 2)
  });

  it('a double-barrelled weapon: two Defense rolls per target and twice the rounds', async () => {
    const { actor, gun } = await shooter({ barrels: 2, ammunition: 60 });
    await target('Near', 2);
    const { card } = await fire(actor, gun, { kind: 'linear', direction: 0 }, [1, 1]);
    const s = state(card as ChatMessage);
    expect(s.shots.shotsFired).toBe(12); // per barrel
    expect(s.shots.ammoUsed).toBe(24);
    expect(ammo(gun)).toBe(36);
    expect(s.targets[0]?.defenseRolls).toBe(2);
  });
});

describe('strafing burst', () => {
  it('−8, the cone of max(first increment, 30 ft) with half its width, controlled with the feat', async () => {
    const { actor, gun } = await shooter({}, ['martial-weapon-proficiency-firearms']);
    await target('Inside', 6); // 30 ft along the axis
    await target('Edge', 6, 3); // 15 ft aside at 30 ft along: outside a cone 12.5 ft wide there
    const { card } = await fire(actor, gun, { kind: 'strafing', direction: 0, controlled: 20 });
    const s = state(card as ChatMessage);
    expect(s.shots).toMatchObject({ controlled: true, shotsFired: 20 });
    expect(ammo(gun)).toBe(10);
    expect(s.attack.total).toBe(2); // 10 + 0 − 8
    expect(s.area).toMatchObject({ length: 50, width: 25 });
    expect(s.targets.map((t) => t.name)).toEqual(['Inside']);
    expect(scene().templates.contents[0]).toMatchObject({ t: 'cone', distance: 50 });
    expect(scene().templates.contents[0]?.angle).toBeCloseTo(28.07, 1);
  });

  it('needs twenty rounds; a controlled count without the feat is refused', async () => {
    const { actor, gun } = await shooter({ ammunition: 19 });
    expect((await fire(actor, gun, { kind: 'strafing', direction: 0 })).result).toMatchObject({
      ok: false,
      error: 'GNG.Burst.Error.TooFew.strafing',
    });
    const other = await shooter();
    expect(
      (await fire(other.actor, other.gun, { kind: 'strafing', direction: 0, controlled: 20 })).result,
    ).toMatchObject({ ok: false, error: 'GNG.Burst.Error.ControlledFeat' });
    expect(ammo(other.gun)).toBe(30);
  });

  it('Dive for Cover: Jump against the attack total converts lethal damage to nonlethal', async () => {
    const { actor, gun } = await shooter();
    const hero = await target('Hero', 4, 0, {}, otherPlayer);
    const { card } = await fire(actor, gun, { kind: 'strafing', direction: 0 }, [1, 1]);
    const id = state(card as ChatMessage).targets[0]?.id as string;
    // The hero's owner rolls Defense (natural 1: hit by the attack's 2) and dives with cover: Jump 10 + 10 = 20.
    expect(await as(otherPlayer, card as ChatMessage, 'rollDefense', id, [1])).toMatchObject({ ok: true });
    expect(
      await as(otherPlayer, card as ChatMessage, 'diveForCover', id, [10], { cover: true }),
    ).toMatchObject({
      ok: true,
    });
    expect(state(card as ChatMessage).targets[0]?.dive).toMatchObject({ jumpTotal: 20, margin: 18 });
    // Not the hero's owner's to apply.
    expect(await as(otherPlayer, card as ChatMessage, 'applyDamage', id)).toMatchObject({ ok: false });
    await as(gm, card as ChatMessage, 'applyDamage', id, [6, 6]);
    expect(sys(hero).hp.value).toBe(30);
    expect(sys(hero).hp.nonlethal).toBe(12);
  });
});

describe('aiming and NPC Defense', () => {
  it('aims toward a token, and NPC targets roll their Defense by themselves when the GM asks for it', async () => {
    await game.settings.set('gng', 'autoRollNpcDefense', true);
    const { actor, gun } = await shooter();
    h.as(gm);
    const npc = await target('Goblin', 3, 3); // south-east, 45°
    const pc = await target('Hero', 6, 6, {}, otherPlayer);
    const goblinToken = npc.getActiveTokens()[0] as Token;
    // 2d10 + 10 shots, then the NPC's Defense roll (the hero's owner rolls its own).
    const { card } = await fire(actor, gun, { kind: 'linear', toward: goblinToken }, [1, 1, 12]);
    const s = state(card as ChatMessage);
    expect(s.area.direction).toBeCloseTo(45, 6);
    expect(s.targets.map((t) => t.name)).toEqual(['Goblin', 'Hero']);
    expect(s.targets[0]?.defense?.naturals).toEqual([12]);
    expect(s.targets[1]?.defense).toBeNull();
    expect(sys(pc).hp.value).toBe(30);
  });
});

describe('undo and forged requests', () => {
  it("the GM's Undo burst gives the rounds back, undoes each target and deletes the template", async () => {
    const { actor, gun } = await shooter();
    const near = await target('Near', 2);
    const { card } = await fire(actor, gun, { kind: 'linear', direction: 0 }, [2, 2]);
    const id = state(card as ChatMessage).targets[0]?.id as string;
    await as(gm, card as ChatMessage, 'rollDefense', id, [1]);
    await as(gm, card as ChatMessage, 'applyDamage', id, [4, 4]);
    expect(sys(near).hp.value).toBe(22);
    expect(ammo(gun)).toBe(16);
    expect(await as(player, card as ChatMessage, 'undoBurst', 'burst')).toMatchObject({ ok: false });
    expect(await as(gm, card as ChatMessage, 'undoBurst', 'burst')).toMatchObject({ ok: true });
    expect(ammo(gun)).toBe(30);
    expect(sys(near).hp.value).toBe(30);
    expect(scene().templates.size).toBe(0);
    expect(state(card as ChatMessage).undone).toBe(true);
    expect(await as(gm, card as ChatMessage, 'undoBurst', 'burst')).toMatchObject({ ok: false });
  });

  it("refuses another's actor and a weapon without automatic fire", async () => {
    const { actor, gun } = await shooter();
    h.as(otherPlayer);
    const forgedResult = await fromConsole(BURST_QUERY, {
      action: 'start',
      actorUuid: actor.uuid,
      weaponId: gun.id,
      kind: 'linear',
      direction: 0,
    });
    expect(forgedResult).toMatchObject({ ok: false, error: 'GNG.Burst.Error.NotOwner' });
    expect(ammo(gun)).toBe(30);
    h.as(gm);
    const [pistol] = await actor.createEmbeddedDocuments('Item', [
      {
        ...TEST_SMG,
        name: 'Pistol',
        system: { ...TEST_SMG.system, firearm: { ...TEST_SMG.system.firearm, fireModes: ['single'] } },
      },
    ]);
    const { result } = await fire(actor, pistol as Item, { kind: 'linear', direction: 0 });
    expect(result).toMatchObject({ ok: false, error: 'GNG.Burst.Error.NotAuto' });
    // A request with fields of its own is refused as a bad request.
    h.as(player);
    expect(
      await fromConsole(BURST_QUERY, {
        action: 'start',
        actorUuid: actor.uuid,
        weaponId: gun.id,
        kind: 'linear',
        direction: 0,
        shotsFired: 99,
      }),
    ).toMatchObject({ ok: false });
    expect(ammo(gun)).toBe(30);
  });
});

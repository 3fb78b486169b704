/**
 * Issue #16 (firearms: fire modes and ammunition on the attack card, Take back the attack, Reload,
 * multiple-target bursts, suppressing fire) played by a hostile player and by a careless GM: requests
 * forged from the console with the wrong data, the wrong gun, twice or at once, and the GM's hand
 * edits (a template or a weapon deleted mid-card).
 *
 * Each test asserts the SAFE outcome: refused with a localized message (nothing thrown unexpectedly on
 * any client: no console error, no "the action failed" answer) and nothing changed; rounds are never
 * created or lost (what a card says it spent is what left the gun, and an Undo gives back only that).
 * A test whose name starts with "PROBLEM:" showed a hole when it was written (it fails until fixed).
 */
import { describe, expect, it } from 'vitest';
import { fromConsole } from '../fixtures/cards.js';
import { useErrorGuard, refused, onlyOnce, postedCard } from '../fixtures/hostile.js';
import { tokenHelpers } from '../fixtures/tokens.js';
import { getHarness } from '../harness/index.js';
import type { HarnessTokenDocument } from '../harness/tokens.js';
import {
  ATTACK_QUERY,
  attackActionsSettled,
  requestCardAction,
} from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState } from '../../src/cards/attack/attack-state.js';
import { BURST_QUERY, burstState, type BurstCardState } from '../../src/cards/burst/burst-actions.js';
import { reloadWeapon } from '../../src/combat/ammunition.js';
import { combatantOf, turnOf } from '../../src/combat/action-budget.js';
import type { HarnessCombat } from '../harness/index.js';

const h = await getHarness();
const { SUPPRESS_QUERY, suppressState, onTokenMoved } =
  await import('../../src/cards/suppress/suppress-actions.js');
const { decorateReload } = await import('../../src/cards/attack/firearms-card.js');
const { gm, player, otherPlayer } = h.users;

useErrorGuard(h, 1616);

const MARTIAL = 'martial-weapon-proficiency-firearms';
const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const attackOf = (message: ChatMessage) => cardState(fresh(message)) as AttackCardState;
const burstOf = (message: ChatMessage) => burstState(fresh(message)) as BurstCardState;
const suppressOf = (message: ChatMessage) => suppressState(fresh(message))!;
const scene = () => (globalThis as unknown as { canvas: FoundryCanvas }).canvas.scene as Scene;
const templates = () => [...scene().templates];
const cardsOf = (type: string) =>
  game.messages.contents.filter((m) => (m.flags as { gng?: { type?: string } }).gng?.type === type);
/** Rounds loaded now (the weapon as stored, or null when it is gone). */
function loaded(gun: Item): number | null {
  const item = gun.actor?.items.get(gun.id as string) ?? game.items.get(gun.id as string);
  return item ? (item.system as unknown as { firearm: { ammunition: number } }).firearm.ammunition : null;
}

const GUN = (firearm: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  name: 'Test SMG',
  type: 'weapon',
  system: {
    category: 'simple',
    use: 'ranged',
    damage: { medium: '2d6' },
    damageTypes: ['piercing'],
    rangeIncrement: 30,
    strength: 'none',
    equipped: true,
    firearm: { fireModes: ['single', 'semi', 'auto'], capacity: 60, ammunition: 40, barrels: 1, ...firearm },
    ...extra,
  },
});

const { placeNew: place } = tokenHelpers(h);

/** `owner`'s gunner (Dex 14, the firearms feat) with the gun, its token at column 0 (or none). */
async function gunner(
  owner: User = player,
  firearm: Record<string, unknown> = {},
  opts: { token?: boolean; extra?: Record<string, unknown>; name?: string } = {},
): Promise<{ actor: Actor; gun: Item; token: Token | null }> {
  h.as(gm);
  const actor = await h.createActor(
    {
      name: opts.name ?? 'Gunner',
      type: 'npc',
      system: { abilities: { dex: { value: 14 }, con: { value: 30 } }, hp: { value: 30 } },
    },
    owner,
  );
  const [gun] = (await actor.createEmbeddedDocuments('Item', [GUN(firearm, opts.extra)])) as Item[];
  await actor.createEmbeddedDocuments('Item', [
    { name: MARTIAL, type: 'feat', system: { identifier: MARTIAL } },
  ]);
  const token = opts.token === false ? null : await place(actor, 0);
  return { actor, gun: gun as Item, token };
}

/** A 30-HP NPC target (Con 30) at `column` of row `row`, owned by `owner` when given. */
async function dummy(
  name: string,
  column: number,
  row = 0,
  owner?: User,
): Promise<{ actor: Actor; token: Token }> {
  h.as(gm);
  const actor = await h.createActor(
    { name, type: 'npc', system: { hp: { value: 30 }, abilities: { con: { value: 30 } } } },
    owner,
  );
  const token = await place(actor, column, row);
  return { actor, token };
}

/* -------------------------------------------------------------------------- */
/*  The attack card                                                            */
/* -------------------------------------------------------------------------- */

/** The attack start a player's console sends (firing `weaponId` of `actor` at `target`). */
function attackStart(actor: Actor, weaponId: string, target: Actor, options: Record<string, unknown> = {}) {
  return {
    action: 'start',
    actorUuid: actor.uuid,
    weaponId,
    options,
    targets: [{ tokenId: target.getActiveTokens()[0]!.id, actorUuid: target.uuid }],
  };
}

/** Player fires its gun at the target with `options`; the card. */
async function shoot(actor: Actor, gun: Item, target: Actor, options = {}, dice: number[] = [15]) {
  h.as(player);
  h.dice.queue(...dice);
  return postedCard(fromConsole(ATTACK_QUERY, attackStart(actor, gun.id as string, target, options)));
}

describe('the attack card: whose gun, which gun', () => {
  it("refuses firing another actor's gun, a world item or a melee weapon in a fire mode; no round moves", async () => {
    const mine = await gunner(player);
    const theirs = await gunner(otherPlayer, {}, { name: 'Their gunner' });
    const { actor: target } = await dummy('Target', 3);
    h.as(gm);
    const worldGun = (await Item.create(GUN() as never)) as Item;
    const [knife] = (await mine.actor.createEmbeddedDocuments('Item', [
      { name: 'Knife', type: 'weapon', system: { use: 'light', damage: { medium: '1d4' }, equipped: true } },
    ])) as Item[];
    h.as(player);
    // Its own actor with the other's gun id, the other's actor with its gun, a world item's id.
    refused(await fromConsole(ATTACK_QUERY, attackStart(mine.actor, theirs.gun.id as string, target)));
    refused(
      await fromConsole(ATTACK_QUERY, attackStart(theirs.actor, theirs.gun.id as string, target)),
      'GNG.Error.Attack.NotAttackerOwner',
    );
    refused(await fromConsole(ATTACK_QUERY, attackStart(mine.actor, worldGun.id as string, target)));
    // A knife fires no burst and no pair.
    for (const mode of ['burst', 'accelerated-pair'])
      refused(
        await fromConsole(
          ATTACK_QUERY,
          attackStart(mine.actor, knife!.id as string, target, { fire: { mode } }),
        ),
      );
    expect([loaded(mine.gun), loaded(theirs.gun), loaded(worldGun)]).toEqual([40, 40, 40]);
    expect(cardsOf('attackCard')).toHaveLength(0);
  });

  it('refuses a controlled burst of NaN, −5, 1e308, 4 or 5.5 shots, an unknown mode and extra keys', async () => {
    const { actor, gun } = await gunner();
    const { actor: target } = await dummy('Target', 3);
    h.as(player);
    const bad = [
      { mode: 'burst', controlled: Number.NaN },
      { mode: 'burst', controlled: -5 },
      { mode: 'burst', controlled: 1e308 },
      { mode: 'burst', controlled: 4 },
      { mode: 'burst', controlled: 5.5 },
      { mode: 'burst', controlled: '10' },
      { mode: 'single', controlled: 5 },
      { mode: 'full-auto' },
      { mode: 'burst', rounds: 1 },
    ];
    for (const fire of bad)
      refused(await fromConsole(ATTACK_QUERY, attackStart(actor, gun.id as string, target, { fire })));
    refused(
      await fromConsole(ATTACK_QUERY, { ...attackStart(actor, gun.id as string, target), roundsUsed: 0 }),
    );
    expect(loaded(gun)).toBe(40);
    expect(cardsOf('attackCard')).toHaveLength(0);
  });

  it('two attacks sent at once from a gun holding one round: one is fired, one refused; one round spent', async () => {
    const { actor, gun } = await gunner(player, { capacity: 15, ammunition: 1 });
    const { actor: target } = await dummy('Target', 3);
    h.as(player);
    h.dice.queue(15, 15);
    const data = attackStart(actor, gun.id as string, target);
    await onlyOnce(
      [fromConsole(ATTACK_QUERY, data), fromConsole(ATTACK_QUERY, data)],
      'GNG.Ammunition.Empty',
    );
    await attackActionsSettled();
    expect(loaded(gun)).toBe(0);
    expect(cardsOf('attackCard')).toHaveLength(1);
  });
});

describe('the attack card: Take back the attack', () => {
  it('a double press (and two forged at once) returns the rounds once', async () => {
    const { actor, gun } = await gunner(player, { capacity: 60, ammunition: 40 });
    const { actor: target } = await dummy('Target', 3);
    const card = await shoot(actor, gun, target, { fire: { mode: 'accelerated-pair' } });
    expect(loaded(gun)).toBe(38);
    h.as(player);
    const first = attackOf(card).targets[0]!.id;
    await onlyOnce(
      [
        requestCardAction(card.id as string, 'undoAttack', first),
        requestCardAction(card.id as string, 'undoAttack', first),
      ],
      'GNG.Fire.Withdrawn',
    );
    await attackActionsSettled();
    expect(loaded(gun)).toBe(40);
    // Withdrawn: nothing more happens on the card, for anyone.
    h.as(gm);
    refused(await requestCardAction(card.id as string, 'rollDefense', first), 'GNG.Fire.Withdrawn');
  });

  it("another player may not take back the attack, nor on a later target's id, nor with extra keys", async () => {
    const { actor, gun } = await gunner();
    const { actor: target } = await dummy('Target', 3);
    const card = await shoot(actor, gun, target, { fire: { mode: 'accelerated-pair' } });
    const first = attackOf(card).targets[0]!.id;
    h.as(otherPlayer);
    refused(await requestCardAction(card.id as string, 'undoAttack', first), 'GNG.Error.Attack.NotAllowed');
    h.as(player);
    refused(
      await fromConsole(ATTACK_QUERY, {
        messageId: card.id,
        action: 'undoAttack',
        target: first,
        rounds: 60,
      }),
    );
    refused(await fromConsole(ATTACK_QUERY, { messageId: card.id, action: 'undoAttack', target: 'nobody' }));
    expect(loaded(gun)).toBe(38);
  });

  it('the player refills its own gun after firing: Take back does not overfill the magazine', async () => {
    const { actor, gun } = await gunner(player, { capacity: 15, ammunition: 15 });
    const { actor: target } = await dummy('Target', 3);
    const card = await shoot(actor, gun, target, { fire: { mode: 'accelerated-pair' } });
    expect(loaded(gun)).toBe(13);
    h.as(player);
    expect(await reloadWeapon(actor.items.get(gun.id as string)!)).toBe(2);
    expect(await requestCardAction(card.id as string, 'undoAttack', attackOf(card).targets[0]!.id)).toEqual({
      ok: true,
    });
    expect(loaded(gun)).toBe(15);
    expect(attackOf(card).fire?.withdrawn?.notes.length).toBe(1);
  });

  it('the GM deletes the gun mid-card: Take back says so and closes the card, nothing thrown', async () => {
    const { actor, gun } = await gunner();
    const { actor: target } = await dummy('Target', 3);
    const card = await shoot(actor, gun, target, { fire: { mode: 'accelerated-pair' } });
    h.as(gm);
    await actor.deleteEmbeddedDocuments('Item', [gun.id as string]);
    h.as(player);
    expect(await requestCardAction(card.id as string, 'undoAttack', attackOf(card).targets[0]!.id)).toEqual({
      ok: true,
    });
    expect(attackOf(card).fire?.withdrawn?.notes).toHaveLength(1);
  });

  it('after Apply it is refused; after the GM undid the damage it returns the rounds once', async () => {
    const { actor, gun } = await gunner(player, { capacity: 60, ammunition: 40 });
    const { actor: target } = await dummy('Target', 3);
    const card = await shoot(actor, gun, target, {}, [19]);
    const id = attackOf(card).targets[0]!.id;
    h.as(gm);
    h.dice.queue(1);
    expect(await requestCardAction(card.id as string, 'rollDefense', id)).toEqual({ ok: true });
    h.dice.queue(3, 3);
    expect((await requestCardAction(card.id as string, 'rollDamage', id)).ok).toBe(true);
    expect((await requestCardAction(card.id as string, 'applyDamage', id)).ok).toBe(true);
    h.as(player);
    refused(await requestCardAction(card.id as string, 'undoAttack', id));
    expect(loaded(gun)).toBe(39);
    h.as(gm);
    expect((await requestCardAction(card.id as string, 'undoDamage', id)).ok).toBe(true);
    h.as(player);
    expect((await requestCardAction(card.id as string, 'undoAttack', id)).ok).toBe(true);
    refused(await requestCardAction(card.id as string, 'undoAttack', id));
    expect(loaded(gun)).toBe(40);
  });
});

describe('Reload', () => {
  it("a forged Reload button naming another's gun is removed; reloadWeapon refuses it; nothing changes", async () => {
    const theirs = await gunner(otherPlayer, { capacity: 15, ammunition: 0 });
    h.as(player);
    const html = h.window.document.createElement('div') as unknown as HTMLElement;
    html.innerHTML = `<div class="card-buttons"><button type="button" data-gng-reload="${theirs.gun.uuid}">Reload</button></div>`;
    decorateReload(html);
    expect(html.querySelector('button[data-gng-reload]')).toBeNull();
    expect(await reloadWeapon(theirs.gun)).toBeNull();
    expect(loaded(theirs.gun)).toBe(0);
  });
});

/* -------------------------------------------------------------------------- */
/*  Multiple-target bursts                                                     */
/* -------------------------------------------------------------------------- */

const burstStart = (actor: Actor, gun: Item, extra: Record<string, unknown> = {}) => ({
  action: 'start',
  actorUuid: actor.uuid,
  weaponId: gun.id,
  kind: 'linear',
  direction: 0,
  ...extra,
});

async function burstCard(actor: Actor, gun: Item, extra: Record<string, unknown> = {}): Promise<ChatMessage> {
  h.as(player);
  return postedCard(fromConsole(BURST_QUERY, burstStart(actor, gun, { controlled: 10, ...extra })));
}

describe('bursts: forged starts', () => {
  it('refuses bad directions, controlled counts and extra keys; nothing spent, drawn or posted', async () => {
    const { actor, gun } = await gunner();
    h.as(player);
    const bad: Record<string, unknown>[] = [
      { direction: Number.NaN },
      { direction: Number.POSITIVE_INFINITY },
      { direction: '0' },
      { controlled: -5 },
      { controlled: 1e308 },
      { controlled: 15 },
      { controlled: 10.5 },
      { kind: 'cone' },
      { toward: { x: 0, y: 0 } },
      { spent: null },
    ];
    for (const extra of bad) refused(await fromConsole(BURST_QUERY, burstStart(actor, gun, extra)));
    expect(loaded(gun)).toBe(40);
    expect(templates()).toHaveLength(0);
    expect(cardsOf('burstCard')).toHaveLength(0);
  });

  it("refuses another's gunner, another's gun, a world item, a melee weapon and a shooter without a token", async () => {
    const mine = await gunner(player);
    const theirs = await gunner(otherPlayer, {}, { name: 'Their gunner' });
    const tokenless = await gunner(player, {}, { token: false, name: 'Off the map' });
    h.as(gm);
    const worldGun = (await Item.create(GUN() as never)) as Item;
    const [knife] = (await mine.actor.createEmbeddedDocuments('Item', [
      { name: 'Knife', type: 'weapon', system: { use: 'light', damage: { medium: '1d4' }, equipped: true } },
    ])) as Item[];
    h.as(player);
    refused(await fromConsole(BURST_QUERY, burstStart(theirs.actor, theirs.gun)), 'GNG.Burst.Error.NotOwner');
    refused(await fromConsole(BURST_QUERY, burstStart(mine.actor, theirs.gun)));
    refused(await fromConsole(BURST_QUERY, burstStart(mine.actor, worldGun)));
    refused(await fromConsole(BURST_QUERY, burstStart(mine.actor, knife!)), 'GNG.Burst.Error.NotAuto');
    refused(
      await fromConsole(BURST_QUERY, burstStart(tokenless.actor, tokenless.gun)),
      'GNG.Burst.Error.NoToken',
    );
    expect([loaded(mine.gun), loaded(theirs.gun), loaded(tokenless.gun), loaded(worldGun)]).toEqual([
      40, 40, 40, 40,
    ]);
    expect(templates()).toHaveLength(0);
  });

  it('a huge finite direction (1e308) is an angle like any other: one card, ten rounds', async () => {
    const { actor, gun } = await gunner();
    const card = await burstCard(actor, gun, { direction: 1e308 });
    expect(burstOf(card).area.direction).toBeGreaterThanOrEqual(0);
    expect(burstOf(card).area.direction).toBeLessThan(360);
    expect(loaded(gun)).toBe(30);
  });

  it('two bursts sent at once: what the cards say they spent is what left the gun', async () => {
    const { actor, gun } = await gunner(player, { ammunition: 30 });
    h.as(player);
    const data = burstStart(actor, gun, { controlled: 20 });
    const results = await Promise.all([fromConsole(BURST_QUERY, data), fromConsole(BURST_QUERY, data)]);
    await attackActionsSettled();
    const spent = cardsOf('burstCard').reduce((sum, m) => sum + (burstOf(m).spent?.rounds ?? 0), 0);
    expect(30 - (loaded(gun) as number)).toBe(spent);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(templates()).toHaveLength(1);
  });

  it('a gun that counts no rounds (capacity 0) never runs dry: it bursts as it fires bursts on the attack card', async () => {
    // ammunition.ts: "A weapon tracks ammunition when its system.firearm.capacity is above 0"; the
    // attack card fires such a gun's bursts ("A weapon that counts no rounds never runs dry").
    const { actor, gun } = await gunner(player, { capacity: 0, ammunition: 0 });
    const { actor: target } = await dummy('Target', 3);
    const single = await shoot(actor, gun, target, { fire: { mode: 'burst', controlled: 10 } });
    expect(attackOf(single).fire?.shotsPerBarrel).toBe(10);
    h.as(player);
    const result = await fromConsole(BURST_QUERY, burstStart(actor, gun, { controlled: 10 }));
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
    const card = game.messages.get((result as { messageId: string }).messageId) as ChatMessage;
    expect(burstOf(card).shots.shotsFired).toBe(10);
    expect(burstOf(card).spent).toBeNull();
    // The same rule for suppressing fire: the shots are wasted, nothing is spent, the area is held.
    h.dice.queue(5);
    const suppressed = await fromConsole(SUPPRESS_QUERY, suppressStart(actor, gun));
    expect(suppressed, JSON.stringify(suppressed)).toMatchObject({ ok: true });
    const area = suppressOf(
      game.messages.get((suppressed as { messageId: string }).messageId) as ChatMessage,
    );
    expect(area).toMatchObject({ shotsWasted: 15, spent: null, active: true });
    expect(loaded(gun)).toBe(0);
  });
});

describe('bursts: the card', () => {
  it("the shooter's second token in its own aisle is not a target (never the shooter)", async () => {
    // burst-start.ts: "finds every token whose centre is in the area (… never the shooter)".
    const { actor, gun } = await gunner();
    await place(actor, 2);
    await dummy('Target', 3);
    const card = await burstCard(actor, gun);
    expect(burstOf(card).targets.map((t) => t.name)).toEqual(['Target']);
  });

  it('no token in the area: the card is posted empty and Undo gives the rounds back', async () => {
    const { actor, gun } = await gunner();
    await dummy('Behind', 0, 3);
    const card = await burstCard(actor, gun, { direction: 0 });
    expect(burstOf(card).targets).toHaveLength(0);
    h.as(gm);
    expect(
      (await fromConsole(BURST_QUERY, { messageId: card.id, action: 'undoBurst', target: 'burst' })).ok,
    ).toBe(true);
    expect(loaded(gun)).toBe(40);
    expect(templates()).toHaveLength(0);
  });

  it('the shooter may not undo its own burst, roll for or dive for a creature of another', async () => {
    const { actor, gun } = await gunner();
    const { token } = await dummy('Theirs', 2, 0, otherPlayer);
    const card = await burstCard(actor, gun);
    const id = card.id as string;
    h.as(player);
    refused(await fromConsole(BURST_QUERY, { messageId: id, action: 'undoBurst', target: 'burst' }));
    refused(await fromConsole(BURST_QUERY, { messageId: id, action: 'rollDefense', target: token.id }));
    refused(
      await fromConsole(BURST_QUERY, {
        messageId: id,
        action: 'diveForCover',
        target: token.id,
        cover: true,
      }),
    );
    h.as(otherPlayer);
    refused(
      await fromConsole(BURST_QUERY, { messageId: id, action: 'rollDefense', target: token.id, natural: 20 }),
    );
    refused(await fromConsole(BURST_QUERY, { messageId: id, action: 'applyDamage', target: token.id }));
    expect(burstOf(card).targets[0]).toMatchObject({ defense: null, dive: null, applied: null });
    expect(loaded(gun)).toBe(30);
  });

  it('Undo burst twice at once, Apply twice at once: each happens once', async () => {
    const { actor, gun } = await gunner();
    const { actor: target, token } = await dummy('Target', 2);
    const card = await burstCard(actor, gun);
    const id = card.id as string;
    h.as(gm);
    h.dice.queue(1);
    expect(
      (await fromConsole(BURST_QUERY, { messageId: id, action: 'rollDefense', target: token.id })).ok,
    ).toBe(true);
    h.dice.queue(3, 3, 3, 3);
    const apply = { messageId: id, action: 'applyDamage', target: token.id };
    const applied = await Promise.all([fromConsole(BURST_QUERY, apply), fromConsole(BURST_QUERY, apply)]);
    expect(applied.filter((r) => r.ok)).toHaveLength(1);
    expect((target.system as unknown as { hp: { value: number } }).hp.value).toBe(24);
    const undo = { messageId: id, action: 'undoBurst', target: 'burst' };
    const undone = await Promise.all([fromConsole(BURST_QUERY, undo), fromConsole(BURST_QUERY, undo)]);
    await attackActionsSettled();
    expect(undone.filter((r) => r.ok)).toHaveLength(1);
    expect(loaded(gun)).toBe(40);
    expect((target.system as unknown as { hp: { value: number } }).hp.value).toBe(30);
  });

  it('Dive for Cover pressed twice at once pays one abort and rolls once', async () => {
    const { actor, gun } = await gunner();
    const { actor: theirs, token } = await dummy('Theirs', 2, 0, otherPlayer);
    h.as(gm);
    const combat = h.startCombat([actor, theirs]) as HarnessCombat;
    await combat.begin();
    await attackActionsSettled();
    const card = await burstCard(actor, gun);
    h.as(otherPlayer);
    h.dice.queue(10, 10);
    const dive = { messageId: card.id, action: 'diveForCover', target: token.id, cover: true };
    await onlyOnce([fromConsole(BURST_QUERY, dive), fromConsole(BURST_QUERY, dive)]);
    await attackActionsSettled();
    expect(burstOf(card).targets[0]?.dive?.natural).toBe(10);
    // Once undone by the GM, its side does not dive again.
    h.as(gm);
    expect(
      (await fromConsole(BURST_QUERY, { messageId: card.id, action: 'undoDamage', target: token.id })).ok,
    ).toBe(true);
    h.as(otherPlayer);
    refused(await fromConsole(BURST_QUERY, dive));
  });

  it('the GM deleted the template by hand and the gun: Undo burst still closes the card, nothing thrown', async () => {
    const { actor, gun } = await gunner();
    const card = await burstCard(actor, gun);
    h.as(gm);
    await scene().deleteEmbeddedDocuments(
      'MeasuredTemplate',
      templates().map((t) => t.id as string),
    );
    await actor.deleteEmbeddedDocuments('Item', [gun.id as string]);
    expect(
      (await fromConsole(BURST_QUERY, { messageId: card.id, action: 'undoBurst', target: 'burst' })).ok,
    ).toBe(true);
    expect(burstOf(card)).toMatchObject({ undone: true, template: null });
    expect(burstOf(card).undoNotes?.length).toBeGreaterThan(0);
  });

  it('the player refills its gun after the burst: Undo burst does not overfill the magazine', async () => {
    const { actor, gun } = await gunner(player, { capacity: 40, ammunition: 40 });
    const card = await burstCard(actor, gun);
    h.as(player);
    await reloadWeapon(actor.items.get(gun.id as string)!);
    h.as(gm);
    expect(
      (await fromConsole(BURST_QUERY, { messageId: card.id, action: 'undoBurst', target: 'burst' })).ok,
    ).toBe(true);
    expect(loaded(gun)).toBe(40);
  });
});

/* -------------------------------------------------------------------------- */
/*  Suppressing fire                                                           */
/* -------------------------------------------------------------------------- */

/** The square's corner 25 ft east of the map's corner (columns 5–8, rows 0–3). */
const SQUARE = { shape: 'square', corner: { x: 500, y: 0 } };
const suppressStart = (actor: Actor, gun: Item, extra: Record<string, unknown> = {}) => ({
  action: 'start',
  actorUuid: actor.uuid,
  weaponId: gun.id,
  area: SQUARE,
  mode: 'semi',
  ...extra,
});
const moveTo = async (token: Token, column: number, row = 0) => {
  await (token.document as unknown as HarnessTokenDocument).update({ x: column * 100, y: row * 100 });
  await attackActionsSettled();
};

async function suppressCard(actor: Actor, gun: Item, extra: Record<string, unknown> = {}) {
  h.as(player);
  h.dice.queue(5);
  return postedCard(fromConsole(SUPPRESS_QUERY, suppressStart(actor, gun, extra)));
}

describe('suppressing fire: forged starts', () => {
  it("refuses bad areas, modes, extra keys, another's gun and a melee weapon; nothing spent", async () => {
    const mine = await gunner(player);
    const theirs = await gunner(otherPlayer, {}, { name: 'Their gunner' });
    h.as(gm);
    const [knife] = (await mine.actor.createEmbeddedDocuments('Item', [
      { name: 'Knife', type: 'weapon', system: { use: 'light', damage: { medium: '1d4' }, equipped: true } },
    ])) as Item[];
    h.as(player);
    const bad: Record<string, unknown>[] = [
      { area: { shape: 'square', corner: { x: Number.NaN, y: 0 } } },
      { area: { shape: 'aisle', direction: Number.POSITIVE_INFINITY } },
      { area: { shape: 'circle', radius: 1000 } },
      { area: null },
      { mode: 'burst' },
      { shotsWasted: 0 },
    ];
    for (const extra of bad)
      refused(await fromConsole(SUPPRESS_QUERY, suppressStart(mine.actor, mine.gun, extra)));
    refused(await fromConsole(SUPPRESS_QUERY, suppressStart(mine.actor, theirs.gun)));
    refused(await fromConsole(SUPPRESS_QUERY, suppressStart(mine.actor, knife!)));
    refused(
      await fromConsole(SUPPRESS_QUERY, suppressStart(theirs.actor, theirs.gun)),
      'GNG.Suppress.Error.NotOwner',
    );
    expect([loaded(mine.gun), loaded(theirs.gun)]).toEqual([40, 40]);
    expect(cardsOf('suppressCard')).toHaveLength(0);
    expect(templates()).toHaveLength(0);
  });

  it('a square whose corner is not two numbers (a string, null, a list) or with extra keys is refused', async () => {
    // Every other start field is checked for its type (the burst's direction, the aisle's direction).
    const { actor, gun } = await gunner();
    h.as(player);
    const bad = [
      { shape: 'square', corner: { x: '500', y: 0 } },
      { shape: 'square', corner: { x: null, y: [] } },
      { shape: 'square', corner: { x: 500, y: 0 }, size: 400 },
      { shape: 'square', corner: { x: 500, y: 0, z: 0 } },
      { shape: 'square', corner: [500, 0] },
      { shape: 'aisle', direction: 0, length: 1000 },
    ];
    for (const area of bad) {
      h.dice.queue(5);
      refused(
        await fromConsole(SUPPRESS_QUERY, suppressStart(actor, gun, { area })),
        'GNG.Suppress.Error.BadArea',
      );
    }
    expect(loaded(gun)).toBe(40);
  });

  it('a square beyond the weapon’s maximum range (ten increments) from the shooter’s token is refused', async () => {
    // The aisle runs "out to your weapon's maximum range"; the shots are fired "into that area".
    // Decision (docs/rules.md): the square's nearest point is within 10 × 30 = 300 ft of the token's centre.
    const { actor, gun } = await gunner();
    const tokenless = await gunner(player, {}, { token: false, name: 'Off the map' });
    h.as(player);
    const far = { shape: 'square', corner: { x: 1e9, y: -1e9 } };
    // The token's centre is at (2.5, 2.5) ft; a corner at 6100 px (305 ft) puts the west side 302.5 ft away.
    const beyond = { shape: 'square', corner: { x: 6100, y: 0 } };
    for (const area of [far, beyond])
      refused(
        await fromConsole(SUPPRESS_QUERY, suppressStart(actor, gun, { area })),
        'GNG.Suppress.Error.SquareOutOfRange',
      );
    refused(
      await fromConsole(SUPPRESS_QUERY, suppressStart(tokenless.actor, tokenless.gun)),
      'GNG.Suppress.Error.NoTokenSquare',
    );
    expect([loaded(gun), loaded(tokenless.gun)]).toEqual([40, 40]);
    // A corner at 6050 px (302.5 ft): the west side exactly 300 ft away is in range.
    h.dice.queue(5);
    const edge = { shape: 'square', corner: { x: 6050, y: 0 } };
    expect((await fromConsole(SUPPRESS_QUERY, suppressStart(actor, gun, { area: edge }))).ok).toBe(true);
    expect(loaded(gun)).toBe(25);
  });
});

describe('suppressing fire and a burst at once', () => {
  it('a burst and suppressing fire sent at once from one gun: the rounds add up; a refused one takes no action', async () => {
    // Suppressing fire "is a full-round action": one that is not fired costs nothing.
    const { actor, gun } = await gunner(player, { ammunition: 25 });
    h.as(gm);
    const combat = h.startCombat([actor]) as HarnessCombat;
    await combat.begin();
    await attackActionsSettled();
    h.as(player);
    h.dice.queue(5);
    const [suppressed, fired] = await Promise.all([
      fromConsole(SUPPRESS_QUERY, suppressStart(actor, gun)),
      fromConsole(BURST_QUERY, burstStart(actor, gun, { controlled: 20 })),
    ]);
    await attackActionsSettled();
    expect(fired.ok).toBe(true);
    const cards = cardsOf('suppressCard').length + cardsOf('burstCard').length;
    expect(cards).toBe([fired, suppressed].filter((r) => r.ok).length);
    const spent =
      cardsOf('burstCard').reduce((sum, m) => sum + (burstOf(m).spent?.rounds ?? 0), 0) +
      cardsOf('suppressCard').reduce((sum, m) => sum + (suppressOf(m).spent?.rounds ?? 0), 0);
    expect(25 - (loaded(gun) as number)).toBe(spent);
    if (!suppressed.ok) expect(turnOf(combatantOf(actor)!)).toMatchObject({ move: true, attack: true });
  });
});

describe("a GM's module cancels the card's message", () => {
  /** Runs `fn` while a preCreateChatMessage hook (a careless GM's module) cancels every message. */
  async function whileCancelled(fn: () => Promise<void>): Promise<void> {
    const id = Hooks.on('preCreateChatMessage', () => false);
    try {
      await fn();
    } finally {
      Hooks.off('preCreateChatMessage', id);
    }
  }

  it('the attack card: refused, and the rounds are back', async () => {
    const { actor, gun } = await gunner();
    const { actor: target } = await dummy('Target', 3);
    await whileCancelled(async () => {
      h.as(player);
      h.dice.queue(15);
      const data = attackStart(actor, gun.id as string, target, { fire: { mode: 'accelerated-pair' } });
      refused(await fromConsole(ATTACK_QUERY, data));
    });
    expect(loaded(gun)).toBe(40);
  });

  it('the burst: refused, the rounds are back and no template is left on the scene', async () => {
    const { actor, gun } = await gunner();
    await whileCancelled(async () => {
      h.as(player);
      refused(await fromConsole(BURST_QUERY, burstStart(actor, gun, { controlled: 10 })));
    });
    expect(loaded(gun)).toBe(40);
    expect(templates()).toHaveLength(0);
  });

  it('suppressing fire: refused with a reason, the rounds and the full-round action are back', async () => {
    const { actor, gun } = await gunner();
    h.as(gm);
    const combat = h.startCombat([actor]) as HarnessCombat;
    await combat.begin();
    await attackActionsSettled();
    await whileCancelled(async () => {
      h.as(player);
      h.dice.queue(5);
      refused(await fromConsole(SUPPRESS_QUERY, suppressStart(actor, gun)), 'GNG.Error.Attack.Cancelled');
    });
    expect(loaded(gun)).toBe(40);
    expect(turnOf(combatantOf(actor)!)).toMatchObject({ move: true, attack: true });
  });
});

describe('suppressing fire: the card', () => {
  it('a player may not end the area, undo it, or say that a creature acts in it', async () => {
    const { actor, gun } = await gunner();
    const { token } = await dummy('Theirs', 6, 0, otherPlayer);
    const card = await suppressCard(actor, gun);
    const id = card.id as string;
    for (const user of [player, otherPlayer]) {
      h.as(user);
      refused(await fromConsole(SUPPRESS_QUERY, { messageId: id, action: 'endArea', target: 'area' }));
      refused(await fromConsole(SUPPRESS_QUERY, { messageId: id, action: 'undo', target: 'area' }));
      refused(
        await fromConsole(SUPPRESS_QUERY, { messageId: id, action: 'actsInArea', target: `o-${token.id}` }),
      );
    }
    expect(suppressOf(card)).toMatchObject({ active: true, triggers: [] });
  });

  it('a careless GM\'s double click on "acts in the area" adds one trigger', async () => {
    const { actor, gun } = await gunner();
    const { token } = await dummy('Runner', 6, 0, otherPlayer);
    const card = await suppressCard(actor, gun);
    h.as(gm);
    const html = h.renderMessage(fresh(card));
    const button = html.querySelector<HTMLButtonElement>(`button[data-action="actsInArea"]`)!;
    for (let i = 0; i < 2; i++)
      button.dispatchEvent(
        new h.window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event,
      );
    await attackActionsSettled();
    expect(suppressOf(card).triggers.map((t) => [t.cause, t.tokenId])).toEqual([['act', token.id]]);
  });

  it('the shooter inside its own square moves freely; a player cannot move a token it does not own', async () => {
    const { actor, gun, token: own } = await gunner();
    const { token } = await dummy('Theirs', 12, 0, otherPlayer);
    h.as(player);
    await moveTo(own!, 6);
    const card = await suppressCard(actor, gun);
    await moveTo(own!, 7);
    await moveTo(own!, 5);
    h.as(player);
    await expect(moveTo(token, 6)).rejects.toThrow();
    expect(suppressOf(card).triggers).toHaveLength(0);
    expect(suppressOf(card).occupants).toHaveLength(0);
  });

  it('an owner moving 5 ft three times quickly gets one save per move, each its own', async () => {
    // "Every time a target moves 5 feet within your target area, it must make the Reflex save." The
    // GM's handler takes each move's place from its hook call, not where the token is when its turn
    // in the queue comes.
    const { actor, gun } = await gunner();
    const { token } = await dummy('Runner', 12, 0, otherPlayer);
    const card = await suppressCard(actor, gun);
    h.as(otherPlayer);
    const doc = token.document as unknown as HarnessTokenDocument;
    await Promise.all([
      doc.update({ x: 800, y: 0 }),
      doc.update({ x: 700, y: 0 }),
      doc.update({ x: 600, y: 0 }),
    ]);
    await attackActionsSettled();
    const triggers = suppressOf(card).triggers;
    expect(triggers.map((t) => t.cause)).toEqual(['enter', 'move', 'move']);
    expect(new Set(triggers.map((t) => t.id)).size).toBe(3);
  });

  it('a double save, a double free shot and a double Undo each happen once; the rounds come back once', async () => {
    const { actor, gun } = await gunner();
    const { token } = await dummy('Runner', 12, 0, otherPlayer);
    const card = await suppressCard(actor, gun);
    expect(loaded(gun)).toBe(25);
    h.as(otherPlayer);
    await moveTo(token, 6);
    const id = card.id as string;
    h.as(gm);
    h.dice.queue(1);
    const save = { messageId: id, action: 'rollSave', target: 't1' };
    const saves = await Promise.all([fromConsole(SUPPRESS_QUERY, save), fromConsole(SUPPRESS_QUERY, save)]);
    expect(saves.filter((r) => r.ok)).toHaveLength(1);
    expect(suppressOf(card).triggers[0]?.save?.success).toBe(false);
    h.as(player);
    h.dice.queue(15);
    const shot = { messageId: id, action: 'freeShot', target: 't1' };
    const shots = await Promise.all([fromConsole(SUPPRESS_QUERY, shot), fromConsole(SUPPRESS_QUERY, shot)]);
    await attackActionsSettled();
    expect(shots.filter((r) => r.ok)).toHaveLength(1);
    expect(loaded(gun)).toBe(23);
    h.as(gm);
    const undo = { messageId: id, action: 'undo', target: 'area' };
    const undos = await Promise.all([fromConsole(SUPPRESS_QUERY, undo), fromConsole(SUPPRESS_QUERY, undo)]);
    await attackActionsSettled();
    expect(undos.filter((r) => r.ok)).toHaveLength(1);
    expect(loaded(gun)).toBe(40);
  });

  it('stepping into the square and straight out again (two quick moves) still calls for the save', async () => {
    // "Should any target enter your area of effect … it must make a Reflex save."
    const { actor, gun } = await gunner();
    const { token } = await dummy('Runner', 12, 0, otherPlayer);
    const card = await suppressCard(actor, gun);
    h.as(otherPlayer);
    const doc = token.document as unknown as HarnessTokenDocument;
    await Promise.all([doc.update({ x: 600, y: 0 }), doc.update({ x: 1200, y: 0 })]);
    await attackActionsSettled();
    expect(suppressOf(card).triggers.map((t) => t.cause)).toEqual(['enter']);
  });

  it('one move across the square (from its west side to its east side) still calls for the save', async () => {
    // "Should any target enter your area of effect": a drag through it enters it.
    const { actor, gun } = await gunner();
    const { token } = await dummy('Runner', 4, 1, otherPlayer);
    const card = await suppressCard(actor, gun);
    h.as(otherPlayer);
    await moveTo(token, 10, 1);
    expect(suppressOf(card).triggers.map((t) => t.cause)).toEqual(['enter']);
  });

  it('one move over the 5-ft aisle (from the row north of it to the row south of it) calls for the save', async () => {
    // The aisle from the shooter's token at row 1 runs east, 5 ft wide: rows 0 and 2 are outside it.
    const { actor, gun, token: own } = await gunner();
    h.as(player);
    await moveTo(own!, 0, 1);
    const { token } = await dummy('Runner', 6, 0, otherPlayer);
    const card = await suppressCard(actor, gun, { area: { shape: 'aisle', direction: 0 } });
    expect(suppressOf(card).occupants).toHaveLength(0);
    h.as(otherPlayer);
    await moveTo(token, 6, 2);
    expect(suppressOf(card).triggers.map((t) => t.cause)).toEqual(['enter']);
    expect(suppressOf(card).occupants).toHaveLength(0);
  });

  it("a token moving on another scene, at the square's coordinates there, is not called to save", async () => {
    // The area is on the scene its template is on (state.template.sceneId); onTokenMoved is called
    // as the updateToken hook calls it, with a token document of another scene (the harness has one).
    const { actor, gun } = await gunner();
    const { actor: elsewhere, token } = await dummy('Elsewhere', 12, 0, otherPlayer);
    const card = await suppressCard(actor, gun);
    expect(suppressOf(card).template?.sceneId).toBe(scene().id);
    const otherScene = { id: 'otherScene000000', grid: { size: 100, distance: 5 } };
    const doc = Object.create(token.document, {
      parent: { value: otherScene },
      x: { value: 600 },
      y: { value: 0 },
      actor: { value: elsewhere },
    }) as TokenDocument;
    h.as(gm);
    await onTokenMoved(doc);
    await attackActionsSettled();
    expect(suppressOf(card).triggers).toHaveLength(0);
  });

  it('a suppressed creature moving again is not called to save again', async () => {
    const { actor, gun } = await gunner();
    const { actor: runner, token } = await dummy('Runner', 12, 0, otherPlayer);
    const card = await suppressCard(actor, gun);
    h.as(otherPlayer);
    await moveTo(token, 6);
    h.dice.queue(20);
    expect(
      (await fromConsole(SUPPRESS_QUERY, { messageId: card.id, action: 'rollSave', target: 't1' })).ok,
    ).toBe(true);
    expect(
      (await fromConsole(SUPPRESS_QUERY, { messageId: card.id, action: 'becomeSuppressed', target: 't1' }))
        .ok,
    ).toBe(true);
    expect(runner.statuses.has('suppressed')).toBe(true);
    await moveTo(token, 7);
    await moveTo(token, 7, 1);
    expect(suppressOf(card).triggers).toHaveLength(1);
  });

  it('the GM deleted the template by hand, then the gun: ending and Undo close the card, nothing thrown', async () => {
    const { actor, gun } = await gunner();
    const card = await suppressCard(actor, gun);
    h.as(gm);
    await scene().deleteEmbeddedDocuments(
      'MeasuredTemplate',
      templates().map((t) => t.id as string),
    );
    expect(
      (await fromConsole(SUPPRESS_QUERY, { messageId: card.id, action: 'endArea', target: 'area' })).ok,
    ).toBe(true);
    await actor.deleteEmbeddedDocuments('Item', [gun.id as string]);
    expect(
      (await fromConsole(SUPPRESS_QUERY, { messageId: card.id, action: 'undo', target: 'area' })).ok,
    ).toBe(true);
    expect(suppressOf(card)).toMatchObject({ undone: true, active: false, template: null });
  });

  it('the gun deleted mid-card: the free shot is refused with a reason, no round appears', async () => {
    const { actor, gun } = await gunner();
    const { token } = await dummy('Runner', 12, 0, otherPlayer);
    const card = await suppressCard(actor, gun);
    h.as(otherPlayer);
    await moveTo(token, 6);
    h.dice.queue(1);
    expect(
      (await fromConsole(SUPPRESS_QUERY, { messageId: card.id, action: 'rollSave', target: 't1' })).ok,
    ).toBe(true);
    h.as(gm);
    await actor.deleteEmbeddedDocuments('Item', [gun.id as string]);
    h.as(player);
    refused(await fromConsole(SUPPRESS_QUERY, { messageId: card.id, action: 'freeShot', target: 't1' }));
  });
});

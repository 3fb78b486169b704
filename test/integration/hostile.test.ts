/**
 * A hostile player at the table, from their own client: everything a player's client can do —
 * call any GM query with any data (with or without the kernel's envelope), claim to be someone
 * else, replay, send to a client that is not the active GM, replace its own query handlers, write
 * its own messages and actors, press buttons twice or at once, act on actors it does not own.
 *
 * Each test asserts the SAFE outcome: refused with a localized message (nothing unexpected thrown on
 * the GM's client: no console error, no "the action failed: TypeError …") and nothing changed.
 * The review that wrote these found some attacks that succeeded; each was fixed, and its test says
 * what the hole was ("was: …").
 */
import { describe, expect, it } from 'vitest';
import { bareQuery, cardHelpers, forged, withFeats } from '../fixtures/cards.js';
import { useErrorGuard, worldState, refused, onlyOnce } from '../fixtures/hostile.js';
import { getHarness, HarnessChatMessage, HarnessUser, type HarnessCombat } from '../harness/index.js';
import { broadcast } from '../harness/documents.js';
import { isGMMessage } from '../../src/cards/kernel/index.js';
import { asClient } from '../harness/clients.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import {
  ATTACK_QUERY,
  attackActionsSettled,
  requestCardAction,
  type CardActionResult,
} from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import {
  GRAPPLE_QUERY,
  grappleState,
  requestGrappleAction,
  type GrappleCardState,
} from '../../src/cards/grapple/grapple-ask.js';
import { AREA_QUERY, areaState } from '../../src/cards/area/area-actions.js';
import {
  MANEUVER_QUERY,
  maneuverState,
  requestManeuverAction,
} from '../../src/cards/maneuver/maneuver-actions.js';
import {
  BIND_WOUNDS_QUERY,
  BLEEDING_QUERY,
  bleedingCardOf,
  requestBleedingSave,
} from '../../src/cards/bleeding/bleeding-actions.js';
import { QUICK_STAND_QUERY } from '../../src/cards/quick-stand/quick-stand-steps.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { budgetOf, combatantOf } from '../../src/combat/action-budget.js';

const h = await getHarness();
const { click, visibleButtons } = cardHelpers(h);
const { gm, player, otherPlayer } = h.users;

useErrorGuard(h, 99);

const ALL_QUERIES = [
  ATTACK_QUERY,
  GRAPPLE_QUERY,
  AREA_QUERY,
  MANEUVER_QUERY,
  BLEEDING_QUERY,
  BIND_WOUNDS_QUERY,
  QUICK_STAND_QUERY,
];
const CARD_QUERIES = [ATTACK_QUERY, GRAPPLE_QUERY, AREA_QUERY, MANEUVER_QUERY, BLEEDING_QUERY];

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const attackState = (message: ChatMessage) => cardState(fresh(message)) as AttackCardState;
const firstTarget = (message: ChatMessage) => attackState(message).targets[0] as CardTarget;
const grapple = (message: ChatMessage) => grappleState(fresh(message)) as GrappleCardState;
const sword = (actor: Actor) => actor.items.find((i) => i.name === 'Bastard sword') as Item;

const world = () => worldState();

/** `user`'s client sends `data` to the active GM as a raw `User#query`, with an envelope it wrote itself. */
function rawQuery(user: User, query: string, data: Record<string, unknown>): Promise<CardActionResult> {
  return asClient(user, async () => (await gm.query(query, data)) as CardActionResult);
}

/** The fighter (Player's, +9 bastard sword) and the rogue (Other Player's, 13 HP, Tumble), in combat. */
async function table(inCombat = true) {
  const fighter = await appendix3Fighter(h, player);
  const rogue = await appendix3Rogue(h, otherPlayer);
  await rogue.update({ 'system.skills.tumble.ranks': 4 });
  let combat: HarnessCombat | null = null;
  if (inCombat) {
    combat = h.startCombat([fighter, rogue]) as HarnessCombat;
    await combat.begin();
  }
  const rogueToken = h.placeToken(rogue);
  h.placeToken(fighter);
  return { fighter, rogue, rogueToken, combat };
}

/** Player's fighter attacks the rogue (attack d20 `natural`, 1d20 + 9) with `options`. */
async function fighterAttacks(
  fighter: Actor,
  rogueToken: Token,
  options: Record<string, unknown> = {},
  natural = 15,
): Promise<ChatMessage> {
  h.as(player);
  h.target(player, rogueToken);
  h.dice.queue(natural);
  const message = (await game.gng.attack(
    fighter,
    fighter.items.find((i) => i.type === 'weapon') as Item,
    options,
  )) as ChatMessage;
  await attackActionsSettled();
  expect(message?.author?.isGM).toBe(true);
  return message;
}

/** An attack card whose first target is hit (the rogue's Defense d20 3) — Player may roll damage next. */
async function hitCard(options: Record<string, unknown> = {}) {
  const t = await table();
  const message = await fighterAttacks(t.fighter, t.rogueToken, options);
  h.as(otherPlayer);
  h.dice.queue(3);
  await click(message, 'rollDefense');
  expect(firstTarget(message).result?.hit).toBe(true);
  return { ...t, message };
}

/** A grapple card between Other Player's grappler and Player's victim, at the AoO (no Improved Grapple). */
async function grappleCard() {
  const victim = await h.createActor(
    { name: 'Victim', type: 'npc', system: { abilities: { con: { value: 30 } }, hp: { value: 30 } } },
    player,
  );
  const grappler = await h.createActor(
    { name: 'Grappler', type: 'npc', system: { abilities: { str: { value: 14 } }, hp: { value: 20 } } },
    otherPlayer,
  );
  h.as(otherPlayer);
  h.target(otherPlayer, h.placeToken(victim));
  const message = (await game.gng.grapple(grappler)) as ChatMessage;
  await attackActionsSettled();
  expect(message?.author?.isGM).toBe(true);
  return { victim, grappler, message };
}

/** The grapple started and held (the grappler won the hold): phase `grappling`. */
async function heldGrapple() {
  const g = await grappleCard();
  h.as(player);
  await click(g.message, 'declineAoo');
  h.as(otherPlayer);
  h.dice.queue(15);
  await click(g.message, 'touch');
  h.as(player);
  h.dice.queue(2, 18);
  await click(g.message, 'oppose'); // touch Defense 2: a hit; the hold check (18) is rolled
  h.dice.queue(2, 2);
  await click(g.message, 'oppose'); // the victim's answer (2) loses; the hold's damage
  expect(grapple(g.message).phase).toBe('grappling');
  return g;
}

/* ========================================================================================== */

describe('who sent it: impersonation, replay, the wrong client, no GM', () => {
  it('an impostor claiming another player (or the GM, or nobody) is refused and changes nothing', async () => {
    const { message } = await hitCard();
    const before = world();
    const request = { messageId: message.id, action: 'rollDamage', target: firstTarget(message).id };
    // Other Player owns nothing of the fighter's: it claims to be Player, with guessed request ids.
    for (const requestId of ['0'.repeat(32), 'guess', '', 42])
      refused(
        await rawQuery(otherPlayer, ATTACK_QUERY, { ...request, userId: player.id, requestId }),
        'GNG.Error.Attack.UnknownSender',
      );
    // Claims to be the GM, a user this world does not have, an object; no envelope at all.
    for (const userId of [gm.id, 'nobody', { id: player.id }, null])
      refused(
        await rawQuery(otherPlayer, ATTACK_QUERY, { ...request, userId, requestId: 'x' }),
        'GNG.Error.Attack.UnknownSender',
      );
    h.as(otherPlayer);
    refused(await bareQuery(ATTACK_QUERY, request), 'GNG.Error.Attack.UnknownSender');
    expect(world()).toBe(before);
  });

  it("an impostor's own client saying yes to every confirmation proves nothing about another user", async () => {
    const { message } = await hitCard();
    const before = world();
    const original = CONFIG.queries['gng.confirmRequest'] as QueryHandler;
    // Other Player's client (only) now confirms anything it is asked.
    CONFIG.queries['gng.confirmRequest'] = (data, options) =>
      game.user.id === otherPlayer.id ? true : original(data, options);
    try {
      const forgedRequest = {
        messageId: message.id,
        action: 'applyDamage',
        target: firstTarget(message).id,
        userId: player.id,
        requestId: 'f'.repeat(32),
      };
      refused(await rawQuery(otherPlayer, ATTACK_QUERY, forgedRequest), 'GNG.Error.Attack.UnknownSender');
      // As itself it is proven — and then it is just Other Player, who may not roll the fighter's damage.
      refused(
        await rawQuery(otherPlayer, ATTACK_QUERY, { ...forgedRequest, userId: otherPlayer.id }),
        'GNG.Error.Attack.NotAllowed',
      );
    } finally {
      CONFIG.queries['gng.confirmRequest'] = original;
    }
    expect(world()).toBe(before);
  });

  it("a replay of Player's real request (by Player or by anyone else) is confirmed by nobody", async () => {
    const { message, rogue } = await hitCard();
    // Capture the exact payload Player's client sends to the GM.
    const captured: Record<string, unknown>[] = [];
    const query = HarnessUser.prototype.query;
    HarnessUser.prototype.query = function (this: User, name, data, options) {
      if (name === ATTACK_QUERY && game.user.id === player.id) captured.push(structuredClone(data));
      return query.call(this as HarnessUser, name, data, options);
    };
    try {
      h.as(player);
      h.dice.queue(6);
      expect(await requestCardAction(message.id as string, 'rollDamage', firstTarget(message).id)).toEqual({
        ok: true,
      });
      expect(await requestCardAction(message.id as string, 'applyDamage', firstTarget(message).id)).toEqual({
        ok: true,
      });
      await requestCardAction(message.id as string, 'undoDamage', firstTarget(message).id);
    } finally {
      HarnessUser.prototype.query = query;
    }
    const hp = sys(rogue).hp.value;
    const before = world();
    const apply = captured.find((data) => data.action === 'applyDamage') as Record<string, unknown>;
    expect(apply).toMatchObject({ userId: player.id });
    // The card allows Apply again (after the Undo): only the proof stands in the replay's way.
    for (const replayer of [player, otherPlayer])
      refused(await rawQuery(replayer, ATTACK_QUERY, apply), 'GNG.Error.Attack.UnknownSender');
    expect(sys(rogue).hp.value).toBe(hp);
    expect(world()).toBe(before);
  });

  it('a request sent to a client that is not the active GM is refused there (a player, a second GM)', async () => {
    const { message } = await hitCard();
    const before = world();
    const request = { messageId: message.id, action: 'rollDamage', target: firstTarget(message).id };
    // Player sends its (proven-looking) request to Other Player's client, and to its own handler.
    const toOther = await asClient(player, () => otherPlayer.query(ATTACK_QUERY, request));
    refused(toOther, 'GNG.Error.Card.NotActiveGM');
    const own = await asClient(player, () =>
      (CONFIG.queries[ATTACK_QUERY] as QueryHandler)(request, { timeout: 1000 }),
    );
    refused(own, 'GNG.Error.Card.NotActiveGM');
    // An assistant GM who is connected but not the active GM does no card work either.
    const assistant = new HarnessUser({ name: 'Assistant', role: 'gm' });
    const users = game.users as unknown as { set(user: User): void; delete(id: string): boolean };
    users.set(assistant);
    try {
      expect(game.users.activeGM?.id).toBe(gm.id);
      for (const query of ALL_QUERIES)
        refused(
          await asClient(player, () =>
            assistant.query(query, { ...request, userId: player.id, requestId: 'a' }),
          ),
          'GNG.Error.Card.NotActiveGM',
        );
    } finally {
      users.delete(assistant.id as string);
    }
    expect(world()).toBe(before);
  });

  it('no GM connected: every query is refused with the reason, nothing is sent, nothing changes', async () => {
    const { fighter, rogue, message } = await hitCard();
    await rogue.toggleStatusEffect('prone', { active: true });
    const before = world();
    (gm as unknown as { active: boolean }).active = false;
    try {
      h.as(player);
      refused(
        await requestCardAction(message.id as string, 'rollDamage', firstTarget(message).id),
        'GNG.Error.Attack.NoGM',
      );
      for (const query of ALL_QUERIES)
        refused(await forged(otherPlayer, { actorUuid: rogue.uuid }, query), 'GNG.Error.Attack.NoGM');
      refused(
        await forged(player, { action: 'start', actorUuid: fighter.uuid, weaponId: sword(fighter).id }),
        'GNG.Error.Attack.NoGM',
      );
      expect(h.notices.at(-1)?.message).toBe('No GM is connected: card actions need one.');
      // Sending to the (disconnected) GM's user directly: the query is not delivered at all.
      await expect(asClient(player, () => gm.query(ATTACK_QUERY, {}))).rejects.toThrow(/not connected/);
    } finally {
      (gm as unknown as { active: boolean }).active = true;
    }
    expect(world()).toBe(before);
  });

  it("a sender named in the query's options (not in v13) is not taken from the sender's own options", async () => {
    const { message } = await hitCard();
    const before = world();
    const request = { messageId: message.id, action: 'applyDamage', target: firstTarget(message).id };
    const result = await asClient(otherPlayer, () =>
      gm.query(ATTACK_QUERY, request, { timeout: 1000, user: gm.id, userId: gm.id } as { timeout: number }),
    );
    refused(result, 'GNG.Error.Attack.UnknownSender');
    expect(world()).toBe(before);
  });

  // Issue #27 5(a): were a Foundry to relay options the sender wrote, an id or plain data naming the
  // GM there must not be believed; only the world's own User document (which no client can send)
  // names the sender.
  it('options relayed to the handler naming the GM (an id, plain data, a copy) are not believed', async () => {
    const { message } = await hitCard();
    const before = world();
    const handler = CONFIG.queries[ATTACK_QUERY] as QueryHandler;
    const request = { messageId: message.id, action: 'applyDamage', target: firstTarget(message).id };
    const plainGM = { ...gm.toObject(), id: gm.id, isGM: true, name: gm.name };
    const relayed: Record<string, unknown>[] = [
      { user: gm.id },
      { userId: gm.id },
      { sender: gm.id },
      { user: plainGM },
      { sender: plainGM },
      { user: structuredClone(plainGM), userId: gm.id, sender: { id: gm.id } },
      { user: Object.create(gm) as User },
    ];
    for (const options of relayed) {
      // As the GM's client receives it, with and without the payload naming the GM too.
      for (const data of [request, { ...request, userId: gm.id, requestId: 'r'.repeat(32) }])
        refused(
          await asClient(gm, () => handler(structuredClone(data), { timeout: 1000, ...options })),
          'GNG.Error.Attack.UnknownSender',
        );
    }
    expect(world()).toBe(before);
    // The world's own User document is Foundry's word: believed without a round trip, and then the
    // sender is just that user (Other Player may not apply the fighter's damage).
    const confirm = CONFIG.queries['gng.confirmRequest'] as QueryHandler;
    let asked = 0;
    CONFIG.queries['gng.confirmRequest'] = (data, options) => {
      asked += 1;
      return confirm(data, options);
    };
    try {
      refused(
        await asClient(gm, () => handler(structuredClone(request), { timeout: 1000, user: otherPlayer })),
        'GNG.Error.Attack.NotAllowed',
      );
    } finally {
      CONFIG.queries['gng.confirmRequest'] = confirm;
    }
    expect(asked).toBe(0);
    expect(world()).toBe(before);
  });
});

/* ========================================================================================== */

describe('malformed requests: refused with the bad-request message, never an unexpected error', () => {
  /** Prototype keys and other strings that are no action of any card. */
  const NOT_ACTIONS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', ''];

  it('prototype keys (and other non-actions) as the action, on every card query', async () => {
    const { message } = await hitCard();
    const before = world();
    for (const query of CARD_QUERIES)
      for (const action of [...NOT_ACTIONS, 42, null, { toString: 'rollDamage' }, ['rollDamage']])
        refused(
          await forged(player, { messageId: message.id, action, target: firstTarget(message).id }, query),
          /BadRequest$/,
        );
    expect(world()).toBe(before);
  });

  it('wrong types and missing fields (messageId, target, the data itself)', async () => {
    const { message } = await hitCard();
    const before = world();
    const id = firstTarget(message).id;
    const bad: unknown[] = [
      { action: 'rollDamage', target: id },
      { messageId: message.id, action: 'rollDamage' },
      { messageId: [message.id], action: 'rollDamage', target: id },
      { messageId: { id: message.id }, action: 'rollDamage', target: id },
      { messageId: message.id, action: 'rollDamage', target: { id } },
      { messageId: message.id, action: 'rollDamage', target: null },
      { messageId: message.id, action: 'rollDamage', target: [id] },
    ];
    for (const query of CARD_QUERIES)
      for (const data of bad)
        refused(await forged(player, data as Record<string, unknown>, query), /BadRequest$/);
    // Not an object at all, as a raw query (the envelope cannot even be read).
    for (const data of [null, 'rollDamage', 7, true])
      for (const query of ALL_QUERIES)
        refused(
          await asClient(player, () => gm.query(query, data as unknown as Record<string, unknown>)),
          /BadRequest$|UnknownSender$/,
        );
    expect(world()).toBe(before);
  });

  it('extra fields, own `__proto__` / `constructor` keys (as JSON brings them), on actions and actor requests', async () => {
    const { message, rogue } = await hitCard();
    const before = world();
    const id = firstTarget(message).id;
    const base = { messageId: message.id, action: 'rollDamage', target: id };
    const extras: Record<string, unknown>[] = [
      { damage: 99 },
      JSON.parse('{"__proto__": {"isGM": true}}') as Record<string, unknown>,
      JSON.parse('{"constructor": {"prototype": {"isGM": true}}}') as Record<string, unknown>,
      { weapon: 'x' },
    ];
    for (const extra of extras) {
      refused(await forged(player, { ...base, ...extra }), 'GNG.Error.Attack.BadRequest');
      refused(
        await forged(otherPlayer, { actorUuid: rogue.uuid, ...extra }, QUICK_STAND_QUERY),
        'GNG.Error.Attack.BadRequest',
      );
      refused(
        await forged(otherPlayer, { actorUuid: rogue.uuid, ...extra }, BIND_WOUNDS_QUERY),
        'GNG.Error.Attack.BadRequest',
      );
    }
    // An action's own field with the wrong type (setDefense's number; the Block's weapon, breaking).
    h.as(gm);
    for (const [action, extra] of [
      ['setDefense', { defense: '10' }],
      ['setDefense', { defense: 1.5 }],
      ['block', { weapon: 7 }],
      ['block', { breaking: 'true' }],
    ] as const)
      refused(
        await forged(otherPlayer, { ...base, action, ...extra }),
        /BadRequest$|DefenseNumber$|NotAllowed$/,
      );
    expect({}.constructor).toBe(Object);
    expect(({} as Record<string, unknown>).isGM).toBeUndefined();
    expect(world()).toBe(before);
  });

  it('huge arrays and deep nesting in a start request', async () => {
    const { fighter, rogue } = await table();
    const before = world();
    const ref = { tokenId: 'a', actorUuid: rogue.uuid };
    const start = { action: 'start', actorUuid: fighter.uuid, weaponId: sword(fighter).id };
    refused(
      await forged(player, {
        ...start,
        targets: Array.from({ length: 100_000 }, (_, i) => ({ ...ref, tokenId: `t${i}` })),
      }),
      'GNG.Error.Attack.BadRequest',
    );
    refused(
      await forged(player, { ...start, options: { calledShots: Array(100_000).fill('not-an-effect') } }),
      'GNG.Error.Attack.BadRequest',
    );
    let deep: Record<string, unknown> = {};
    // (Much deeper overflows the harness's structuredClone transport itself, before any GM code.)
    for (let i = 0; i < 1000; i++) deep = { a: deep };
    refused(await forged(player, { ...start, options: { object: deep } }), 'GNG.Error.Attack.BadRequest');
    refused(
      await forged(
        player,
        {
          action: 'start',
          actorUuid: fighter.uuid,
          maneuver: 'trip',
          targets: Array(1000).fill({ actorUuid: rogue.uuid, tokenId: null }),
        },
        MANEUVER_QUERY,
      ),
      'GNG.Error.Attack.BadRequest',
    );
    expect(world()).toBe(before);
  });

  it('start requests: unknown keys, wrong types, a weapon the actor lacks, an actor uuid that is an item', async () => {
    const { fighter, rogue } = await table();
    const before = world();
    const item = sword(fighter);
    const attacks: Record<string, unknown>[] = [
      { action: 'start', actorUuid: fighter.uuid, weaponId: 7 },
      { action: 'start', actorUuid: item.uuid, weaponId: item.id },
      {
        action: 'start',
        actorUuid: fighter.uuid,
        weaponId: item.id,
        targets: [{ tokenId: 'a', actorUuid: item.uuid }],
      },
      {
        action: 'start',
        actorUuid: fighter.uuid,
        weaponId: item.id,
        targets: [{ tokenId: '', actorUuid: rogue.uuid }],
      },
      { action: 'start', actorUuid: fighter.uuid, weaponId: item.id, targets: 'all' },
      { action: 'start', actorUuid: fighter.uuid, weaponId: item.id, options: { bonus: 21 } },
      { action: 'start', actorUuid: fighter.uuid, weaponId: item.id, options: { bonus: '5' } },
      { action: 'start', actorUuid: fighter.uuid, weaponId: item.id, options: { grip: 'three-handed' } },
      { action: 'start', actorUuid: fighter.uuid, weaponId: item.id, options: [] },
    ];
    for (const data of attacks) refused(await forged(player, data), /BadRequest$|NoAttack$/);
    // Sneak attack dice are the card's to count (issue #28): any number claimed is refused with why.
    refused(
      await forged(player, {
        action: 'start',
        actorUuid: fighter.uuid,
        weaponId: item.id,
        options: { sneakAttackDice: 1e9 },
      }),
      'GNG.Error.Attack.SneakAttackClaimed',
    );
    for (const data of [
      { action: 'start', actorUuid: fighter.uuid, targetUuid: fighter.uuid, tokenId: null },
      { action: 'start', actorUuid: fighter.uuid, targetUuid: rogue.uuid, tokenId: 'not-a-token' },
      { action: 'start', actorUuid: fighter.uuid, targetUuid: rogue.uuid, tokenId: 5 },
      { action: 'start', actorUuid: fighter.uuid, targetUuid: item.uuid, tokenId: null },
      { action: 'start', actorUuid: fighter.uuid, targetUuid: rogue.uuid, tokenId: null, bonus: 4 },
    ])
      refused(await forged(player, data, GRAPPLE_QUERY), /BadRequest$|UnknownTarget$/);
    for (const data of [
      {
        action: 'start',
        actorUuid: fighter.uuid,
        maneuver: 'suplex',
        targets: [{ actorUuid: rogue.uuid, tokenId: null }],
      },
      { action: 'start', actorUuid: fighter.uuid, maneuver: 'trip', targets: [] },
      {
        action: 'start',
        actorUuid: fighter.uuid,
        maneuver: 'trip',
        targets: [{ actorUuid: rogue.uuid, tokenId: 'x' }],
      },
      {
        action: 'start',
        actorUuid: fighter.uuid,
        maneuver: 'trip',
        charging: 'yes',
        targets: [{ actorUuid: rogue.uuid, tokenId: null }],
      },
    ])
      refused(await forged(player, data, MANEUVER_QUERY), /BadRequest$|UnknownTarget$/);
    // Cards without a start: a start request is a bad request.
    for (const query of [AREA_QUERY, BLEEDING_QUERY])
      refused(await forged(gm, { action: 'start', actorUuid: fighter.uuid }, query), /BadRequest$/);
    expect(world()).toBe(before);
  });

  // Was (low): parseAttackOptions looks a request's option names up in a plain object literal, so
  // Object.prototype's names are "parsers": `__proto__` / `hasOwnProperty` / `valueOf` throw a TypeError on
  // the GM's client (a logged error and the generic "failed: TypeError …" answer), and `constructor` /
  // `toString` are accepted and stored in the card's flags (a field the dialog cannot make).
  it.each([
    ['__proto__', '{"__proto__": {"a": 1}}'],
    ['hasOwnProperty', '{"hasOwnProperty": true}'],
    ['valueOf', '{"valueOf": 1}'],
    ['constructor', '{"constructor": {"payload": "x"}}'],
    ['toString', '{"toString": 1}'],
  ])('an attack option named %s is refused as a bad request', async (_name, json) => {
    const { fighter, rogue, rogueToken } = await table();
    const before = world();
    h.target(player, rogueToken);
    const options = JSON.parse(json) as Record<string, unknown>;
    const result = await forged(player, {
      action: 'start',
      actorUuid: fighter.uuid,
      weaponId: sword(fighter).id,
      options,
      targets: [{ tokenId: rogueToken.id, actorUuid: rogue.uuid }],
    });
    refused(result, 'GNG.Error.Attack.BadRequest');
    expect(world()).toBe(before);
  });
});

/* ========================================================================================== */

describe("messages a player wrote, and another card's message", () => {
  it("a player's own message carrying each card's flags is no card", async () => {
    const { message, rogue } = await hitCard();
    const g = await heldGrapple();
    const stolen = {
      attack: attackState(message),
      grapple: grapple(g.message),
      area: {
        version: 1,
        damage: { formula: '10d6', dice: [], total: 60, type: null },
        save: { type: 'ref', dc: 99 },
        cover: null,
        targets: [
          { id: 't', name: 'x', actorUuid: rogue.uuid, tokenId: null, save: null, dive: null, applied: null },
        ],
      },
      maneuver: {
        version: 1,
        maneuver: 'trip',
        attacker: { actorUuid: g.grappler.uuid, name: 'x', size: 'medium' },
        options: { charging: false },
        check: { formula: '', natural: 20, bonus: 0, parts: [], total: 99 },
        targets: [
          {
            id: 't',
            name: 'x',
            actorUuid: rogue.uuid,
            tokenId: null,
            size: 'medium',
            footing: null,
            applied: null,
          },
        ],
      },
      bleeding: {
        actorUuid: rogue.uuid,
        effectId: 'x',
        name: 'x',
        round: 1,
        dc: 1,
        stage: 'bleeding',
        result: null,
      },
    };
    const before = world();
    h.as(otherPlayer);
    const fake = (await ChatMessage.create({
      content: 'not a card',
      flags: { gng: { type: 'bleedingCard', ...stolen } },
    })) as ChatMessage;
    expect(fake.author?.id).toBe(otherPlayer.id);
    const asks: [string, string, string][] = [
      [ATTACK_QUERY, 'applyDamage', firstTarget(message).id],
      [GRAPPLE_QUERY, 'damage', 'attacker'],
      [AREA_QUERY, 'applyDamage', 't'],
      [MANEUVER_QUERY, 'applyManeuver', 't'],
      [BLEEDING_QUERY, 'bleedingSave', 'actor'],
    ];
    for (const [query, action, target] of asks)
      for (const user of [otherPlayer, player])
        refused(await forged(user, { messageId: fake.id, action, target }, query), /NoCard$/);
    // The fake message exists; nothing else changed.
    expect(JSON.parse(world()).messages).toHaveLength(JSON.parse(before).messages.length + 1);
    expect(JSON.stringify(game.actors.contents.map((a) => a.toObject()))).toBe(
      JSON.stringify(JSON.parse(before).actors),
    );
  });

  it("a player can neither rewrite nor delete the GM's card", async () => {
    const { message } = await hitCard();
    const before = world();
    for (const user of [player, otherPlayer]) {
      h.as(user);
      await expect(fresh(message).update({ 'system.attack.total': 99 })).rejects.toThrow(/permission/);
      await expect(fresh(message).update({ author: user.id })).rejects.toThrow(/permission/);
      await expect(fresh(message).delete()).rejects.toThrow(/permission/);
    }
    expect(world()).toBe(before);
  });

  // Was (low): the kernel computes a request's queue keys from the message's state before it checks
  // that a GM wrote the message (card.ts `queued` → `spec.actors` / `queueKeys`), so a player's own
  // message whose flags are malformed makes the GM's client throw a TypeError (logged; the answer is
  // "The attack card's action failed: TypeError …") instead of the "not a card" refusal.
  it.each([
    [ATTACK_QUERY, { attack: { version: 1, targets: [] } }, 'rollDamage', 't'],
    [
      ATTACK_QUERY,
      { attack: { version: 1, attacker: { actorUuid: 'x' }, targets: [null] } },
      'rollDamage',
      't',
    ],
    [AREA_QUERY, { area: { version: 1, targets: [null] } }, 'rollSave', 't'],
    [MANEUVER_QUERY, { maneuver: { version: 1, targets: [7] } }, 'maintainFooting', 't'],
  ])(
    'a player message with malformed %s flags is refused as "not a card"',
    async (query, flags, action, target) => {
      h.as(player);
      const fake = (await ChatMessage.create({ content: '', flags: { gng: flags } })) as ChatMessage;
      const before = world();
      refused(await forged(player, { messageId: fake.id, action, target }, query), /NoCard$/);
      expect(world()).toBe(before);
    },
  );

  // Was (low): the cards' client hooks read a message's card state without checking that a GM wrote
  // it or that it has the card's shape: a player's message with malformed card flags throws a TypeError
  // in `createChatMessage` / `updateChatMessage` (grapple-ask.ts `renderGrapplersSheets`) and in
  // `renderChatMessageHTML` (card.ts `decorate` → the table's `targets` / `may`) on EVERY connected
  // client, the GM's included (Foundry logs a hooked function's error and goes on).
  it.each([
    ['attack', { attack: { version: 1, targets: [null] } }],
    ['grapple', { grapple: { version: 2, steps: [] } }],
    ['area', { area: { version: 1, targets: [null] } }],
    ['maneuver', { maneuver: { version: 1, targets: [null] } }],
    ['bleeding', { type: 'bleedingCard', bleeding: { result: null } }],
  ])("%s: a player's message with malformed card flags throws in no client's hook", async (_card, flags) => {
    const buttons = ['rollDamage', 'damage', 'rollSave', 'maintainFooting', 'bleedingSave']
      .map((action) => `<button data-action="${action}" data-target-id="attacker">x</button>`)
      .join('');
    h.as(player);
    let fake: ChatMessage | undefined;
    let thrown: unknown = null;
    try {
      fake = (await ChatMessage.create({ content: buttons, flags: { gng: flags } })) as ChatMessage;
      await fake.update({ content: `${buttons} ` });
      for (const user of [gm, player, otherPlayer]) {
        h.as(user);
        h.renderMessage(fresh(fake));
      }
    } catch (error) {
      thrown = error;
    }
    expect(String(thrown)).toBe('null');
  });

  it("a card action on another card type's message (all GM-authored) is no card", async () => {
    const { message, rogue } = await hitCard();
    const g = await heldGrapple();
    h.as(gm);
    await rogue.toggleStatusEffect('prone', { active: true });
    h.as(otherPlayer);
    h.dice.queue(20);
    expect(await game.gng.quickStand(rogue)).toMatchObject({ ok: true });
    const quickStandCard = game.messages.contents.at(-1) as ChatMessage;
    expect(quickStandCard.author?.isGM).toBe(true);
    const before = world();
    const cases: [string, ChatMessage, string, string][] = [
      [GRAPPLE_QUERY, message, 'damage', 'attacker'],
      [AREA_QUERY, message, 'applyDamage', firstTarget(message).id],
      [MANEUVER_QUERY, message, 'applyManeuver', firstTarget(message).id],
      [BLEEDING_QUERY, message, 'bleedingSave', 'actor'],
      [ATTACK_QUERY, g.message, 'applyDamage', 'attacker'],
      [BLEEDING_QUERY, quickStandCard, 'bleedingSave', 'actor'],
      [ATTACK_QUERY, quickStandCard, 'rollDefense', 'actor'],
    ];
    for (const [query, card, action, target] of cases)
      refused(await forged(gm, { messageId: card.id, action, target }, query), /NoCard$/);
    expect(world()).toBe(before);
  });

  // Foundry refuses a player's change of a message's author (test/harness/README.md names the
  // evidence); the kernel's check that a card is a GM's message rests on it.
  it('a player cannot rewrite its message as authored by the GM', async () => {
    const { message, rogue } = await hitCard();
    h.as(player);
    const forgedState = structuredClone(attackState(message));
    const t = forgedState.targets[0] as CardTarget;
    t.damage = {
      formula: '1d10',
      dice: [10],
      steps: { weapon: 10, strength: 0, relativeDegree: 0, total: 10, protection: 0 } as never,
      final: 50,
      lethal: 50,
      nonlethal: 0,
      specialEffects: true,
      bypass: 'none',
      protectionParts: [],
    };
    const fake = (await ChatMessage.create({
      content: '',
      flags: { gng: { type: 'attackCard', attack: forgedState } },
    })) as ChatMessage;
    await expect(fake.update({ author: gm.id })).rejects.toThrow(/permission/);
    expect(fake.author?.id).toBe(player.id);
    const hp = sys(rogue).hp.value;
    refused(await forged(player, { messageId: fake.id, action: 'applyDamage', target: t.id }), /NoCard$/);
    expect(sys(rogue).hp.value).toBe(hp);
  });

  // Issue #27 5(b): nothing we may read shows that Foundry forbids a player to create a message whose
  // author is a GM. Were it allowed, the card is still no card: the GM's client saw the player create
  // it, or (made before that client connected) its last writer is the player. The harness refuses
  // such a creation, so the message is put in the world as such a server would store it.
  it('a message naming the GM as its author that a player created is no card, whatever its stats say', async () => {
    const { message, rogue } = await hitCard();
    const hp = sys(rogue).hp.value;
    const before = world();
    const flags = structuredClone(message.flags);
    const forge = (lastModifiedBy: string, seenBy: User | null) => {
      const fake = new HarnessChatMessage({
        type: 'base',
        content: '',
        author: gm.id,
        flags,
        _stats: { lastModifiedBy },
      });
      (game.messages as unknown as { set(m: ChatMessage): void }).set(fake as unknown as ChatMessage);
      // Its creation as the connected clients see it: made by Player (the server's user id).
      if (seenBy) broadcast('createChatMessage', fake, {}, seenBy.id);
      return fake as unknown as ChatMessage;
    };
    // Seen being created by Player, even with a last-writer stamp naming the GM.
    const seen = forge(gm.id as string, player);
    expect(seen.author?.isGM).toBe(true);
    // Made while no client of ours watched: the server's stamp names Player.
    const stamped = forge(player.id as string, null);
    for (const fake of [seen, stamped]) {
      expect(isGMMessage(fake)).toBe(false);
      refused(
        await forged(player, { messageId: fake.id, action: 'applyDamage', target: firstTarget(message).id }),
        /NoCard$/,
      );
    }
    expect(sys(rogue).hp.value).toBe(hp);
    // The GM's own card is still the GM's.
    expect(isGMMessage(message)).toBe(true);
    for (const fake of [seen, stamped]) await asClient(gm, () => fake.delete());
    expect(world()).toBe(before);
  });
});

/* ========================================================================================== */

describe("another player's actor", () => {
  it("Quick Stand, Bind wounds, starting an attack / grapple / maneuver with someone else's actor", async () => {
    const { fighter, rogue, rogueToken } = await table();
    h.as(gm);
    await rogue.toggleStatusEffect('prone', { active: true });
    await rogue.toggleStatusEffect('severe-bleeding', { active: true });
    await attackActionsSettled();
    const before = world();
    // Player (the fighter's) acts on the rogue (Other Player's).
    refused(
      await forged(player, { actorUuid: rogue.uuid }, QUICK_STAND_QUERY),
      'GNG.QuickStand.Error.NotOwner',
    );
    refused(
      await forged(player, { actorUuid: rogue.uuid }, BIND_WOUNDS_QUERY),
      'GNG.Bleeding.Error.NotOwner',
    );
    const rapier = rogue.items.find((i) => i.type === 'weapon') as Item;
    refused(
      await forged(player, {
        action: 'start',
        actorUuid: rogue.uuid,
        weaponId: rapier.id,
        targets: [{ tokenId: rogueToken.id, actorUuid: rogue.uuid }],
      }),
      'GNG.Error.Attack.NotAttackerOwner',
    );
    refused(
      await forged(
        player,
        { action: 'start', actorUuid: rogue.uuid, targetUuid: fighter.uuid, tokenId: null },
        GRAPPLE_QUERY,
      ),
      'GNG.Error.Attack.NotAttackerOwner',
    );
    refused(
      await forged(
        player,
        {
          action: 'start',
          actorUuid: rogue.uuid,
          maneuver: 'trip',
          targets: [{ actorUuid: fighter.uuid, tokenId: null }],
        },
        MANEUVER_QUERY,
      ),
      'GNG.Error.Attack.NotAttackerOwner',
    );
    expect(world()).toBe(before);
  });

  it("the defender's choices on an attack card are its owner's alone (Block, Roll with Blow, the AoO, the saves)", async () => {
    const { message } = await hitCard({ calledShots: ['stun'] });
    const before = world();
    const id = firstTarget(message).id;
    for (const action of [
      'block',
      'rollWithBlow',
      'attackOfOpportunity',
      'declineAttackOfOpportunity',
      'conditionSave',
      'penetrationSave',
      'strike',
      'riposte',
      'rollDefense',
      'setDefense',
      'undoAborts',
    ])
      refused(
        await forged(player, { messageId: message.id, action, target: id }),
        /NotAllowed$|BadRequest$|DefenseNumber$/,
      );
    // …and the attacker's steps the attacker's: the defender may not roll or apply the damage.
    for (const action of ['rollDamage', 'applyDamage', 'undoDamage'])
      refused(
        await forged(otherPlayer, { messageId: message.id, action, target: id }),
        'GNG.Error.Attack.NotAllowed',
      );
    expect(world()).toBe(before);
  });

  it("a grapple card's other side: its moves, its weapon, its answer", async () => {
    const g = await heldGrapple();
    const before = world();
    // Player owns the victim (defender): the grappler's side is not theirs.
    for (const [action, target, extra] of [
      ['damage', 'attacker', {}],
      ['pin', 'attacker', {}],
      ['weapon', 'attacker', { itemId: null }],
      ['escape', 'attacker', {}],
    ] as const)
      refused(
        await forged(player, { messageId: g.message.id, action, target, ...extra }, GRAPPLE_QUERY),
        /NotAllowed$|BadRequest$/,
      );
    // Unknown sides.
    for (const target of ['gm', '__proto__', 'defender ', 'constructor'])
      refused(
        await forged(player, { messageId: g.message.id, action: 'escape', target }, GRAPPLE_QUERY),
        /BadRequest$/,
      );
    expect(world()).toBe(before);
  });
});

/* ========================================================================================== */

describe("undoing someone else's step, re-rolling a lost roll", () => {
  it('a grapple step: not by the other side, not by the side that lost it', async () => {
    const g = await heldGrapple();
    // The grappler (Other Player) deals damage; the victim (Player) loses the check.
    h.as(otherPlayer);
    h.dice.queue(19);
    await click(g.message, 'damage');
    h.as(player);
    h.dice.queue(2, 3);
    await click(g.message, 'oppose');
    expect(grapple(g.message).steps.at(-1)).toMatchObject({ move: 'damage', won: true });
    const before = world();
    refused(await requestGrappleAction(g.message.id as string, 'undo'), 'GNG.Grapple.Error.UndoNotYours');
    refused(
      await forged(player, { messageId: g.message.id, action: 'undo', target: 'defender' }, GRAPPLE_QUERY),
      /BadRequest$/,
    );
    expect(world()).toBe(before);
    // The victim tries to escape and loses: only a GM undoes a lost check (the victim may not re-roll).
    h.as(player);
    h.dice.queue(1);
    await click(g.message, 'escape');
    h.as(otherPlayer);
    h.dice.queue(20);
    await click(g.message, 'oppose');
    expect(grapple(g.message).steps.at(-1)).toMatchObject({ move: 'escape', won: false });
    const after = world();
    h.as(player);
    refused(await requestGrappleAction(g.message.id as string, 'undo'), 'GNG.Grapple.Error.UndoLost');
    expect(world()).toBe(after);
  });

  it("an attack card's aborts and damage: the defender may not undo the damage, nobody but a GM the aborts", async () => {
    const { message, rogue } = await hitCard();
    h.as(otherPlayer);
    h.dice.queue(1); // a failed Block
    await click(message, 'block');
    h.as(player);
    h.dice.queue(6);
    await click(message, 'rollDamage');
    await click(message, 'applyDamage');
    const before = world();
    const id = firstTarget(message).id;
    for (const user of [player, otherPlayer])
      refused(
        await forged(user, { messageId: message.id, action: 'undoAborts', target: id }),
        'GNG.Error.Attack.NotAllowed',
      );
    refused(
      await forged(otherPlayer, { messageId: message.id, action: 'undoDamage', target: id }),
      'GNG.Error.Attack.NotAllowed',
    );
    expect(world()).toBe(before);
    expect(sys(rogue).hp.value).toBeLessThan(13);
  });

  it("area and maneuver cards: a player's Undo is refused; Bleeding's Undo is the GM's", async () => {
    const { fighter, rogue, rogueToken } = await table();
    h.as(gm);
    h.dice.queue(6, 6);
    const area = (await game.gng.areaDamage({
      damage: '2d6',
      saveDc: 15,
      targets: [rogue],
      cover: true,
    })) as ChatMessage;
    await click(area, 'applyDamage');
    h.as(player);
    h.target(player, rogueToken);
    h.dice.queue(20);
    const trip = (await game.gng.maneuver(fighter, 'trip', { targets: [rogue] })) as ChatMessage;
    const tripped = (maneuverState(trip)?.targets[0] as { id: string }).id;
    // The rogue's owner answers first: no Maintain Footing (Apply waits for the answer).
    h.as(otherPlayer);
    await requestManeuverAction(trip.id as string, 'declineFooting', tripped);
    h.as(player);
    await requestManeuverAction(trip.id as string, 'applyManeuver', tripped);
    expect(rogue.statuses.has('prone')).toBe(true);
    const before = world();
    const areaTarget = (areaState(fresh(area))?.targets[0] as { id: string }).id;
    refused(
      await forged(otherPlayer, { messageId: area.id, action: 'undoDamage', target: areaTarget }, AREA_QUERY),
      'GNG.Area.Error.NotAllowed',
    );
    refused(
      await forged(
        otherPlayer,
        { messageId: area.id, action: 'applyDamage', target: areaTarget },
        AREA_QUERY,
      ),
      'GNG.Area.Error.NotAllowed',
    );
    const tripTarget = (maneuverState(fresh(trip))?.targets[0] as { id: string }).id;
    refused(
      await forged(
        otherPlayer,
        { messageId: trip.id, action: 'undoManeuver', target: tripTarget },
        MANEUVER_QUERY,
      ),
      'GNG.Maneuver.Error.NotAllowed',
    );
    expect(world()).toBe(before);
  });

  it("the bleeding save is rolled once; its Undo is the GM's (the player may not re-roll a failed save)", async () => {
    const { fighter, combat } = await table();
    h.as(gm);
    await fighter.toggleStatusEffect('severe-bleeding');
    await attackActionsSettled();
    await (combat as HarnessCombat).nextRound();
    await attackActionsSettled();
    const card = game.messages.contents.filter((m) => bleedingCardOf(m)).at(-1) as ChatMessage;
    expect(card).toBeTruthy();
    h.as(player);
    h.dice.queue(1);
    expect(await requestBleedingSave(card.id as string)).toMatchObject({ ok: true });
    const before = world();
    refused(await requestBleedingSave(card.id as string), 'GNG.Bleeding.Error.Done');
    refused(
      await forged(player, { messageId: card.id, action: 'bleedingUndo', target: 'actor' }, BLEEDING_QUERY),
      'GNG.Bleeding.Error.UndoGM',
    );
    expect(world()).toBe(before);
  });

  // Was (medium): the attacker's Undo of Apply also wipes the defender's own step that came after it
  // — the Fortitude save the defender MADE against the called shot (called-shots.ts `undoCalledShot`
  // sets `condition = null`; the same for a strike's save/check, strikes.ts `undoStrike`). After the
  // attacker's Apply again, the card offers the save once more: the attacker turns a save it lost into
  // a re-roll (the grapple card keeps the loser's dice for exactly this, G16; the attack card does not).
  it("the attacker's Undo + Apply does not take away the defender's successful save", async () => {
    const { message, rogue } = await hitCard({ calledShots: ['stun'] });
    h.as(otherPlayer);
    await click(message, 'declineAttackOfOpportunity');
    h.as(player);
    h.dice.queue(6);
    await click(message, 'rollDamage');
    await click(message, 'applyDamage');
    h.as(otherPlayer);
    h.dice.queue(20); // the rogue's Fortitude save: a natural 20, saved
    await click(message, 'conditionSave');
    const saved = firstTarget(message).calledShot?.condition?.save;
    expect(saved).toMatchObject({ natural: 20, success: true });
    expect(rogue.statuses.has('stunned')).toBe(false);
    // The attacker undoes its Apply and applies again.
    h.as(player);
    await requestCardAction(message.id as string, 'undoDamage', firstTarget(message).id);
    await requestCardAction(message.id as string, 'applyDamage', firstTarget(message).id);
    // Safe: the defender's save stands (or the Undo was refused once the defender had saved).
    expect(firstTarget(message).calledShot?.condition?.save).toEqual(saved);
    h.as(otherPlayer);
    expect(visibleButtons(message)).not.toContain('conditionSave');
  });
});

/* ========================================================================================== */

describe('attacks of opportunity', () => {
  it('the attacker may neither skip nor decline the AoO of a called shot or a grapple', async () => {
    const { message } = await hitCard({ calledShots: ['stun'] });
    const id = firstTarget(message).id;
    const before = world();
    refused(
      await forged(player, { messageId: message.id, action: 'rollDamage', target: id }),
      'GNG.Error.Attack.Unavailable.rollDamage',
    );
    refused(
      await forged(player, { messageId: message.id, action: 'declineAttackOfOpportunity', target: id }),
      'GNG.Error.Attack.NotAllowed',
    );
    expect(world()).toBe(before);
    const g = await grappleCard();
    const grappleBefore = world();
    h.as(otherPlayer);
    refused(await requestGrappleAction(g.message.id as string, 'touch'), 'GNG.Grapple.Error.AooPending');
    refused(await requestGrappleAction(g.message.id as string, 'declineAoo'), 'GNG.Grapple.Error.NotAllowed');
    refused(
      await forged(
        otherPlayer,
        { messageId: g.message.id, action: 'declineAoo', target: 'attacker' },
        GRAPPLE_QUERY,
      ),
      /BadRequest$/,
    );
    expect(world()).toBe(grappleBefore);
  });
});

/* ========================================================================================== */

describe('one attack, one defender', () => {
  // Was (medium): the attack start accepts any token id for a target (it is never checked against the
  // actor's tokens, unlike the grapple and maneuver starts) and only the token ids must differ — so one
  // attack roll can name the same defender twice under invented token ids, and Apply on each target
  // deals the damage twice (attack-start.ts `parseTargets` / `targetOf`).
  it('one attack roll deals its damage to one defender once (not twice under an invented token id)', async () => {
    const { fighter, rogue, rogueToken } = await table();
    await rogue.update({ 'system.hp.value': 60, 'system.hp.max': 60 });
    const result = await forged(player, {
      action: 'start',
      actorUuid: fighter.uuid,
      weaponId: sword(fighter).id,
      targets: [
        { tokenId: rogueToken.id, actorUuid: rogue.uuid },
        { tokenId: 'invented', actorUuid: rogue.uuid },
      ],
    });
    if (!result.ok) {
      refused(result, /BadRequest$|UnknownTarget$|DuplicateTarget$/);
      return;
    }
    // Accepted: play it out — the GM rolls each "target's" Defense, the player rolls and applies.
    const message = game.messages.get(result.messageId as string) as ChatMessage;
    const hp = sys(rogue).hp.value;
    const dealt: number[] = [];
    for (const t of attackState(message).targets) {
      h.as(gm);
      h.dice.queue(1);
      await requestCardAction(message.id as string, 'rollDefense', t.id);
      h.as(player);
      h.dice.queue(5);
      await requestCardAction(message.id as string, 'rollDamage', t.id);
      await requestCardAction(message.id as string, 'applyDamage', t.id);
      dealt.push(attackState(message).targets.find((x) => x.id === t.id)?.applied?.hpLost ?? 0);
    }
    expect(attackState(message).targets.map((t) => t.actorUuid)).toEqual([rogue.uuid, rogue.uuid]);
    // Safe: the rogue lost at most one hit's HP.
    expect(hp - sys(rogue).hp.value).toBe(dealt[0]);
  });
});

/* ========================================================================================== */

describe('what the GM relies on, stored where the player writes', () => {
  // Was (medium): the action budget (aborts spent, Quick Stand once per round) and the trauma mark
  // live in `flags.gng.*` of the actor's COMBATANT (combat/action-budget.ts), and the actor's owners
  // own its combatant (Foundry: a player updates its own combatant, e.g. its initiative). A hostile
  // player resets its own budget: Quick Stand again in the same round, Block / Roll with Blow beyond
  // what its actions allow. The architecture promises state "stored where only a GM writes".
  it("a player cannot give its actor back the round's Quick Stand by rewriting its combatant", async () => {
    const { rogue } = await table();
    h.as(gm);
    await rogue.toggleStatusEffect('prone', { active: true });
    h.as(otherPlayer);
    h.dice.queue(1); // the Tumble check fails: still prone, Quick Stand used for the round
    expect(await game.gng.quickStand(rogue)).toMatchObject({ ok: true });
    expect(budgetOf(rogue)?.quickStandUsed).toBe(true);
    refused(await game.gng.quickStand(rogue), 'GNG.QuickStand.Error.AlreadyUsed');
    // Other Player's own client writes its own combatant.
    const combatant = combatantOf(rogue) as Combatant;
    let write: unknown = null;
    try {
      await combatant.update({ 'flags.gng.budget': null });
    } catch (error) {
      write = error;
    }
    h.dice.queue(20);
    const again = await game.gng.quickStand(rogue);
    // Safe: the write was refused, or the GM's handler did not believe it.
    if (write === null) refused(again, 'GNG.QuickStand.Error.AlreadyUsed');
    expect(rogue.statuses.has('prone')).toBe(true);
  });
});

describe('pressing twice, or at once', () => {
  it('Apply pressed twice at once: one lands, the other is refused', async () => {
    const { message, rogue } = await hitCard();
    h.as(player);
    h.dice.queue(6);
    await click(message, 'rollDamage');
    const hp = sys(rogue).hp.value;
    const id = firstTarget(message).id;
    await onlyOnce(
      [
        requestCardAction(message.id as string, 'applyDamage', id),
        requestCardAction(message.id as string, 'applyDamage', id),
        forged(player, { messageId: message.id, action: 'applyDamage', target: id }),
      ],
      'GNG.Error.Attack.Unavailable.applyDamage',
    );
    expect(sys(rogue).hp.value).toBe(hp - (firstTarget(message).damage?.lethal as number));
  });

  it("the defender's Block pressed twice at once: taken (and paid) once", async () => {
    const { message, rogue } = await hitCard();
    h.as(otherPlayer);
    h.dice.queue(1, 1);
    const id = firstTarget(message).id;
    await onlyOnce([
      requestCardAction(message.id as string, 'block', id),
      requestCardAction(message.id as string, 'block', id),
    ]);
    expect(firstTarget(message).aborts?.block).toBeTruthy();
    expect(budgetOf(rogue)).toMatchObject({ move: false });
  });

  it('a grapple answer pressed twice at once resolves one check', async () => {
    const g = await heldGrapple();
    h.as(otherPlayer);
    h.dice.queue(19);
    await click(g.message, 'damage');
    const steps = grapple(g.message).steps.length;
    h.as(player);
    h.dice.queue(2, 3);
    await onlyOnce(
      [
        requestGrappleAction(g.message.id as string, 'oppose'),
        requestGrappleAction(g.message.id as string, 'oppose'),
      ],
      /Grapple\.Error\.(NotAllowed|Unavailable\.oppose)$/,
    );
    expect(grapple(g.message).steps).toHaveLength(steps + 1);
  });

  it("two players' requests on one actor at once (a Trip's Apply and Quick Stand): run one after the other", async () => {
    const { fighter, rogue, rogueToken } = await table();
    await withFeats(rogue, []);
    h.as(player);
    h.target(player, rogueToken);
    h.dice.queue(20);
    const trip = (await game.gng.maneuver(fighter, 'trip', { targets: [rogue] })) as ChatMessage;
    const id = (maneuverState(trip)?.targets[0] as { id: string }).id;
    h.as(otherPlayer);
    await requestManeuverAction(trip.id as string, 'declineFooting', id);
    h.as(player);
    h.dice.queue(20);
    const [applied, stood] = await Promise.all([
      requestManeuverAction(trip.id as string, 'applyManeuver', id),
      forged(otherPlayer, { actorUuid: rogue.uuid }, QUICK_STAND_QUERY),
    ]);
    expect(applied.ok).toBe(true);
    // Quick Stand waited for the Trip: it found the rogue prone and stood up (or was refused by the state).
    if (stood.ok) expect(rogue.statuses.has('prone')).toBe(false);
    else refused(stood);
  });
});

/* ========================================================================================== */

describe('what a player writes into its own documents reaches the cards escaped', () => {
  it('an actor named with HTML is shown as text on the GM-written cards', async () => {
    const { fighter, rogue, rogueToken } = await table();
    const evil = '<img src=x onerror="alert(1)">';
    const weapon = sword(fighter);
    h.as(player);
    await fighter.update({ name: evil });
    await weapon.update({ name: evil });
    h.as(otherPlayer);
    await rogue.update({ name: evil });
    const message = await fighterAttacks(fighter, rogueToken);
    h.as(gm);
    await rogue.toggleStatusEffect('prone', { active: true });
    h.as(otherPlayer);
    h.dice.queue(20);
    await game.gng.quickStand(rogue);
    for (const m of [fresh(message), game.messages.contents.at(-1) as ChatMessage]) {
      expect(m.content).not.toContain('<img');
      expect(m.content).toContain('&lt;img');
    }
  });
});

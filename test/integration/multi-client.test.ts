/**
 * Two players and a GM, each on a client of their own, play through the real v13 query shape: every
 * player's click reaches the GM's client as `User#query(name, data)` whose handler gets the data and
 * `{ timeout }` only, and the GM's client proves the sender by asking the claimed user's client. No
 * test here hands a handler its sender. Also: two requests racing on one actor (Quick Stand twice,
 * two cards applying damage to one actor at once) run one after the other.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness, HarnessUser, type HarnessCombat } from '../harness/index.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import { cardHelpers } from '../fixtures/cards.js';
import { attackActionsSettled, requestCardAction } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import { areaState, requestAreaAction } from '../../src/cards/area/area-actions.js';
import { quickStand } from '../../src/cards/quick-stand/quick-stand-steps.js';
import { grappleState, requestGrappleAction } from '../../src/cards/grapple/grapple-ask.js';
import { budgetOf } from '../../src/combat/action-budget.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
const { click } = cardHelpers(h);

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const state = (message: ChatMessage) => cardState(game.messages.get(message.id as string)) as AttackCardState;
const target = (message: ChatMessage) => state(message).targets[0] as CardTarget;
const sword = (actor: Actor) => actor.items.find((i) => i.name === 'Bastard sword') as Item;

/** Every query sent in the world: from whose client, to whom, which query, and the handler's options. */
interface Sent {
  from: string;
  to: string;
  name: string;
}
const sent: Sent[] = [];
const optionsSeen: unknown[] = [];
const original = HarnessUser.prototype.query;
const handlers = new Map<string, QueryHandler>();

beforeEach(() => {
  h.reset(77);
  sent.length = 0;
  optionsSeen.length = 0;
  HarnessUser.prototype.query = function (this: User, name, data, options) {
    sent.push({ from: game.user.name, to: this.name, name });
    return original.call(this as HarnessUser, name, data, options);
  };
  // Record what each handler receives as its second argument (the v13 shape: `{ timeout }`).
  for (const [name, handler] of Object.entries(CONFIG.queries)) {
    handlers.set(name, handler);
    CONFIG.queries[name] = (data, options) => {
      optionsSeen.push(options);
      return handler(data, options);
    };
  }
});

afterEach(() => {
  HarnessUser.prototype.query = original;
  for (const [name, handler] of handlers) CONFIG.queries[name] = handler;
  expect([...h.i18n.missing]).toEqual([]);
});

/** The fighter (Player's) and the rogue (Other Player's, Tumble 4 ranks), in combat. */
async function table() {
  const fighter = await appendix3Fighter(h, player);
  const rogue = await appendix3Rogue(h, otherPlayer);
  await rogue.update({ 'system.skills.tumble.ranks': 4 });
  const combat = h.startCombat([fighter, rogue]) as HarnessCombat;
  await combat.begin();
  const rogueToken = h.placeToken(rogue);
  return { fighter, rogue, rogueToken };
}

describe('three clients through the real query shape', () => {
  it("the README's exchange: attack, Roll Defense, a failed Block, Roll damage, Roll with Blow, Apply, Undo", async () => {
    const { fighter, rogue, rogueToken } = await table();
    const hp = sys(rogue).hp.value;
    h.as(player);
    h.target(player, rogueToken);
    h.dice.queue(12);
    const message = (await game.gng.attack(fighter, sword(fighter))) as ChatMessage;
    // The GM's client rolled and posted it, speaking as the fighter.
    expect(message.author?.id).toBe(gm.id);
    expect(message.speaker.actor).toBe(fighter.id);
    h.as(otherPlayer);
    h.dice.queue(3);
    await click(message, 'rollDefense');
    expect(target(message).result?.hit).toBe(true);
    h.dice.queue(1); // a failed Block
    await click(message, 'block');
    expect(target(message).aborts?.block?.blocked).toBe(false);
    h.as(player);
    h.dice.queue(6);
    await click(message, 'rollDamage');
    const lethal = target(message).damage?.lethal as number;
    h.as(otherPlayer);
    h.dice.queue(20); // Roll with Blow converts what the Tumble total beats
    await click(message, 'rollWithBlow');
    const afterBlow = target(message).damage as NonNullable<CardTarget['damage']>;
    expect(afterBlow.nonlethal).toBeGreaterThan(0);
    expect(afterBlow.lethal + afterBlow.nonlethal).toBe(lethal);
    h.as(player);
    await click(message, 'applyDamage');
    expect(sys(rogue).hp.value).toBe(hp - afterBlow.lethal);
    await click(message, 'undoDamage');
    expect(sys(rogue).hp.value).toBe(hp);
    // The Block and the Roll with Blow stay: the attacker's Undo takes back its own step only.
    expect(target(message).aborts?.block).toBeTruthy();
    expect(budgetOf(rogue)).toMatchObject({ move: false, attack: false });

    // Every player's request reached the GM's client as a query, and the GM asked that player's
    // client to confirm it: one confirmation per request, always to the user who sent it.
    const requests = sent.filter((q) => q.name === 'gng.attackAction');
    const confirmations = sent.filter((q) => q.name === 'gng.confirmRequest');
    expect(requests.map((q) => `${q.from}→${q.to}`)).toEqual([
      'Player→Gamemaster', // the attack
      'Other Player→Gamemaster',
      'Other Player→Gamemaster',
      'Player→Gamemaster',
      'Other Player→Gamemaster',
      'Player→Gamemaster',
      'Player→Gamemaster',
    ]);
    expect(confirmations.map((q) => `${q.from}→${q.to}`)).toEqual(
      requests.map((q) => `Gamemaster→${q.from}`),
    );
    // No handler was ever told who sent its query.
    expect(optionsSeen.length).toBeGreaterThan(0);
    for (const options of optionsSeen) expect(Object.keys(options as object)).toEqual(['timeout']);
  });

  it('a called shot: the attack of opportunity offered to the defender only, declined, then damage and the save', async () => {
    const { fighter, rogue, rogueToken } = await table();
    h.as(player);
    h.target(player, rogueToken);
    h.dice.queue(19);
    const message = (await game.gng.attack(fighter, sword(fighter), {
      calledShots: ['stun'],
    })) as ChatMessage;
    h.as(otherPlayer);
    h.dice.queue(2);
    await click(message, 'rollDefense');
    h.as(player);
    // The damage waits for the rogue's player to take or decline the attack of opportunity.
    const early = await requestCardAction(message.id as string, 'rollDamage', target(message).id);
    expect(early).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.rollDamage' });
    const stolen = await requestCardAction(
      message.id as string,
      'declineAttackOfOpportunity',
      target(message).id,
    );
    expect(stolen).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAllowed' });
    h.as(otherPlayer);
    await click(message, 'declineAttackOfOpportunity');
    expect(target(message).calledShot?.aooDeclinedBy).toBe(otherPlayer.id);
    h.as(player);
    h.dice.queue(5);
    await click(message, 'rollDamage');
    await click(message, 'applyDamage');
    h.as(otherPlayer);
    h.dice.queue(1); // the Fortitude save fails
    await click(message, 'conditionSave');
    expect(rogue.statuses.has('stunned')).toBe(true);
  });

  it("a grapple: the rogue's player lets the attack of opportunity go, the touch attack, the hold, damage", async () => {
    const { fighter, rogue, rogueToken } = await table();
    h.as(player);
    h.target(player, rogueToken);
    const message = (await game.gng.grapple(fighter)) as ChatMessage;
    await attackActionsSettled();
    expect(message.author?.id).toBe(gm.id);
    // The grappler waits for the attack of opportunity, which only the rogue's player may decline.
    expect(await requestGrappleAction(message.id as string, 'declineAoo')).toMatchObject({ ok: false });
    h.as(otherPlayer);
    await click(message, 'declineAoo');
    h.as(player);
    h.dice.queue(18);
    await click(message, 'touch');
    h.as(otherPlayer);
    h.dice.queue(2, 17); // the rogue's touch Defense (2), then the fighter's hold check rolls (17)
    await click(message, 'oppose');
    h.dice.queue(3);
    await click(message, 'oppose');
    const state = grappleState(game.messages.get(message.id as string));
    expect(state?.phase).toBe('grappling');
    expect(fighter.statuses.has('grappling') && rogue.statuses.has('grappling')).toBe(true);
    const hp = sys(rogue).hp.value;
    h.as(player);
    h.dice.queue(19);
    await click(message, 'damage');
    h.as(otherPlayer);
    h.dice.queue(2, 3);
    await click(message, 'oppose');
    expect(sys(rogue).hp.value).toBeLessThan(hp);
    // The rogue's player lost the check and may not undo it (and roll again).
    expect(await requestGrappleAction(message.id as string, 'undo')).toMatchObject({ ok: false });
    expect(sent.filter((q) => q.name === 'gng.grappleAction').every((q) => q.to === 'Gamemaster')).toBe(true);
    for (const options of optionsSeen) expect(Object.keys(options as object)).toEqual(['timeout']);
  });

  it("an area attack: the GM's card, the players' Reflex save and Dive for Cover, the GM's Apply", async () => {
    const { rogue } = await table();
    h.as(gm);
    h.dice.queue(6, 6);
    const message = (await game.gng.areaDamage({
      damage: '2d6',
      saveDc: 15,
      targets: [rogue],
      cover: true,
    }))!;
    const id = (areaState(message)?.targets[0] as { id: string }).id;
    h.as(otherPlayer);
    h.dice.queue(1);
    await click(message, 'rollSave');
    h.dice.queue(19);
    await click(message, 'diveForCover');
    expect(areaState(game.messages.get(message.id as string))?.targets[0]?.dive?.converted).toBeGreaterThan(
      0,
    );
    // A player may not apply the GM's area damage.
    const refused = await requestAreaAction(message.id as string, 'applyDamage', id);
    expect(refused).toMatchObject({ ok: false, error: 'GNG.Area.Error.NotAllowed' });
    h.as(gm);
    const hp = sys(rogue).hp.value;
    await click(message, 'applyDamage');
    expect(sys(rogue).hp.value).toBeLessThan(hp);
    expect(sent.some((q) => q.name === 'gng.areaAction' && q.from === 'Other Player')).toBe(true);
  });
});

describe('races on one actor', () => {
  it('two Quick Stand requests at once: one stands, the other is refused, one roll', async () => {
    const { rogue } = await table();
    h.as(gm);
    await rogue.toggleStatusEffect('prone', { active: true });
    h.as(otherPlayer);
    h.dice.queue(20);
    const [a, b] = await Promise.all([quickStand(rogue), quickStand(rogue)]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect(rogue.statuses.has('prone')).toBe(false);
    expect(game.messages.contents.filter((m) => m.type === 'quickStand')).toHaveLength(1);
    expect(h.dice.queued).toEqual([]);
  });

  it('two cards applying damage to one actor at once: both land, nothing is lost', async () => {
    const { fighter, rogue, rogueToken } = await table();
    h.as(player);
    h.target(player, rogueToken);
    const cards: ChatMessage[] = [];
    for (const natural of [15, 16]) {
      h.dice.queue(natural);
      cards.push((await game.gng.attack(fighter, sword(fighter))) as ChatMessage);
    }
    h.as(gm);
    for (const card of cards) {
      h.dice.queue(1, 3);
      await click(card, 'rollDefense');
      await click(card, 'rollDamage');
    }
    const hp = sys(rogue).hp.value;
    const total = cards.reduce((sum, card) => sum + (target(card).damage?.lethal as number), 0);
    // Both Applies start before either finishes.
    const results = await Promise.all(
      cards.map((card) => requestCardAction(card.id as string, 'applyDamage', target(card).id)),
    );
    await attackActionsSettled();
    expect(results.every((r) => r.ok)).toBe(true);
    expect(sys(rogue).hp.value).toBe(hp - total);
    // Undo of the first card keeps the second card's damage.
    await requestCardAction(cards[0]!.id as string, 'undoDamage', target(cards[0]!).id);
    expect(sys(rogue).hp.value).toBe(hp - (target(cards[1]!).damage?.lethal as number));
  });
});

describe("a card's decoration", () => {
  it("touches only the card's own content: core's controls in the message header stay", async () => {
    const { fighter, rogueToken } = await table();
    h.as(player);
    h.target(player, rogueToken);
    h.dice.queue(12);
    const message = (await game.gng.attack(fighter, sword(fighter))) as ChatMessage;
    const li = h.window.document.createElement('li');
    li.innerHTML =
      '<header class="message-header"><a data-action="deleteMessage" aria-label="Delete">x</a></header>' +
      `<div class="message-content">${message.content}</div>`;
    const html = li as unknown as HTMLElement;
    Hooks.callAll('renderChatMessageHTML', message, html, {});
    expect(html.querySelector('[data-action="deleteMessage"]')).not.toBeNull();
    // The fighter's player sees no Roll Defense (the rogue's owner rolls it).
    expect(html.querySelector('.message-content [data-action="rollDefense"]')).toBeNull();
  });

  it('says so when no GM is connected, and a click is refused with the reason', async () => {
    const { fighter, rogueToken } = await table();
    h.as(player);
    h.target(player, rogueToken);
    h.dice.queue(12);
    const message = (await game.gng.attack(fighter, sword(fighter))) as ChatMessage;
    (gm as unknown as { active: boolean }).active = false;
    try {
      h.as(otherPlayer);
      const html = h.renderMessage(message);
      expect(html.querySelector('.gng-no-gm')?.textContent).toBe(
        "No GM is connected: this card's buttons need one, and do nothing until a GM joins.",
      );
      const result = await requestCardAction(message.id as string, 'rollDefense', target(message).id);
      expect(result).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NoGM' });
      expect(h.notices.at(-1)?.message).toBe('No GM is connected: card actions need one.');
      expect(target(message).defense).toBeNull();
    } finally {
      (gm as unknown as { active: boolean }).active = true;
    }
  });
});

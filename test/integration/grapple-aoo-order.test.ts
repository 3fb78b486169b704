/**
 * Issue #28 ("Rules loose ends"): the grapple card waits for the defender's attack of opportunity to
 * be resolved — a miss, or its damage applied — not only taken (core "Starting a Grapple": "If the
 * attack of opportunity deals the character damage, the character fails to start the grapple").
 * Tokens stand on the default grid (100 px per 5 ft).
 */
import { describe, expect, it } from 'vitest';
import { cardHelpers, content } from '../fixtures/cards.js';
import { tokenHelpers } from '../fixtures/tokens.js';
import { useErrorGuard, refused } from '../fixtures/hostile.js';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import {
  grappleState,
  requestGrappleAction,
  type GrappleCardState,
} from '../../src/cards/grapple/grapple-ask.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { click, visibleButtons, waiting } = cardHelpers(h);
const { gm, player, otherPlayer } = h.users;

useErrorGuard(h, 2828);

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const lastNotice = () => h.notices.at(-1)?.message;
const attackOf = (message: ChatMessage) => cardState(fresh(message)) as AttackCardState;
const attackTarget = (message: ChatMessage) => attackOf(message).targets[0] as CardTarget;

const DAGGER = {
  name: 'Dagger',
  type: 'weapon',
  system: { category: 'simple', use: 'light', damage: { medium: '1d4' }, equipped: true },
};

const { place } = tokenHelpers(h);

/** `player`'s dagger on `actor` (the item). */
const daggerOf = (actor: Actor) => actor.items.find((item) => item.name === 'Dagger') as Item;

describe("the grapple waits for the defender's attack of opportunity to be resolved", () => {
  const grapple = (message: ChatMessage) => grappleState(fresh(message)) as GrappleCardState;

  /**
   * `otherPlayer`'s grappler (Str 14, BAB 0: touch attack +6, 10 HP) at (0, 0) and `player`'s victim
   * (Str 10, 30 HP, a dagger) at (1, 0); the grappler starts; the victim's owner takes the AoO.
   */
  async function grabTaken() {
    h.as(gm);
    const grappler = await h.createActor(
      { name: 'Grappler', type: 'npc', system: { abilities: { str: { value: 14 } }, hp: { value: 10 } } },
      otherPlayer,
    );
    const victim = await h.createActor(
      { name: 'Victim', type: 'npc', system: { abilities: { con: { value: 30 } }, hp: { value: 30 } } },
      player,
    );
    await victim.createEmbeddedDocuments('Item', [DAGGER]);
    const grapplerToken = await place(grappler, 0, 0);
    const victimToken = await place(victim, 1, 0);
    h.as(otherPlayer);
    h.target(otherPlayer, victimToken);
    const message = (await game.gng.grapple(grappler)) as ChatMessage;
    await attackActionsSettled();
    h.as(player);
    await click(message, 'aoo');
    return { grappler, victim, grapplerToken, message };
  }

  /** The victim's dagger attack against the grappler (d20 `natural`), as its owner makes it. */
  async function victimAttacks(victim: Actor, grapplerToken: Token, natural: number): Promise<ChatMessage> {
    h.as(player);
    h.target(player, grapplerToken);
    h.dice.queue(natural);
    const attack = (await game.gng.attack(victim, daggerOf(victim), {})) as ChatMessage;
    await attackActionsSettled();
    expect(attack).toBeTruthy();
    return attack;
  }

  it('Touch is refused, with the reason in words, until the taken attack of opportunity misses', async () => {
    const { grappler, victim, grapplerToken, message } = await grabTaken();
    // Taken, but no attack made yet: the grappler may not go on.
    h.as(otherPlayer);
    // No Touch button until then (issue #33): the card says what it waits for.
    expect(visibleButtons(message)).not.toContain('touch');
    expect(visibleButtons(message)).not.toContain('touch:disabled');
    expect(waiting(message)).toContain(
      "Waiting for Victim's attack of opportunity to be resolved (a miss, or its damage applied); Grappler's touch attack comes after it.",
    );
    refused(await requestGrappleAction(message.id as string, 'touch'), 'GNG.Grapple.Error.AooUnresolved');
    expect(lastNotice()).toBe(
      "Not yet: Victim's attack of opportunity is not resolved; the touch attack waits until it misses or its damage is applied.",
    );
    expect(grapple(message)).toMatchObject({ phase: 'grab', pending: null, steps: [] });
    // The victim's dagger attack (d20 3 + 0 = 3) names the grappler: the card links it.
    const attack = await victimAttacks(victim, grapplerToken, 3);
    expect(grapple(message).aoo?.messageId).toBe(attack.id);
    h.as(otherPlayer);
    refused(await requestGrappleAction(message.id as string, 'touch'), 'GNG.Grapple.Error.AooUnresolved');
    // The grappler's Defense (d20 10 + 0) beats 3: a miss resolves the attack of opportunity.
    h.dice.queue(10);
    await click(attack, 'rollDefense');
    expect(attackTarget(attack).result).toMatchObject({ hit: false });
    expect(content(message)).not.toContain('The touch attack waits');
    expect(content(message)).toContain('Victim takes the attack of opportunity against Grappler');
    expect(visibleButtons(message)).toContain('touch');
    // Now the touch attack is rolled: BAB 0 + Str 2 + 4 = +6.
    h.dice.queue(15);
    await click(message, 'touch');
    expect(grapple(message).pending).toMatchObject({ move: 'touch', roll: { natural: 15, total: 21 } });
    expect(sys(grappler).hp.value).toBe(10);
  });

  it('a hit waits for its damage to be applied; then the grapple fails, as the text says', async () => {
    const { grappler, victim, grapplerToken, message } = await grabTaken();
    const attack = await victimAttacks(victim, grapplerToken, 19); // 19 vs the grappler's 2: a hit
    h.as(otherPlayer);
    h.dice.queue(2);
    await click(attack, 'rollDefense');
    expect(attackTarget(attack).result).toMatchObject({ hit: true });
    // Hit, damage not applied yet: still waiting.
    refused(await requestGrappleAction(message.id as string, 'touch'), 'GNG.Grapple.Error.AooUnresolved');
    h.as(player);
    h.dice.queue(3);
    await click(attack, 'rollDamage');
    refused(
      await (async () => {
        h.as(otherPlayer);
        return requestGrappleAction(message.id as string, 'touch');
      })(),
      'GNG.Grapple.Error.AooUnresolved',
    );
    h.as(player);
    await click(attack, 'applyDamage');
    expect(sys(grappler).hp.value).toBeLessThan(10);
    // Resolved with damage: "If the attack of opportunity deals the character damage, the character
    // fails to start the grapple" (nothing rolled).
    h.as(otherPlayer);
    h.dice.queue(20);
    await click(message, 'touch');
    expect(grapple(message).steps[0]).toMatchObject({ move: 'touch', won: false, reason: 'aooDamage' });
    expect(grapple(message).phase).toBe('ended');
    expect(h.dice.queued).toEqual([20]);
    h.dice.queued.splice(0);
  });

  it('taken but never made: its owner (or the GM) may still give it up, and the grappler goes on', async () => {
    const { message } = await grabTaken();
    h.as(otherPlayer);
    // The grappler cannot give up the defender's attack of opportunity for it.
    refused(await requestGrappleAction(message.id as string, 'declineAoo'), 'GNG.Grapple.Error.NotAllowed');
    h.as(player);
    expect(visibleButtons(message)).toContain('declineAoo');
    await click(message, 'declineAoo');
    expect(grapple(message)).toMatchObject({ aoo: null, aooDeclinedBy: player.id });
    expect(content(message)).toContain('Victim makes no attack of opportunity.');
    h.as(otherPlayer);
    h.dice.queue(15);
    await click(message, 'touch');
    expect(grapple(message).pending).toMatchObject({ move: 'touch', roll: { natural: 15 } });
  });

  it('once an attack is linked it cannot be given up; an attack of someone else links nothing', async () => {
    const { victim, grapplerToken, message } = await grabTaken();
    // A stranger's attack on the grappler is not the victim's attack of opportunity.
    h.as(gm);
    const stranger = await h.createActor({ name: 'Stranger', type: 'npc' });
    await stranger.createEmbeddedDocuments('Item', [DAGGER]);
    await place(stranger, 0, 1);
    h.target(gm, grapplerToken);
    h.dice.queue(5);
    await game.gng.attack(stranger, daggerOf(stranger), {});
    await attackActionsSettled();
    expect(grapple(message).aoo?.messageId ?? null).toBeNull();
    await victimAttacks(victim, grapplerToken, 4);
    const linked = grapple(message).aoo?.messageId;
    expect(linked).toBeTruthy();
    refused(
      await requestGrappleAction(message.id as string, 'declineAoo'),
      'GNG.Grapple.Error.Unavailable.declineAoo',
    );
    expect(grapple(message).aoo?.messageId).toBe(linked);
  });
});

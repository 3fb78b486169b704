/**
 * A multiple target burst's hits go through the attack card's damage step (issue #28): the target's
 * Protection, damage reduction and energy resistance and the weapon's Appendix 6 properties, one hit
 * at a time (docs/rules.md "Bursts and suppressing fire: DR, energy resistance and properties").
 *
 * GnG v4.0 DAMAGE: "Weapon Damage + Relative Degree – Opponent's Protection. Apply the effects of
 * Damage Reduction and Energy Resistance after you apply the results of this formula." MULTIPLE
 * TARGET BURST: "If the attack hits, one shot strikes the target and inflicts normal damage. You may
 * not apply Relative Degree". SRD "Overcoming DR": "energy attacks (even nonmagical fire) ignore
 * damage reduction".
 *
 * The shooter: an NPC owned by Player, Dex 10 and no class (ranged attack +0), a 2d6 gun with auto
 * fire (range increment 50 ft). The target, 10 ft east: 30 HP, Defense +0, natural armor 2
 * (Protection 2), and — where said — DR 5/magic and fire resistance 3. Each hit's 2d6 are rolled 4
 * and 5 (9). The attack card's hit with the same weapon: Defense rolled equal to the attack (RD 0,
 * as a burst has none), the same 4 and 5.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardHelpers } from '../fixtures/cards.js';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { burstState, requestBurstAction, type BurstCardState } from '../../src/cards/burst/burst-actions.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { click } = cardHelpers(h);
const { gm, player } = h.users;
beforeEach(() => h.reset(28));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const burstOf = (message: ChatMessage) => burstState(fresh(message)) as BurstCardState;
const cardTarget = (message: ChatMessage) =>
  (cardState(fresh(message)) as AttackCardState).targets[0] as CardTarget;

const RESISTANT = { dr: '5/magic', energy: { fire: 3 } };

async function shooter(damageTypes: string[]): Promise<{ actor: Actor; gun: Item }> {
  h.as(gm);
  const actor = await h.createActor(
    { name: 'Gunner', type: 'npc', system: { abilities: { con: { value: 30 } }, hp: { value: 30 } } },
    player,
  );
  const [gun] = await actor.createEmbeddedDocuments('Item', [
    {
      name: 'Test SMG',
      type: 'weapon',
      system: {
        category: 'simple',
        use: 'ranged',
        damage: { medium: '2d6' },
        damageTypes,
        rangeIncrement: 50,
        strength: 'none',
        equipped: true,
        firearm: { fireModes: ['single', 'auto'], capacity: 60, ammunition: 60, barrels: 1 },
      },
    },
  ]);
  const token = h.placeToken(actor);
  await (token.document as unknown as { update(c: Record<string, number>): Promise<unknown> }).update({
    x: 0,
    y: 0,
  });
  return { actor, gun: gun as Item };
}

/** The target, its token two squares east of the shooter's. */
async function target(resistances: Record<string, unknown> | null): Promise<{ actor: Actor; token: Token }> {
  h.as(gm);
  const actor = await h.createActor({
    name: 'Troll',
    type: 'npc',
    system: {
      abilities: { con: { value: 30 } },
      hp: { value: 30 },
      naturalArmor: 2,
      ...(resistances ? { resistances } : {}),
    },
  });
  const token = h.placeToken(actor);
  await (token.document as unknown as { update(c: Record<string, number>): Promise<unknown> }).update({
    x: 200,
    y: 0,
  });
  return { actor, token };
}

/** A linear burst east (Take 10 at −4: attack 6); the GM rolls the target's Defense 6 (a tie hits) and applies 4 + 5. */
async function burstHit(actor: Actor, gun: Item): Promise<ChatMessage> {
  h.as(player);
  h.dice.queue(1, 1);
  await game.gng.burst(actor, gun, { kind: 'linear', direction: 0 });
  await attackActionsSettled();
  const card = game.messages.contents.at(-1) as ChatMessage;
  const id = burstOf(card).targets[0]?.id as string;
  expect(burstOf(card).attack.total).toBe(6);
  h.as(gm);
  for (const [action, dice] of [
    ['rollDefense', [6]],
    ['applyDamage', [4, 5]],
  ] as const) {
    h.dice.queue(...dice);
    expect(await requestBurstAction(card.id as string, action, id, {})).toMatchObject({ ok: true });
    await attackActionsSettled();
  }
  return card;
}

/** The attack card with the same gun: attack d20 12 (+0), Defense d20 12 (+0): RD 0; damage 4 + 5. */
async function cardHit(actor: Actor, gun: Item, token: Token): Promise<ChatMessage> {
  h.as(player);
  h.target(player, token);
  h.dice.queue(12);
  const message = (await game.gng.attack(actor, gun, {})) as ChatMessage;
  await attackActionsSettled();
  h.as(gm);
  h.dice.queue(12);
  await click(message, 'rollDefense');
  expect(cardTarget(message).result).toMatchObject({ hit: true, relativeDegree: 0 });
  h.as(player);
  h.dice.queue(4, 5);
  await click(message, 'rollDamage');
  return message;
}

describe('a burst hit loses what the attack card’s hit loses', () => {
  it('no resistances: 4 + 5 − Protection 2 = 7, on the burst and on the card', async () => {
    const { actor, gun } = await shooter(['piercing']);
    const troll = await target(null);
    await burstHit(actor, gun);
    expect(sys(troll.actor).hp.value).toBe(30 - 7);
    const message = await cardHit(actor, gun, troll.token);
    expect(cardTarget(message).damage?.final).toBe(7);
  });

  it('DR 5/magic: a mundane bullet deals 9 − 2 − 5 = 2, on the burst and on the card; the card shows the DR', async () => {
    const { actor, gun } = await shooter(['piercing']);
    const troll = await target(RESISTANT);
    const card = await burstHit(actor, gun);
    expect(sys(troll.actor).hp.value).toBe(30 - 2);
    expect(burstOf(card).targets[0]?.applied?.hits).toEqual([
      { dice: [4, 5], rolled: 9, after: 2, afterProtection: 7, damageReduction: 5, energyResistance: 0 },
    ]);
    const html = h.renderMessage(fresh(card));
    expect(html.textContent).toContain(
      'Hit: 9 (4, 5) → 7 after Protection, − DR 5, − energy resistance 0 → 2',
    );
    const message = await cardHit(actor, gun, troll.token);
    expect(cardTarget(message).damage).toMatchObject({ final: 2, steps: { damageReduction: 5 } });
  });

  it('a fire gun: energy ignores DR, fire resistance 3 takes 9 − 2 − 3 = 4, on the burst and on the card', async () => {
    const { actor, gun } = await shooter(['fire']);
    const troll = await target(RESISTANT);
    await burstHit(actor, gun);
    expect(sys(troll.actor).hp.value).toBe(30 - 4);
    const message = await cardHit(actor, gun, troll.token);
    expect(cardTarget(message).damage).toMatchObject({
      final: 4,
      steps: { damageReduction: 0, energyResistance: 3 },
    });
  });

  it('Undo gives back exactly what the resisted hit took', async () => {
    const { actor, gun } = await shooter(['piercing']);
    const troll = await target(RESISTANT);
    const card = await burstHit(actor, gun);
    expect(sys(troll.actor).hp.value).toBe(28);
    const id = burstOf(card).targets[0]?.id as string;
    expect(await requestBurstAction(card.id as string, 'undoDamage', id, {})).toMatchObject({ ok: true });
    await attackActionsSettled();
    expect(sys(troll.actor).hp.value).toBe(30);
  });
});

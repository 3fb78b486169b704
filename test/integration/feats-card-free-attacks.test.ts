/**
 * The free attacks of Appendix 4, offered on a card of their own when their trigger happens (issue
 * #18; GnG v4.0, ../shared/seeds/000_069b83d2dcfb0732.txt):
 * CLEAN-UP BLOW: "When you stun an opponent, render him unconscious, or knock him prone, you can
 * perform an immediate attack of opportunity."
 * REDIRECT FORCE: "When an opponent misses you with a melee attack, you may perform a trip, throw, or
 * bull rush as an immediate attack of opportunity."
 * CATCH PROJECTILE: "When using the Block Projectiles feat you may catch the weapon instead of just
 * deflecting it. You can immediately hurl a thrown weapon back at the original attacker … You must
 * have at least one hand free (holding nothing) to use this feat."
 * REFLECT PROJECTILES: "When you successfully block a ranged attack, you may reflect that attack back
 * upon your attacker using your base ranged attack bonus."
 * Each is offered only to the holder's owners, once; the GM records the answer and the holder's
 * client starts the attack (or the maneuver). Dice are queued in the order they are rolled.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tokenHelpers } from '../fixtures/tokens.js';
import { SHORTBOW, LONGSWORD } from '../fixtures/weapons.js';
import { getHarness } from '../harness/index.js';
import { latest, withFeats } from '../fixtures/cards.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(18));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const { attackActionsSettled, requestCardAction } = await import('../../src/cards/attack/attack-actions.js');
const { cardState } = await import('../../src/cards/attack/attack-state.js');
const { featOfferOf } = await import('../../src/cards/feat-offer/feat-offer-state.js');
const { featOfferCard } = await import('../../src/cards/feat-offer/feat-offer-actions.js');
const { maneuverCard, maneuverState } = await import('../../src/cards/maneuver/maneuver-actions.js');

const FRIENDLY = 1;
const HOSTILE = -1;
const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const stateOf = (message: ChatMessage) =>
  cardState(fresh(message)) as NonNullable<ReturnType<typeof cardState>>;
const offers = () => game.messages.contents.filter((m) => featOfferOf(m) !== null) as ChatMessage[];
const weapon = (actor: Actor, name: string) => actor.items.find((i) => i.name === name) as Item;

const GREATSWORD = {
  name: 'Greatsword',
  type: 'weapon',
  system: {
    category: 'martial',
    use: 'two-handed',
    damage: { medium: '2d6' },
    damageTypes: ['slashing'],
    equipped: true,
  },
};
const THROWING_AXE = {
  name: 'Throwing axe',
  type: 'weapon',
  system: {
    category: 'martial',
    use: 'thrown',
    damage: { medium: '1d6' },
    damageTypes: ['slashing'],
    rangeIncrement: 10,
    equipped: true,
  },
};

const tokens = tokenHelpers(h);
const place = (actor: Actor, col: number, disposition: number) => tokens.place(actor, col, 0, disposition);

/** The GM's orc at `col`: base attack +0, Str/Dex 10, proficient, with `items`; `hp` HP. */
async function orc(
  col: number,
  items: Record<string, unknown>[],
  hp = 500,
): Promise<{ actor: Actor; token: Token }> {
  h.as(gm);
  const actor = await h.createActor({
    name: 'Orc',
    type: 'npc',
    system: {
      hp: { value: hp },
      abilities: { con: { value: 30 } },
      proficiencies: { weapons: { simple: true, martial: true } },
    },
  });
  await actor.createEmbeddedDocuments('Item', items);
  return { actor, token: await place(actor, col, HOSTILE) };
}

/** The player's hero: fighter 4 (base attack +4), Str/Dex 10, proficient, with `feats` and `items`, at (0, 0). */
async function hero(
  feats: string[],
  items: Record<string, unknown>[] = [LONGSWORD],
): Promise<{ actor: Actor; token: Token }> {
  h.as(gm);
  const actor = await h.createActor(
    {
      name: 'Hero',
      type: 'character',
      system: { hp: { value: 30 }, proficiencies: { weapons: { simple: true, martial: true } } },
    },
    player,
  );
  await actor.createEmbeddedDocuments('Item', [
    {
      name: 'Fighter',
      type: 'class',
      system: { levels: 4, babProgression: 'good', defenseProgression: 'good' },
    },
    ...items,
  ]);
  await withFeats(actor, feats);
  return { actor, token: await place(actor, 0, FRIENDLY) };
}

async function attack(
  user: User,
  actor: Actor,
  item: Item,
  token: Token,
  dice: number[],
): Promise<ChatMessage> {
  h.as(user);
  h.target(user, token);
  h.dice.queue(...dice);
  const message = (await game.gng.attack(actor, item, {})) as ChatMessage;
  await attackActionsSettled();
  return message;
}

async function act(user: User, message: ChatMessage, action: string, dice: number[] = [], extra = {}) {
  h.as(user);
  h.dice.queue(...dice);
  const result = await requestCardAction(
    message.id as string,
    action as never,
    stateOf(message).targets[0]?.id as string,
    extra,
  );
  await attackActionsSettled();
  return result;
}

/** A request sent straight to the GM (as a hand-made one would be). */
async function take(
  user: User,
  offer: ChatMessage,
  dice: number[] = [],
  extra: Record<string, unknown> = {},
) {
  h.as(user);
  h.dice.queue(...dice);
  const result = await featOfferCard.request(offer.id as string, 'featOfferTake', 'holder', extra);
  await attackActionsSettled();
  return result;
}

/** `user` clicks the offer's take button (Redirect Force: the one of `maneuver`). */
async function click(user: User, offer: ChatMessage, dice: number[] = [], maneuver?: string): Promise<void> {
  h.as(user);
  h.dice.queue(...dice);
  const html = h.renderMessage(fresh(offer));
  const selector = `button[data-action="featOfferTake"]${maneuver ? `[data-maneuver="${maneuver}"]` : ''}`;
  const button = html.querySelector<HTMLButtonElement>(selector);
  if (!button) throw new Error(`${user.name} sees no ${selector}`);
  button.dispatchEvent(
    new h.window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event,
  );
  await attackActionsSettled();
}

describe('Clean-up Blow', () => {
  it('a hit that drops the orc below 0 (dying: unconscious) offers the attack of opportunity; taken once', async () => {
    const { actor: holder } = await hero(['clean-up-blow']);
    const o = await orc(1, [LONGSWORD], 3);
    // d20 2 + 4 = 6 against the orc's Defense d20 5 − 6 (its injury penalty at 3 HP) = −1: a hit,
    // RD 7; 1d8 = 3, + RD 7 = 10 damage: 3 HP → −7, dying (which brings unconscious), not dead.
    const hit = await attack(player, holder, weapon(holder, 'Longsword'), o.token, [2]);
    await act(gm, hit, 'rollDefense', [5]);
    await act(player, hit, 'rollDamage', [3]);
    expect(stateOf(hit).targets[0]?.damage?.lethal).toBe(10);
    expect(offers()).toHaveLength(0);
    await act(gm, hit, 'applyDamage');
    expect(o.actor.statuses.has('dying')).toBe(true);
    expect(o.actor.statuses.has('dead')).toBe(false);
    const [offer] = offers();
    expect(featOfferOf(offer)).toMatchObject({
      kind: 'clean-up-blow',
      opponent: { actorUuid: o.actor.uuid },
    });
    // Only the holder's owner: another player is refused and sees no button.
    h.as(otherPlayer);
    expect(
      h.renderMessage(fresh(offer as ChatMessage)).querySelector('button[data-action="featOfferTake"]'),
    ).toBeNull();
    expect(await take(otherPlayer, offer as ChatMessage)).toMatchObject({ ok: false });
    const before = game.messages.contents.length;
    await click(player, offer as ChatMessage, [12]);
    // The attack of opportunity: a new card, the holder's longsword at the orc (d20 12 + 4 = 16).
    expect(game.messages.contents.length).toBe(before + 1);
    const aoo = latest() as ChatMessage;
    expect(stateOf(aoo)).toMatchObject({ attacker: { actorUuid: holder.uuid }, attack: { total: 16 } });
    expect(stateOf(aoo).targets[0]?.actorUuid).toBe(o.actor.uuid);
    expect(featOfferOf(fresh(offer as ChatMessage))?.holder.takenBy).toBe(player.id);
    // Once.
    expect(await take(player, offer as ChatMessage)).toMatchObject({
      ok: false,
      error: 'GNG.FeatOffer.Error.Answered',
    });
  });

  it('a trip that knocks the orc prone offers it; without the feat nothing is offered', async () => {
    const { actor: holder } = await hero(['clean-up-blow']);
    const o = await orc(1, [LONGSWORD]);
    h.as(player);
    h.dice.queue(20);
    const trip = (await game.gng.maneuver(holder, 'trip', { targets: [o.actor] })) as ChatMessage;
    await attackActionsSettled();
    const target = maneuverState(trip)?.targets[0];
    h.as(gm);
    // The orc (the GM's) does not try to keep its footing; then the trip is applied.
    await maneuverCard.request(trip.id as string, 'declineFooting', target?.id as string);
    expect(
      await maneuverCard.request(trip.id as string, 'applyManeuver', target?.id as string),
    ).toMatchObject({ ok: true });
    await attackActionsSettled();
    expect(o.actor.statuses.has('prone')).toBe(true);
    expect(offers().map((m) => featOfferOf(m)?.kind)).toEqual(['clean-up-blow']);

    const { actor: plain } = await hero([]);
    const o2 = await orc(2, [LONGSWORD], 3);
    const hit = await attack(player, plain, weapon(plain, 'Longsword'), o2.token, [15]);
    await act(gm, hit, 'rollDefense', [2]);
    await act(player, hit, 'rollDamage', [8]);
    await act(gm, hit, 'applyDamage');
    expect(offers()).toHaveLength(1);
  });
});

describe('Redirect Force', () => {
  it('the orc’s melee attack misses: trip, throw or bull rush; the chosen trip is the maneuver card', async () => {
    const { actor: holder, token } = await hero(['redirect-force']);
    const o = await orc(1, [LONGSWORD]);
    // d20 2 + 0 against the hero's Defense d20 18 + …: a miss.
    const miss = await attack(gm, o.actor, weapon(o.actor, 'Longsword'), token, [2]);
    await act(gm, miss, 'rollDefense', [18]);
    expect(stateOf(miss).targets[0]?.result?.hit).toBe(false);
    const [offer] = offers();
    h.as(player);
    const buttons = [
      ...h
        .renderMessage(fresh(offer as ChatMessage))
        .querySelectorAll<HTMLButtonElement>('button[data-action="featOfferTake"]'),
    ];
    expect(buttons.map((b) => b.dataset.maneuver)).toEqual(['trip', 'throw', 'bull-rush']);
    // A made-up maneuver is refused; a trip is taken and rolled (d20 14).
    expect(await take(player, offer as ChatMessage, [], { maneuver: 'disarm' })).toMatchObject({ ok: false });
    await click(player, offer as ChatMessage, [14], 'trip');
    const card = maneuverState(latest());
    expect(card).toMatchObject({ maneuver: 'trip', attacker: { actorUuid: holder.uuid } });
    expect(card?.targets[0]?.actorUuid).toBe(o.actor.uuid);
    expect(card?.check.natural).toBe(14);
  });

  it('a hit offers nothing, nor does a ranged miss', async () => {
    const { token } = await hero(['redirect-force']);
    const o = await orc(1, [LONGSWORD, SHORTBOW]);
    const hit = await attack(gm, o.actor, weapon(o.actor, 'Longsword'), token, [19]);
    await act(gm, hit, 'rollDefense', [1]);
    const shot = await attack(gm, o.actor, weapon(o.actor, 'Shortbow'), token, [2]);
    await act(gm, shot, 'rollDefense', [18]);
    expect(stateOf(shot).targets[0]?.result?.hit).toBe(false);
    expect(offers()).toHaveLength(0);
  });
});

describe('Catch Projectile and Reflect Projectiles', () => {
  it('a thrown axe blocked through Block Projectile is caught and hurled back (one hand free)', async () => {
    const { actor: holder, token } = await hero(['block-projectile', 'catch-projectile']);
    const o = await orc(2, [THROWING_AXE]);
    // d20 10 + 0 = 10 against Defense d20 1: a hit. Block: d20 19 + 4 (longsword) + 0 (thrown) = 23.
    const throwAt = await attack(gm, o.actor, weapon(o.actor, 'Throwing axe'), token, [10]);
    await act(gm, throwAt, 'rollDefense', [1]);
    expect(await act(player, throwAt, 'block', [19])).toMatchObject({ ok: true });
    expect(stateOf(throwAt).targets[0]?.aborts?.block).toMatchObject({
      blocked: true,
      via: 'block-projectile',
    });
    const [offer] = offers();
    expect(featOfferOf(offer)?.kind).toBe('catch-projectile');
    await click(player, offer as ChatMessage, [11]);
    const caught = holder.items.find((i) => i.name === 'Throwing axe (caught)');
    expect(caught).toBeDefined();
    const back = latest() as ChatMessage;
    expect(stateOf(back)).toMatchObject({
      attacker: { actorUuid: holder.uuid },
      weapon: { name: 'Throwing axe (caught)' },
    });
    expect(stateOf(back).targets[0]?.actorUuid).toBe(o.actor.uuid);
  });

  it('no free hand (a two-handed sword): the catch is refused', async () => {
    const { actor: holder, token } = await hero(['block-projectile', 'catch-projectile'], [GREATSWORD]);
    const o = await orc(2, [THROWING_AXE]);
    const throwAt = await attack(gm, o.actor, weapon(o.actor, 'Throwing axe'), token, [10]);
    await act(gm, throwAt, 'rollDefense', [1]);
    await act(player, throwAt, 'block', [19]);
    const [offer] = offers();
    expect(await take(player, offer as ChatMessage)).toMatchObject({
      ok: false,
      error: 'GNG.FeatOffer.Error.NoFreeHand',
    });
    expect(holder.items.contents.some((i) => i.name.includes('(caught)'))).toBe(false);
  });

  it('a blocked arrow is reflected with the holder’s ranged attack bonus', async () => {
    const { actor: holder, token } = await hero(['block-projectile', 'reflect-projectiles']);
    const o = await orc(2, [SHORTBOW]);
    // Block of a launched missile: −4. d20 19 + 4 − 4 = 19 ≥ the orc's 10.
    const shot = await attack(gm, o.actor, weapon(o.actor, 'Shortbow'), token, [10]);
    await act(gm, shot, 'rollDefense', [1]);
    await act(player, shot, 'block', [19]);
    expect(stateOf(shot).targets[0]?.aborts?.block?.blocked).toBe(true);
    const [offer] = offers();
    expect(featOfferOf(offer)?.kind).toBe('reflect-projectiles');
    // The reflected shot: base attack +4, Dex +0 → d20 11 + 4 = 15 (the hero is proficient).
    await click(player, offer as ChatMessage, [11]);
    const back = latest() as ChatMessage;
    expect(stateOf(back)).toMatchObject({
      attacker: { actorUuid: holder.uuid },
      weapon: { name: 'Shortbow (reflected)', mode: 'ranged' },
      attack: { total: 15 },
    });
  });
});

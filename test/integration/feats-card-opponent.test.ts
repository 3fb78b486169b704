/**
 * The feats of Appendix 4 that act on one chosen opponent (issue #18), at the table (GnG v4.0,
 * ../shared/seeds/000_069b83d2dcfb0732.txt):
 * COMBAT SENSE: "You can designate a single opponent during your action and receive a +1 competence
 * bonus on attacks against that opponent. You can select a new opponent on any action."
 * UNBALANCE OPPONENT: "Select a single opponent. When targeting you, that opponent may not apply
 * Strength bonuses to attack rolls … (If the opponent has a Strength penalty, he still suffers the
 * penalty.) The feat has no effect against opponents two or more size categories larger than you …
 * If you are using Flow with Enemy against a single opponent, you must select that opponent."
 * FLOW WITH ENEMY: "As a full-round action, you may begin to flow with a single, adjacent opponent.
 * Your opponent and you make an opposed roll using 1d20 + base attack bonus + Wisdom modifier. If
 * your result equals or exceeds your opponent's result … For the next 2d4 + your Wisdom modifier in
 * rounds, you gain a +1 dodge bonus to Defense against that opponent, and that enemy cannot perform
 * attacks of opportunity against you."
 * EPIC FLOW WITH ENEMY: "Once per round, when struck by an attack from an opponent with whom you have
 * established 'flow', you may automatically avoid all damage from the attack."
 *
 * The Appendix 3 fighter: base attack +5, Str 18 (+4), bastard sword +9 (1d10 + 4). Tokens on the
 * default grid, 100 px per 5 ft. Dice are queued in the order they are rolled.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenHelpers } from '../fixtures/tokens.js';
import { LONGSWORD } from '../fixtures/weapons.js';
import { getHarness } from '../harness/index.js';
import type { HarnessCombat } from '../harness/documents.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { cardHelpers, cardStateOf, latest, withFeats } from '../fixtures/cards.js';
import { pseudo, pseudoLocale } from '../fixtures/pseudo-locale.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(18));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const { attackActionsSettled, requestCardAction } = await import('../../src/cards/attack/attack-actions.js');
const { cardState } = await import('../../src/cards/attack/attack-state.js');
const { previewAttack } = await import('../../src/cards/attack/attack-preview.js');
const { flowOf } = await import('../../src/combat/opponent-feats.js');
const { threatenersOf } = await import('../../src/cards/opportunity/opportunity-start.js');
const { featOfferOf } = await import('../../src/cards/feat-offer/feat-offer-state.js');
const { featOfferCard } = await import('../../src/cards/feat-offer/feat-offer-actions.js');

const FRIENDLY = 1;
const HOSTILE = -1;
const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const stateOf = (message: ChatMessage) =>
  cardState(fresh(message)) as NonNullable<ReturnType<typeof cardState>>;
const sword = (actor: Actor) => actor.items.find((i) => i.name === 'Bastard sword') as Item;

const { place } = tokenHelpers(h);

/** An NPC (the GM's): Str `str`, no class (base attack +0), proficient with its longsword, unhurt. */
async function orc(
  name: string,
  col: number,
  str = 10,
  size = 'medium',
): Promise<{ actor: Actor; token: Token }> {
  h.as(gm);
  const actor = await h.createActor({
    name,
    type: 'npc',
    system: {
      size,
      hp: { value: 500 },
      abilities: { str: { value: str }, con: { value: 30 } },
      proficiencies: { weapons: { simple: true, martial: true } },
    },
  });
  await actor.createEmbeddedDocuments('Item', [LONGSWORD]);
  return { actor, token: await place(actor, col, 0, HOSTILE) };
}

/** The player's character: fighter `levels` (good base attack), Wis `wis`, with `feats`, at (0, 0). */
async function hero(feats: string[], levels = 4, wis = 14): Promise<{ actor: Actor; token: Token }> {
  h.as(gm);
  const actor = await h.createActor(
    { name: 'Hero', type: 'character', system: { abilities: { wis: { value: wis } }, hp: { value: 20 } } },
    player,
  );
  await actor.createEmbeddedDocuments('Item', [
    {
      name: 'Fighter',
      type: 'class',
      system: { levels, babProgression: 'good', defenseProgression: 'good' },
    },
    LONGSWORD,
  ]);
  await withFeats(actor, feats);
  return { actor, token: await place(actor, 0, 0, FRIENDLY) };
}

async function attack(
  user: User,
  actor: Actor,
  weapon: Item,
  token: Token,
  dice: number[],
): Promise<ChatMessage> {
  h.as(user);
  h.target(user, token);
  h.dice.queue(...dice);
  const message = (await game.gng.attack(actor, weapon, {})) as ChatMessage;
  await attackActionsSettled();
  return message;
}

async function defend(message: ChatMessage, natural: number): Promise<void> {
  h.as(gm);
  h.dice.queue(natural);
  const result = await requestCardAction(
    message.id as string,
    'rollDefense',
    stateOf(message).targets[0]?.id as string,
  );
  expect(result).toMatchObject({ ok: true });
  await attackActionsSettled();
}

async function fight(entries: [Actor, number][]): Promise<HarnessCombat> {
  h.as(gm);
  const combat = h.startCombat([]) as HarnessCombat;
  for (const [actor, initiative] of entries) combat.addCombatant(actor, initiative);
  await combat.begin();
  await attackActionsSettled();
  return combat;
}

describe('Combat Sense: +1 competence against the designated opponent', () => {
  it('the fighter designates the targeted orc: 9 + 1 against it, 9 against another', async () => {
    const f = await appendix3Fighter(h, player);
    await withFeats(f, ['combat-sense']);
    await place(f, 0, 0, FRIENDLY);
    const a = await orc('Orc A', 1);
    const b = await orc('Orc B', 2);
    // Another player may not name the fighter's opponent (it is the owner's declaration).
    h.as(otherPlayer);
    h.target(otherPlayer, a.token);
    expect(await game.gng.designateOpponent(f, 'combat-sense')).toMatchObject({ ok: false });
    h.as(player);
    h.target(player, a.token);
    expect(await game.gng.designateOpponent(f, 'combat-sense')).toMatchObject({ ok: true });
    // The dialog's preview: +9 and Combat Sense's +1 = +10.
    expect(previewAttack(f, sword(f), {}, { target: a.actor })?.total).toBe(10);
    // d20 10 + 9 + 1 = 20 against the designated orc …
    const atA = await attack(player, f, sword(f), a.token, [10]);
    expect(stateOf(atA).attack.total).toBe(20);
    expect(stateOf(atA).attack.parts).toContainEqual({ label: 'GNG.OpponentFeats.CombatSense', value: 1 });
    // … and 10 + 9 = 19 against the other one.
    const atB = await attack(player, f, sword(f), b.token, [10]);
    expect(stateOf(atB).attack.total).toBe(19);
    // "You can select a new opponent on any action": now B, and A loses it.
    h.target(player, b.token);
    await game.gng.designateOpponent(f, 'combat-sense');
    expect(stateOf(await attack(player, f, sword(f), b.token, [10])).attack.total).toBe(20);
    expect(stateOf(await attack(player, f, sword(f), a.token, [10])).attack.total).toBe(19);
  });

  it('without the feat a designation is refused', async () => {
    const f = await appendix3Fighter(h, player);
    await place(f, 0, 0, FRIENDLY);
    const a = await orc('Orc A', 1);
    h.as(player);
    expect(await game.gng.designateOpponent(f, 'combat-sense', a.actor)).toMatchObject({
      ok: false,
      error: 'GNG.OpponentFeats.Error.NoFeat',
    });
  });
});

describe('Unbalance Opponent: the chosen opponent adds no Strength bonus when attacking the holder', () => {
  it('Str 18 (+4): the fighter’s +9 becomes +5 against the holder who chose it', async () => {
    const f = await appendix3Fighter(h, player);
    await place(f, 1, 0, FRIENDLY);
    h.as(gm);
    const holder = await h.createActor({ name: 'Holder', type: 'npc', system: { hp: { value: 30 } } });
    await withFeats(holder, ['unbalance-opponent']);
    const token = await place(holder, 0, 0, HOSTILE);
    expect(await game.gng.designateOpponent(holder, 'unbalance-opponent', f)).toMatchObject({ ok: true });
    // d20 10 + (9 − 4) = 15.
    const message = await attack(player, f, sword(f), token, [10]);
    expect(stateOf(message).attack.total).toBe(15);
    expect(stateOf(message).attack.parts).toContainEqual({ label: 'GNG.OpponentFeats.Unbalance', value: -4 });
  });

  it('a Strength penalty stays: Str 6 (−2) attacks at 10 − 2 = 8 either way', async () => {
    const weak = await orc('Weakling', 1, 6);
    h.as(gm);
    const holder = await h.createActor(
      { name: 'Holder', type: 'npc', system: { hp: { value: 30 } } },
      player,
    );
    await withFeats(holder, ['unbalance-opponent']);
    const token = await place(holder, 0, 0, FRIENDLY);
    h.as(player);
    await game.gng.designateOpponent(holder, 'unbalance-opponent', weak.actor);
    const longsword = weak.actor.items.find((i) => i.name === 'Longsword') as Item;
    const message = await attack(gm, weak.actor, longsword, token, [10]);
    // base attack 0, Str −2: d20 10 − 2 = 8; no Unbalance line.
    expect(stateOf(message).attack.total).toBe(8);
    expect(stateOf(message).attack.parts.map((p) => p.label)).not.toContain('GNG.OpponentFeats.Unbalance');
  });

  it('no effect against an opponent two sizes larger; one size larger still loses it', async () => {
    h.as(gm);
    const holder = await h.createActor(
      { name: 'Holder', type: 'npc', system: { hp: { value: 30 } } },
      player,
    );
    await withFeats(holder, ['unbalance-opponent']);
    const token = await place(holder, 0, 0, FRIENDLY);
    // Str 18 (+4), base attack +0. Large: size −1; huge: size −2 (SRD size modifiers).
    const large = await orc('Ogre', 1, 18, 'large');
    const huge = await orc('Giant', 2, 18, 'huge');
    h.as(player);
    await game.gng.designateOpponent(holder, 'unbalance-opponent', large.actor);
    const sw = (a: Actor) => a.items.find((i) => i.name === 'Longsword') as Item;
    // Large: 10 + 0 + 4 − 1 − 4 = 9.
    expect(stateOf(await attack(gm, large.actor, sw(large.actor), token, [10])).attack.total).toBe(9);
    h.as(player);
    await game.gng.designateOpponent(holder, 'unbalance-opponent', huge.actor);
    // Huge (two categories larger): 10 + 0 + 4 − 2 = 12, Strength kept.
    expect(stateOf(await attack(gm, huge.actor, sw(huge.actor), token, [10])).attack.total).toBe(12);
  });
});

describe('Unbalance Opponent on grapple checks', () => {
  it('the chosen grappler’s check leaves out its Strength bonus (+4) against the holder', async () => {
    const { grappleCheckParts } = await import('../../src/cards/grapple/grapple-checks.js');
    const o = await orc('Wrestler', 1, 18); // base attack +0, Str +4, medium: grapple check +4
    h.as(gm);
    const holder = await h.createActor(
      { name: 'Holder', type: 'npc', system: { hp: { value: 30 } } },
      player,
    );
    await withFeats(holder, ['unbalance-opponent']);
    // The wrestler grapples the holder (the card's two sides).
    const state = {
      attacker: { actorUuid: o.actor.uuid, name: 'Wrestler', weaponId: null },
      defender: { actorUuid: holder.uuid, name: 'Holder', tokenId: null, weaponId: null },
    } as unknown as Parameters<typeof grappleCheckParts>[0];
    const sum = () =>
      grappleCheckParts(state, 'attacker', o.actor, 'grapple' as never).reduce((s, p) => s + p.value, 0);
    expect(sum()).toBe(4);
    h.as(player);
    await game.gng.designateOpponent(holder, 'unbalance-opponent', o.actor);
    // 0 + 4 − 4 = 0.
    expect(sum()).toBe(0);
    expect(grappleCheckParts(state, 'attacker', o.actor, 'grapple' as never)).toContainEqual({
      label: 'Unbalance Opponent (no Strength bonus)',
      value: -4,
    });
  });
});

describe('Flow with Enemy', () => {
  it('the opposed roll, 2d4 + Wis rounds, +1 dodge against that opponent, no attacks of opportunity', async () => {
    // Hero: fighter 4 (base attack +4), Wis 14 (+2): 1d20 + 6. Orc: base attack +0, Wis 10: 1d20 + 0.
    const hero_ = await hero(['flow-with-enemy']);
    const o = await orc('Orc', 1);
    const other = await orc('Other Orc', 2);
    const combat = await fight([
      [hero_.actor, 20],
      [o.actor, 10],
      [other.actor, 5],
    ]);
    // Before the flow the adjacent, armed orc threatens the hero.
    expect(threatenersOf(hero_.actor).map((t) => t.id)).toContain(o.token.id);
    h.as(player);
    h.dice.queue(8, 14, 3, 2); // hero 8 + 6 = 14 ≥ orc 14 + 0 = 14: "equals or exceeds"; 2d4 = 3 + 2
    expect(await game.gng.flowWithEnemy(hero_.actor, o.token)).toMatchObject({ ok: true });
    await attackActionsSettled();
    // 2d4 + Wis = 5 + 2 = 7 rounds, from round 1 through round 7.
    expect(flowOf(hero_.actor)).toMatchObject({
      opponentUuid: o.actor.uuid,
      round: 1,
      rounds: 7,
      lastRound: 7,
    });
    const text = h.renderMessage(latest() as ChatMessage).textContent ?? '';
    expect(text).toContain('Hero: d20 8 + 6 = 14');
    expect(text).toContain('Orc: d20 14 + 0 = 14');
    expect(text).toContain('for 7 rounds');
    // The full round is spent: a second try this turn is refused (before any die is rolled).
    expect(await game.gng.flowWithEnemy(hero_.actor, o.token)).toMatchObject({
      ok: false,
      error: 'GNG.OpponentFeats.Error.Acted',
    });
    // "that enemy cannot perform attacks of opportunity against you".
    expect(threatenersOf(hero_.actor).map((t) => t.id)).not.toContain(o.token.id);

    // +1 dodge against the orc only: the same d20 against both orcs' attacks.
    await combat.nextTurn();
    const sw = (a: Actor) => a.items.find((i) => i.name === 'Longsword') as Item;
    const byOrc = await attack(gm, o.actor, sw(o.actor), hero_.token, [10]);
    await defend(byOrc, 10);
    const byOther = await attack(gm, other.actor, sw(other.actor), hero_.token, [10]);
    await defend(byOther, 10);
    const flowDefense = stateOf(byOrc).targets[0]?.defense;
    const plainDefense = stateOf(byOther).targets[0]?.defense;
    expect((flowDefense?.total ?? 0) - (plainDefense?.total ?? 0)).toBe(1);
    expect(flowDefense?.parts).toContainEqual({ label: 'GNG.OpponentFeats.FlowDodge', value: 1 });
    // Still the first round: the flow lasts through round 7.
    expect(combat.round).toBe(1);
  });

  it('a called shot at the flow opponent provokes no attack of opportunity from it', async () => {
    const hero_ = await hero(['flow-with-enemy']);
    const o = await orc('Orc', 1);
    await fight([
      [hero_.actor, 20],
      [o.actor, 10],
    ]);
    const sw = hero_.actor.items.find((i) => i.name === 'Longsword') as Item;
    const called = async () => {
      h.as(player);
      h.target(player, o.token);
      h.dice.queue(10);
      const message = (await game.gng.attack(hero_.actor, sw, {
        calledShots: ['vital-strike'],
      })) as ChatMessage;
      await attackActionsSettled();
      return stateOf(message).targets[0]?.calledShot?.provokes;
    };
    // CALLED SHOTS: "You provoke an attack of opportunity from your target" — before the flow …
    expect(await called()).toBe(true);
    h.as(player);
    h.dice.queue(15, 2, 1, 1);
    await game.gng.flowWithEnemy(hero_.actor, o.token);
    // … and not while flowing with it.
    expect(await called()).toBe(false);
  });

  it('a flow request for another player’s character is refused', async () => {
    const hero_ = await hero(['flow-with-enemy']);
    const o = await orc('Orc', 1);
    await fight([
      [hero_.actor, 20],
      [o.actor, 10],
    ]);
    const { forged } = await import('../fixtures/cards.js');
    expect(
      await forged(otherPlayer, { actorUuid: hero_.actor.uuid, tokenId: o.token.id }, 'gng.flowWithEnemy'),
    ).toMatchObject({ ok: false, error: 'GNG.OpponentFeats.Error.NotOwner' });
    expect(flowOf(hero_.actor)).toBeNull();
  });

  it('a lost roll starts no flow; an opponent 10 ft away or no combat is refused', async () => {
    const hero_ = await hero(['flow-with-enemy']);
    const far = await orc('Far Orc', 2);
    h.as(player);
    expect(await game.gng.flowWithEnemy(hero_.actor, far.token)).toMatchObject({
      ok: false,
      error: 'GNG.OpponentFeats.Error.NoCombat',
    });
    const near = await orc('Orc', 1);
    await fight([
      [hero_.actor, 20],
      [near.actor, 10],
      [far.actor, 5],
    ]);
    h.as(player);
    expect(await game.gng.flowWithEnemy(hero_.actor, far.token)).toMatchObject({
      ok: false,
      error: 'GNG.OpponentFeats.Error.NotAdjacent',
    });
    h.dice.queue(5, 12); // 5 + 6 = 11 < 12 + 0
    expect(await game.gng.flowWithEnemy(hero_.actor, near.token)).toMatchObject({ ok: true });
    expect(flowOf(hero_.actor)).toBeNull();
    expect(latest()?.content).toContain('does not get into the flow');
  });

  it('Unbalance Opponent counts against the flow opponent', async () => {
    const hero_ = await hero(['flow-with-enemy', 'unbalance-opponent']);
    const o = await orc('Orc', 1, 18); // Str +4
    const other = await orc('Other', 2);
    await fight([
      [hero_.actor, 20],
      [o.actor, 10],
    ]);
    h.as(player);
    await game.gng.designateOpponent(hero_.actor, 'unbalance-opponent', other.actor);
    h.dice.queue(15, 2, 1, 1);
    await game.gng.flowWithEnemy(hero_.actor, o.token);
    // While flowing, naming another is refused, and the orc attacks at 10 + 0 + 4 − 4 = 10.
    expect(await game.gng.designateOpponent(hero_.actor, 'unbalance-opponent', other.actor)).toMatchObject({
      ok: false,
      error: 'GNG.OpponentFeats.Error.FlowOpponent',
    });
    const sw = o.actor.items.find((i) => i.name === 'Longsword') as Item;
    expect(stateOf(await attack(gm, o.actor, sw, hero_.token, [10])).attack.total).toBe(10);
  });
});

describe('the Flow with Enemy card as a typed message (issue #34)', () => {
  const { drawn } = cardHelpers(h);
  const lines = (html: HTMLElement) =>
    [...html.querySelectorAll('.feat-result-card h3, .feat-result-line')].map((el) => el.textContent?.trim());

  /** The hero's flow with the orc (hero 8 + 6 = 14 ≥ orc 14 + 0; 2d4 = 3 + 2, + Wis 2 = 7 rounds). */
  async function flowCard() {
    const hero_ = await hero(['flow-with-enemy']);
    const o = await orc('Orc', 1);
    await fight([
      [hero_.actor, 20],
      [o.actor, 10],
    ]);
    h.as(player);
    h.dice.queue(8, 14, 3, 2);
    expect(await game.gng.flowWithEnemy(hero_.actor, o.token)).toMatchObject({ ok: true });
    await attackActionsSettled();
    return { hero: hero_.actor, orc: o.actor, card: latest() as ChatMessage };
  }
  const english = [
    'Hero: Flow with Enemy against Orc',
    'Hero: d20 8 + 6 = 14',
    'Orc: d20 14 + 0 = 14',
    'Hero flows with Orc for 7 rounds: +1 dodge to Defense against it, and it makes no attacks of opportunity against Hero.',
    "Moving with the opponent, taking its initiative count, the attacks of opportunity its attacks provoke and acting a split second before it are the GM's to play.",
  ];

  it('has the subtype flowWithEnemy and its whole state in system', async () => {
    const { hero: holder, orc: foe, card } = await flowCard();
    expect(card.type).toBe('flowWithEnemy');
    expect(cardStateOf(card)).toEqual({
      holderUuid: holder.uuid,
      opponentUuid: foe.uuid,
      holderName: 'Hero',
      opponentName: 'Orc',
      holder: { natural: 8, bonus: 6, total: 14 },
      opponent: { natural: 14, bonus: 0, total: 14 },
      flows: true,
      rounds: 7,
    });
    expect(card.flags.gng?.flowCard).toBeUndefined();
  });

  it("is drawn on each client in its user's language, and so is the note that ends the flow", async () => {
    const { hero: holder, card } = await flowCard();
    h.setLanguage(player, pseudoLocale());
    h.as(player);
    expect(lines(await drawn(card))).toEqual(english.map(pseudo));
    h.as(gm);
    expect(lines(await drawn(card))).toEqual(english);
    h.as(player);
    expect(await game.gng.endFlow(holder)).toMatchObject({ ok: true });
    const ended = latest() as ChatMessage;
    expect(ended.type).toBe('note');
    expect(lines(await drawn(ended))).toEqual([pseudo('Hero ends its flow.')]);
    h.as(gm);
    expect(lines(await drawn(ended))).toEqual(['Hero ends its flow.']);
  });

  it('a flow card posted before the change (type base, flags.gng.flowCard) still shows its content', async () => {
    const { card } = await flowCard();
    h.as(gm);
    const legacy = (await ChatMessage.create({
      content: card.content,
      speaker: card.speaker,
      flags: { gng: { type: 'flowCard', flowCard: cardStateOf(card) } },
    })) as ChatMessage;
    expect(legacy.type).toBe('base');
    h.setLanguage(player, pseudoLocale());
    h.as(player);
    expect(lines(await drawn(legacy))).toEqual(english);
  });
});

describe('Epic Flow with Enemy: once per round, avoid all damage of the flow opponent’s hit', () => {
  it('the holder’s owner avoids the damage (0 applied); a second time this round is refused', async () => {
    const hero_ = await hero(['flow-with-enemy', 'epic-flow-with-enemy']);
    const o = await orc('Orc', 1);
    const combat = await fight([
      [hero_.actor, 20],
      [o.actor, 10],
    ]);
    h.as(player);
    h.dice.queue(15, 2, 1, 1);
    await game.gng.flowWithEnemy(hero_.actor, o.token);
    await combat.nextTurn();
    const sw = o.actor.items.find((i) => i.name === 'Longsword') as Item;
    const hit = await attack(gm, o.actor, sw, hero_.token, [19]);
    await defend(hit, 1); // struck
    const offer = latest() as ChatMessage;
    expect(featOfferOf(offer)).toMatchObject({ kind: 'epic-flow-with-enemy', source: hit.id });
    // Damage first (1d8 = 6), then the owner avoids it; another player may not.
    h.as(gm);
    h.dice.queue(6);
    await requestCardAction(hit.id as string, 'rollDamage', stateOf(hit).targets[0]?.id as string);
    h.as(otherPlayer);
    expect(await featOfferCard.request(offer.id as string, 'featOfferTake', 'holder')).toMatchObject({
      ok: false,
    });
    h.as(player);
    expect(await featOfferCard.request(offer.id as string, 'featOfferTake', 'holder')).toMatchObject({
      ok: true,
    });
    expect(stateOf(hit).targets[0]?.damage).toMatchObject({ lethal: 0, nonlethal: 0 });
    const hpBefore = (hero_.actor.system as unknown as { hp: { value: number } }).hp.value;
    h.as(gm);
    await requestCardAction(hit.id as string, 'applyDamage', stateOf(hit).targets[0]?.id as string);
    expect((hero_.actor.system as unknown as { hp: { value: number } }).hp.value).toBe(hpBefore);
    // Once per round: a second hit in the same round is offered nothing …
    const offersNow = () => game.messages.contents.filter((m) => featOfferOf(m) !== null).length;
    const again = await attack(gm, o.actor, sw, hero_.token, [19]);
    await defend(again, 1);
    expect(offersNow()).toBe(1);
    // … and the used offer cannot be taken again.
    h.as(player);
    expect(await featOfferCard.request(offer.id as string, 'featOfferTake', 'holder')).toMatchObject({
      ok: false,
      error: 'GNG.FeatOffer.Error.Answered',
    });
    // The next round, the orc's hit is offered again.
    await combat.nextTurn(); // the hero's turn, round 2
    await combat.nextTurn(); // the orc's
    expect(combat.round).toBe(2);
    const round2 = await attack(gm, o.actor, sw, hero_.token, [19]);
    await defend(round2, 1);
    expect(offersNow()).toBe(2);
    const first = latest() as ChatMessage;
    expect(featOfferOf(first)).toMatchObject({ kind: 'epic-flow-with-enemy', source: round2.id });
    // Two hits offered before either is taken: only one of them is avoided this round.
    const second = await attack(gm, o.actor, sw, hero_.token, [19]);
    await defend(second, 1);
    const secondOffer = latest() as ChatMessage;
    expect(featOfferOf(secondOffer)).toMatchObject({ source: second.id });
    h.as(gm);
    h.dice.queue(6, 6);
    await requestCardAction(round2.id as string, 'rollDamage', stateOf(round2).targets[0]?.id as string);
    await requestCardAction(second.id as string, 'rollDamage', stateOf(second).targets[0]?.id as string);
    h.as(player);
    expect(await featOfferCard.request(first.id as string, 'featOfferTake', 'holder')).toMatchObject({
      ok: true,
    });
    expect(await featOfferCard.request(secondOffer.id as string, 'featOfferTake', 'holder')).toMatchObject({
      ok: false,
      error: 'GNG.FeatOffer.Error.OncePerRound',
    });
    expect(stateOf(second).targets[0]?.damage?.lethal).toBeGreaterThan(0);
  });
});

describe('the holder’s token HUD', () => {
  it('labelled buttons for its owners: designate the targeted token, begin and end the flow', async () => {
    const hero_ = await hero(['combat-sense', 'unbalance-opponent', 'flow-with-enemy']);
    const o = await orc('Orc', 1);
    await fight([
      [hero_.actor, 20],
      [o.actor, 10],
    ]);
    h.as(otherPlayer);
    expect(h.renderTokenHUD(hero_.token).querySelector('.gng-opponent-feat')).toBeNull();
    h.as(player);
    const labels = () =>
      [...h.renderTokenHUD(hero_.token).querySelectorAll<HTMLButtonElement>('button.gng-opponent-feat')].map(
        (b) => b.getAttribute('aria-label'),
      );
    expect(labels()).toEqual([
      'Combat Sense: designate the targeted token',
      'Unbalance Opponent: designate the targeted token',
      'Flow with Enemy: begin with the targeted token',
    ]);
    const press = async (label: string, dice: number[] = []) => {
      const html = h.renderTokenHUD(hero_.token);
      const button = [...html.querySelectorAll<HTMLButtonElement>('button.gng-opponent-feat')].find(
        (b) => b.getAttribute('aria-label') === label,
      );
      h.dice.queue(...dice);
      button?.dispatchEvent(new h.window.MouseEvent('click', { bubbles: true }) as unknown as Event);
      await attackActionsSettled();
    };
    h.target(player, o.token);
    await press('Combat Sense: designate the targeted token');
    expect(hero_.actor.flags?.gng?.designated).toMatchObject({ 'combat-sense': o.actor.uuid });
    await press('Flow with Enemy: begin with the targeted token', [18, 2, 1, 1]);
    expect(flowOf(hero_.actor)?.opponentUuid).toBe(o.actor.uuid);
    expect(labels()).toContain('End the flow (free action)');
    await press('End the flow (free action)');
    expect(flowOf(hero_.actor)).toBeNull();
  });
});

describe('Combat Sense in the attack dialog', () => {
  it('ticking “is my opponent” designates the one target and the live bonus shows +9 + 1', async () => {
    const { AttackDialog } = await import('../../src/applications/attack-dialog.js');
    const f = await appendix3Fighter(h, player);
    await withFeats(f, ['combat-sense']);
    await place(f, 0, 0, FRIENDLY);
    const a = await orc('Orc A', 1);
    h.as(player);
    h.target(player, a.token);
    void AttackDialog.prompt(f, sword(f));
    const dialog = await vi.waitFor(() => {
      const open = h.openApplications().find((app) => app instanceof AttackDialog);
      if (!open) throw new Error('no attack dialog');
      return open as unknown as { element: HTMLElement; close(): Promise<unknown> };
    });
    const total = () => dialog.element.querySelector('.attack-total')?.textContent?.trim();
    const box = dialog.element.querySelector<HTMLInputElement>('.gng-combat-sense input');
    expect(dialog.element.querySelector('.gng-combat-sense')?.textContent).toContain(
      'Combat Sense: Orc A is my opponent (+1)',
    );
    expect(box?.checked).toBe(false);
    expect(total()).toBe('+9');
    (box as HTMLInputElement).checked = true;
    box?.dispatchEvent(new h.window.Event('change', { bubbles: true }) as unknown as Event);
    await vi.waitFor(() => expect(total()).toBe('+10'));
    expect(f.flags?.gng?.designated).toMatchObject({ 'combat-sense': a.actor.uuid });
    (box as HTMLInputElement).checked = false;
    box?.dispatchEvent(new h.window.Event('change', { bubbles: true }) as unknown as Event);
    await vi.waitFor(() => expect(total()).toBe('+9'));
    await dialog.close();
  });
});

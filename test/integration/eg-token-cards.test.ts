/**
 * The Enlightened Grognard's token cards (issue #31; docs/rules.md "Tokens"), on the harness with a
 * world playing EG_MODEL (registered for the file): the initiative card (a PC's 2 tokens of choice, 003:430;
 * NPCs none, 003:472), gifts between PCs (003:442, 473) and their Undo. Hostile: a double click, a
 * choice or gift forged in the request, a player clearing and re-rolling initiative, a gift larger
 * than the pool, a player's own message dressed as a token card. And the end of the encounter.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { models } from '../../src/rules/index.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { changeTokens, tokenPool } from '../../src/combat/eg-token-store.js';
import { registerEgTokens } from '../../src/models/eg-tokens.js';
import { egTokenCardOf, giveTokens } from '../../src/cards/eg-tokens/token-state.js';
import { egTokenCard, handleGift } from '../../src/cards/eg-tokens/token-actions.js';
import { EG_MODEL } from '../../src/rules/models/eg/index.js';
import { worldPlays } from '../fixtures/saga-world.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
const pool = (power: number, speed: number, insight: number) => ({ power, speed, insight });

beforeAll(() => {
  models.registerCombatModel(EG_MODEL);
  registerEgTokens();
});
afterAll(() => models.unregisterCombatModel(EG_MODEL.id));

let ayla: Actor;
let bren: Actor;
let goblin: Actor;
let combat: Combat;

beforeEach(async () => {
  h.reset(31);
  h.as(gm);
  await worldPlays(h, EG_MODEL.id);
  ayla = await h.createActor({ name: 'Ayla', type: 'character' }, player);
  bren = await h.createActor({ name: 'Bren', type: 'character' }, otherPlayer);
  goblin = await h.createActor({ name: 'Goblin', type: 'npc' });
  combat = h.startCombat([ayla, bren, goblin]);
});
afterEach(async () => {
  expect([...h.i18n.missing]).toEqual([]);
  h.as(gm);
  for (const c of [...game.combats]) await c.delete();
  await worldPlays(h, 'gng');
});

const combatantId = (actor: Actor) => combat.combatants.find((c) => c.actorId === actor.id)?.id as string;
const tokenCards = () => game.messages.contents.filter((m) => egTokenCardOf(m));
const latest = () => tokenCards().at(-1) as ChatMessage;

/** `user` rolls initiative for `actor`'s combatant; the GM's client answers. */
async function rollInitiative(actor: Actor, user: User): Promise<void> {
  h.as(user);
  await combat.rollInitiative([combatantId(actor)]);
  await attackActionsSettled();
}

/** `user` clicks `selector` on the card as that user's client draws it. */
async function click(message: ChatMessage, selector: string, user: User): Promise<void> {
  h.as(user);
  const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
  await attackActionsSettled();
  const button = html.querySelector<HTMLButtonElement>(selector);
  expect(button, selector).not.toBeNull();
  button?.click();
  await attackActionsSettled();
}

describe('the initiative card (003:430)', () => {
  it("a PC's roll offers the six mixes to its owner; the choice is gained; a GM's Undo takes it back and reopens it", async () => {
    await rollInitiative(ayla, player);
    const card = latest();
    h.as(player);
    const html = h.renderMessage(card);
    await attackActionsSettled();
    expect([...html.querySelectorAll('button[data-action="choose"]')].map((b) => b.textContent)).toEqual([
      '2 power',
      '1 power, 1 speed',
      '1 power, 1 insight',
      '2 speed',
      '1 speed, 1 insight',
      '2 insight',
    ]);
    // The other player sees no button to choose for Ayla.
    h.as(otherPlayer);
    expect(h.renderMessage(card).querySelector('button[data-action="choose"]')).toBeNull();
    await click(card, 'button[data-choice="4"]', player);
    h.as(gm);
    expect(tokenPool(combat, ayla).encounter).toEqual(pool(0, 1, 1));
    expect(egTokenCardOf(game.messages.get(card.id as string))?.status).toBe('done');
    await click(card, 'button[data-action="undo"]', gm);
    expect(tokenPool(combat, ayla).encounter).toEqual(pool(0, 0, 0));
    expect(egTokenCardOf(game.messages.get(card.id as string))?.status).toBe('open');
  });

  it('NPCs gain nothing on initiative (003:472)', async () => {
    await rollInitiative(goblin, gm);
    expect(tokenCards()).toEqual([]);
  });

  it('a double click gains once', async () => {
    await rollInitiative(ayla, player);
    h.as(player);
    const id = latest().id as string;
    const answers = await Promise.all([
      egTokenCard.request(id, 'choose', 'actor', { choice: 0 }),
      egTokenCard.request(id, 'choose', 'actor', { choice: 0 }),
    ]);
    expect(answers.map((a) => a.ok)).toEqual([true, false]);
    expect(answers[1]).toMatchObject({ error: 'GNG.Model.EG.Token.Error.Decided' });
    expect(tokenPool(combat, ayla).encounter).toEqual(pool(2, 0, 0));
  });

  it('a forged choice, or a choice for a PC the player does not own, is refused', async () => {
    await rollInitiative(ayla, player);
    const id = latest().id as string;
    h.as(player);
    for (const extra of [{ choice: 6 }, { choice: '1' }, { choice: 1, power: 9 }, {}])
      expect(await egTokenCard.request(id, 'choose', 'actor', extra as never)).toMatchObject({
        ok: false,
        error: 'GNG.Error.Card.BadRequest',
      });
    h.as(otherPlayer);
    expect(await egTokenCard.request(id, 'choose', 'actor', { choice: 0 })).toMatchObject({
      ok: false,
      error: 'GNG.Model.EG.Token.Error.NotOwner',
    });
    h.as(gm);
    expect(tokenPool(combat, ayla).encounter).toEqual(pool(0, 0, 0));
  });

  it("a player's clearing and re-rolling gains nothing more; after a GM's clearing a new roll offers again", async () => {
    await rollInitiative(ayla, player);
    h.as(player);
    const combatant = combat.combatants.get(combatantId(ayla)) as Combatant;
    await combatant.update({ initiative: null });
    await rollInitiative(ayla, player);
    expect(tokenCards()).toHaveLength(1);
    h.as(gm);
    await combatant.update({ initiative: null });
    await attackActionsSettled();
    await rollInitiative(ayla, player);
    expect(tokenCards()).toHaveLength(2);
  });

  it("a player's own message dressed as a token card is not one", async () => {
    h.as(player);
    const forged = (await ChatMessage.create({
      content: 'forged',
      flags: { gng: { type: 'egTokens', egTokens: { ...initiativeState(), actorUuid: ayla.uuid } } },
    })) as ChatMessage;
    expect(await egTokenCard.request(forged.id as string, 'choose', 'actor', { choice: 0 })).toMatchObject({
      ok: false,
      error: 'GNG.Model.EG.Token.Error.NoCard',
    });
    h.as(gm);
    expect(tokenPool(combat, ayla).encounter).toEqual(pool(0, 0, 0));
  });
});

function initiativeState() {
  return {
    kind: 'initiative',
    name: 'Ayla',
    combatId: combat.id,
    gain: 2,
    recipientUuid: null,
    recipientName: null,
    type: null,
    amount: 0,
    status: 'open',
    choice: null,
    records: [],
  };
}

describe('gifts between PCs (003:442, 473)', () => {
  beforeEach(async () => {
    await changeTokens(combat, ayla, { speed: 3 }, 'test');
  });

  it("a player gives from its PC to another PC at once; the card records it; a GM's Undo takes it back", async () => {
    h.as(player);
    expect(await giveTokens(ayla, bren, 'speed', 2)).toMatchObject({ ok: true });
    await attackActionsSettled();
    h.as(gm);
    expect(tokenPool(combat, ayla).encounter).toEqual(pool(0, 1, 0));
    expect(tokenPool(combat, bren).encounter).toEqual(pool(0, 2, 0));
    const card = latest();
    expect(h.renderMessage(card).querySelector('.eg-token-result')?.textContent).toBe(
      'Ayla gave Bren 2 speed.',
    );
    // Only a GM undoes it.
    h.as(player);
    expect(h.renderMessage(card).querySelector('button[data-action="undo"]')).toBeNull();
    expect(await egTokenCard.request(card.id as string, 'undo', 'actor')).toMatchObject({ ok: false });
    await click(card, 'button[data-action="undo"]', gm);
    expect(tokenPool(combat, ayla).encounter).toEqual(pool(0, 3, 0));
    expect(tokenPool(combat, bren).encounter).toEqual(pool(0, 0, 0));
    // A second Undo (a double click) finds it decided.
    expect(await egTokenCard.request(card.id as string, 'undo', 'actor')).toMatchObject({
      ok: false,
      error: 'GNG.Model.EG.Token.Error.Decided',
    });
  });

  it('Undo of a gift the recipient has spent is refused and moves nothing', async () => {
    h.as(player);
    await giveTokens(ayla, bren, 'speed', 2);
    h.as(gm);
    await changeTokens(combat, bren, { speed: -1 }, 'test');
    const card = latest();
    expect(await egTokenCard.request(card.id as string, 'undo', 'actor')).toMatchObject({
      ok: false,
      error: 'GNG.Model.EG.Token.Error.Short',
    });
    expect(tokenPool(combat, ayla).encounter).toEqual(pool(0, 1, 0));
    expect(tokenPool(combat, bren).encounter).toEqual(pool(0, 1, 0));
    expect(egTokenCardOf(game.messages.get(card.id as string))?.status).toBe('done');
  });

  it('a gift larger than the pool is refused and nothing moves; two at once are paid one after the other', async () => {
    h.as(player);
    expect(await giveTokens(ayla, bren, 'speed', 4)).toMatchObject({
      ok: false,
      error: 'GNG.Model.EG.Token.Error.Short',
    });
    const answers = await Promise.all([
      giveTokens(ayla, bren, 'speed', 2),
      giveTokens(ayla, bren, 'speed', 2),
    ]);
    expect(answers.map((a) => a.ok)).toEqual([true, false]);
    h.as(gm);
    expect(tokenPool(combat, ayla).encounter).toEqual(pool(0, 1, 0));
    expect(tokenPool(combat, bren).encounter).toEqual(pool(0, 2, 0));
  });

  it('never to or from an NPC, never to oneself, never from a PC the sender does not own', async () => {
    h.as(player);
    expect(await giveTokens(ayla, goblin, 'speed', 1)).toMatchObject({
      error: 'GNG.Model.EG.Gift.Error.NPC',
    });
    expect(await giveTokens(ayla, ayla, 'speed', 1)).toMatchObject({ error: 'GNG.Model.EG.Gift.Error.Self' });
    h.as(otherPlayer);
    expect(await giveTokens(ayla, bren, 'speed', 1)).toMatchObject({
      error: 'GNG.Model.EG.Token.Error.NotOwner',
    });
    h.as(gm);
    await changeTokens(combat, goblin, { power: 2 }, 'test');
    expect(await giveTokens(goblin, ayla, 'power', 1)).toMatchObject({
      error: 'GNG.Model.EG.Gift.Error.NPC',
    });
    expect(tokenPool(combat, ayla).encounter).toEqual(pool(0, 3, 0));
    expect(tokenPool(combat, goblin).encounter).toEqual(pool(2, 0, 0));
  });

  it('a forged payload is refused', async () => {
    const base = { actorUuid: ayla.uuid, recipientUuid: bren.uuid, type: 'speed', amount: 1 };
    for (const [data, error] of [
      [{ ...base, amount: '1' }, 'GNG.Model.EG.Gift.Error.Amount'],
      [{ ...base, amount: 0 }, 'GNG.Model.EG.Gift.Error.Amount'],
      [{ ...base, amount: -2 }, 'GNG.Model.EG.Gift.Error.Amount'],
      [{ ...base, type: 'luck' }, 'GNG.Model.EG.Gift.Error.Amount'],
      [{ ...base, userId: gm.id }, 'GNG.Error.Card.BadRequest'],
      [{ ...base, recipientUuid: 42 }, 'GNG.Error.Card.BadRequest'],
    ] as const)
      expect(await handleGift(data as Record<string, unknown>, player)).toMatchObject({ ok: false, error });
    expect(tokenPool(combat, ayla).encounter).toEqual(pool(0, 3, 0));
  });

  it('only between two creatures of the same combat', async () => {
    const stranger = await h.createActor({ name: 'Cass', type: 'character' }, player);
    h.as(player);
    expect(await giveTokens(ayla, stranger, 'speed', 1)).toMatchObject({
      error: 'GNG.Model.EG.Gift.Error.NotTogether',
    });
  });
});

describe('the end of the encounter (003:461; R20, A9)', () => {
  it("deleting the combat takes its pools and puts each creature's bloodied mark back to 0; persistent tokens stay", async () => {
    await changeTokens(combat, ayla, { power: 2 }, 'test');
    await ayla.update({ 'system.model.eg.bloodied': 1, 'system.model.eg.persistent.speed': 1 });
    await goblin.update({ 'system.model.eg.bloodied': 1 });
    await combat.delete();
    await attackActionsSettled();
    const eg = (actor: Actor) =>
      (actor.system as unknown as { model: { eg: Record<string, unknown> } }).model.eg;
    expect(eg(ayla)).toEqual({ bloodied: 0, persistent: pool(0, 1, 0) });
    expect(eg(goblin).bloodied).toBe(0);
    expect(tokenPool(null, ayla)).toEqual({
      encounter: pool(0, 0, 0),
      persistent: pool(0, 1, 0),
      communal: false,
    });
  });
});

describe('game.gng.grantPersistentTokens and game.gng.giveTokens', () => {
  it('a GM grants persistent tokens; a player is refused with a message and nothing changes', async () => {
    h.as(player);
    expect(await game.gng.grantPersistentTokens(ayla, { power: 3 })).toMatchObject({
      ok: false,
      error: 'GNG.Model.EG.Token.Error.GMOnly',
    });
    expect(h.notices.at(-1)?.message).toBe("Only a GM's client changes tokens. Ask the GM.");
    h.as(gm);
    expect(await game.gng.grantPersistentTokens(ayla, { power: 3 })).toMatchObject({ ok: true });
    expect(tokenPool(null, ayla).persistent).toEqual(pool(3, 0, 0));
  });

  it('a player gives through the API as through the query', async () => {
    await changeTokens(combat, ayla, { insight: 1 }, 'test');
    h.as(player);
    expect(await game.gng.giveTokens(ayla, bren, 'insight', 1)).toMatchObject({ ok: true });
    h.as(gm);
    expect(tokenPool(combat, bren).encounter).toEqual(pool(0, 0, 1));
  });
});

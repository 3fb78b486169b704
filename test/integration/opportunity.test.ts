/**
 * Firing while threatened, for the foes the shooter's card does not name (GnG ADDITIONAL COMBAT RULES ›
 * SIDEARMS AND LONGARMS IN MELEE: "attacking with a firearm or energy weapon while within a
 * threatened square provokes an attack of opportunity"). A target of the attack is offered its attack
 * of opportunity on the attack card (scattershot.test.ts); any other creature on the other side
 * (FRIENDLY against HOSTILE), within 5 ft, armed with a melee weapon and able to act, gets a card of
 * its own. Tokens stand on the default grid (100 px per 5 ft); the shooter at square (0, 0).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { tokenHelpers } from '../fixtures/tokens.js';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState } from '../../src/cards/attack/attack-state.js';
import {
  opportunityCardOf,
  type OpportunityCardState,
} from '../../src/cards/opportunity/opportunity-state.js';
import { opportunityCard } from '../../src/cards/opportunity/opportunity-actions.js';
import { cardHelpers, cardStateOf } from '../fixtures/cards.js';
import { pseudo, pseudoLocale } from '../fixtures/pseudo-locale.js';

const h = await getHarness();
const { gm, player } = h.users;
beforeEach(() => h.reset(29));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const FRIENDLY = 1;
const HOSTILE = -1;
const NEUTRAL = 0;

const pistol = () => {
  const source = JSON.parse(readFileSync('packs/_source/weapons/d20m-autoloader-pistol.json', 'utf8')) as {
    name: string;
    type: string;
    system: Record<string, unknown>;
  };
  return { name: source.name, type: source.type, system: { ...source.system, equipped: true } };
};
const dagger = {
  name: 'Dagger',
  type: 'weapon',
  system: { use: 'light', damage: { medium: '1d4' }, equipped: true },
};

const { place } = tokenHelpers(h);

async function creature(
  name: string,
  col: number,
  row: number,
  disposition: number,
  items: Record<string, unknown>[] = [dagger],
): Promise<Actor> {
  const actor = await h.createActor({
    name,
    type: 'npc',
    system: { hp: { value: 60 }, abilities: { con: { value: 60 } } },
  });
  if (items.length) await actor.createEmbeddedDocuments('Item', items);
  await place(actor, col, row, disposition);
  return actor;
}

const opportunityCards = () =>
  game.messages.contents.filter((m) => opportunityCardOf(m) !== null) as ChatMessage[];
const stateOf = (message: ChatMessage) =>
  opportunityCardOf(game.messages.get(message.id as string)) as OpportunityCardState;

const { clickSelector: click } = cardHelpers(h);

const actionsFor = (message: ChatMessage) =>
  [
    ...h
      .renderMessage(game.messages.get(message.id as string) as ChatMessage)
      .querySelectorAll<HTMLButtonElement>('button[data-action]'),
  ].map((b) => `${b.dataset.action}:${b.dataset.targetId}`);

/** The player's friendly shooter with a pistol at (0, 0), and the target orc 30 ft away (hostile). */
async function scene(): Promise<{ shooter: Actor; gun: Item; target: Actor }> {
  const shooter = await h.createActor({ name: 'Shooter', type: 'npc' }, player);
  const [gun] = (await shooter.createEmbeddedDocuments('Item', [pistol()])) as Item[];
  await place(shooter, 0, 0, FRIENDLY);
  const target = await creature('Far Orc', 6, 0, HOSTILE);
  return { shooter, gun: gun as Item, target };
}

async function fire(shooter: Actor, gun: Item, target: Actor): Promise<ChatMessage> {
  h.as(player);
  h.target(player, ...target.getActiveTokens());
  h.dice.queue(15);
  const message = (await game.gng.attack(shooter, gun, {})) as ChatMessage;
  await attackActionsSettled();
  return message;
}

describe('attacks of opportunity from foes the shot does not target', () => {
  it('only an adjacent, armed, able foe on the other side is offered one, on a card of its own', async () => {
    const { shooter, gun, target } = await scene();
    const goblin = await creature('Goblin', 1, 1, HOSTILE); // diagonal: within 5 ft
    await creature('Distant Orc', 2, 0, HOSTILE); // 10 ft: does not threaten
    await creature('Ally', 0, 1, FRIENDLY); // same side
    await creature('Cat', 1, 0, NEUTRAL); // neither side
    await creature('Unarmed Orc', 0, 2, HOSTILE, []); // 10 ft anyway, and unarmed
    const sleeper = await creature('Sleeping Orc', 1, 0, HOSTILE); // adjacent, armed, but unconscious
    h.as(gm);
    await sleeper.toggleStatusEffect('unconscious', { active: true });
    const fist = await creature('Fist Orc', 1, 1, HOSTILE, []); // adjacent but no melee weapon
    expect(fist.items.size).toBe(0);
    const before = opportunityCards().length;
    const message = await fire(shooter, gun, target);
    expect(cardState(message) as AttackCardState).not.toBeNull();
    const cards = opportunityCards();
    expect(cards.length).toBe(before + 1);
    const card = cards.at(-1) as ChatMessage;
    const state = stateOf(card);
    expect(state.shooterUuid).toBe(shooter.uuid);
    expect(state.source).toBe(message.id);
    expect(state.threateners.map((t) => t.name)).toEqual(['Goblin']);
    expect(state.threateners[0]?.actorUuid).toBe(goblin.uuid);
    expect(card.content).toContain('Shooter fires while threatened');
  });

  it("the foe's owner takes it: its attack against the shooter starts with its melee weapon, once", async () => {
    const { shooter, gun, target } = await scene();
    const goblin = await creature('Goblin', 1, 0, HOSTILE);
    await fire(shooter, gun, target);
    const card = opportunityCards().at(-1) as ChatMessage;
    const tokenId = goblin.getActiveTokens()[0]?.id as string;
    // The shooter's player does not answer for the GM's goblin; the GM does.
    h.as(player);
    expect(actionsFor(card)).toEqual([]);
    h.as(gm);
    expect(actionsFor(card)).toEqual([`opportunityTake:${tokenId}`, `opportunityDecline:${tokenId}`]);
    const count = game.messages.size;
    h.dice.queue(12);
    await click(card, 'button[data-action="opportunityTake"]');
    const attack = cardState(game.messages.contents.at(-1) as ChatMessage) as AttackCardState;
    expect(game.messages.size).toBe(count + 1);
    expect(attack.attacker.actorUuid).toBe(goblin.uuid);
    expect(attack.weapon.name).toBe('Dagger');
    expect(attack.targets[0]?.actorUuid).toBe(shooter.uuid);
    expect(stateOf(card).threateners[0]?.takenBy).toBe(gm.id);
    expect(game.messages.get(card.id as string)?.content).toContain(
      'Goblin takes the attack of opportunity against Shooter',
    );
    expect(actionsFor(card)).toEqual([]);
    // A second request, written by hand, is refused and changes nothing.
    const answer = await opportunityCard.request(card.id as string, 'opportunityDecline', tokenId);
    expect(answer).toMatchObject({ ok: false, error: 'GNG.Opportunity.Error.Answered' });
    expect(stateOf(card).threateners[0]?.declinedBy).toBeNull();
  });

  it('a player cannot answer for a foe it does not own, nor forge the card', async () => {
    const { shooter, gun, target } = await scene();
    const goblin = await creature('Goblin', 1, 0, HOSTILE);
    await fire(shooter, gun, target);
    const card = opportunityCards().at(-1) as ChatMessage;
    const tokenId = goblin.getActiveTokens()[0]?.id as string;
    h.as(player);
    const refused = await opportunityCard.request(card.id as string, 'opportunityTake', tokenId);
    expect(refused).toMatchObject({ ok: false, error: 'GNG.Opportunity.Error.NotOwner' });
    expect(stateOf(card).threateners[0]?.takenBy).toBeNull();
    // A player's own message carrying the card's flags gets no buttons and no answer.
    const forged = (await ChatMessage.create({
      content: 'x',
      flags: {
        gng: {
          type: 'opportunityCard',
          opportunity: {
            ...stateOf(card),
            threateners: [{ ...stateOf(card).threateners[0], actorUuid: shooter.uuid }],
          },
        },
      },
    })) as ChatMessage;
    expect(actionsFor(forged)).toEqual([]);
    const forgedAnswer = await opportunityCard.request(forged.id as string, 'opportunityTake', tokenId);
    expect(forgedAnswer).toMatchObject({ ok: false, error: 'GNG.Opportunity.Error.NoCard' });
  });

  it('declined: recorded, no attack; a melee attack and a shot with no foe near post no card', async () => {
    const { shooter, gun, target } = await scene();
    await creature('Goblin', 1, 0, HOSTILE);
    await fire(shooter, gun, target);
    const card = opportunityCards().at(-1) as ChatMessage;
    const count = game.messages.size;
    h.as(gm);
    await click(card, 'button[data-action="opportunityDecline"]');
    expect(game.messages.size).toBe(count);
    expect(game.messages.get(card.id as string)?.content).toContain('Goblin lets the chance pass.');

    // A melee attack does not provoke.
    const [knife] = (await shooter.createEmbeddedDocuments('Item', [dagger])) as Item[];
    const near = await creature('Near Orc', 0, 1, HOSTILE);
    const cardsBefore = opportunityCards().length;
    h.as(player);
    h.target(player, ...near.getActiveTokens());
    h.dice.queue(15);
    await game.gng.attack(shooter, knife as Item, {});
    await attackActionsSettled();
    expect(opportunityCards().length).toBe(cardsBefore);
  });

  it('a multiple-target burst fired while threatened offers it too, even to a foe in the burst', async () => {
    const shooter = await h.createActor(
      { name: 'Gunner', type: 'npc', system: { abilities: { con: { value: 30 } }, hp: { value: 30 } } },
      player,
    );
    const [gun] = (await shooter.createEmbeddedDocuments('Item', [
      {
        name: 'Machine gun',
        type: 'weapon',
        system: {
          use: 'ranged',
          damage: { medium: '2d6' },
          rangeIncrement: 50,
          strength: 'none',
          equipped: true,
          firearm: { fireModes: ['single', 'auto'], capacity: 60, ammunition: 30, barrels: 1 },
        },
      },
    ])) as Item[];
    await place(shooter, 0, 0, FRIENDLY);
    const goblin = await creature('Goblin', 0, 1, HOSTILE); // south, beside the aisle
    const orc = await creature('Orc', 1, 0, HOSTILE); // east, in the aisle
    h.as(player);
    const before = opportunityCards().length;
    h.dice.queue(5, 6);
    await game.gng.burst(shooter, gun as Item, { kind: 'linear', direction: 0 });
    await attackActionsSettled();
    expect(opportunityCards().length).toBe(before + 1);
    const names = stateOf(opportunityCards().at(-1) as ChatMessage).threateners.map((t) => t.actorUuid);
    expect(names.sort()).toEqual([goblin.uuid, orc.uuid].sort());
  });
});

describe('the attack-of-opportunity card as a typed message (issue #34)', () => {
  const { drawn } = cardHelpers(h);
  const text = (html: HTMLElement, selector: string) =>
    [...html.querySelectorAll(selector)].map((el) => el.textContent?.trim());

  it('has the subtype opportunity and its whole state in system, none in its flags', async () => {
    const { shooter, gun, target } = await scene();
    const goblin = await creature('Goblin', 1, 0, HOSTILE);
    const shot = await fire(shooter, gun, target);
    const card = opportunityCards().at(-1) as ChatMessage;
    const token = goblin.getActiveTokens()[0]?.document as TokenDocument;
    expect(card.type).toBe('opportunity');
    expect(cardStateOf(card)).toEqual({
      shooterUuid: shooter.uuid,
      shooterTokenId: shooter.getActiveTokens()[0]?.id,
      sceneId: h.scene.id,
      shooterName: 'Shooter',
      source: shot.id,
      threateners: [
        { id: token.id, actorUuid: goblin.uuid, name: 'Goblin', takenBy: null, declinedBy: null },
      ],
    });
    expect(card.flags.gng?.opportunity).toBeUndefined();
  });

  it("is drawn on each client in its user's language: the GM's in English, the player's in another", async () => {
    const { shooter, gun, target } = await scene();
    await creature('Goblin', 1, 0, HOSTILE);
    await fire(shooter, gun, target);
    const card = opportunityCards().at(-1) as ChatMessage;
    h.as(gm);
    await click(card, 'button[data-action="opportunityDecline"]');
    h.setLanguage(player, pseudoLocale());
    h.as(player);
    let html = await drawn(card);
    expect(text(html, '.card-header h3')).toEqual([pseudo('Shooter fires while threatened')]);
    expect(text(html, '.opportunity-answer')).toEqual([pseudo('Goblin lets the chance pass.')]);
    h.as(gm);
    html = await drawn(card);
    expect(text(html, '.card-header h3')).toEqual(['Shooter fires while threatened']);
    expect(text(html, '.opportunity-answer')).toEqual(['Goblin lets the chance pass.']);
  });

  it('a card posted before the change (type base, flags.gng.opportunity) still renders and is answered', async () => {
    const { shooter, gun, target } = await scene();
    const goblin = await creature('Goblin', 1, 0, HOSTILE);
    await fire(shooter, gun, target);
    const typed = opportunityCards().at(-1) as ChatMessage;
    const tokenId = goblin.getActiveTokens()[0]?.id as string;
    // Today's shape as the GM's client wrote it before: no sceneId on the oldest cards.
    const { sceneId: _scene, ...old } = stateOf(typed);
    h.as(gm);
    const legacy = (await ChatMessage.create({
      content: typed.content,
      speaker: typed.speaker,
      flags: { gng: { type: 'opportunityCard', opportunity: old } },
    })) as ChatMessage;
    expect(legacy.type).toBe('base');
    expect(stateOf(legacy).threateners[0]?.name).toBe('Goblin');
    h.setLanguage(player, pseudoLocale());
    h.as(player);
    // Drawn from its stored content (the GM's English).
    expect(text(await drawn(legacy), '.card-header h3')).toEqual(['Shooter fires while threatened']);
    h.as(gm);
    expect(actionsFor(legacy)).toEqual([`opportunityTake:${tokenId}`, `opportunityDecline:${tokenId}`]);
    await click(legacy, 'button[data-action="opportunityDecline"]');
    const after = game.messages.get(legacy.id as string) as ChatMessage;
    expect(after.type).toBe('base');
    expect((after.flags.gng?.opportunity as OpportunityCardState).threateners[0]?.declinedBy).toBe(gm.id);
    expect(after.content).toContain('Goblin lets the chance pass.');
    expect(actionsFor(legacy)).toEqual([]);
  });
});

/**
 * The dead get Foundry's defeated overlay and the tracker's defeated mark; the dying carry their own
 * marker, and neither keeps an injury marker beside it (issue #33). The marks follow the status both
 * ways, so a card's Undo takes them back with it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { cardHelpers } from '../fixtures/cards.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { cardState, type AttackCardState, type CardTarget } from '../../src/cards/attack/attack-state.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';

const h = await getHarness();
const { gm, player } = h.users;
beforeEach(() => h.reset(5));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

async function orc(): Promise<Actor> {
  // Con 12, no classes: 12 HP (Medium: dying below 0, dead at −10).
  return h.createActor({
    name: 'Orc',
    type: 'npc',
    system: { abilities: { con: { value: 12 } }, hp: { value: 12 } },
  });
}

const deadEffect = (actor: Actor) => actor.effects.find((e) => e.statuses.has('dead'));
const markers = (actor: Actor) =>
  [...actor.statuses].filter((s) => s.startsWith('injury-') || ['dying', 'dead'].includes(s)).sort();

describe('the dead and the dying on tokens', () => {
  it('core special status DEFEATED is our dead status', () => {
    expect(CONFIG.specialStatusEffects.DEFEATED).toBe('dead');
  });

  it('dead by HP: the overlay, the combatant defeated; healed back: neither', async () => {
    const actor = await orc();
    const combat = h.startCombat([actor]);
    const [combatant] = combat.combatants.contents;
    await actor.update({ 'system.hp.value': -10 });
    await attackActionsSettled();
    expect(actor.statuses.has('dead')).toBe(true);
    expect(deadEffect(actor)?.flags.core?.overlay).toBe(true);
    expect(combatant?.defeated).toBe(true);

    await actor.toggleStatusEffect('dead', { active: false });
    await attackActionsSettled();
    expect(combatant?.defeated).toBe(false);
  });

  it('from the token HUD too, and a player-owned token the same', async () => {
    const actor = await h.createActor(
      { name: 'Hero', type: 'character', system: { abilities: { con: { value: 12 } }, hp: { value: 12 } } },
      player,
    );
    const combat = h.startCombat([actor]);
    h.as(player);
    await actor.toggleStatusEffect('dead', { active: true });
    await attackActionsSettled();
    expect(deadEffect(actor)?.flags.core?.overlay).toBe(true);
    // The active GM writes the combatant, not the player's client.
    expect(combat.combatants.contents[0]?.defeated).toBe(true);
    h.as(gm);
  });

  it('other statuses get no overlay', async () => {
    const actor = await orc();
    await actor.toggleStatusEffect('dying', { active: true });
    const dying = actor.effects.find((e) => e.statuses.has('dying'));
    expect(dying?.flags.core?.overlay).toBeUndefined();
  });

  it('the dying marker is its own icon, and dying or dead carry no injury marker', async () => {
    const icon = (id: string) => CONFIG.statusEffects.find((s) => s.id === id)?.img;
    expect(icon('dying')).toBe('icons/svg/down.svg');
    expect(
      new Set(['severe-bleeding', 'injury-severe', 'dead', 'stable', 'unconscious'].map(icon)),
    ).not.toContain(icon('dying'));
    const actor = await orc();
    // 3 of 12 HP: ≤ 25 %, Severe injury.
    await actor.update({ 'system.hp.value': 3 });
    await attackActionsSettled();
    expect(markers(actor)).toEqual(['injury-severe']);
    await actor.update({ 'system.hp.value': -1 });
    await attackActionsSettled();
    expect(markers(actor)).toEqual(['dying']);
    await actor.update({ 'system.hp.value': -10 });
    await attackActionsSettled();
    expect(markers(actor)).toEqual(['dead']);
    // Healed to 0 by hand after death: the GM takes the dead status off; injury counts again.
    await actor.toggleStatusEffect('dead', { active: false });
    await actor.update({ 'system.hp.value': 0 });
    await attackActionsSettled();
    expect(markers(actor)).toEqual(['injury-severe']);
  });
});

describe("a card's Undo takes the marks back with the status", () => {
  const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
  const target = (message: ChatMessage) =>
    (cardState(fresh(message)) as AttackCardState).targets[0] as CardTarget;

  const { clickTarget } = cardHelpers(h);
  /** The current user clicks the card's `action` button of its target (it must see it, enabled). */
  const click = (message: ChatMessage, action: string) => clickTarget(message, action, target(message).id);

  it('a killing hit: dead, overlay, defeated; its Undo: HP back, no dead effect, not defeated', async () => {
    const fighter = await appendix3Fighter(h, player);
    // Con 3: 3 HP, Defense +0, no Protection.
    const victim = await h.createActor({
      name: 'Goblin',
      type: 'npc',
      system: { abilities: { con: { value: 3 } }, hp: { value: 3 } },
    });
    const combat = h.startCombat([fighter, victim]);
    const combatant = combat.combatants.contents.find((c) => c.actor === victim);
    h.as(player);
    h.target(player, h.placeToken(victim));
    h.dice.queue(10); // attack 10 + 9 = 19
    const weapon = fighter.items.find((i) => i.name === 'Bastard sword') as Item;
    const message = (await game.gng.attack(fighter, weapon, {})) as ChatMessage;
    await attackActionsSettled();
    h.as(gm);
    h.dice.queue(19); // Defense 19 + 0: a tie hits, RD 0
    await click(message, 'rollDefense');
    h.as(player);
    h.dice.queue(9); // 9 + 4 = 13 damage: 3 → −10, dead (Medium)
    await click(message, 'rollDamage');
    await click(message, 'applyDamage');
    const hp = () => (victim.system as unknown as CreatureData).hp.value;
    expect(hp()).toBe(-10);
    expect(victim.statuses.has('dead')).toBe(true);
    expect(deadEffect(victim)?.flags.core?.overlay).toBe(true);
    expect(combatant?.defeated).toBe(true);

    await click(message, 'undoDamage');
    expect(hp()).toBe(3);
    expect(victim.statuses.has('dead')).toBe(false);
    expect(deadEffect(victim)).toBeUndefined();
    expect(combatant?.defeated).toBe(false);
  });
});

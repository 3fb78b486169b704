/**
 * HP typed by hand (hp-statuses.ts): below 0 a creature is dying (core "Dying": "When a character's
 * hit points drop to –1 …"), at its size's threshold dead (GnG DISABLED, DYING, AND DEAD: −10, or
 * −8/−4/−2 for Tiny/Diminutive/Fine), back at 0 or more neither dying nor stable. The cards set these
 * statuses themselves (and undo them), so their updates are left alone.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { CARD_HP_UPDATE } from '../../src/hooks/hp-statuses.js';

const h = await getHarness();
const { gm, player } = h.users;
beforeEach(() => h.reset(3));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

async function rogue(size = 'medium'): Promise<Actor> {
  h.as(gm);
  return h.createActor(
    {
      name: 'Rogue',
      type: 'character',
      system: { size, abilities: { con: { value: 12 } }, hp: { value: 12 } },
    },
    player,
  );
}

const states = (actor: Actor) => ['dying', 'stable', 'dead'].filter((s) => actor.statuses.has(s));

async function typeHp(actor: Actor, value: number): Promise<void> {
  await actor.update({ 'system.hp.value': value });
  await attackActionsSettled();
}

describe('HP typed by hand', () => {
  it('−2 makes a Medium creature dying; −10 dead; back to 3, neither', async () => {
    const actor = await rogue();
    h.as(player);
    await typeHp(actor, -2);
    expect(states(actor)).toEqual(['dying']);
    await typeHp(actor, -10);
    expect(states(actor)).toEqual(['dead']);
    h.as(gm);
    await actor.toggleStatusEffect('dead', { active: false });
    await typeHp(actor, -4);
    expect(states(actor)).toEqual(['dying']);
    await typeHp(actor, 3);
    expect(states(actor)).toEqual([]);
  });

  it('a Tiny creature dies at −8, not before', async () => {
    const actor = await rogue('tiny');
    await typeHp(actor, -7);
    expect(states(actor)).toEqual(['dying']);
    await typeHp(actor, -8);
    expect(states(actor)).toEqual(['dead']);
  });

  it('a stable creature whose HP change but stay below 0 stays stable; at 0 it is no longer stable', async () => {
    const actor = await rogue();
    await actor.toggleStatusEffect('stable', { active: true });
    await typeHp(actor, -3);
    expect(states(actor)).toEqual(['stable']);
    await typeHp(actor, 0);
    expect(states(actor)).toEqual([]);
  });

  it("a card's own HP update is left to the card", async () => {
    const actor = await rogue();
    await actor.update({ 'system.hp.value': -3 }, CARD_HP_UPDATE);
    await attackActionsSettled();
    expect(states(actor)).toEqual([]);
  });

  it('one status each, though every client sees the update', async () => {
    const actor = await rogue();
    h.as(player);
    await typeHp(actor, -2);
    expect(actor.effects.filter((e) => e.statuses.has('dying'))).toHaveLength(1);
  });
});

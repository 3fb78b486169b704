/**
 * Reloading (issue #16 "reload action"): out of combat the owner fills the magazine; in a begun combat
 * the reload takes the weapon's action on the actor's own turn (d20 Modern: a box magazine is a move
 * action, an internal magazine a full-round action), one step lighter with GnG's Quick Reload
 * ("swapping … box magazine … is a free action; loading … an internal magazine is a move action").
 * The active GM spends the action and fills the magazine.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness, type HarnessCombat } from '../harness/index.js';
import { fromConsole } from '../fixtures/cards.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { combatantOf, turnOf } from '../../src/combat/action-budget.js';
import { RELOAD_QUERY, reloadWeapon } from '../../src/combat/ammunition.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(41));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const loaded = (gun: Item) =>
  (gun.system as unknown as { firearm: { ammunition: number } }).firearm.ammunition;

async function gunner(reload: string, feats: string[] = []): Promise<{ actor: Actor; gun: Item }> {
  h.as(gm);
  const actor = await h.createActor({ name: 'Gunner', type: 'character' }, player);
  const [gun] = (await actor.createEmbeddedDocuments('Item', [
    {
      name: 'Pistol',
      type: 'weapon',
      system: {
        use: 'ranged',
        damage: { medium: '2d6' },
        rangeIncrement: 30,
        equipped: true,
        firearm: { fireModes: ['semi'], capacity: 10, ammunition: 2, reload },
      },
    },
    ...feats.map((identifier) => ({ name: identifier, type: 'feat', system: { identifier } })),
  ])) as Item[];
  return { actor, gun: gun as Item };
}

async function fight(actors: Actor[]): Promise<HarnessCombat> {
  h.as(gm);
  const combat = h.startCombat(actors) as HarnessCombat;
  await combat.begin();
  await attackActionsSettled();
  return combat;
}

const turn = (actor: Actor) => turnOf(combatantOf(actor) as Combatant);

describe('reloading', () => {
  it('out of combat the owner fills the magazine; someone else may not', async () => {
    const { gun } = await gunner('move');
    h.as(otherPlayer);
    expect(await reloadWeapon(gun)).toBeNull();
    expect(loaded(gun)).toBe(2);
    h.as(player);
    expect(await reloadWeapon(gun)).toBe(8);
    expect(loaded(gun)).toBe(10);
  });

  it('in combat a box magazine takes the move action on its own turn; a second reload has none left', async () => {
    const { actor, gun } = await gunner('move');
    const other = await h.createActor({ name: 'Other', type: 'npc' });
    const combat = await fight([actor, other]);
    h.as(player);
    expect(await reloadWeapon(gun)).toBe(8);
    await attackActionsSettled();
    expect(loaded(gun)).toBe(10);
    expect(turn(actor)).toMatchObject({ move: false, attack: true });
    // Emptied again (by hand here), the move action is spent: refused, nothing filled.
    await gun.update({ 'system.firearm.ammunition': 0 });
    expect(await reloadWeapon(gun)).toBeNull();
    expect(h.notices.at(-1)?.message).toContain('no move action left');
    expect(loaded(gun)).toBe(0);
    // On the other's turn: not Gunner's turn.
    h.as(gm);
    await combat.nextTurn();
    h.as(player);
    expect(await reloadWeapon(gun)).toBeNull();
    expect(h.notices.at(-1)?.message).toContain("It is not Gunner's turn");
  });

  it('an internal magazine takes the full round; with Quick Reload only the move action', async () => {
    const slow = await gunner('full');
    await fight([slow.actor]);
    h.as(player);
    expect(await reloadWeapon(slow.gun)).toBe(8);
    expect(turn(slow.actor)).toMatchObject({ move: false, attack: false });

    h.reset(42);
    const quick = await gunner('full', ['quick-reload']);
    await fight([quick.actor]);
    h.as(player);
    expect(await reloadWeapon(quick.gun)).toBe(8);
    expect(turn(quick.actor)).toMatchObject({ move: false, attack: true });
  });

  it('with Quick Reload a box magazine is a free action: nothing is spent', async () => {
    const { actor, gun } = await gunner('move', ['quick-reload']);
    await fight([actor]);
    h.as(player);
    expect(await reloadWeapon(gun)).toBe(8);
    expect(turn(actor)).toMatchObject({ move: true, attack: true });
  });

  it("a request from the console for another's gun, or with other keys, is refused", async () => {
    const { actor, gun } = await gunner('move');
    await fight([actor]);
    h.as(otherPlayer);
    expect(await fromConsole(RELOAD_QUERY, { itemUuid: gun.uuid })).toMatchObject({
      ok: false,
      error: 'GNG.Ammunition.NotYours',
    });
    h.as(player);
    expect(await fromConsole(RELOAD_QUERY, { itemUuid: gun.uuid, added: 99 })).toMatchObject({
      ok: false,
      error: 'GNG.Error.Card.BadRequest',
    });
    // Checked by its schema (issue #34): no uuid, an empty one, a number, a list are refused too.
    for (const bad of [{}, { itemUuid: '' }, { itemUuid: 7 }, { itemUuid: [gun.uuid] }, null])
      expect(await fromConsole(RELOAD_QUERY, bad as never)).toMatchObject({
        ok: false,
        error: 'GNG.Error.Card.BadRequest',
      });
    expect(loaded(gun)).toBe(2);
  });
});

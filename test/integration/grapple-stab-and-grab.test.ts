/**
 * `openGrappleOnHit` (GM side, after a Stab and Grab hit): the card opens at the hold with the
 * attacker's +bonus check already rolled, the defender answers; a won hold links both actors; the
 * lodged weapon's removal (either side, opposed) deals its dice ignoring Protection, through the
 * shared HP pipeline, with Undo. Dice are queued in roll order.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardHelpers, content } from '../fixtures/cards.js';
import { getHarness } from '../harness/index.js';
import {
  grappleState,
  openGrappleOnHit,
  requestGrappleAction,
  type GrappleCardState,
} from '../../src/cards/grapple/grapple-ask.js';
import { Refusal } from '../../src/cards/kernel/index.js';
import { grappleModule } from '../../src/cards/grapple/grapple-register.js';
import { STAB_AND_GRAB } from '../../src/rules/index.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
// The card as a Stab and Grab hit loads it before calling openGrappleOnHit (called-shots.ts).
await grappleModule();
const { click, visibleButtons } = cardHelpers(h);
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(11));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const card = (message: ChatMessage) =>
  grappleState(game.messages.get(message.id as string)) as GrappleCardState;
const lastStep = (message: ChatMessage) => card(message).steps.at(-1);

/** `player`'s victim: 30 HP, Protection 3 (natural armor), grapple +0. */
function victim(): Promise<Actor> {
  return h.createActor(
    {
      name: 'Victim',
      type: 'npc',
      system: { abilities: { con: { value: 30 } }, hp: { value: 30 }, naturalArmor: 3 },
    },
    player,
  );
}

/** `otherPlayer`'s stabber: Str 14 (+2), Improved Grapple (+4): grapple +6; a dagger 1d4 piercing. */
async function stabber(): Promise<{ actor: Actor; dagger: Item }> {
  const actor = await h.createActor(
    { name: 'Stabber', type: 'npc', system: { abilities: { str: { value: 14 } } } },
    otherPlayer,
  );
  const [, dagger] = (await actor.createEmbeddedDocuments('Item', [
    { name: 'improved-grapple', type: 'feat', system: { identifier: 'improved-grapple' } },
    {
      name: 'Dagger',
      type: 'weapon',
      system: { use: 'light', damage: { medium: '1d4' }, damageTypes: ['piercing'], equipped: true },
    },
  ])) as Item[];
  return { actor, dagger: dagger as Item };
}

async function open(attacker: Actor, defender: Actor, natural: number, lodgedWeaponId?: string) {
  h.as(gm);
  h.dice.queue(natural);
  const message = await openGrappleOnHit({
    attacker,
    defender,
    tokenId: null,
    user: otherPlayer,
    bonus: STAB_AND_GRAB.initialGrappleBonus,
    source: 'stab-and-grab',
    ...(lodgedWeaponId ? { lodgedWeaponId } : {}),
  });
  expect(message).toBeTruthy();
  return message as ChatMessage;
}

describe('openGrappleOnHit (Stab and Grab)', () => {
  it('opens at the hold: no AoO, no touch attack, the +4 check waits for the defender', async () => {
    const { actor: a, dagger } = await stabber();
    const d = await victim();
    const message = await open(a, d, 10, dagger.id as string);
    expect(game.messages.get(message.id as string)?.author?.isGM).toBe(true);
    expect(card(message)).toMatchObject({
      source: 'stab-and-grab',
      provokes: false,
      phase: 'starting',
      bonus: { value: 4, removed: false, weapon: { name: 'Dagger', damageDice: '1d4' } },
    });
    // 10 + 6 (grapple, Improved Grapple) + 4 (Stab and Grab) = 20.
    expect(card(message).pending).toMatchObject({
      move: 'start',
      roll: { natural: 10, bonus: 10, total: 20 },
    });
    expect(content(message)).toContain('+4 on Stabber');
    expect(content(message)).not.toContain('provokes an attack of opportunity');
    h.as(otherPlayer);
    expect(visibleButtons(message)).not.toContain('touch');
    expect(visibleButtons(message)).not.toContain('oppose');
    h.as(player);
    expect(visibleButtons(message)).toContain('oppose');
  });

  it('a won hold links both actors and deals hold damage; the +4 stays on later checks', async () => {
    const { actor: a, dagger } = await stabber();
    const d = await victim();
    const message = await open(a, d, 10, dagger.id as string);
    h.as(player);
    h.dice.queue(5, 3); // 20 vs 5: RD 15; unarmed 1d3 (3) + 2 = 5; 5 + 15 = 20 − 3 Protection = 17
    await click(message, 'oppose');
    expect(lastStep(message)).toMatchObject({ move: 'start', won: true, relativeDegree: 15 });
    expect(lastStep(message)?.damage).toMatchObject({ rolled: 5, total: 20, protection: 3, dealt: 17 });
    expect(sys(d).hp.value).toBe(13);
    expect(a.statuses.has('grappling')).toBe(true);
    expect(d.statuses.has('grappling')).toBe(true);
    expect(card(message).phase).toBe('grappling');
    // The next check of the attacker carries the +4 too.
    h.as(otherPlayer);
    h.dice.queue(1);
    await click(message, 'pin');
    expect(card(message).pending?.roll).toMatchObject({ natural: 1, bonus: 10, total: 11 });
  });

  it('a lost hold sets nothing and ends the attempt', async () => {
    const { actor: a, dagger } = await stabber();
    const d = await victim();
    const message = await open(a, d, 1, dagger.id as string); // 1 + 10 = 11
    h.as(player);
    h.dice.queue(15);
    await click(message, 'oppose');
    expect(lastStep(message)).toMatchObject({ move: 'start', won: false });
    expect(a.statuses.has('grappling')).toBe(false);
    expect(d.statuses.has('grappling')).toBe(false);
    expect(card(message).phase).toBe('ended');
    expect(sys(d).hp.value).toBe(30);
  });

  it('Remove lodged weapon: opposed; its dice only, ignoring Protection; the +4 ends; Undo restores', async () => {
    const { actor: a, dagger } = await stabber();
    const d = await victim();
    const message = await open(a, d, 10, dagger.id as string);
    h.as(player);
    h.dice.queue(5, 1); // hold won: 1 + 2 + 15 = 18 − 3 = 15 → 15 HP left
    await click(message, 'oppose');
    expect(sys(d).hp.value).toBe(15);
    h.as(otherPlayer);
    expect(visibleButtons(message)).toContain('removeWeapon');
    expect(visibleButtons(message)).not.toContain('pullWeapon');
    h.dice.queue(2);
    await click(message, 'removeWeapon'); // 2 + 10 = 12
    h.as(player);
    h.dice.queue(3, 4); // 3 vs 12: removed; 1d4 (4), no Strength, no RD, no Protection
    await click(message, 'oppose');
    const step = lastStep(message);
    expect(step).toMatchObject({ move: 'removeWeapon', won: true, weaponRemoved: true });
    expect(step?.damage).toMatchObject({ formula: '1d4', rolled: 4, protection: 0, dealt: 4 });
    expect(sys(d).hp.value).toBe(11);
    expect(card(message).bonus?.removed).toBe(true);
    expect(content(message)).toContain('has been removed from Victim');
    // The +4 is gone from the next check.
    h.as(otherPlayer);
    expect(visibleButtons(message)).not.toContain('removeWeapon');
    h.dice.queue(1);
    await click(message, 'damage');
    expect(card(message).pending?.roll.bonus).toBe(6);
    h.as(player);
    h.dice.queue(20, 3); // the defender wins; no damage
    await click(message, 'oppose');
    // The damage check was lost by the stabber: its owner cannot undo it (G16); the GM can. Then the
    // stabber undoes the removal it won.
    h.as(otherPlayer);
    expect(visibleButtons(message)).not.toContain('undo');
    h.as(gm);
    await click(message, 'undo');
    h.as(otherPlayer);
    await click(message, 'undo');
    expect(sys(d).hp.value).toBe(15);
    expect(card(message).bonus?.removed).toBe(false);
  });

  it('the victim may pull the weapon out itself (and takes the damage)', async () => {
    const { actor: a, dagger } = await stabber();
    const d = await victim();
    const message = await open(a, d, 10, dagger.id as string);
    h.as(player);
    h.dice.queue(5, 1);
    await click(message, 'oppose');
    h.as(player);
    expect(visibleButtons(message)).toContain('pullWeapon');
    expect(visibleButtons(message)).not.toContain('removeWeapon');
    h.dice.queue(20);
    await click(message, 'pullWeapon'); // 20 + 0 = 20
    h.as(otherPlayer);
    h.dice.queue(1, 2); // 1 + 10 = 11: the victim wins; 1d4 (2)
    await click(message, 'oppose');
    expect(lastStep(message)).toMatchObject({ move: 'pullWeapon', side: 'defender', won: true });
    expect(sys(d).hp.value).toBe(13);
    // Pressed again: refused with a warning, nothing changes.
    h.as(player);
    const again = await requestGrappleAction(message.id as string, 'pullWeapon');
    expect(again).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.Unavailable.pullWeapon' });
    expect(sys(d).hp.value).toBe(13);
  });

  it('without a lodged weapon: the bonus lasts the grapple and no removal is offered', async () => {
    const { actor: a } = await stabber();
    const d = await victim();
    const message = await open(a, d, 10);
    expect(card(message).bonus).toMatchObject({ value: 4, weapon: null });
    h.as(player);
    h.dice.queue(5, 1);
    await click(message, 'oppose');
    h.as(otherPlayer);
    expect(visibleButtons(message).some((b) => b.startsWith('removeWeapon'))).toBe(false);
    expect(content(message)).toContain('Stab and Grab: +4 on Stabber');
    expect(content(message)).toContain('grapple checks in this grapple');
  });

  it('refuses a user who does not own the attacker, a bad bonus and an unknown weapon', async () => {
    const { actor: a } = await stabber();
    const d = await victim();
    const before = game.messages.size;
    const base = { attacker: a, defender: d, tokenId: null, source: 'stab-and-grab' as const };
    await expect(openGrappleOnHit({ ...base, user: player, bonus: 4 })).rejects.toBeInstanceOf(Refusal);
    await expect(openGrappleOnHit({ ...base, user: otherPlayer, bonus: -1 })).rejects.toThrow(
      'GNG.Error.Attack.BadRequest',
    );
    await expect(
      openGrappleOnHit({ ...base, user: otherPlayer, bonus: 4, lodgedWeaponId: 'nope' }),
    ).rejects.toThrow('GNG.Grapple.Error.NoWeapon');
    expect(game.messages.size).toBe(before);
  });
});

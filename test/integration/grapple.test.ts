/**
 * The grapple card: start (AoO note without Improved Grapple), the opposed checks with a Grapple
 * check button for the other side's owners, damage with RD, pin, choke, throw, escape, Undo and
 * refusals — through the card's buttons as each user sees them. Dice are queued in roll order.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { attackActionsSettled, type CardActionResult } from '../../src/combat/attack-flow.js';
import { grappleState, requestGrappleAction, type GrappleCardState } from '../../src/combat/grapple-card.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(7));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const card = (message: ChatMessage) =>
  grappleState(game.messages.get(message.id as string)) as GrappleCardState;
const content = (message: ChatMessage) => game.messages.get(message.id as string)?.content ?? '';
const lastStep = (message: ChatMessage) => card(message).steps.at(-1);

/** `player`'s defender: Str 10, Con 30, 30 HP, grapple +0. */
function victim(system: Record<string, unknown> = {}): Promise<Actor> {
  return h.createActor(
    {
      name: 'Victim',
      type: 'npc',
      system: {
        abilities: { con: { value: 30 } },
        hp: { value: 30 },
        skills: { escapeArtist: { ranks: 6 } },
        ...system,
      },
    },
    player,
  );
}

/** `otherPlayer`'s grappler: Str 14 (+2), grapple +2 (+4 with Improved Grapple). */
async function grappler(feats: string[] = []): Promise<Actor> {
  const actor = await h.createActor(
    { name: 'Grappler', type: 'npc', system: { abilities: { str: { value: 14 } } } },
    otherPlayer,
  );
  if (feats.length)
    await actor.createEmbeddedDocuments(
      'Item',
      feats.map((identifier) => ({ name: identifier, type: 'feat', system: { identifier } })),
    );
  return actor;
}

function visibleButtons(message: ChatMessage): string[] {
  const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
  return [...html.querySelectorAll<HTMLElement>('button[data-action]')].map(
    (b) => `${b.dataset.action}${(b as HTMLButtonElement).disabled ? ':disabled' : ''}`,
  );
}

async function click(message: ChatMessage, action: string): Promise<void> {
  const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
  const button = html.querySelector<HTMLButtonElement>(`button[data-action="${action}"]`);
  if (!button) throw new Error(`${game.user.name} sees no ${action} button`);
  if (button.disabled) throw new Error(`${action} is disabled for ${game.user.name}`);
  button.dispatchEvent(
    new h.window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event,
  );
  await attackActionsSettled();
}

/** The grappler starts; its check's d20 is `natural`; the defender answers with `answer`. */
async function start(
  attacker: Actor,
  defender: Actor,
  natural: number,
  answer: number,
): Promise<ChatMessage> {
  h.as(otherPlayer);
  h.target(otherPlayer, h.placeToken(defender));
  h.dice.queue(natural);
  const message = (await game.gng.grapple(attacker)) as ChatMessage;
  await attackActionsSettled();
  expect(message).toBeTruthy();
  h.as(player);
  h.dice.queue(answer);
  await click(message, 'oppose');
  return message;
}

/** `otherPlayer` acts (`move`, d20 `natural`), the player answers (d20 `answer`), then `more` dice. */
async function act(message: ChatMessage, move: string, natural: number, answer: number, ...more: number[]) {
  h.as(otherPlayer);
  h.dice.queue(natural);
  await click(message, move);
  h.as(player);
  h.dice.queue(answer, ...more);
  await click(message, 'oppose');
}

const grappleWith = (actor: Actor) =>
  actor.effects.find((e) => e.statuses.has('grappling'))?.getFlag('gng', 'grappleWith');

describe('grapple card', () => {
  it('start without Improved Grapple notes the AoO; a win links both actors', async () => {
    const a = await grappler();
    const d = await victim();
    h.as(otherPlayer);
    h.target(otherPlayer, h.placeToken(d));
    h.dice.queue(10);
    const message = (await game.gng.grapple(a)) as ChatMessage;
    await attackActionsSettled();
    expect(game.messages.get(message.id as string)?.author?.isGM).toBe(true);
    expect(card(message)).toMatchObject({ provokes: true, phase: 'starting' });
    expect(card(message).pending?.roll).toEqual({ natural: 10, bonus: 2, total: 12 });
    expect(content(message)).toContain('provokes an attack of opportunity');
    // Only the defender's owners answer.
    expect(visibleButtons(message)).not.toContain('oppose');
    h.as(player);
    expect(visibleButtons(message)).toContain('oppose');
    h.dice.queue(5);
    await click(message, 'oppose');
    expect(lastStep(message)).toMatchObject({ move: 'start', won: true, relativeDegree: 7 });
    expect(a.statuses.has('grappling')).toBe(true);
    expect(d.statuses.has('grappling')).toBe(true);
    expect(grappleWith(a)).toBe(d.uuid);
    expect(grappleWith(d)).toBe(a.uuid);
    expect(card(message).phase).toBe('grappling');
  });

  it('with Improved Grapple no AoO note; a lost start sets nothing', async () => {
    const a = await grappler(['improved-grapple']);
    const d = await victim();
    const message = await start(a, d, 2, 19); // 2 + 6 = 8 vs 19
    expect(card(message).provokes).toBe(false);
    expect(content(message)).not.toContain('provokes an attack of opportunity');
    expect(lastStep(message)).toMatchObject({ won: false });
    expect(a.statuses.has('grappling')).toBe(false);
    expect(d.statuses.has('grappling')).toBe(false);
    expect(card(message).phase).toBe('starting');
  });

  it('damage adds RD to the unarmed damage; Undo restores HP; pin pins the loser', async () => {
    const a = await grappler();
    const d = await victim();
    const message = await start(a, d, 10, 5);
    await act(message, 'damage', 15, 5, 2); // 17 vs 5: RD 12; 1d3 (2) + 2 = 4; 4 + 12 = 16
    expect(lastStep(message)).toMatchObject({ won: true, relativeDegree: 12 });
    expect(lastStep(message)?.damage).toMatchObject({ rolled: 4, total: 16, dealt: 16 });
    expect(sys(d).hp.value).toBe(14);
    h.as(otherPlayer);
    await click(message, 'undo');
    expect(sys(d).hp.value).toBe(30);
    expect(card(message).steps).toHaveLength(1);
    await act(message, 'pin', 8, 10); // 10 vs 10: the actor wins ties
    expect(lastStep(message)).toMatchObject({ move: 'pin', won: true });
    expect(d.statuses.has('pinned')).toBe(true);
    expect(a.statuses.has('pinned')).toBe(false);
  });

  it('choke (Advanced Grapple, −4): a failed Fortitude save stuns and dazes', async () => {
    const a = await grappler(['improved-grapple', 'advanced-grapple']);
    const d = await victim({ abilities: { con: { value: 10 } }, hp: { value: 10 } });
    const message = await start(a, d, 10, 5);
    h.as(otherPlayer);
    expect(visibleButtons(message)).toEqual(
      expect.arrayContaining(['damage', 'pin', 'choke', 'lock', 'throw', 'undo']),
    );
    // 15 + 6 − 4 = 17 vs 5: RD 12; 1d3 (1) + 2 + 12 = 15; Fortitude 1 + 0 vs DC 12.
    await act(message, 'choke', 15, 5, 1, 1);
    const step = lastStep(message);
    expect(step).toMatchObject({ move: 'choke', won: true, relativeDegree: 12 });
    expect(step?.damage).toMatchObject({ total: 15 });
    expect(step?.save).toMatchObject({ dc: 12, total: 1, failed: true });
    expect(d.statuses.has('stunned')).toBe(true);
    expect(d.statuses.has('dazed')).toBe(true);
    h.as(otherPlayer);
    await click(message, 'undo');
    expect(d.statuses.has('stunned')).toBe(false);
    expect(d.statuses.has('dazed')).toBe(false);
    expect(sys(d).hp.value).toBe(10);
  });

  it('without Advanced Grapple there is no Choke, Lock or Throw (and the GM query refuses)', async () => {
    const a = await grappler();
    const d = await victim();
    const message = await start(a, d, 10, 5);
    h.as(otherPlayer);
    expect(visibleButtons(message)).not.toContain('choke');
    const r = await requestGrappleAction(message.id as string, 'choke');
    expect(r).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.Unavailable.choke' });
  });

  it('throw: prone, distance 5 ft per 5 points, unarmed damage, the grapple ends on both', async () => {
    const a = await grappler(['improved-grapple', 'advanced-grapple']);
    const d = await victim();
    const message = await start(a, d, 10, 5);
    await act(message, 'throw', 16, 3, 3); // 16 + 6 − 4 = 18 vs 3: RD 15 → 15 ft; 1d3 (3) + 2 + 15 = 20
    const step = lastStep(message);
    expect(step).toMatchObject({ move: 'throw', won: true, relativeDegree: 15, throwFeet: 15 });
    expect(step?.damage).toMatchObject({ total: 20 });
    expect(d.statuses.has('prone')).toBe(true);
    expect(a.statuses.has('grappling')).toBe(false);
    expect(d.statuses.has('grappling')).toBe(false);
    expect(card(message).phase).toBe('ended');
    expect(content(message)).toContain('Victim is thrown up to 15 ft');
    // Undo puts the grapple back.
    h.as(otherPlayer);
    await click(message, 'undo');
    expect(d.statuses.has('prone')).toBe(false);
    expect(a.statuses.has('grappling')).toBe(true);
    expect(grappleWith(d)).toBe(a.uuid);
    expect(card(message).phase).toBe('grappling');
  });

  it('escape: the grappled side acts, must beat the grappler; success clears both', async () => {
    const a = await grappler();
    const d = await victim();
    const message = await start(a, d, 10, 5);
    await act(message, 'pin', 10, 5);
    expect(d.statuses.has('pinned')).toBe(true);
    // A tie fails.
    h.as(player);
    h.dice.queue(12);
    await click(message, 'escape');
    h.as(otherPlayer);
    h.dice.queue(10); // 12 vs 12
    await click(message, 'oppose');
    expect(lastStep(message)).toMatchObject({ move: 'escape', won: false });
    expect(d.statuses.has('grappling')).toBe(true);
    // Escape Artist (+6): 10 + 6 = 16 vs 5 + 2 = 7.
    h.as(player);
    h.dice.queue(10);
    await click(message, 'escapeArtist');
    h.as(otherPlayer);
    h.dice.queue(5);
    await click(message, 'oppose');
    expect(lastStep(message)).toMatchObject({ move: 'escapeArtist', won: true });
    for (const actor of [a, d]) {
      expect(actor.statuses.has('grappling')).toBe(false);
      expect(actor.statuses.has('pinned')).toBe(false);
    }
    expect(card(message).phase).toBe('ended');
  });

  it('refusals: acting for an actor one does not own, answering out of turn, forged data', async () => {
    const a = await grappler();
    const d = await victim();
    const message = await start(a, d, 10, 5);
    const before = structuredClone(card(message));
    h.as(player);
    expect(visibleButtons(message)).not.toContain('damage');
    const damage = await requestGrappleAction(message.id as string, 'damage');
    expect(damage).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.NotAllowed' });
    expect(h.notices.at(-1)?.message).toBe('Player may not do that on this grapple card.');
    const oppose = await requestGrappleAction(message.id as string, 'oppose');
    expect(oppose).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.NotAllowed' });
    const forged = await requestGrappleAction(message.id as string, 'escape', { total: 99 });
    expect(forged).toMatchObject({ ok: false, error: 'GNG.Error.Attack.BadRequest' });
    const stolen = (await game.users.activeGM?.query('gng.grappleAction', {
      action: 'start',
      actorUuid: a.uuid,
      targetUuid: d.uuid,
      tokenId: null,
    })) as CardActionResult;
    expect(stolen).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAttackerOwner' });
    expect(card(message)).toEqual(before);
    expect(sys(d).hp.value).toBe(30);
    // No target (or two): a warning.
    h.as(otherPlayer);
    h.target(otherPlayer);
    expect(await game.gng.grapple(a)).toBeNull();
    expect(h.notices.at(-1)?.message).toBe('A grapple needs exactly one target: target one token.');
    h.as(gm);
  });

  it('the sheet has a Grapple button in the Maneuvers group', async () => {
    const a = await grappler();
    const d = await victim();
    const sheet = await h.openSheet(a);
    h.as(otherPlayer);
    h.target(otherPlayer, h.placeToken(d));
    h.dice.queue(10);
    await h.click(sheet, '.maneuvers button[data-action="startGrapple"]');
    await attackActionsSettled();
    const message = game.messages.contents.at(-1) as ChatMessage;
    expect(card(message)).toMatchObject({ phase: 'starting', defender: { name: 'Victim' } });
  });
});

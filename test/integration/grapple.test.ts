/**
 * The grapple card: start (AoO note without Improved Grapple), the opposed checks with a Grapple
 * check button for the other side's owners, damage with RD, pin, choke, throw, escape, Undo and
 * refusals — through the card's buttons as each user sees them. Dice are queued in roll order.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardHelpers, content, withFeats, fromConsole } from '../fixtures/cards.js';
import { getHarness, type HarnessCombat } from '../harness/index.js';
import { attackActionsSettled, type CardActionResult } from '../../src/cards/attack/attack-actions.js';
import {
  grappleState,
  requestGrappleAction,
  type GrappleCardState,
} from '../../src/cards/grapple/grapple-ask.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { click, visibleButtons, waiting } = cardHelpers(h);
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(7));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const card = (message: ChatMessage) =>
  grappleState(game.messages.get(message.id as string)) as GrappleCardState;
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
  return withFeats(actor, feats);
}

/** The actions of the buttons the current user sees in `side`'s row of moves. */
function sideButtons(message: ChatMessage, side: 'attacker' | 'defender'): string[] {
  const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
  return [...html.querySelectorAll<HTMLButtonElement>(`.grapple-${side} button[data-action]`)].map(
    (b) => `${b.dataset.action}${b.disabled ? ':disabled' : ''}`,
  );
}

/** The current user clicks `action` in `side`'s row. */
async function clickSide(message: ChatMessage, side: 'attacker' | 'defender', action: string) {
  const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
  const button = html.querySelector<HTMLButtonElement>(`.grapple-${side} button[data-action="${action}"]`);
  if (!button) throw new Error(`${game.user.name} sees no ${side} ${action} button`);
  if (button.disabled) throw new Error(`${side} ${action} is disabled for ${game.user.name}`);
  button.dispatchEvent(
    new h.window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event,
  );
  await attackActionsSettled();
}

/**
 * The grappler starts (without Improved Grapple the defender's owner first declines the attack of
 * opportunity): the touch attack (d20 15: 21 vs the defender's touch Defense d20 2) hits, the hold
 * check's d20 is `natural`; the defender answers with `answer`, then the hold damage's `more`.
 */
async function start(
  attacker: Actor,
  defender: Actor,
  natural: number,
  answer: number,
  ...more: number[]
): Promise<ChatMessage> {
  h.as(otherPlayer);
  h.target(otherPlayer, h.placeToken(defender));
  const provokes = !sys(attacker).derived.feats.includes('improved-grapple');
  if (!provokes) h.dice.queue(15); // no attack of opportunity: the touch attack is rolled at once
  const message = (await game.gng.grapple(attacker)) as ChatMessage;
  await attackActionsSettled();
  expect(message).toBeTruthy();
  if (provokes) {
    h.as(player);
    await click(message, 'declineAoo');
    h.as(otherPlayer);
    h.dice.queue(15);
    await click(message, 'touch');
  }
  h.as(player);
  h.dice.queue(2, natural);
  await click(message, 'oppose'); // touch Defense; the hit rolls the hold check
  h.dice.queue(answer, ...more);
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

/** `player`'s `victim` (given a dagger) attacks `grappler`'s token with d20 `natural`: its attack of opportunity. */
async function attackOfOpportunity(victim: Actor, grappler: Actor, natural: number): Promise<ChatMessage> {
  h.as(gm);
  const [dagger] = (await victim.createEmbeddedDocuments('Item', [
    { name: 'Dagger', type: 'weapon', system: { use: 'light', damage: { medium: '1d4' }, equipped: true } },
  ])) as Item[];
  h.as(player);
  h.target(player, (grappler.getActiveTokens()[0] ?? h.placeToken(grappler)) as Token);
  h.dice.queue(natural);
  const attack = (await game.gng.attack(victim, dagger as Item, {})) as ChatMessage;
  await attackActionsSettled();
  return attack;
}

/** The victim's attack of opportunity (d20 2) misses: the grappler's owner rolls Defense (d20 19). */
async function missedAttackOfOpportunity(victim: Actor, grappler: Actor): Promise<void> {
  const attack = await attackOfOpportunity(victim, grappler, 2);
  h.as(otherPlayer);
  h.dice.queue(19);
  await click(attack, 'rollDefense');
  h.as(player);
}

const grappleWith = (actor: Actor) =>
  actor.effects.find((e) => e.statuses.has('grappling'))?.getFlag('gng', 'grappleWith');
const timed = (actor: Actor, status: string) =>
  actor.effects.find((e) => e.statuses.has(status) && e.getFlag('gng', 'grappleTimed') === true);

/** The current user clicks the weapon button of `side` for `itemId` ('' = unarmed). */
async function chooseWeapon(message: ChatMessage, side: string, itemId: string): Promise<void> {
  const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
  const button = html.querySelector<HTMLButtonElement>(
    `button[data-action="weapon"][data-target-id="${side}"][data-item-id="${itemId}"]`,
  );
  if (!button) throw new Error(`${game.user.name} sees no weapon button ${side}/${itemId}`);
  button.dispatchEvent(
    new h.window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event,
  );
  await attackActionsSettled();
}

describe('starting a grapple', () => {
  it('without Improved Grapple: AoO for the defender, touch attack vs touch Defense, then the hold', async () => {
    const a = await grappler();
    const d = await victim();
    h.as(otherPlayer);
    h.target(otherPlayer, h.placeToken(d));
    const message = (await game.gng.grapple(a)) as ChatMessage;
    await attackActionsSettled();
    expect(game.messages.get(message.id as string)?.author?.isGM).toBe(true);
    expect(card(message)).toMatchObject({ provokes: true, phase: 'grab', pending: null, aoo: null });
    expect(content(message)).toContain('provokes an attack of opportunity');
    // The touch attack waits for the attack of opportunity (decision G17): the grappler has no
    // button yet (no greyed moves either, issue #33), and the card says whose choice it waits for.
    expect(visibleButtons(message)).toEqual([]);
    expect(waiting(message)).toContain(
      "Waiting for Victim to take or decline the attack of opportunity; Grappler's touch attack comes after it.",
    );
    expect(visibleButtons(message)).not.toContain('oppose');
    // The defender's owner takes the attack of opportunity (once).
    h.as(player);
    expect(visibleButtons(message)).not.toContain('touch');
    expect(visibleButtons(message)).toEqual(expect.arrayContaining(['aoo', 'declineAoo']));
    await click(message, 'aoo');
    // Taken: it may still be given up until the attack is made (taking it again is not offered).
    expect(visibleButtons(message)).toEqual(['declineAoo']);
    expect(card(message).aoo?.by).toBe(player.id);
    expect(content(message)).toContain('Victim takes the attack of opportunity against Grappler');
    const again = await requestGrappleAction(message.id as string, 'aoo');
    expect(again).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.Unavailable.aoo' });
    // The attack of opportunity: the victim's dagger (d20 2) misses the grappler (Defense d20 19).
    await missedAttackOfOpportunity(d, a);
    expect(visibleButtons(message)).toEqual([]);
    expect(waiting(message)).toContain("Waiting for Grappler's touch attack.");
    // The grab: a melee touch attack, BAB 0 + Str 2 + 4 (GnG touch attack) = +6, rolled.
    h.as(otherPlayer);
    h.dice.queue(15);
    await click(message, 'touch');
    expect(card(message).pending).toMatchObject({
      move: 'touch',
      roll: { natural: 15, bonus: 6, total: 21 },
    });
    expect(content(message)).toContain('melee touch attack 21 (natural 15)');
    // The defender's owner rolls touch Defense; the hit rolls the hold check at once.
    h.as(player);
    expect(visibleButtons(message)).toContain('oppose');
    h.dice.queue(2, 10);
    await click(message, 'oppose');
    expect(card(message).steps[0]).toMatchObject({ move: 'touch', won: true, opponent: { natural: 2 } });
    expect(card(message)).toMatchObject({
      phase: 'starting',
      pending: { move: 'start', roll: { natural: 10, bonus: 2, total: 12 } },
    });
    expect(a.statuses.has('grappling')).toBe(false);
    // The hold: 12 vs 5, RD 7; the hold deals unarmed damage 1d3 (2) + 2 + 7 = 11.
    h.dice.queue(5, 2);
    await click(message, 'oppose');
    expect(lastStep(message)).toMatchObject({ move: 'start', won: true, relativeDegree: 7 });
    expect(lastStep(message)?.damage).toMatchObject({ rolled: 4, total: 11, dealt: 11, weapon: null });
    expect(sys(d).hp.value).toBe(19);
    expect(a.statuses.has('grappling')).toBe(true);
    expect(d.statuses.has('grappling')).toBe(true);
    expect(grappleWith(a)).toBe(d.uuid);
    expect(grappleWith(d)).toBe(a.uuid);
    expect(card(message).phase).toBe('grappling');
    expect(content(message)).not.toContain('provokes an attack of opportunity');
  });

  it('G17: the attack of opportunity stays offered until taken or declined; the grappler waits for it', async () => {
    const a = await grappler();
    const d = await victim();
    h.as(otherPlayer);
    h.target(otherPlayer, h.placeToken(d));
    const message = (await game.gng.grapple(a)) as ChatMessage;
    await attackActionsSettled();
    // The grappler tries to go on: refused with the reason, nothing rolled, the AoO still offered.
    h.dice.queue(15);
    expect(visibleButtons(message)).toEqual([]);
    const early = await requestGrappleAction(message.id as string, 'touch');
    expect(early).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.AooPending' });
    expect(h.notices.at(-1)?.message).toBe(
      'Not yet: Victim has not taken or declined the attack of opportunity; the touch attack waits for it.',
    );
    expect(card(message)).toMatchObject({ phase: 'grab', pending: null, aoo: null, steps: [] });
    // Only the defender's owner (or the GM) answers it.
    const forGrappler = await requestGrappleAction(message.id as string, 'declineAoo');
    expect(forGrappler).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.NotAllowed' });
    h.as(player);
    expect(visibleButtons(message)).toEqual(expect.arrayContaining(['aoo', 'declineAoo']));
    await click(message, 'declineAoo');
    expect(card(message).aooDeclinedBy).toBe(player.id);
    expect(content(message)).toContain('Victim makes no attack of opportunity.');
    expect(visibleButtons(message)).toEqual([]);
    expect(await requestGrappleAction(message.id as string, 'aoo')).toMatchObject({
      ok: false,
      error: 'GNG.Grapple.Error.Unavailable.aoo',
    });
    // Now the grappler goes on: the queued 15 is rolled only now.
    h.as(otherPlayer);
    expect(visibleButtons(message)).toContain('touch');
    await click(message, 'touch');
    expect(card(message).pending).toMatchObject({ move: 'touch', roll: { natural: 15, total: 21 } });
  });

  it('an attack of opportunity that dealt damage makes the grapple fail (no touch attack rolled)', async () => {
    const a = await grappler();
    const d = await victim();
    h.as(otherPlayer);
    h.target(otherPlayer, h.placeToken(d));
    const message = (await game.gng.grapple(a)) as ChatMessage;
    await attackActionsSettled();
    h.as(player);
    await click(message, 'aoo');
    // The attack of opportunity: the victim's dagger (d20 19) hits the grappler (Defense d20 2) for 1d4 3.
    const aoo = await attackOfOpportunity(d, a, 19);
    h.as(otherPlayer);
    h.dice.queue(2);
    await click(aoo, 'rollDefense');
    h.as(player);
    h.dice.queue(3);
    await click(aoo, 'rollDamage');
    await click(aoo, 'applyDamage');
    expect(sys(a).hp.value).toBeLessThan(sys(a).hp.max as number);
    h.as(otherPlayer);
    h.dice.queue(20); // never rolled
    await click(message, 'touch');
    expect(card(message).steps[0]).toMatchObject({ move: 'touch', won: false, reason: 'aooDamage' });
    expect(card(message)).toMatchObject({ phase: 'ended', pending: null });
    expect(content(message)).toContain('the attack of opportunity damaged Grappler: the grapple fails');
    expect(visibleButtons(message)).not.toContain('touch');
    expect(a.statuses.has('grappling')).toBe(false);
    h.dice.queue(); // the queued 20 is still there
    expect((await new Roll('1d20').evaluate()).total).toBe(20);
  });

  it('with Improved Grapple: no AoO, the touch attack is rolled at once; a miss ends the attempt', async () => {
    const a = await grappler(['improved-grapple']);
    const d = await victim();
    h.as(otherPlayer);
    h.target(otherPlayer, h.placeToken(d));
    h.dice.queue(3);
    const message = (await game.gng.grapple(a)) as ChatMessage;
    await attackActionsSettled();
    expect(card(message)).toMatchObject({ provokes: false, phase: 'grab' });
    expect(card(message).pending).toMatchObject({ move: 'touch', roll: { total: 9 } });
    expect(content(message)).not.toContain('provokes an attack of opportunity');
    h.as(player);
    expect(visibleButtons(message)).not.toContain('aoo');
    h.dice.queue(19);
    await click(message, 'oppose');
    expect(card(message).steps[0]).toMatchObject({ move: 'touch', won: false });
    expect(card(message)).toMatchObject({ phase: 'ended', pending: null });
    expect(a.statuses.has('grappling')).toBe(false);
    expect(d.statuses.has('grappling')).toBe(false);
  });

  it('a lost hold sets nothing and ends the attempt', async () => {
    const a = await grappler(['improved-grapple']);
    const d = await victim();
    const message = await start(a, d, 2, 19); // 2 + 6 = 8 vs 19
    expect(lastStep(message)).toMatchObject({ move: 'start', won: false });
    expect(a.statuses.has('grappling')).toBe(false);
    expect(d.statuses.has('grappling')).toBe(false);
    expect(card(message).phase).toBe('ended');
    expect(sys(d).hp.value).toBe(30);
  });

  it('no hold on a target two or more sizes larger (the grab may still hit)', async () => {
    const a = await grappler(['improved-grapple']);
    const d = await victim({ size: 'huge' });
    h.as(otherPlayer);
    h.target(otherPlayer, h.placeToken(d));
    h.dice.queue(15);
    const message = (await game.gng.grapple(a)) as ChatMessage;
    await attackActionsSettled();
    h.as(player);
    h.dice.queue(2);
    await click(message, 'oppose');
    expect(card(message).steps.map((s) => [s.move, s.won, s.reason])).toEqual([
      ['touch', true, null],
      ['start', false, 'holdTooLarge'],
    ]);
    expect(card(message)).toMatchObject({ phase: 'ended', pending: null });
    expect(content(message)).toContain('Victim is two or more sizes larger than Grappler');
  });
});

describe('grappling', () => {
  it('damage adds RD to the unarmed damage; Undo restores HP; pin pins the loser for 1 round', async () => {
    const a = await grappler();
    const d = await victim();
    const message = await start(a, d, 10, 5, 1); // hold: 1 + 2 + 7 = 10
    expect(sys(d).hp.value).toBe(20);
    await act(message, 'damage', 15, 5, 2); // 17 vs 5: RD 12; 1d3 (2) + 2 = 4; 4 + 12 = 16
    expect(lastStep(message)).toMatchObject({ won: true, relativeDegree: 12 });
    expect(lastStep(message)?.damage).toMatchObject({ rolled: 4, total: 16, dealt: 16 });
    expect(sys(d).hp.value).toBe(4);
    h.as(otherPlayer);
    await click(message, 'undo');
    expect(sys(d).hp.value).toBe(20);
    expect(card(message).steps).toHaveLength(2);
    await act(message, 'pin', 8, 10); // 10 vs 10: the actor wins ties
    expect(lastStep(message)).toMatchObject({ move: 'pin', won: true });
    expect(d.statuses.has('pinned')).toBe(true);
    expect(timed(d, 'pinned')?.duration.rounds).toBe(1);
    expect(a.statuses.has('pinned')).toBe(false);
    expect(content(message)).toContain('Victim: Pinned for 1 round(s)');
    h.as(otherPlayer);
    await click(message, 'undo');
    expect(d.statuses.has('pinned')).toBe(false);
    expect(d.statuses.has('grappling')).toBe(true);
  });

  it('choke (Advanced Grapple, −4): a failed Fortitude save stuns 1 round and dazes 1d4 rounds after', async () => {
    const a = await grappler(['improved-grapple', 'advanced-grapple']);
    const d = await victim();
    const message = await start(a, d, 10, 5, 1); // 16 vs 5: RD 11; 1 + 2 + 11 = 14 → 16 HP
    h.as(otherPlayer);
    expect(visibleButtons(message)).toEqual(
      expect.arrayContaining(['damage', 'pin', 'choke', 'lock', 'throw', 'undo']),
    );
    // 15 + 6 − 4 = 17 vs 12: RD 5; 1d3 (1) + 2 + 5 = 8; at 8 HP the victim has a Moderate Injury
    // (−4, GnG INJURY: "saving throws" too): Fortitude 1 + 10 − 4 = 7 vs DC 10 + 0 + 2 = 12; 1d4 (3).
    await act(message, 'choke', 15, 12, 1, 1, 3);
    const step = lastStep(message);
    expect(step).toMatchObject({ move: 'choke', won: true, relativeDegree: 5 });
    expect(step?.damage).toMatchObject({ total: 8, dealt: 8 });
    expect(step?.save).toMatchObject({ dc: 12, total: 7, failed: true });
    expect(sys(d).hp.value).toBe(8);
    expect(d.statuses.has('stunned')).toBe(true);
    expect(d.statuses.has('dazed')).toBe(true);
    expect(timed(d, 'stunned')?.duration.rounds).toBe(1);
    expect(timed(d, 'dazed')?.duration.rounds).toBe(4); // the stunned round + 3
    expect(content(message)).toContain('Victim: Dazed for 4 round(s) (rolled 3)');
    h.as(otherPlayer);
    await click(message, 'undo');
    expect(d.statuses.has('stunned')).toBe(false);
    expect(d.statuses.has('dazed')).toBe(false);
    expect(d.effects.filter((e) => e.getFlag('gng', 'grappleTimed') === true)).toHaveLength(0);
    expect(sys(d).hp.value).toBe(16);
  });

  it('choke in combat: the stun ends after a round, the daze 1d4 rounds later', async () => {
    const a = await grappler(['improved-grapple', 'advanced-grapple']);
    const d = await victim();
    h.as(gm);
    const combat = h.startCombat([a, d]) as HarnessCombat;
    await combat.begin();
    await attackActionsSettled();
    const message = await start(a, d, 10, 5, 1);
    await act(message, 'choke', 15, 12, 1, 1, 1); // dazed 1 + 1 = 2 rounds
    expect(timed(d, 'stunned')?.duration).toMatchObject({ rounds: 1, startRound: 1 });
    h.as(gm);
    await combat.nextTurn();
    expect(d.statuses.has('stunned')).toBe(true);
    await combat.nextTurn(); // round 2: a round has passed
    await attackActionsSettled();
    expect(d.statuses.has('stunned')).toBe(false);
    expect(d.statuses.has('dazed')).toBe(true);
    await combat.nextTurn();
    await combat.nextTurn(); // round 3
    await attackActionsSettled();
    expect(d.statuses.has('dazed')).toBe(false);
    expect(d.statuses.has('grappling')).toBe(true);
  });

  it('choke on a creature without blood flow: damage, no save, no stun', async () => {
    const a = await grappler(['improved-grapple', 'advanced-grapple']);
    const d = await victim({ anatomy: ['no-circulatory-system'] });
    const message = await start(a, d, 10, 5, 1);
    await act(message, 'choke', 15, 12, 1);
    expect(lastStep(message)).toMatchObject({ move: 'choke', won: true, save: null });
    expect(d.statuses.has('stunned')).toBe(false);
  });

  it('without Advanced Grapple there is no Choke, Lock or Throw (and the GM query refuses)', async () => {
    const a = await grappler();
    const d = await victim();
    const message = await start(a, d, 10, 5, 1);
    h.as(otherPlayer);
    expect(visibleButtons(message)).not.toContain('choke');
    const r = await requestGrappleAction(message.id as string, 'choke');
    expect(r).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.Unavailable.choke' });
  });

  it('lock: locked for 1 round; escaping the lock keeps the grapple', async () => {
    const a = await grappler(['improved-grapple', 'advanced-grapple']);
    const d = await victim();
    const message = await start(a, d, 10, 5, 1);
    await act(message, 'lock', 15, 5); // 17 vs 5
    expect(lastStep(message)).toMatchObject({ move: 'lock', won: true, damage: null });
    expect(d.statuses.has('locked')).toBe(true);
    expect(timed(d, 'locked')?.duration.rounds).toBe(1);
    h.as(player);
    h.dice.queue(20);
    await click(message, 'escape'); // 20 vs 1 + 6
    h.as(otherPlayer);
    h.dice.queue(1);
    await click(message, 'oppose');
    expect(lastStep(message)).toMatchObject({ move: 'escape', won: true });
    expect(d.statuses.has('locked')).toBe(false);
    expect(d.statuses.has('grappling')).toBe(true);
    expect(a.statuses.has('grappling')).toBe(true);
    expect(card(message).phase).toBe('grappling');
  });

  it('throw: prone, distance 5 ft per 5 points, unarmed damage; thrown away, the grapple ends on both', async () => {
    const a = await grappler(['improved-grapple', 'advanced-grapple']);
    const d = await victim();
    const message = await start(a, d, 10, 5, 1);
    await act(message, 'throw', 16, 3, 3); // 16 + 6 − 4 = 18 vs 3: RD 15 → 15 ft; 1d3 (3) + 2 + 15 = 20
    const step = lastStep(message);
    expect(step).toMatchObject({ move: 'throw', won: true, relativeDegree: 15, throwMaxFeet: 15 });
    expect(step?.damage).toMatchObject({ total: 20 });
    expect(d.statuses.has('prone')).toBe(true);
    expect(content(message)).toContain('Victim falls prone and may be thrown up to 15 ft');
    // The thrower chooses: in place (keep or let go) or 5, 10, 15 ft away; nothing else meanwhile.
    expect(card(message).throwChoice).toEqual({ side: 'attacker', maxFeet: 15 });
    h.as(player);
    expect(visibleButtons(message)).not.toContain('throwChoice');
    expect(await requestGrappleAction(message.id as string, 'escape')).toMatchObject({
      ok: false,
      error: 'GNG.Grapple.Error.Unavailable.escape',
    });
    h.as(otherPlayer);
    expect(visibleButtons(message).filter((b) => b.startsWith('throwChoice'))).toHaveLength(5);
    const tooFar = await requestGrappleAction(message.id as string, 'throwChoice', { feet: 20, keep: false });
    expect(tooFar).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.ThrowDistance' });
    const keepAway = await requestGrappleAction(message.id as string, 'throwChoice', { feet: 5, keep: true });
    expect(keepAway).toMatchObject({ ok: false, error: 'GNG.Error.Attack.BadRequest' });
    const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
    const away = [...html.querySelectorAll<HTMLButtonElement>('button[data-action="throwChoice"]')].find(
      (b) => b.textContent === '15 ft away',
    ) as HTMLButtonElement;
    away.dispatchEvent(new h.window.MouseEvent('click', { bubbles: true }) as unknown as Event);
    await attackActionsSettled();
    expect(lastStep(message)).toMatchObject({ throwFeet: 15, throwKept: false });
    expect(a.statuses.has('grappling')).toBe(false);
    expect(d.statuses.has('grappling')).toBe(false);
    expect(card(message)).toMatchObject({ phase: 'ended', throwChoice: null });
    expect(content(message)).toContain('Victim is thrown 15 ft away: the grapple ends.');
    // Undo puts the grapple back.
    h.as(otherPlayer);
    await click(message, 'undo');
    expect(d.statuses.has('prone')).toBe(false);
    expect(a.statuses.has('grappling')).toBe(true);
    expect(grappleWith(d)).toBe(a.uuid);
    expect(card(message).phase).toBe('grappling');
  });

  it('throw in place: the thrower keeps the grapple (or lets go)', async () => {
    const a = await grappler(['improved-grapple', 'advanced-grapple']);
    const d = await victim();
    const message = await start(a, d, 10, 5, 1);
    await act(message, 'throw', 16, 3, 3);
    h.as(otherPlayer);
    const keep = await requestGrappleAction(message.id as string, 'throwChoice', { feet: 0, keep: true });
    expect(keep).toMatchObject({ ok: true });
    expect(lastStep(message)).toMatchObject({ throwFeet: 0, throwKept: true, removed: [] });
    expect(card(message)).toMatchObject({ phase: 'grappling', throwChoice: null });
    expect(d.statuses.has('prone') && d.statuses.has('grappling')).toBe(true);
    expect(content(message)).toContain('Victim is thrown in place; Grappler keeps the grapple.');
    // Pressed again: nothing waits for a choice.
    const again = await requestGrappleAction(message.id as string, 'throwChoice', { feet: 0, keep: false });
    expect(again).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.Unavailable.throwChoice' });
    // Undo reverts the whole throw; thrown again (the victim keeps its d20 3, G16), the thrower lets go.
    await click(message, 'undo');
    expect(d.statuses.has('prone')).toBe(false);
    h.dice.queue(16);
    await click(message, 'throw');
    h.as(player);
    h.dice.queue(3); // the throw's damage: the answer is not rolled again
    await click(message, 'oppose');
    expect(lastStep(message)).toMatchObject({ move: 'throw', won: true, opponent: { natural: 3 } });
    h.as(otherPlayer);
    await requestGrappleAction(message.id as string, 'throwChoice', { feet: 0, keep: false });
    expect(card(message).phase).toBe('ended');
    expect(a.statuses.has('grappling') || d.statuses.has('grappling')).toBe(false);
  });

  it('escape: escaping a pin keeps the grapple; escaping the grapple clears both', async () => {
    const a = await grappler();
    const d = await victim();
    const message = await start(a, d, 10, 5, 1);
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
    expect(d.statuses.has('pinned')).toBe(true);
    // Escape Artist (+6): 10 + 6 = 16 vs 5 + 2 = 7: out of the pin, still grappling.
    h.as(player);
    h.dice.queue(10);
    await click(message, 'escapeArtist');
    h.as(otherPlayer);
    h.dice.queue(5);
    await click(message, 'oppose');
    expect(lastStep(message)).toMatchObject({ move: 'escapeArtist', won: true });
    expect(d.statuses.has('pinned')).toBe(false);
    expect(d.statuses.has('grappling')).toBe(true);
    expect(card(message).phase).toBe('grappling');
    // Then out of the grapple.
    h.as(player);
    h.dice.queue(18);
    await click(message, 'escape');
    h.as(otherPlayer);
    h.dice.queue(3);
    await click(message, 'oppose');
    for (const actor of [a, d]) {
      expect(actor.statuses.has('grappling')).toBe(false);
      expect(actor.statuses.has('pinned')).toBe(false);
    }
    expect(card(message).phase).toBe('ended');
  });
});

describe('grapple damage and immunities (docs/rules.md "Grapple damage and immunities")', () => {
  it('an unarmed grapple deals bludgeoning: a victim immune to it takes none, and the card says why', async () => {
    const a = await grappler();
    const d = await victim({ resistances: { immunities: 'bludgeoning, poison' } });
    const message = await start(a, d, 10, 5, 1); // hold: 1d3 (1) + 2 + RD 7 = 10, stopped
    expect(card(message).steps.at(-1)?.damage).toMatchObject({
      total: 10,
      dealt: 0,
      immune: ['bludgeoning'],
    });
    expect(sys(d).hp.value).toBe(30);
    expect(content(message)).toContain('Immune (Bludgeoning): no damage gets through.');
  });

  it('immunity to another type does not stop it', async () => {
    const a = await grappler();
    const d = await victim({ resistances: { immunities: 'fire' } });
    const message = await start(a, d, 10, 5, 1);
    expect(card(message).steps.at(-1)?.damage).toMatchObject({ total: 10, dealt: 10 });
    expect(card(message).steps.at(-1)?.damage?.immune ?? null).toBeNull();
    expect(sys(d).hp.value).toBe(20);
  });
});

describe('the whole grapple of issue 7 in one fight', () => {
  it('start, damage with RD, pin, choke, throw, escape: conditions set and cleared on both actors', async () => {
    const a = await grappler(['improved-grapple', 'advanced-grapple']); // grapple +6
    const d = await victim(); // grapple +0, Fortitude +10, 30 HP
    const combat = h.startCombat([a, d]) as HarnessCombat;
    await combat.begin();
    // Start (no AoO with Improved Grapple): the hold 5 + 6 = 11 vs 10, RD 1: 1d3 (1) + 2 + 1 = 4.
    const message = await start(a, d, 5, 10, 1);
    expect(sys(d).hp.value).toBe(26);
    expect([a.statuses.has('grappling'), d.statuses.has('grappling')]).toEqual([true, true]);
    // Damage: 11 vs 10, RD 1 added to the unarmed damage: 1 + 2 + 1 = 4.
    await act(message, 'damage', 5, 10, 1);
    expect(lastStep(message)).toMatchObject({ move: 'damage', won: true, relativeDegree: 1 });
    expect(sys(d).hp.value).toBe(22);
    // Pin: the victim is pinned (1 round), the grappler is not.
    await act(message, 'pin', 5, 10);
    expect([a.statuses.has('pinned'), d.statuses.has('pinned')]).toEqual([false, true]);
    // Choke (−4): 9 + 6 − 4 = 11 vs 10, RD 1: 4 damage; Fortitude 1 + 10 = 11 vs DC 12 fails:
    // stunned 1 round, then dazed 1d4 (1) round.
    await act(message, 'choke', 9, 10, 1, 1, 1);
    expect(sys(d).hp.value).toBe(18);
    expect([d.statuses.has('stunned'), d.statuses.has('dazed')]).toEqual([true, true]);
    expect([a.statuses.has('stunned'), a.statuses.has('dazed')]).toEqual([false, false]);
    // Throw (−4): 11 vs 10, RD 1 (no 5 ft to throw): prone, 1 + 2 + 1 = 4; the grappler keeps the grapple.
    await act(message, 'throw', 9, 10, 1);
    expect(sys(d).hp.value).toBe(14);
    expect(d.statuses.has('prone')).toBe(true);
    h.as(otherPlayer);
    expect(
      await requestGrappleAction(message.id as string, 'throwChoice', { feet: 0, keep: true }),
    ).toMatchObject({ ok: true });
    expect(card(message).phase).toBe('grappling');
    // Stunned, the victim can take no actions: no Escape button, and the GM refuses the request.
    h.as(player);
    expect(sideButtons(message, 'defender')).toEqual([]);
    expect(content(message)).toContain('Victim can take no actions (Stunned)');
    expect(await requestGrappleAction(message.id as string, 'escape', { side: 'defender' })).toMatchObject({
      ok: false,
      error: 'GNG.Grapple.Error.CannotAct',
    });
    expect(h.notices.at(-1)?.message).toBe(
      'Victim can take no actions (Stunned): only a Grapple check in answer is possible.',
    );
    // Two rounds later the pin, the stun and the daze have run out; the victim escapes: all cleared.
    h.as(gm);
    await combat.nextRound();
    await combat.nextRound();
    expect(['pinned', 'stunned', 'dazed'].filter((s) => d.statuses.has(s))).toEqual([]);
    h.as(player);
    await attackActionsSettled();
    expect(sideButtons(message, 'defender')).toEqual(['damage', 'pin', 'escape', 'escapeArtist']);
    h.dice.queue(20);
    await clickSide(message, 'defender', 'escape');
    h.as(otherPlayer);
    h.dice.queue(1);
    await click(message, 'oppose');
    expect(card(message).phase).toBe('ended');
    expect([a.statuses.has('grappling'), d.statuses.has('grappling')]).toEqual([false, false]);
    expect(grappleWith(a)).toBeUndefined();
    expect(grappleWith(d)).toBeUndefined();
  });
});

describe('the grappled side acts too (core "regardless of who started the grapple")', () => {
  it('the grappled may damage and pin the grappler; a pinned side may only escape', async () => {
    const a = await grappler();
    const d = await victim();
    const message = await start(a, d, 10, 5, 1);
    const hp = sys(a).hp.value;
    // The victim damages the grappler: 15 + 0 = 15 vs 5 + 2 = 7: RD 8; 1d3 (3) + 0 + 8 = 11.
    h.as(player);
    h.dice.queue(15);
    await clickSide(message, 'defender', 'damage');
    expect(card(message).pending).toMatchObject({ move: 'damage', side: 'defender' });
    h.as(otherPlayer);
    h.dice.queue(5, 3);
    await click(message, 'oppose');
    expect(lastStep(message)).toMatchObject({
      move: 'damage',
      side: 'defender',
      won: true,
      relativeDegree: 8,
    });
    expect(lastStep(message)?.damage).toMatchObject({ total: 11 });
    expect(sys(a).hp.value).toBe(hp - 11);
    expect(content(message)).toContain('Damage: Victim 15 vs Grappler 7: succeeds');
    // The victim pins the grappler: the grappler may only try to escape.
    h.as(player);
    h.dice.queue(15);
    await clickSide(message, 'defender', 'pin');
    h.as(otherPlayer);
    h.dice.queue(2);
    await click(message, 'oppose');
    expect(a.statuses.has('pinned')).toBe(true);
    // Only the escapes are offered (issue #33: no greyed moves), and the card says why.
    expect(sideButtons(message, 'attacker')).toEqual(['escape', 'escapeArtist']);
    expect(content(message)).toContain('Grappler is held: only an escape is possible.');
    const refused = await requestGrappleAction(message.id as string, 'damage');
    expect(refused).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.Unavailable.damage' });
    // The grappler escapes the pin: still grappling.
    h.dice.queue(19);
    await clickSide(message, 'attacker', 'escape');
    h.as(player);
    h.dice.queue(1);
    await click(message, 'oppose');
    expect(lastStep(message)).toMatchObject({ move: 'escape', side: 'attacker', won: true });
    expect(a.statuses.has('pinned')).toBe(false);
    expect(a.statuses.has('grappling')).toBe(true);
    // Undo is the acting side's: the victim's owner undoes nothing of the grappler's escape.
    expect(visibleButtons(message)).not.toContain('undo');
    h.as(otherPlayer);
    await click(message, 'undo');
    expect(a.statuses.has('pinned')).toBe(true);
    expect(timed(a, 'pinned')?.duration.rounds).toBe(1); // the pin comes back as it was, timed
  });
});

describe('Undo (decision G16) as the exact inverse of its step', () => {
  it('the side that lost a check cannot undo it (only the GM can); the loser keeps its d20 when it is made again', async () => {
    const a = await grappler();
    const d = await victim();
    const message = await start(a, d, 10, 5, 1);
    await act(message, 'pin', 3, 15); // 3 + 2 = 5 vs 15: the grappler loses
    expect(lastStep(message)).toMatchObject({ move: 'pin', won: false, startedBy: otherPlayer.id });
    const before = structuredClone(card(message));
    const hp = sys(d).hp.value;
    h.as(otherPlayer);
    expect(visibleButtons(message)).not.toContain('undo');
    const lost = await requestGrappleAction(message.id as string, 'undo');
    expect(lost).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.UndoLost' });
    expect(h.notices.at(-1)?.message).toBe(
      'Grappler lost this check (Pin): only the GM may undo it, so that the side that lost never rolls it again.',
    );
    // The victim won, but did not make the move: it does not undo it either.
    h.as(player);
    expect(visibleButtons(message)).not.toContain('undo');
    const notYours = await requestGrappleAction(message.id as string, 'undo');
    expect(notYours).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.UndoNotYours' });
    expect(h.notices.at(-1)?.message).toBe('Only the user who made this move (Pin), or the GM, may undo it.');
    expect(card(message)).toEqual(before);
    expect(sys(d).hp.value).toBe(hp);
    // The GM undoes anything; the grappler's Pin made again keeps its d20 (3), the victim rolls anew.
    h.as(gm);
    await click(message, 'undo');
    expect(card(message).steps).toHaveLength(2);
    h.as(otherPlayer);
    h.dice.queue(20);
    await click(message, 'pin');
    expect(card(message).pending).toMatchObject({ move: 'pin', roll: { natural: 3, total: 5 } });
    h.as(player);
    await click(message, 'oppose'); // the queued 20
    expect(lastStep(message)).toMatchObject({ move: 'pin', won: false, opponent: { natural: 20 } });
  });

  it('a won hold undone by the grappler: the defender answers again with the d20 it lost with', async () => {
    const a = await grappler();
    const d = await victim();
    const message = await start(a, d, 10, 5, 1); // 12 vs 5: RD 7; 1 + 2 + 7 = 10
    expect(sys(d).hp.value).toBe(20);
    h.as(otherPlayer);
    await click(message, 'undo');
    expect(card(message)).toMatchObject({
      phase: 'starting',
      pending: { move: 'start', by: otherPlayer.id },
    });
    expect(sys(d).hp.value).toBe(30);
    expect(d.statuses.has('grappling') || a.statuses.has('grappling')).toBe(false);
    h.as(player);
    h.dice.queue(3); // the hold's damage only: the answer keeps its 5
    await click(message, 'oppose');
    expect(lastStep(message)).toMatchObject({ move: 'start', won: true, opponent: { natural: 5 } });
    expect(lastStep(message)?.damage).toMatchObject({ rolled: 5, dealt: 12 });
    expect(sys(d).hp.value).toBe(18);
  });

  it('grapple damage undone after a later hit keeps the later hit; what cannot be given back is noted on the card', async () => {
    const a = await grappler();
    const d = await victim();
    const message = await start(a, d, 10, 5, 1); // 20 HP left
    await act(message, 'damage', 15, 5, 2); // 17 vs 5: RD 12; 2 + 2 + 12 = 16
    expect(sys(d).hp.value).toBe(4);
    expect(lastStep(message)?.hpBefore).toMatchObject({
      actorUuid: d.uuid,
      snapshot: { value: 20 },
      after: { value: 4 },
      effectIds: {},
    });
    h.as(gm);
    await d.update({ 'system.hp.value': 1 }); // a later hit of 3 HP
    h.as(otherPlayer);
    await click(message, 'undo');
    expect(sys(d).hp.value).toBe(17); // the 16 given back, the later 3 kept
    expect(content(message)).not.toContain('not everything could be taken back');
    // Again; the GM heals the victim to its maximum before the Undo: the HP stop there, noted.
    h.as(otherPlayer);
    h.dice.queue(15);
    await click(message, 'damage');
    h.as(player);
    h.dice.queue(2); // the damage (the victim keeps its d20 5)
    await click(message, 'oppose');
    expect(sys(d).hp.value).toBe(1);
    const max = sys(d).hp.max;
    h.as(gm);
    await d.update({ 'system.hp.value': max });
    h.as(otherPlayer);
    await click(message, 'undo');
    expect(sys(d).hp.value).toBe(max);
    expect(card(message).undoNotes?.move).toBe('damage');
    expect(content(message)).toContain('Undo of Damage: not everything could be taken back.');
    expect(content(message)).toContain(
      `Victim&#x27;s hit points could only be given back up to the maximum (${max}).`,
    );
    // The next action clears the notes.
    h.dice.queue(1);
    await click(message, 'pin');
    expect(card(message).undoNotes).toBeNull();
  });

  it('a step undoes only the effects it created: a status the GM set again stays, and the card says so', async () => {
    const a = await grappler();
    const d = await victim();
    const message = await start(a, d, 10, 5, 1);
    await act(message, 'pin', 10, 5);
    const pin = timed(d, 'pinned') as ActiveEffect;
    expect(lastStep(message)?.timed).toMatchObject([{ status: 'pinned', effectId: pin.id }]);
    // The GM replaces the step's pin by one of its own.
    h.as(gm);
    await d.deleteEmbeddedDocuments('ActiveEffect', [pin.id as string]);
    await d.toggleStatusEffect('pinned', { active: true });
    h.as(otherPlayer);
    await click(message, 'undo');
    expect(d.statuses.has('pinned')).toBe(true);
    expect(content(message)).toContain('Victim no longer had the Pinned this step set; nothing to remove.');
  });
});

describe('grappling with a weapon', () => {
  async function swordsman(): Promise<{ actor: Actor; sword: Item }> {
    const actor = await grappler(['improved-grapple']);
    const [sword] = (await actor.createEmbeddedDocuments('Item', [
      {
        name: 'Longsword',
        type: 'weapon',
        system: {
          category: 'simple',
          use: 'one-handed',
          damage: { medium: '1d8' },
          damageTypes: ['slashing'],
          equipped: true,
        },
      },
    ])) as Item[];
    return { actor, sword: sword as Item };
  }

  it('the grappler picks the weapon: +2 one-handed +2 edged on checks, the higher weapon damage', async () => {
    const { actor: a, sword } = await swordsman();
    const d = await victim();
    h.as(otherPlayer);
    h.target(otherPlayer, h.placeToken(d));
    h.dice.queue(15);
    const message = (await game.gng.grapple(a)) as ChatMessage;
    await attackActionsSettled();
    // Only the grappler's owner sees its weapon choice; unarmed is the default.
    expect(visibleButtons(message)).toEqual(expect.arrayContaining(['weapon', 'weapon']));
    h.as(player);
    expect(visibleButtons(message)).not.toContain('weapon');
    const stolen = await requestGrappleAction(message.id as string, 'weapon', {
      side: 'attacker',
      itemId: sword.id,
    });
    expect(stolen).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.NotAllowed' });
    h.as(otherPlayer);
    await chooseWeapon(message, 'attacker', sword.id as string);
    expect(card(message).attacker.weaponId).toBe(sword.id);
    const twice = await requestGrappleAction(message.id as string, 'weapon', {
      side: 'attacker',
      itemId: sword.id,
    });
    expect(twice).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.SameWeapon' });
    const unknown = await requestGrappleAction(message.id as string, 'weapon', {
      side: 'attacker',
      itemId: 'nope',
    });
    expect(unknown).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.NoWeapon' });
    // The hold: 10 + 6 + 4 = 20 vs 5: RD 15; Longsword 1d8 (6) + 2 = 8 (higher than unarmed) + 15 = 23.
    h.as(player);
    h.dice.queue(2, 10);
    await click(message, 'oppose');
    expect(card(message).pending?.roll).toMatchObject({ natural: 10, bonus: 10, total: 20 });
    h.dice.queue(5, 6);
    await click(message, 'oppose');
    expect(lastStep(message)?.damage).toMatchObject({ weapon: 'Longsword', rolled: 8, total: 23 });
    expect(content(message)).toContain('Damage (Longsword)');
    expect(sys(d).hp.value).toBe(7);
    // Back to unarmed: +6 again.
    h.as(otherPlayer);
    await chooseWeapon(message, 'attacker', '');
    h.dice.queue(1);
    await click(message, 'pin');
    expect(card(message).pending?.roll.bonus).toBe(6);
  });

  it('without Improved Grapple no weapon is offered', async () => {
    const a = await grappler();
    await a.createEmbeddedDocuments('Item', [
      { name: 'Dagger', type: 'weapon', system: { use: 'light', damage: { medium: '1d4' }, equipped: true } },
    ]);
    const d = await victim();
    const message = await start(a, d, 10, 5, 1);
    h.as(otherPlayer);
    expect(visibleButtons(message)).not.toContain('weapon');
    const r = await requestGrappleAction(message.id as string, 'weapon', {
      side: 'attacker',
      itemId: a.items.find((i) => i.name === 'Dagger')?.id,
    });
    expect(r).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.NoWeapon' });
  });
});

describe('multiple grapplers (core "Joining a Grapple", "Multiple Grapplers")', () => {
  /** A second grappler of `otherPlayer` (grapple +2) joins the grapple on `d`; its hold d20 is `natural`. */
  async function join(d: Actor, natural: number, answer: number, ...more: number[]) {
    const b = await h.createActor(
      { name: 'Second', type: 'npc', system: { abilities: { str: { value: 14 } } } },
      otherPlayer,
    );
    h.as(otherPlayer);
    h.target(otherPlayer, h.placeToken(d));
    h.dice.queue(natural);
    const message = (await game.gng.grapple(b)) as ChatMessage;
    await attackActionsSettled();
    expect(card(message)).toMatchObject({ join: true, provokes: false, phase: 'starting' });
    expect(card(message).steps).toHaveLength(0); // no touch attack: the grab succeeds
    h.as(player);
    h.dice.queue(answer, ...more);
    await click(message, 'oppose');
    return { b, message };
  }

  it('a second grappler joins without AoO or touch attack; an escape must beat both and ends both', async () => {
    const a = await grappler();
    const d = await victim();
    const first = await start(a, d, 10, 5, 1); // 10 HP lost
    const { b, message: second } = await join(d, 10, 5, 1); // 12 vs 5: RD 7; 1 + 2 + 7 = 10
    expect(lastStep(second)).toMatchObject({ move: 'start', won: true });
    expect(b.statuses.has('grappling')).toBe(true);
    expect(grappleWith(b)).toBe(d.uuid);
    expect(grappleWith(d)).toBe(a.uuid); // the victim's status stays the first grapple's
    expect(sys(d).hp.value).toBe(10);
    // Joining again, or the first grappler again: refused.
    h.as(otherPlayer);
    expect(await game.gng.grapple(a)).toBeNull();
    expect(h.notices.at(-1)?.message).toBe('Grappler is already grappling Victim.');

    // The escape beats the first grappler (12 vs 7) but not the second (12 vs 14): it fails.
    h.as(player);
    h.dice.queue(12);
    await click(first, 'escape');
    h.as(otherPlayer);
    h.dice.queue(5, 12);
    await click(first, 'oppose');
    expect(lastStep(first)).toMatchObject({ move: 'escape', won: false });
    expect(lastStep(first)?.others).toEqual([
      { messageId: second.id, name: 'Second', roll: { natural: 12, bonus: 2, total: 14 }, ended: false },
    ]);
    expect(content(first)).toContain('Against Second too: 14');
    expect(d.statuses.has('grappling')).toBe(true);

    // 19 beats both (7 and 5): both grapples end, every status goes.
    h.as(player);
    h.dice.queue(19);
    await click(first, 'escape');
    h.as(otherPlayer);
    h.dice.queue(5, 3);
    await click(first, 'oppose');
    expect(lastStep(first)).toMatchObject({ move: 'escape', won: true });
    expect(card(first).phase).toBe('ended');
    expect(card(second).phase).toBe('ended');
    expect(lastStep(second)).toMatchObject({ move: 'escape', won: true, mirrorOf: first.id });
    expect(content(second)).toContain('An escape on another grapple card ended this grapple.');
    for (const actor of [a, b, d]) expect(actor.statuses.has('grappling')).toBe(false);
    // The mirrored step is undone only from the escape's card.
    h.as(player);
    expect(visibleButtons(second)).not.toContain('undo');
    const refused = await requestGrappleAction(second.id as string, 'undo');
    expect(refused).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.Unavailable.undo' });
    await click(first, 'undo');
    expect(card(first).phase).toBe('grappling');
    expect(card(second).phase).toBe('grappling');
    for (const actor of [a, b, d]) expect(actor.statuses.has('grappling')).toBe(true);
    expect(grappleWith(b)).toBe(d.uuid);
  });

  it('two actions on two cards sharing the victim run one after the other (queued per actor)', async () => {
    const a = await grappler();
    const d = await victim();
    const first = await start(a, d, 3, 5, 1); // 5 vs 5: the grappler wins ties; 1 + 2 = 3 → 27
    const { message: second } = await join(d, 3, 5, 1); // the same → 24
    expect(sys(d).hp.value).toBe(24);
    h.as(otherPlayer);
    h.dice.queue(5);
    await click(first, 'damage'); // 7
    h.dice.queue(5);
    await click(second, 'damage'); // 7
    // The victim answers both at once (1 each: RD 6; 1 + 2 + 6 = 9 each).
    h.as(player);
    h.dice.queue(1, 1, 1, 1);
    const answers = await Promise.all([
      requestGrappleAction(first.id as string, 'oppose'),
      requestGrappleAction(second.id as string, 'oppose'),
    ]);
    await attackActionsSettled();
    expect(answers).toMatchObject([{ ok: true }, { ok: true }]);
    const one = lastStep(first) as GrappleCardState['steps'][number];
    const two = lastStep(second) as GrappleCardState['steps'][number];
    expect([one.damage?.dealt, two.damage?.dealt]).toEqual([9, 9]);
    // The second read the victim's HP after the first had written them: no hit is lost.
    expect(two.hpBefore?.snapshot).toEqual(one.hpBefore?.after);
    expect(sys(d).hp.value).toBe(6);
  });

  it('one grapple ending leaves the victim grappling while the other holds it', async () => {
    const a = await grappler(['improved-grapple', 'advanced-grapple']);
    const d = await victim();
    const first = await start(a, d, 10, 5, 1);
    const { b } = await join(d, 10, 5, 1);
    await act(first, 'throw', 16, 3, 1); // the first grappler throws the victim away: its grapple ends
    h.as(otherPlayer);
    await requestGrappleAction(first.id as string, 'throwChoice', { feet: 5, keep: false });
    expect(card(first).phase).toBe('ended');
    expect(a.statuses.has('grappling')).toBe(false);
    expect(d.statuses.has('grappling')).toBe(true); // still held by the second
    expect(b.statuses.has('grappling')).toBe(true);
    expect(lastStep(first)?.removed).toEqual([{ actorUuid: a.uuid, status: 'grappling' }]);
  });

  it('at most four grapplers, weighted by size: a gargantuan joiner is refused', async () => {
    const a = await grappler();
    const d = await victim();
    await start(a, d, 10, 5, 1);
    const giant = await h.createActor(
      { name: 'Giant', type: 'npc', system: { size: 'gargantuan' } },
      otherPlayer,
    );
    h.as(otherPlayer);
    h.target(otherPlayer, h.placeToken(d));
    const before = game.messages.size;
    expect(await game.gng.grapple(giant)).toBeNull();
    expect(h.notices.at(-1)?.message).toContain('Victim is already held by as many grapplers');
    expect(game.messages.size).toBe(before);
  });
});

describe('refusals and entry points', () => {
  it('refusals: acting for an actor one does not own, answering out of turn, forged data', async () => {
    const a = await grappler();
    const d = await victim();
    const message = await start(a, d, 10, 5, 1);
    const before = structuredClone(card(message));
    const hp = sys(d).hp.value;
    h.as(player);
    expect(sideButtons(message, 'attacker')).toEqual([]);
    expect(sideButtons(message, 'defender')).toEqual(['damage', 'pin', 'escape', 'escapeArtist']);
    const damage = await requestGrappleAction(message.id as string, 'damage');
    expect(damage).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.NotAllowed' });
    expect(h.notices.at(-1)?.message).toBe('Player may not do that on this grapple card.');
    const oppose = await requestGrappleAction(message.id as string, 'oppose');
    expect(oppose).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.NotAllowed' });
    const forged = await requestGrappleAction(message.id as string, 'escape', { total: 99 });
    expect(forged).toMatchObject({ ok: false, error: 'GNG.Error.Attack.BadRequest' });
    const wrongSide = await requestGrappleAction(message.id as string, 'escape', { side: 'attacker' });
    expect(wrongSide).toMatchObject({ ok: false, error: 'GNG.Grapple.Error.NotAllowed' });
    const noSide = await requestGrappleAction(message.id as string, 'damage', { side: 'both' });
    expect(noSide).toMatchObject({ ok: false, error: 'GNG.Error.Attack.BadRequest' });
    const sideOnUndo = await requestGrappleAction(message.id as string, 'undo', { side: 'defender' });
    expect(sideOnUndo).toMatchObject({ ok: false, error: 'GNG.Error.Attack.BadRequest' });
    const badSide = await requestGrappleAction(message.id as string, 'weapon', {
      side: 'both',
      itemId: null,
    });
    expect(badSide).toMatchObject({ ok: false, error: 'GNG.Error.Attack.BadRequest' });
    const stolen = (await fromConsole('gng.grappleAction', {
      action: 'start',
      actorUuid: a.uuid,
      targetUuid: d.uuid,
      tokenId: null,
    })) as CardActionResult;
    expect(stolen).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAttackerOwner' });
    expect(card(message)).toEqual(before);
    expect(sys(d).hp.value).toBe(hp);
    // No target (or two): a warning.
    h.as(otherPlayer);
    h.target(otherPlayer);
    expect(await game.gng.grapple(a)).toBeNull();
    expect(h.notices.at(-1)?.message).toBe(game.i18n.format('GNG.Error.Target.NoToken', { name: a.name }));
    h.as(gm);
  });

  it('the sheet has a Grapple button in the Maneuvers group', async () => {
    const a = await grappler();
    const d = await victim();
    const sheet = await h.openSheet(a);
    h.as(otherPlayer);
    h.target(otherPlayer, h.placeToken(d));
    await h.click(sheet, '.maneuvers button[data-action="startGrapple"]');
    await attackActionsSettled();
    const message = game.messages.contents.at(-1) as ChatMessage;
    expect(card(message)).toMatchObject({ phase: 'grab', defender: { name: 'Victim' } });
  });

  it("while grappling, each sheet offers its side's legal moves to its owner, and they work like the card's", async () => {
    const a = await grappler();
    const d = await victim();
    const message = await start(a, d, 10, 5, 1); // the hold is won: both grappling
    const moves = (sheet: { element: HTMLElement }) =>
      [
        ...sheet.element.querySelectorAll<HTMLButtonElement>(
          '.grapple-moves button[data-action="grappleMove"]',
        ),
      ].map((b) => b.dataset.move);
    h.as(otherPlayer);
    const grapplerSheet = await h.openSheet(a);
    const group = grapplerSheet.element.querySelector('.grapple-moves');
    expect(group?.getAttribute('aria-label')).toBe('Grappling with Victim');
    // No Advanced Grapple: no Choke, Lock or Throw; the same moves as the grappler's row of the card.
    expect(moves(grapplerSheet)).toEqual(['damage', 'pin', 'escape', 'escapeArtist']);
    // The victim's owner sees the victim's moves on its sheet, and none on the grappler's.
    h.as(player);
    const victimSheet = await h.openSheet(d);
    expect(moves(victimSheet)).toEqual(['damage', 'pin', 'escape', 'escapeArtist']);
    await grapplerSheet.render(false);
    expect(moves(grapplerSheet)).toEqual([]);

    // The grappler pins from its sheet; the victim's sheet then offers the Grapple check, and after
    // it only the escapes (a pinned side may only escape).
    h.as(otherPlayer);
    await grapplerSheet.render(false);
    h.dice.queue(15);
    await h.click(grapplerSheet, '.grapple-moves button[data-move="pin"]');
    await attackActionsSettled();
    expect(card(message).pending).toMatchObject({ move: 'pin', side: 'attacker' });
    h.as(player);
    await victimSheet.render(false);
    expect(moves(victimSheet)).toEqual(['oppose']);
    h.dice.queue(2);
    await h.click(victimSheet, '.grapple-moves button[data-move="oppose"]');
    await attackActionsSettled();
    expect(d.statuses.has('pinned')).toBe(true);
    await victimSheet.render(false);
    expect(moves(victimSheet)).toEqual(['escape', 'escapeArtist']);

    // Escaping the pin keeps the grapple; escaping again ends it, and the group leaves the sheet.
    h.dice.queue(20);
    await h.click(victimSheet, '.grapple-moves button[data-move="escape"]');
    await attackActionsSettled();
    h.as(otherPlayer);
    h.dice.queue(1);
    await click(message, 'oppose');
    expect(d.statuses.has('pinned')).toBe(false);
    expect(card(message).phase).toBe('grappling');
    h.as(player);
    await victimSheet.render(false);
    h.dice.queue(20);
    await h.click(victimSheet, '.grapple-moves button[data-move="escape"]');
    await attackActionsSettled();
    h.as(otherPlayer);
    h.dice.queue(1);
    await click(message, 'oppose');
    expect(card(message).phase).toBe('ended');
    h.as(player);
    await victimSheet.render(false);
    expect(victimSheet.element.querySelector('.grapple-moves')).toBeNull();
    // Two sheets rendered about a dozen times and a whole grapple played: 6–7 s on a loaded machine.
  }, 20_000);

  it('a sheet render and an effect change never read the chat log (the grapple cards are indexed)', async () => {
    const a = await grappler();
    const d = await victim();
    const message = await start(a, d, 10, 5, 1);
    h.as(gm);
    for (let i = 0; i < 300; i += 1) await ChatMessage.create({ content: `<p>Filler ${i}</p>` });
    const log = game.messages as unknown as {
      contents: ChatMessage[];
      [Symbol.iterator](): Iterator<ChatMessage>;
    };
    const contents = vi.spyOn(log, 'contents', 'get');
    const iterate = vi.spyOn(log, Symbol.iterator);
    try {
      h.as(otherPlayer);
      const sheet = await h.openSheet(a);
      await sheet.render(false);
      expect(sheet.element.querySelector('.grapple-moves')?.getAttribute('aria-label')).toBe(
        'Grappling with Victim',
      );
      // An effect of a grappler changes: the active GM renders its cards again (found by the index).
      h.as(gm);
      await d.toggleStatusEffect('prone', { active: true });
      await attackActionsSettled();
      expect(contents).not.toHaveBeenCalled();
      expect(iterate).not.toHaveBeenCalled();
    } finally {
      contents.mockRestore();
      iterate.mockRestore();
    }
    expect(card(message).phase).toBe('grappling');
  });

  it('a grapple card of an older version stays in the log with its buttons disabled and the reason', async () => {
    const old = await ChatMessage.create({
      content: '<div class="gng grapple-card"><button type="button" data-action="pin">Pin</button></div>',
      flags: { gng: { grapple: { version: 1, steps: [] } } },
    });
    const html = h.renderMessage(old as ChatMessage);
    const button = html.querySelector<HTMLButtonElement>('button[data-action="pin"]');
    expect(button?.disabled).toBe(true);
    expect(button?.title).toContain('older version of the system');
    // The reason is visible text too, and the button's accessible description (the card kernel's).
    const reason = html.querySelector(`#${button?.getAttribute('aria-describedby')}`);
    expect(reason?.classList.contains('gng-card-reason')).toBe(true);
    expect(reason?.textContent).toContain('older version of the system');
  });

  it('the token HUD has a labelled Grapple button for an owner with exactly one other token targeted', async () => {
    const a = await grappler();
    const d = await victim();
    const other = await victim();
    const token = h.placeToken(a);
    const hudButton = () => h.renderTokenHUD(token).querySelector<HTMLButtonElement>('button.gng-grapple');
    h.as(otherPlayer);
    h.target(otherPlayer);
    expect(hudButton()).toBeNull(); // no target
    h.target(otherPlayer, h.placeToken(d), h.placeToken(other));
    expect(hudButton()).toBeNull(); // two targets
    h.target(otherPlayer, h.placeToken(d));
    // Not the owner: no button.
    h.as(player);
    h.target(player, h.placeToken(d));
    expect(hudButton()).toBeNull();
    h.as(otherPlayer);
    const button = hudButton() as HTMLButtonElement;
    expect(button).not.toBeNull();
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('aria-label')).toBe('Grapple: Grappler tries to grapple Victim');
    expect(button.title).toBe('Grapple: Grappler tries to grapple Victim');
    button.dispatchEvent(new h.window.MouseEvent('click', { bubbles: true }) as unknown as Event);
    await attackActionsSettled();
    const message = game.messages.contents.at(-1) as ChatMessage;
    expect(card(message)).toMatchObject({
      phase: 'grab',
      attacker: { name: 'Grappler' },
      defender: { name: 'Victim' },
    });
  });
});

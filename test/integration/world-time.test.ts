/**
 * Time outside combat (issue 17 "Time"): effects with a duration in seconds end when the world clock
 * passes their end; rests move the clock (a night 8 hours, a day of bed rest 24, a week 168 — the
 * hours docs/rules.md "Nonlethal by the hour" gives each kind of rest), and a rest's Undo turns it
 * back and brings back what ended with it, while the clock still stands where the rest left it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromConsole } from '../fixtures/cards.js';
import { getHarness } from '../harness/index.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { REST_QUERY, restCardOf, requestRestUndo } from '../../src/cards/rest/rest-actions.js';
import { effectEndsAt } from '../../src/combat/world-time.js';

const h = await getHarness();
const { gm, player } = h.users;
beforeEach(() => h.reset(23));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const HOUR = 3600;

async function blessed(actor: Actor, hours: number, name = 'Blessed'): Promise<ActiveEffect> {
  const [effect] = await actor.createEmbeddedDocuments('ActiveEffect', [
    { name, img: 'icons/svg/aura.svg', duration: { seconds: hours * HOUR } },
  ]);
  return effect as ActiveEffect;
}

const names = (actor: Actor) => actor.effects.map((e) => e.name).sort();
const expiredLines = () =>
  game.messages.contents.filter((m) => m.flags?.gng?.type === 'effectExpired').map((m) => m.content);

async function restNight(actor: Actor, options: Record<string, unknown> = {}): Promise<ChatMessage> {
  h.dice.queue(99, 99, 99, 99);
  expect(await game.gng.rest(actor, { kind: 'night', ...options })).toMatchObject({ ok: true });
  await attackActionsSettled();
  return game.messages.contents.filter((m) => restCardOf(m)).at(-1) as ChatMessage;
}

describe('effects in hours and days end with the world clock', () => {
  it('an effect of 1 hour started at the time it was made ends when an hour has passed, once', async () => {
    h.as(gm);
    const fighter = await appendix3Fighter(h, player);
    await game.time.advance(100);
    const effect = await blessed(fighter, 1);
    expect(effect.flags.gng?.startTime).toBe(100);
    expect(effectEndsAt(effect)).toBe(100 + HOUR);
    await game.time.advance(HOUR - 1);
    await attackActionsSettled();
    expect(names(fighter)).toEqual(['Blessed']);
    await game.time.advance(1);
    await attackActionsSettled();
    expect(names(fighter)).toEqual([]);
    // One line, though the GM's and the player's clients both saw the clock move.
    expect(expiredLines()).toHaveLength(1);
    expect(expiredLines()[0]).toContain('Blessed');
  });

  it('effects counted in rounds, or with no duration, are not the clock’s', async () => {
    h.as(gm);
    const fighter = await appendix3Fighter(h, player);
    await fighter.createEmbeddedDocuments('ActiveEffect', [
      { name: 'Rounds', img: 'icons/svg/aura.svg', duration: { rounds: 1 } },
      { name: 'Lasting', img: 'icons/svg/aura.svg' },
    ]);
    await game.time.advance(7 * 24 * HOUR);
    await attackActionsSettled();
    expect(names(fighter)).toEqual(['Lasting', 'Rounds']);
  });

  it('only a GM moves the clock', async () => {
    h.as(player);
    await expect(game.time.advance(HOUR)).rejects.toThrow();
    expect(game.time.worldTime).toBe(0);
  });
});

describe('a rest moves the clock, and its Undo turns it back', () => {
  it('a night moves the clock 8 hours and ends a 4-hour effect; Undo brings both back', async () => {
    h.as(gm);
    const fighter = await appendix3Fighter(h, player);
    await blessed(fighter, 4);
    await blessed(fighter, 10, 'Warded');
    h.as(player);
    const card = await restNight(fighter);
    expect(game.time.worldTime).toBe(8 * HOUR);
    expect(names(fighter)).toEqual(['Warded']);
    expect(card.content).toContain('moves on 8 hours');
    expect(card.content).toContain('Ended with the time: Blessed');

    h.as(gm);
    expect(await requestRestUndo(card.id as string)).toMatchObject({ ok: true });
    await attackActionsSettled();
    expect(game.time.worldTime).toBe(0);
    expect(names(fighter)).toEqual(['Blessed', 'Warded']);
    // The same effect: it keeps its start, and ends 4 hours after it, not 4 hours after the Undo.
    const back = fighter.effects.find((e) => e.name === 'Blessed') as ActiveEffect;
    expect(back.flags.gng?.startTime).toBe(0);
    await game.time.advance(4 * HOUR);
    await attackActionsSettled();
    expect(names(fighter)).toEqual(['Warded']);
  });

  it('a week moves it 168 hours; a day of bed rest 24', async () => {
    h.as(gm);
    const fighter = await appendix3Fighter(h, player);
    h.as(player);
    h.dice.queue(99, 99, 99, 99, 99, 99, 99);
    expect(await game.gng.rest(fighter, { kind: 'bed-rest-day' })).toMatchObject({ ok: true });
    await attackActionsSettled();
    expect(game.time.worldTime).toBe(24 * HOUR);
    expect(await game.gng.rest(fighter, { kind: 'week' })).toMatchObject({ ok: true });
    await attackActionsSettled();
    expect(game.time.worldTime).toBe((24 + 168) * HOUR);
  });

  it('once time has moved on, Undo keeps the clock (and says so) but still undoes the rest', async () => {
    h.as(gm);
    const fighter = await appendix3Fighter(h, player);
    await fighter.update({ 'system.hp.nonlethal': 30 });
    h.as(player);
    const card = await restNight(fighter);
    expect((fighter.system as unknown as { hp: { nonlethal: number } }).hp.nonlethal).toBe(0);
    h.as(gm);
    await game.time.advance(HOUR);
    expect(await requestRestUndo(card.id as string)).toMatchObject({ ok: true });
    await attackActionsSettled();
    expect(game.time.worldTime).toBe(9 * HOUR);
    expect((fighter.system as unknown as { hp: { nonlethal: number } }).hp.nonlethal).toBe(30);
    expect(game.messages.get(card.id as string)?.content).toContain('The world clock was kept');
  });

  it('with the automation switch off, a rest leaves the clock alone', async () => {
    h.as(gm);
    await game.settings.set('gng', 'restAdvancesClock', false);
    const fighter = await appendix3Fighter(h, player);
    h.as(player);
    const card = await restNight(fighter);
    expect(game.time.worldTime).toBe(0);
    expect(card.content).not.toContain('moves on');
  });

  it('a party rest moves the clock once, with the first rest', async () => {
    h.as(gm);
    const fighter = await appendix3Fighter(h, player);
    const rogue = await appendix3Rogue(h, player);
    h.dice.queue(99, 99, 99, 99);
    const results = await game.gng.restParty({ kind: 'night', actors: [fighter, rogue] });
    await attackActionsSettled();
    expect(results?.map((r) => r.result.ok)).toEqual([true, true]);
    expect(game.time.worldTime).toBe(8 * HOUR);
    const cards = game.messages.contents.filter((m) => restCardOf(m));
    expect(cards.map((m) => Boolean(restCardOf(m)?.clock))).toEqual([true, false]);
  });

  it("a player's rest that would not move the clock is refused and changes nothing", async () => {
    h.as(gm);
    const fighter = await appendix3Fighter(h, player);
    await fighter.update({ 'system.hp.nonlethal': 30 });
    h.as(player);
    const count = game.messages.size;
    const result = await fromConsole(REST_QUERY, {
      action: 'start',
      actorUuid: fighter.uuid,
      kind: 'week',
      clock: false,
    });
    expect(result).toMatchObject({ ok: false, error: 'GNG.Rest.Error.ClockGM' });
    expect(game.messages.size).toBe(count);
    expect(game.time.worldTime).toBe(0);
    expect((fighter.system as unknown as { hp: { nonlethal: number } }).hp.nonlethal).toBe(30);
  });
});

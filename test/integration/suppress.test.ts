/**
 * Suppressing fire at the table (issue 16; GnG SPECIAL ATTACKS › SUPPRESSING FIRE). Expected values
 * come from the text:
 * - "Suppressing fire is a full-round action. You must have the Martial Weapons Proficiency
 *   (firearms) feat … You must wield a self-loading weapon capable of single shot or fully automatic fire."
 * - "you fire 1d10 + 10 shots into that area" (fully automatic: "2d10 + 20 shots").
 * - "Should any target enter your area of effect … it must make a Reflex save against DC 10 + one-half
 *   your base attack bonus + your Dexterity score" (docs/rules.md decision 23: the Dexterity modifier).
 * - "If the save succeeds, the target can choose to cease movement and drop prone … That target
 *   becomes suppressed. If the target chooses to keep standing or moving, or fails the save, you get
 *   to perform a free ranged attack against that target with a -8 penalty … You expend two shots"
 *   (fully automatic: "-4 penalty … four shots").
 * - "If you run out of ammunition, you cease suppressing your target area."
 * The shooter: Dex 14 (+2), no class levels (BAB +0), Medium: ranged attack +2, DC 10 + 0 + 2 = 12.
 * The map: 100-pixel squares of 5 ft (v13's default scene grid).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardHelpers, fromConsole } from '../fixtures/cards.js';
import { suppressGunner } from '../fixtures/gunners.js';
import { getHarness, type HarnessCombat } from '../harness/index.js';
import type { HarnessTokenDocument } from '../harness/tokens.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { combatantOf, turnOf } from '../../src/combat/action-budget.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { SUPPRESS_QUERY, suppress, suppressState } =
  await import('../../src/cards/suppress/suppress-actions.js');
const { click, buttons } = cardHelpers(h);
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(16));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const stateOf = (message: ChatMessage) => suppressState(fresh(message))!;
const loaded = (weapon: Item) =>
  (weapon.system as unknown as { firearm: { ammunition: number } }).firearm.ammunition;
/** The token's owner (or the GM) moves it to `x` pixels on the top row, as Foundry's drag does. */
const move = (token: Token, x: number) =>
  (token.document as unknown as HarnessTokenDocument).update({ x, y: 0 });
/** The card's text as read (entities decoded). */
function text(message: ChatMessage): string {
  const div = h.window.document.createElement('div');
  div.innerHTML = (fresh(message).content ?? '').replace(/</g, ' <');
  return (div.textContent ?? '').replace(/\s+/g, ' ');
}
const lastNotice = () => h.notices.at(-1)?.message;
const cards = () => game.messages.contents.filter((m) => suppressState(m) !== null);
/** The square's top-left corner: 25 ft east of the map's corner (5 squares). */
const SQUARE = { shape: 'square' as const, corner: { x: 500, y: 0 } };

const shooter = (options: { martial?: boolean; modes?: string[]; ammo?: number } = {}) =>
  suppressGunner(h, options);

/** The other player's creature (Con 30), 30 HP, its token 10 squares east (outside the square). */
async function runner(name = 'Runner', system: Record<string, unknown> = {}) {
  h.as(gm);
  const actor = await h.createActor(
    {
      name,
      type: 'npc',
      system: { hp: { value: 30 }, abilities: { dex: { value: 10 }, con: { value: 30 } }, ...system },
    },
    otherPlayer,
  );
  expect(sys(actor).hp.max).toBeGreaterThanOrEqual(30);
  const token = h.placeToken(actor);
  await move(token, 1000);
  return { actor, token };
}

async function fight(actors: Actor[]): Promise<HarnessCombat> {
  h.as(gm);
  const combat = h.startCombat(actors) as HarnessCombat;
  await combat.begin();
  await attackActionsSettled();
  return combat;
}

/** The shooter's player starts suppressing fire with `dice` for the wasted shots. */
async function start(actor: Actor, weapon: Item, dice: number[], options: Record<string, unknown> = {}) {
  h.as(player);
  h.dice.queue(...dice);
  const result = await suppress(actor, weapon, { area: SQUARE, mode: 'semi', ...options } as never);
  await attackActionsSettled();
  return result;
}

describe('prerequisites', () => {
  it('refuses without Martial Weapons Proficiency (firearms), saying why; nothing is spent', async () => {
    const { actor, weapon } = await shooter({ martial: false });
    const result = await start(actor, weapon, []);
    expect(result).toMatchObject({ ok: false, error: 'GNG.Suppress.Error.Proficiency' });
    expect(lastNotice()).toContain('lacks Martial Weapons Proficiency (firearms)');
    expect(loaded(weapon)).toBe(30);
    expect(cards()).toHaveLength(0);
  });

  it('refuses a weapon that is not self-loading (single shots only)', async () => {
    const { actor, weapon } = await shooter({ modes: ['single'] });
    const result = await start(actor, weapon, []);
    expect(result).toMatchObject({ ok: false, error: 'GNG.Suppress.Error.NotSelfLoading' });
    expect(lastNotice()).toBe(
      'Submachine gun is not a self-loading weapon (semiautomatic or fully automatic).',
    );
  });

  it('refuses an empty weapon, and out of turn in combat (a full-round action)', async () => {
    const empty = await shooter({ ammo: 0 });
    expect(await start(empty.actor, empty.weapon, [])).toMatchObject({ error: 'GNG.Ammunition.Empty' });
    const { actor, weapon } = await shooter();
    const { actor: other } = await runner();
    await fight([other, actor]);
    expect(await start(actor, weapon, [5])).toMatchObject({ error: 'GNG.Suppress.Error.NotTurn' });
    expect(loaded(weapon)).toBe(30);
  });
});

describe('claiming the area', () => {
  it('wastes 1d10 + 10 shots single shot (d10 5: 15) and takes the full-round action', async () => {
    const { actor, weapon } = await shooter();
    const combat = await fight([actor]);
    const result = await start(actor, weapon, [5], { mode: 'semi' });
    expect(result.ok).toBe(true);
    const card = cards()[0] as ChatMessage;
    expect(card.author?.isGM).toBe(true);
    expect(stateOf(card)).toMatchObject({
      shotsWasted: 15,
      reflexDc: 12,
      active: true,
      fullyAutomatic: false,
    });
    expect(loaded(weapon)).toBe(15);
    const turn = turnOf(combatantOf(actor)!);
    expect(turn).toMatchObject({ round: combat.round, move: false, attack: false });
    expect(fresh(card).content).toContain('Reflex DC 12');
    // Drawn on the scene as a 20-ft square (a rect: its diagonal at 45°) from its corner.
    const [template] = [...(globalThis as unknown as { canvas: FoundryCanvas }).canvas.scene!.templates];
    expect(template).toMatchObject({ t: 'rect', x: 500, y: 0, direction: 45 });
    expect(template!.distance).toBeCloseTo(Math.hypot(20, 20));
  });

  it("an aisle runs from the shooter's token out to ten range increments (300 ft), 5 ft wide", async () => {
    const { actor, weapon } = await shooter();
    await start(actor, weapon, [5], { area: { shape: 'aisle', direction: 0 } });
    expect(stateOf(cards()[0]!).area).toEqual({
      shape: 'aisle',
      origin: { x: 2.5, y: 2.5 },
      direction: 0,
      length: 300,
      width: 5,
    });
    const [template] = [...(globalThis as unknown as { canvas: FoundryCanvas }).canvas.scene!.templates];
    expect(template).toMatchObject({ t: 'ray', x: 50, y: 50, direction: 0, distance: 300, width: 5 });
  });

  it("the GM's Undo on the shooter's own turn gives back the rounds and the full-round action", async () => {
    const { actor, weapon } = await shooter();
    await fight([actor]);
    await start(actor, weapon, [5]);
    const card = cards()[0] as ChatMessage;
    expect(loaded(weapon)).toBe(15);
    h.as(player);
    expect(buttons(card)).not.toContain('undo');
    h.as(gm);
    await click(card, 'undo');
    expect(loaded(weapon)).toBe(30);
    expect(turnOf(combatantOf(actor)!)).toMatchObject({ move: true, attack: true });
    expect(stateOf(card)).toMatchObject({ undone: true, active: false, endedBy: 'undo' });
    expect(buttons(card)).toEqual([]);
  });

  it('wastes 2d10 + 20 fully automatic (3 and 4: 27)', async () => {
    const { actor, weapon } = await shooter();
    await start(actor, weapon, [3, 4], { mode: undefined }); // the default: fully automatic when it can
    expect(stateOf(cards()[0]!)).toMatchObject({ shotsWasted: 27, fullyAutomatic: true, active: true });
    expect(loaded(weapon)).toBe(3);
  });

  it('a magazine smaller than the dice: every round is fired, the card says so, and the area ends', async () => {
    // 2d10 + 20 = 9 + 9 + 20 = 38 against 30 rounds: "If you run out of ammunition, you cease suppressing".
    const { actor, weapon } = await shooter();
    await start(actor, weapon, [9, 9], { mode: 'auto' });
    const card = cards()[0] as ChatMessage;
    expect(stateOf(card)).toMatchObject({ shotsWasted: 30, active: false });
    expect(loaded(weapon)).toBe(0);
    expect(card.content).toContain('Rounds in the weapon: only 30');
  });
});

describe('a creature entering the area on a later turn', () => {
  async function setUp(
    dice: number[],
    mode: 'semi' | 'auto' = 'semi',
    ammo = 30,
    runnerSystem: Record<string, unknown> = {},
  ) {
    const gun = await shooter({ ammo });
    const run = await runner('Runner', runnerSystem);
    const combat = await fight([gun.actor, run.actor]);
    await start(gun.actor, gun.weapon, dice, { mode });
    const card = cards()[0] as ChatMessage;
    // The runner's turn: it moves 4 squares west, into the square (centre 32.5 ft, 2.5 ft).
    await combat.nextTurn();
    h.as(otherPlayer);
    await move(run.token, 600);
    await attackActionsSettled();
    return { weapon: gun.weapon, gunner: gun.actor, ...run, combat, card };
  }

  it('calls for the Reflex save; a success lets it choose to be suppressed (1 round), no shot', async () => {
    const { card, actor: runnerActor } = await setUp([5]);
    expect(stateOf(card).triggers).toMatchObject([{ cause: 'enter', name: 'Runner', save: null }]);
    h.as(otherPlayer);
    const ref = sys(runnerActor).derived.saves.ref.total;
    h.dice.queue(12 - ref); // exactly the DC: a success
    await click(card, 'rollSave');
    expect(stateOf(card).triggers[0]!.save).toMatchObject({ total: 12, success: true });
    expect(buttons(card)).toEqual(expect.arrayContaining(['becomeSuppressed', 'keepMoving']));
    await click(card, 'becomeSuppressed');
    expect(runnerActor.statuses.has('suppressed')).toBe(true);
    const effect = runnerActor.effects.find((e) => e.statuses.has('suppressed'));
    expect(effect?.duration.rounds).toBe(1);
    h.as(player);
    expect(buttons(card)).not.toContain('freeShot');
  });

  it('a failed save gives the shooter the free shot at −8 spending 2 rounds; the GM applies the damage', async () => {
    const { card, actor: runnerActor, weapon } = await setUp([5]);
    h.as(otherPlayer);
    // Each step, the trigger says whose it is (issue #33).
    const waiting = () =>
      h.renderMessage(game.messages.get(card.id as string) as ChatMessage).querySelector('.gng-card-waiting')
        ?.textContent;
    expect(waiting()).toBe("Waiting for Runner's Reflex save (DC 12).");
    h.dice.queue(1 + 0); // natural 1: a failure whatever the bonus
    await click(card, 'rollSave');
    expect(stateOf(card).triggers[0]!.save?.success).toBe(false);
    expect(waiting()).toMatch(/^Waiting for .+'s free shot at Runner\.$/);
    h.as(player);
    h.dice.queue(15); // 15 + 2 − 8 = 9
    await click(card, 'freeShot');
    const shot = stateOf(card).triggers[0]!.shot!;
    expect(shot).toMatchObject({ natural: 15, bonus: 2, penalty: -8, total: 9 });
    expect(shot.rounds?.rounds).toBe(2);
    expect(loaded(weapon)).toBe(15 - 2);
    h.as(otherPlayer);
    const defense = sys(runnerActor).derived.defense.ranged.total;
    h.dice.queue(9 - defense - 3); // Defense 3 below the attack: a hit, RD 3
    await click(card, 'rollDefense');
    expect(stateOf(card).triggers[0]!.shot).toMatchObject({ hit: true, relativeDegree: 3 });
    expect(waiting()).toBe('Waiting for the GM to apply the damage to Runner.');
    h.as(gm);
    h.dice.queue(3, 4); // 2d6 = 7, + RD 3, no Protection: 10
    await click(card, 'applyDamage');
    expect(sys(runnerActor).hp.value).toBe(30 - 10);
    // After the shot, the target may still choose to become suppressed.
    h.as(otherPlayer);
    await click(card, 'becomeSuppressed');
    expect(runnerActor.statuses.has('suppressed')).toBe(true);
    // The GM's Undo of the trigger: HP, status and the two rounds back.
    h.as(gm);
    await click(card, 'undoTrigger');
    expect(sys(runnerActor).hp.value).toBe(30);
    expect(runnerActor.statuses.has('suppressed')).toBe(false);
    expect(loaded(weapon)).toBe(15);
  });

  it('the free shot goes through Protection, then DR, as an attack card’s hit (docs/rules.md, issue #28)', async () => {
    // Natural armor 2 (Protection 2), DR 5/magic: a mundane bullet's 2d6 = 7 + RD 3 = 10 − 2 = 8 − 5 = 3.
    const { card, actor: runnerActor } = await setUp([5], 'semi', 30, {
      naturalArmor: 2,
      resistances: { dr: '5/magic' },
    });
    h.as(otherPlayer);
    h.dice.queue(1);
    await click(card, 'rollSave');
    h.as(player);
    h.dice.queue(15); // 15 + 2 − 8 = 9
    await click(card, 'freeShot');
    h.as(otherPlayer);
    h.dice.queue(9 - sys(runnerActor).derived.defense.ranged.total - 3); // RD 3
    await click(card, 'rollDefense');
    h.as(gm);
    h.dice.queue(3, 4);
    await click(card, 'applyDamage');
    expect(stateOf(card).triggers[0]!.shot!.damage).toMatchObject({
      rolled: 7,
      protection: 2,
      afterProtection: 8,
      damageReduction: 5,
      final: 3,
    });
    expect(sys(runnerActor).hp.value).toBe(30 - 3);
    expect(text(card)).toContain('Damage 7 + RD 3 − Protection 2 = 8; − DR 5, − energy resistance 0 = 3.');
  });

  it('fully automatic: the free shot is at −4 and spends 4 rounds; Dive for Cover avoids it and suppresses', async () => {
    const { card, actor: runnerActor, weapon } = await setUp([1, 1], 'auto'); // 22 wasted, 8 left
    expect(loaded(weapon)).toBe(8);
    h.as(otherPlayer);
    h.dice.queue(1);
    await click(card, 'rollSave');
    h.as(player);
    h.dice.queue(10); // 10 + 2 − 4 = 8
    await click(card, 'freeShot');
    expect(stateOf(card).triggers[0]!.shot).toMatchObject({ penalty: -4, total: 8 });
    expect(loaded(weapon)).toBe(4);
    h.as(otherPlayer);
    await click(card, 'diveForCover');
    expect(runnerActor.statuses.has('suppressed')).toBe(true);
    h.as(gm);
    expect(buttons(card)).not.toContain('applyDamage');
    // Suppressed: it is not shot at again when it moves.
    h.as(otherPlayer);
    await move(runnerActor.getActiveTokens()[0]!, 700);
    await attackActionsSettled();
    expect(stateOf(card).triggers).toHaveLength(1);
  });

  it("moving 5 ft within the area calls for another save; the area ends at the shooter's next turn", async () => {
    const { card, token, combat } = await setUp([5]);
    await move(token, 700);
    await attackActionsSettled();
    expect(stateOf(card).triggers.map((t) => t.cause)).toEqual(['enter', 'move']);
    await combat.nextTurn(); // round 2: the shooter's turn
    expect(stateOf(card)).toMatchObject({ active: false, endedBy: 'turn', template: null });
    expect([...(globalThis as unknown as { canvas: FoundryCanvas }).canvas.scene!.templates]).toHaveLength(0);
    await move(token, 800);
    await attackActionsSettled();
    expect(stateOf(card).triggers).toHaveLength(2);
    expect(text(card)).toContain("Ended: the shooter's turn has come round again.");
  });

  it('the free shot takes the range penalty of a normal ranged attack (40 ft with a 30-ft increment: −2)', async () => {
    const { card, token } = await setUp([5]);
    await move(token, 800); // centre 42.5 ft: 40 ft from the shooter's 2.5 ft
    await attackActionsSettled();
    h.dice.queue(1);
    await click(card, 'rollSave');
    h.as(player);
    h.dice.queue(15); // 15 + 2 − 8 − 2 = 7
    await click(card, 'freeShot');
    expect(stateOf(card).triggers[0]!.shot).toMatchObject({ penalty: -8, range: -2, total: 7 });
  });

  it('the area ends when the free shot empties the weapon', async () => {
    // 29 loaded, 3 + 4 + 20 = 27 wasted: 2 left; the fully automatic free shot takes both.
    const { card, weapon } = await setUp([3, 4], 'auto', 29);
    expect(loaded(weapon)).toBe(2);
    h.as(otherPlayer);
    h.dice.queue(1);
    await click(card, 'rollSave');
    h.as(player);
    h.dice.queue(10);
    await click(card, 'freeShot');
    expect(loaded(weapon)).toBe(0);
    expect(stateOf(card)).toMatchObject({ active: false, endedBy: 'ammo' });
  });

  it('a weapon emptied since ends the area instead of a free shot', async () => {
    const { card, weapon } = await setUp([5]);
    h.dice.queue(1);
    await click(card, 'rollSave');
    h.as(gm);
    await weapon.update({ 'system.firearm.ammunition': 0 });
    h.as(player);
    await click(card, 'freeShot');
    expect(stateOf(card)).toMatchObject({ active: false, endedBy: 'ammo' });
    expect(stateOf(card).triggers[0]!.shot).toBeNull();
    expect(buttons(card)).not.toContain('freeShot');
  });

  it("the GM's Undo on a later turn returns every round; the full-round action is gone", async () => {
    const { card, weapon, gunner } = await setUp([5]);
    h.as(otherPlayer);
    h.dice.queue(1);
    await click(card, 'rollSave');
    h.as(player);
    h.dice.queue(15);
    await click(card, 'freeShot');
    expect(loaded(weapon)).toBe(13);
    h.as(gm);
    await click(card, 'undo');
    expect(loaded(weapon)).toBe(30);
    expect(stateOf(card)).toMatchObject({ undone: true, active: false });
    // The turn has passed (the runner's turn): its action is not given back, and the card says so.
    expect(text(card)).toContain("The shooter's turn has passed: its full-round action was not given back.");
    expect(turnOf(combatantOf(gunner)!)).toMatchObject({ move: false, attack: false });
  });
});

describe('forged requests', () => {
  it('refuses a start for an actor the sender does not own, and steps of the other side', async () => {
    const { actor, weapon } = await shooter();
    const { actor: other, token } = await runner();
    h.as(otherPlayer);
    const forgedStart = await fromConsole(SUPPRESS_QUERY, {
      action: 'start',
      actorUuid: actor.uuid,
      weaponId: weapon.id,
      area: SQUARE,
    });
    expect(forgedStart).toMatchObject({ ok: false, error: 'GNG.Suppress.Error.NotOwner' });
    await start(actor, weapon, [5]);
    const card = cards()[0] as ChatMessage;
    h.as(otherPlayer);
    await move(token, 600);
    await attackActionsSettled();
    const id = card.id as string;
    expect(
      await fromConsole(SUPPRESS_QUERY, { messageId: id, action: 'freeShot', target: 't1' }),
    ).toMatchObject({
      ok: false,
      error: 'GNG.Suppress.Error.NotAllowed',
    });
    h.as(player);
    expect(
      await fromConsole(SUPPRESS_QUERY, { messageId: id, action: 'rollSave', target: 't1' }),
    ).toMatchObject({
      error: 'GNG.Suppress.Error.NotAllowed',
    });
    expect(
      await fromConsole(SUPPRESS_QUERY, { messageId: id, action: 'undo', target: 'area' }),
    ).toMatchObject({
      error: 'GNG.Suppress.Error.NotAllowed',
    });
    // A free shot before the save is not owed.
    expect(
      await fromConsole(SUPPRESS_QUERY, { messageId: id, action: 'freeShot', target: 't1' }),
    ).toMatchObject({
      error: 'GNG.Suppress.Error.Unavailable.freeShot',
    });
    expect(
      await fromConsole(SUPPRESS_QUERY, { messageId: id, action: 'rollSave', target: 't1', dc: 1 }),
    ).toMatchObject({
      error: 'GNG.Error.Card.BadRequest',
    });
    expect(loaded(weapon)).toBe(15);
    expect(other.statuses.size).toBe(0);
  });
});

describe('acting in the area', () => {
  it('the GM adds a trigger for a creature acting in the area', async () => {
    const { actor, weapon } = await shooter();
    const { token } = await runner();
    await move(token, 600);
    await start(actor, weapon, [5]);
    const card = cards()[0] as ChatMessage;
    // Already in the square when it is claimed: no save for being there, one when it moves 5 ft or acts.
    expect(stateOf(card).occupants.map((o) => o.name)).toEqual(['Runner']);
    expect(stateOf(card).triggers).toHaveLength(0);
    h.as(player);
    expect(buttons(card)).not.toContain('actsInArea');
    h.as(gm);
    await click(card, 'actsInArea');
    expect(stateOf(card).triggers.map((t) => t.cause)).toEqual(['act']);
    h.as(otherPlayer);
    await move(token, 700);
    await attackActionsSettled();
    expect(stateOf(card).triggers.map((t) => t.cause)).toEqual(['act', 'move']);
    // It leaves: no longer in the area, nothing to save against.
    await move(token, 1500);
    await attackActionsSettled();
    expect(stateOf(card).occupants).toHaveLength(0);
    expect(stateOf(card).triggers).toHaveLength(2);
  });
});

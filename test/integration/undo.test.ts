/**
 * Undo on the cards is the exact inverse of one step, never an absolute restore: the attack card's
 * Undo takes back the damage its Apply dealt (from the values as they are now) and deletes exactly
 * the status effects it created; the defender's aborts are undone by a GM only (giving back exactly
 * what each paid, unless the defender's turn has begun since), and their side may not take them
 * again; a called shot's provoked attack of opportunity comes before the damage. Every refusal is a
 * localized notice and changes nothing. Dice are queued in the order they are rolled: attack d20,
 * Defense d20, Block d20, damage, Tumble d20.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forged, cardHelpers } from '../fixtures/cards.js';
import { getHarness, type HarnessCombat } from '../harness/index.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import {
  attackActionsSettled,
  requestCardAction,
  type CardActionResult,
} from '../../src/cards/attack/attack-actions.js';
import {
  cardState,
  type AttackCardState,
  type CardAction,
  type CardTarget,
} from '../../src/cards/attack/attack-state.js';
import { areaState, requestAreaAction, type AreaCardState } from '../../src/cards/area/area-actions.js';
import {
  maneuverState,
  requestManeuverAction,
  type ManeuverCardState,
  type ManeuverTarget,
} from '../../src/cards/maneuver/maneuver-actions.js';
import { budgetOf, combatantOf, turnOf } from '../../src/combat/action-budget.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';
import { newActionBudget } from '../../src/rules/index.js';
import { undoNoteLines } from '../../src/cards/kernel/undo-notes.js';
import { pseudo, pseudoLocale } from '../fixtures/pseudo-locale.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(41));
// Every string the cards showed is in lang/en.json.
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const hp = (actor: Actor) => ({
  value: sys(actor).hp.value,
  temp: sys(actor).hp.temp,
  nonlethal: sys(actor).hp.nonlethal,
});
const fresh = (message: ChatMessage) => game.messages.get(message.id as string) as ChatMessage;
const state = (message: ChatMessage) => cardState(fresh(message)) as AttackCardState;
const target = (message: ChatMessage) => state(message).targets[0] as CardTarget;
const sword = (actor: Actor) => actor.items.find((i) => i.name === 'Bastard sword') as Item;
const lastNotice = () => h.notices.at(-1)?.message;
const notice = (key: string, data: Record<string, unknown> = {}) => game.i18n.format(key, data);

/** The enabled buttons the current user sees on the card. */
function visibleButtons(message: ChatMessage): string[] {
  const html = h.renderMessage(fresh(message));
  return [...html.querySelectorAll<HTMLElement>('button[data-action]:not([disabled])')].map(
    (b) => b.dataset.action as string,
  );
}

/** Every button the current user sees on the card, enabled or not. */
function shownButtons(message: ChatMessage): string[] {
  const html = h.renderMessage(fresh(message));
  return [...html.querySelectorAll<HTMLElement>('button[data-action]')].map(
    (b) => b.dataset.action as string,
  );
}

/** The notes of the last Undo, as the card shows them to the current user. */
function undoNotes(message: ChatMessage): string[] {
  const html = h.renderMessage(fresh(message));
  return [...html.querySelectorAll('.undo-note')].map((p) => p.textContent?.trim() ?? '');
}

const { clickTarget } = cardHelpers(h);
/** The current user clicks the card's `action` button of its target (it must see it, enabled). */
const click = (message: ChatMessage, action: string) => clickTarget(message, action, target(message).id);

/** The current user asks the GM for `action` on the card's first target (as a forged click would). */
function ask(message: ChatMessage, action: CardAction): Promise<CardActionResult> {
  return requestCardAction(message.id as string, action, target(message).id);
}

/** The fighter (player's; bastard sword +9, 1d10 + 4) and the rogue (other player's; 13 HP, Tumble). */
async function duel(inCombat = true) {
  const fighter = await appendix3Fighter(h, player);
  const rogue = await appendix3Rogue(h, otherPlayer);
  await rogue.update({ 'system.skills.tumble.ranks': 4 });
  let combat: HarnessCombat | null = null;
  if (inCombat) {
    combat = h.startCombat([fighter, rogue]) as HarnessCombat;
    await combat.begin(); // the fighter's turn, round 1
  }
  return { fighter, rogue, combat };
}

/**
 * The fighter attacks `defender` (attack d20 `natural`, total `natural` + 9, with `options`), and the
 * defender's Defense is rolled by `roller` with the d20 `defense`.
 */
async function attack(
  fighter: Actor,
  defender: Actor,
  { natural = 10, defense = 1, roller = gm, options = {} as Record<string, unknown> } = {},
): Promise<ChatMessage> {
  h.as(player);
  h.target(player, h.placeToken(defender));
  h.dice.queue(natural);
  const message = (await game.gng.attack(fighter, sword(fighter), options)) as ChatMessage;
  await attackActionsSettled();
  expect(message).toBeTruthy();
  h.as(roller);
  h.dice.queue(defense);
  await click(message, 'rollDefense');
  return message;
}

/** An unowned NPC: Defense +0, no Protection, `hp` hit points (= its Con, the maximum). */
function orc(name = 'Orc', hitPoints = 30, owner?: User): Promise<Actor> {
  return h.createActor(
    { name, type: 'npc', system: { hp: { value: hitPoints }, abilities: { con: { value: hitPoints } } } },
    owner,
  );
}

/**
 * A hit on the orc with RD 0 (attack 10 + 9 = 19 against Defense 19 + 0: a tie hits) and the damage
 * die `die`: the damage is `die` + 4 (Strength), no Protection. The player rolls it.
 */
async function tieHit(fighter: Actor, defender: Actor, die: number): Promise<ChatMessage> {
  const message = await attack(fighter, defender, { natural: 10, defense: 19 });
  expect(target(message).result).toEqual({ hit: true, relativeDegree: 0, automatic: false });
  h.as(player);
  h.dice.queue(die);
  await click(message, 'rollDamage');
  expect(target(message).damage?.final).toBe(die + 4);
  return message;
}

describe("the attacker's Undo: only applied damage, only the attacker's owners", () => {
  it('an Undo before any damage is applied (after a successful Block) is refused; the Block and the budget stay', async () => {
    const { fighter, rogue } = await duel();
    const message = await attack(fighter, rogue, { roller: otherPlayer }); // 19 against d20 1
    expect(target(message).result?.hit).toBe(true);
    h.as(otherPlayer);
    h.dice.queue(19); // the Block beats 19
    await click(message, 'block');
    expect(target(message).aborts?.block).toMatchObject({ blocked: true, paidWith: 'move' });
    const before = structuredClone(state(message));
    const budget = budgetOf(rogue);
    expect(budget).toMatchObject({ move: false, attack: true });

    h.as(player);
    expect(shownButtons(message)).not.toContain('undoDamage');
    const early = await ask(message, 'undoDamage');
    expect(early).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.undoDamage' });
    expect(lastNotice()).toBe('Only applied damage can be undone.');
    const fromConsole = await forged(player, {
      messageId: message.id,
      action: 'undoDamage',
      target: target(message).id,
    });
    expect(fromConsole).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.undoDamage' });
    expect(state(message)).toEqual(before);
    expect(budgetOf(rogue)).toEqual(budget);
    expect(hp(rogue)).toEqual({ value: 13, temp: 0, nonlethal: 0 });
  });

  it('an Undo with the damage rolled but not applied is refused; a failed Block and its cost stay', async () => {
    const { fighter, rogue } = await duel();
    const message = await attack(fighter, rogue, { roller: otherPlayer });
    h.as(otherPlayer);
    h.dice.queue(2); // the Block fails
    await click(message, 'block');
    h.as(player);
    h.dice.queue(6);
    await click(message, 'rollDamage');
    const before = structuredClone(state(message));
    expect(shownButtons(message)).not.toContain('undoDamage'); // not open yet: not shown (issue #33)
    const early = await ask(message, 'undoDamage');
    expect(early).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.undoDamage' });
    expect(lastNotice()).toBe('Only applied damage can be undone.');
    expect(state(message)).toEqual(before);
    expect(target(message).aborts?.block).toMatchObject({ blocked: false, paidWith: 'move' });
    expect(budgetOf(rogue)).toMatchObject({ move: false, attack: true });
  });

  it("another player's Undo (not the attacker's owner) is refused and changes nothing", async () => {
    const { fighter, rogue } = await duel();
    const message = await attack(fighter, rogue, { roller: otherPlayer });
    h.as(player);
    h.dice.queue(1);
    await click(message, 'rollDamage');
    await click(message, 'applyDamage');
    const lost = target(message).applied?.hpLost as number;
    expect(lost).toBeGreaterThan(0);
    const before = structuredClone(state(message));
    const after = hp(rogue);

    // The defender's owner is not the attacker's: no button, and the GM refuses the request.
    h.as(otherPlayer);
    expect(shownButtons(message)).not.toContain('undoDamage');
    const foreign = await ask(message, 'undoDamage');
    expect(foreign).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAllowed' });
    expect(lastNotice()).toBe('Other Player may not do that on this attack card.');
    const fromConsole = await forged(otherPlayer, {
      messageId: message.id,
      action: 'undoDamage',
      target: target(message).id,
    });
    expect(fromConsole).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAllowed' });
    expect(state(message)).toEqual(before);
    expect(hp(rogue)).toEqual(after);

    // The attacker's owner may.
    h.as(player);
    await click(message, 'undoDamage');
    expect(hp(rogue)).toEqual({ value: after.value + lost, temp: 0, nonlethal: 0 });
  });
});

describe("the aborts' Undo: a GM's, exactly what they paid, not taken again by their side", () => {
  it("neither the defender's nor the attacker's owner may undo the aborts; after the GM's Undo only a GM Blocks again", async () => {
    const { fighter, rogue } = await duel();
    const message = await attack(fighter, rogue, { roller: otherPlayer });
    h.as(otherPlayer);
    h.dice.queue(19);
    await click(message, 'block');
    const before = structuredClone(state(message));

    for (const user of [otherPlayer, player]) {
      h.as(user);
      expect(shownButtons(message)).not.toContain('undoAborts');
      const refused = await ask(message, 'undoAborts');
      expect(refused).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAllowed' });
      expect(lastNotice()).toBe(notice('GNG.Error.Attack.NotAllowed', { name: user.name }));
    }
    expect(state(message)).toEqual(before);
    expect(budgetOf(rogue)).toMatchObject({ move: false, attack: true });

    h.as(gm);
    expect(visibleButtons(message)).toContain('undoAborts');
    await click(message, 'undoAborts');
    expect(target(message).aborts).toBeUndefined();
    expect(target(message).undoneAborts).toEqual(['block']);
    expect(budgetOf(rogue)).toEqual(newActionBudget());
    // Nothing is left to undo.
    const twice = await ask(message, 'undoAborts');
    expect(twice).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.undoAborts' });
    expect(lastNotice()).toBe('There are no aborts to undo, or damage was applied: undo the damage first.');

    // The defender's side does not roll its undone Block again.
    h.as(otherPlayer);
    expect(shownButtons(message)).not.toContain('block');
    const again = await ask(message, 'block');
    expect(again).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAllowed' });
    expect(lastNotice()).toBe('Other Player may not do that on this attack card.');
    expect(target(message).aborts).toBeUndefined();
    expect(budgetOf(rogue)).toEqual(newActionBudget());

    // A GM may: the Block is taken (and paid) again.
    h.as(gm);
    h.dice.queue(2);
    await click(message, 'block');
    expect(target(message).aborts?.block).toMatchObject({ blocked: false, by: gm.id, paidWith: 'move' });
    expect(budgetOf(rogue)).toMatchObject({ move: false, attack: true });
  });

  it('the GM may not undo the aborts while the damage is applied: the damage is undone first', async () => {
    const { fighter, rogue } = await duel();
    const message = await attack(fighter, rogue, { roller: otherPlayer });
    h.as(player);
    h.dice.queue(6);
    await click(message, 'rollDamage');
    const rolled = structuredClone(target(message).damage);
    h.as(otherPlayer);
    h.dice.queue(20); // Roll with Blow (a natural 20 beats 19)
    await click(message, 'rollWithBlow');
    expect(target(message).aborts?.rollWithBlow).toMatchObject({ paidWith: 'move' });
    h.as(player);
    await click(message, 'applyDamage');
    const before = structuredClone(state(message));
    const after = hp(rogue);

    h.as(gm);
    expect(shownButtons(message)).not.toContain('undoAborts');
    const refused = await ask(message, 'undoAborts');
    expect(refused).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.undoAborts' });
    expect(lastNotice()).toBe('There are no aborts to undo, or damage was applied: undo the damage first.');
    expect(state(message)).toEqual(before);
    expect(hp(rogue)).toEqual(after);
    expect(budgetOf(rogue)).toMatchObject({ move: false, attack: true });

    await click(message, 'undoDamage');
    await click(message, 'undoAborts');
    expect(hp(rogue)).toEqual({ value: 13, temp: 0, nonlethal: 0 });
    expect(budgetOf(rogue)).toEqual(newActionBudget());
    expect(target(message).damage).toEqual(rolled);
  });

  it("the defender's turn began since the Block: nothing is given back and the card says so", async () => {
    const { fighter, rogue, combat } = await duel();
    const first = await attack(fighter, rogue, { roller: otherPlayer });
    h.as(otherPlayer);
    h.dice.queue(19);
    await click(first, 'block'); // paid with the move action of the rogue's next turn
    expect(target(first).aborts?.block).toMatchObject({ paidWith: 'move' });
    expect(budgetOf(rogue)).toMatchObject({ move: false, attack: true });

    // The rogue's turn begins: it has only its attack action; the budget is fresh.
    await combat?.nextTurn();
    expect(turnOf(combatantOf(rogue)!)).toMatchObject({ round: 1, move: false, attack: true });
    expect(budgetOf(rogue)).toEqual(newActionBudget());
    // A second Block in this turn pays the move action of the rogue's next turn.
    const second = await attack(fighter, rogue, { roller: otherPlayer });
    h.as(otherPlayer);
    h.dice.queue(19);
    await click(second, 'block');
    expect(budgetOf(rogue)).toMatchObject({ move: false, attack: true });

    // Undoing the first Block gives nothing back: the move it paid was the turn that has begun.
    h.as(gm);
    await click(first, 'undoAborts');
    expect(target(first).aborts).toBeUndefined();
    expect(budgetOf(rogue)).toMatchObject({ move: false, attack: true });
    expect(turnOf(combatantOf(rogue)!)).toMatchObject({ move: false, attack: true });
    const note =
      "1st-level rogue's turn has begun since the abort was paid, so the spent action cannot be given back.";
    // Stored as a key and its data, shown in the reader's language.
    expect(target(first).undoNotes).toEqual([
      { key: 'GNG.Undo.Note.TurnBegun', data: { name: '1st-level rogue' } },
    ]);
    h.as(otherPlayer);
    expect(undoNotes(first)).toEqual([note]);

    // The second Block was paid from the budget of now: its Undo gives the move back.
    h.as(gm);
    await click(second, 'undoAborts');
    expect(target(second).undoNotes).toBeUndefined();
    expect(budgetOf(rogue)).toEqual(newActionBudget());
  });

  it("the Improved Block's free Block comes back as a free Block, to the budget of now", async () => {
    const { fighter, rogue } = await duel();
    await rogue.createEmbeddedDocuments('Item', [
      { name: 'Improved Block', type: 'feat', system: { identifier: 'improved-block' } },
    ]);
    const first = await attack(fighter, rogue, { roller: otherPlayer });
    h.as(otherPlayer);
    h.dice.queue(2);
    await click(first, 'block');
    const second = await attack(fighter, rogue, { roller: otherPlayer });
    h.as(otherPlayer);
    h.dice.queue(2);
    await click(second, 'block');
    expect([target(first).aborts?.block?.paidWith, target(second).aborts?.block?.paidWith]).toEqual([
      'free',
      'move',
    ]);
    expect(budgetOf(rogue)).toMatchObject({ move: false, attack: true, freeUsed: { block: 1 } });
    // Undo the first (free) one: the free Block is unused again, the second Block's move stays spent.
    h.as(gm);
    await click(first, 'undoAborts');
    expect(budgetOf(rogue)).toMatchObject({ move: false, attack: true, freeUsed: { block: 0 } });
    await click(second, 'undoAborts');
    expect(budgetOf(rogue)).toEqual(newActionBudget());
  });
});

describe('Undo after later changes to the actor', () => {
  it("a later hit's damage stays when an earlier card is undone", async () => {
    const fighter = await appendix3Fighter(h, player);
    const defender = await orc();
    const a = await tieHit(fighter, defender, 3); // 7
    const b = await tieHit(fighter, defender, 1); // 5
    await click(a, 'applyDamage');
    expect(hp(defender).value).toBe(30 - 7);
    await click(b, 'applyDamage');
    expect(hp(defender).value).toBe(30 - 7 - 5);

    await click(a, 'undoDamage');
    expect(hp(defender)).toEqual({ value: 30 - 5, temp: 0, nonlethal: 0 });
    expect(target(a).applied).toBeNull();
    expect(target(b).applied).not.toBeNull();
    await click(b, 'undoDamage');
    expect(hp(defender)).toEqual({ value: 30, temp: 0, nonlethal: 0 });
  });

  it("the GM's edit of temporary HP after Apply survives Undo", async () => {
    const fighter = await appendix3Fighter(h, player);
    const defender = await orc();
    await defender.update({ 'system.hp.temp': 3 });
    const message = await tieHit(fighter, defender, 3); // 7: 3 temporary HP, then 4 HP
    await click(message, 'applyDamage');
    expect(hp(defender)).toEqual({ value: 26, temp: 0, nonlethal: 0 });
    h.as(gm);
    await defender.update({ 'system.hp.temp': 5 }); // a spell: 5 temporary HP
    h.as(player);
    await click(message, 'undoDamage');
    // The 3 temporary HP and 4 HP the Apply took come back on top of the GM's 5.
    expect(hp(defender)).toEqual({ value: 30, temp: 5 + 3, nonlethal: 0 });
  });

  it('a heal after Apply: the Undo gives HP back up to the maximum only, and says so', async () => {
    const fighter = await appendix3Fighter(h, player);
    const defender = await orc();
    expect(sys(defender).hp.max).toBe(30);
    const message = await tieHit(fighter, defender, 3); // 7
    await click(message, 'applyDamage');
    h.as(gm);
    await defender.update({ 'system.hp.value': 28 }); // healed 5
    h.as(player);
    await click(message, 'undoDamage');
    expect(hp(defender).value).toBe(30);
    const note = "Orc's hit points could only be given back up to the maximum (30).";
    expect(target(message).undoNotes).toEqual([
      { key: 'GNG.Undo.Note.HpCapped', data: { name: 'Orc', max: 30 } },
    ]);
    expect(undoNotes(message)).toEqual([note]);
    // Stored as a key: a client in another language reads the note in its own (issue #34).
    h.setLanguage(otherPlayer, pseudoLocale());
    h.as(otherPlayer);
    const drawn = await cardHelpers(h).drawn(message);
    expect([...drawn.querySelectorAll('.undo-note')].map((p) => p.textContent?.trim())).toEqual([
      pseudo(note),
    ]);
    h.setLanguage(otherPlayer, null);
    h.as(player);
    // A new Apply clears the note.
    await click(message, 'applyDamage');
    expect(target(message).undoNotes).toBeUndefined();
    expect(hp(defender).value).toBe(23);
  });

  it('a Dying status removed and set again by a later card is left alone; the card notes it', async () => {
    const fighter = await appendix3Fighter(h, player);
    const defender = await orc('Orc', 10);
    const a = await tieHit(fighter, defender, 8); // 12: 10 → −2, dying
    const b = await tieHit(fighter, defender, 1); // 5
    await click(a, 'applyDamage');
    expect(hp(defender).value).toBe(-2);
    expect(target(a).applied?.statusesAdded).toEqual(['dying']);
    const first = target(a).applied?.effectIds?.dying as string;
    expect(defender.effects.get(first)).toBeDefined();
    // The GM stabilizes it; then card B drops it again.
    h.as(gm);
    await defender.toggleStatusEffect('dying', { active: false });
    expect(defender.statuses.has('dying')).toBe(false);
    h.as(player);
    await click(b, 'applyDamage');
    expect(hp(defender).value).toBe(-7);
    expect(target(b).applied?.statusesAdded).toEqual(['dying']);
    const second = target(b).applied?.effectIds?.dying as string;
    expect(second).not.toBe(first);

    await click(a, 'undoDamage');
    expect(hp(defender).value).toBe(-7 + 12);
    expect(defender.statuses.has('dying')).toBe(true);
    expect(defender.effects.get(second)).toBeDefined();
    const note = 'Orc no longer had the Dying this step set; nothing to remove.';
    expect(target(a).undoNotes).toEqual([
      { key: 'GNG.Undo.Note.StatusGone', data: { name: 'Orc', status: { key: 'GNG.Status.dying' } } },
    ]);
    expect(undoNotes(a)).toEqual([note]);

    await click(b, 'undoDamage');
    expect(hp(defender).value).toBe(10);
    expect(defender.statuses.has('dying')).toBe(false);
    expect(target(b).undoNotes).toBeUndefined();
  });
});

describe('the area card Undo', () => {
  it("undoing a blast after a later hit gives back the blast's damage only", async () => {
    const fighter = await appendix3Fighter(h, player);
    const hero = await orc('Hero', 30, player);
    const hit = await tieHit(fighter, hero, 3); // 7, rolled now, applied after the blast
    h.as(gm);
    h.dice.queue(6, 6, 4, 2, 1, 1); // 20, no save rolled
    const blast = (await game.gng.areaDamage({
      damage: '6d6',
      saveDc: 20,
      save: 'ref',
      targets: [hero],
    })) as ChatMessage;
    const id = (areaState(fresh(blast)) as AreaCardState).targets[0]?.id as string;
    expect(await requestAreaAction(blast.id as string, 'applyDamage', id)).toMatchObject({ ok: true });
    expect(hp(hero).value).toBe(30 - 20);
    h.as(player);
    await click(hit, 'applyDamage');
    expect(hp(hero).value).toBe(30 - 20 - 7);

    h.as(gm);
    expect(await requestAreaAction(blast.id as string, 'undoDamage', id)).toMatchObject({ ok: true });
    expect(hp(hero)).toEqual({ value: 30 - 7, temp: 0, nonlethal: 0 });
    expect((areaState(fresh(blast)) as AreaCardState).targets[0]?.applied).toBeNull();
    h.as(player);
    await click(hit, 'undoDamage');
    expect(hp(hero).value).toBe(30);
  });
});

const maneuver = (message: ChatMessage) => maneuverState(fresh(message)) as ManeuverCardState;
const maneuverTarget = (message: ChatMessage) => maneuver(message).targets[0] as ManeuverTarget;

describe('the maneuver card Undo', () => {
  /** `otherPlayer`'s brute trips `defender` (check d20 `natural`); the GM answers: no Maintain Footing. */
  async function trip(brute: Actor, defender: Actor, natural = 10): Promise<ChatMessage> {
    h.as(otherPlayer);
    h.target(otherPlayer, h.placeToken(defender));
    h.dice.queue(natural);
    const message = await game.gng.maneuver(brute, 'trip');
    await attackActionsSettled();
    expect(message).toBeTruthy();
    h.as(gm);
    await requestManeuverAction(
      (message as ChatMessage).id as string,
      'declineFooting',
      maneuverTarget(message as ChatMessage).id,
    );
    h.as(otherPlayer);
    return message as ChatMessage;
  }

  async function press(message: ChatMessage, action: 'applyManeuver' | 'undoManeuver') {
    const result = await requestManeuverAction(message.id as string, action, maneuverTarget(message).id);
    await attackActionsSettled();
    return result;
  }

  it("Trip twice: undoing the first Trip leaves the second Trip's prone and notes it", async () => {
    const hero = await orc('Hero', 30, player);
    const brute = await h.createActor(
      { name: 'Brute', type: 'npc', system: { abilities: { str: { value: 14 } } } },
      otherPlayer,
    );
    const a = await trip(brute, hero);
    // Nothing applied yet: Undo is refused.
    const early = await press(a, 'undoManeuver');
    expect(early).toMatchObject({ ok: false, error: 'GNG.Maneuver.Error.Unavailable.undoManeuver' });
    expect(lastNotice()).toBe('There is nothing to undo.');
    expect(maneuverTarget(a).applied).toBeNull();

    expect(await press(a, 'applyManeuver')).toMatchObject({ ok: true });
    expect(hero.statuses.has('prone')).toBe(true);
    const first = maneuverTarget(a).applied?.effectIds?.prone as string;
    expect(first).toBeTruthy();
    // The hero stands up; a second Trip knocks it down again.
    h.as(gm);
    await hero.toggleStatusEffect('prone', { active: false });
    expect(hero.statuses.has('prone')).toBe(false);
    const b = await trip(brute, hero);
    expect(await press(b, 'applyManeuver')).toMatchObject({ ok: true });
    const second = maneuverTarget(b).applied?.effectIds?.prone as string;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);

    // A stranger may not undo it.
    h.as(player);
    const foreign = await press(a, 'undoManeuver');
    expect(foreign).toMatchObject({ ok: false, error: 'GNG.Maneuver.Error.NotAllowed' });
    expect(lastNotice()).toBe('Player may not do that on this maneuver card.');
    expect(maneuverTarget(a).applied).not.toBeNull();

    h.as(otherPlayer);
    expect(await press(a, 'undoManeuver')).toMatchObject({ ok: true });
    expect(maneuverTarget(a).applied).toBeNull();
    expect(hero.statuses.has('prone')).toBe(true);
    expect(hero.effects.get(second)).toBeDefined();
    expect(maneuverTarget(a).undoNotes).toEqual([
      { key: 'GNG.Undo.Note.StatusGone', data: { name: 'Hero', status: { key: 'GNG.Status.prone' } } },
    ]);
    expect(undoNoteLines(maneuverTarget(a).undoNotes)).toEqual([
      'Hero no longer had the Prone this step set; nothing to remove.',
    ]);

    expect(await press(b, 'undoManeuver')).toMatchObject({ ok: true });
    expect(hero.statuses.has('prone')).toBe(false);
    // No notes (a typed card's schema keeps an empty list).
    expect(maneuverTarget(b).undoNotes ?? []).toEqual([]);
  });
});

describe("a called shot's provoked attack of opportunity comes first", () => {
  it('the damage is refused until the target takes or declines it; after declining, the damage goes on', async () => {
    const fighter = await appendix3Fighter(h, player);
    const defender = await orc('Orc', 30, otherPlayer);
    const message = await attack(fighter, defender, {
      natural: 15,
      roller: otherPlayer,
      options: { calledShots: ['stun'] },
    });
    expect(target(message).result?.hit).toBe(true);
    expect(target(message).calledShot).toMatchObject({ provokes: true });
    const before = structuredClone(state(message));

    h.as(player);
    // No Roll damage button while the attack of opportunity is open: the card says what it waits for.
    expect(shownButtons(message)).not.toContain('rollDamage');
    const waiting = h.renderMessage(fresh(message)).querySelector('.gng-card-waiting')?.textContent;
    expect(waiting).toBe(
      'Waiting for Orc to take or decline the attack of opportunity; the damage comes after it.',
    );
    const roll = await ask(message, 'rollDamage');
    expect(roll).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.rollDamage' });
    expect(lastNotice()).toBe(
      'There is no hit to roll damage for, the damage was already rolled, or an attack of opportunity is still to be taken or declined.',
    );
    const apply = await ask(message, 'applyDamage');
    expect(apply).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.applyDamage' });
    expect(lastNotice()).toBe(
      'This damage cannot be applied: it was already applied, or there is nothing to apply it to, or an attack of opportunity is still to be taken or declined.',
    );
    // The attacker's side does not decide for the target.
    expect(shownButtons(message)).not.toContain('declineAttackOfOpportunity');
    const decline = await ask(message, 'declineAttackOfOpportunity');
    expect(decline).toMatchObject({ ok: false, error: 'GNG.Error.Attack.NotAllowed' });
    expect(lastNotice()).toBe('Player may not do that on this attack card.');
    expect(state(message)).toEqual(before);
    expect(hp(defender).value).toBe(30);

    h.as(otherPlayer);
    // The target's owner: take or decline the attack of opportunity (or Block the hit).
    expect(visibleButtons(message)).toEqual(['attackOfOpportunity', 'declineAttackOfOpportunity', 'block']);
    await click(message, 'declineAttackOfOpportunity');
    expect(target(message).calledShot?.aooDeclinedBy).toBe(otherPlayer.id);
    expect(fresh(message).content).toContain('Orc made no attack of opportunity.');
    expect(visibleButtons(message)).toEqual(['block']);
    const twice = await ask(message, 'attackOfOpportunity');
    expect(twice).toMatchObject({ ok: false, error: 'GNG.Error.Attack.Unavailable.attackOfOpportunity' });
    expect(lastNotice()).toBe('The attack of opportunity is not available now.');

    h.as(player);
    h.dice.queue(4);
    await click(message, 'rollDamage');
    const dealt = target(message).damage?.final as number;
    expect(dealt).toBeGreaterThan(0);
    await click(message, 'applyDamage');
    expect(hp(defender).value).toBe(30 - dealt);
  });

  it('taken: the attack of opportunity has its own card, then the damage goes on', async () => {
    const fighter = await appendix3Fighter(h, player);
    h.placeToken(fighter);
    const rogue = await appendix3Rogue(h, otherPlayer);
    const message = await attack(fighter, rogue, {
      natural: 15,
      roller: otherPlayer,
      options: { calledShots: ['stun'] },
    });
    h.as(player);
    expect(visibleButtons(message)).not.toContain('rollDamage');
    h.as(otherPlayer);
    const cards = game.messages.contents.length;
    h.dice.queue(12);
    await click(message, 'attackOfOpportunity');
    expect(game.messages.contents.length).toBe(cards + 1);
    const aoo = cardState(game.messages.contents.at(-1)) as AttackCardState;
    expect(aoo.attacker.actorUuid).toBe(rogue.uuid);
    expect(aoo.targets.map((t) => t.actorUuid)).toEqual([fighter.uuid]);
    expect(target(message).calledShot?.aooBy).toBe(otherPlayer.id);
    const decline = await ask(message, 'declineAttackOfOpportunity');
    expect(decline).toMatchObject({
      ok: false,
      error: 'GNG.Error.Attack.Unavailable.declineAttackOfOpportunity',
    });
    h.as(player);
    expect(visibleButtons(message)).toContain('rollDamage');
  });

  it('with autoRollDamage, the damage waits for the Reflex save and the attack of opportunity, then rolls itself', async () => {
    await game.settings.set('gng', 'autoRollDamage', true);
    const fighter = await appendix3Fighter(h, player);
    const defender = await orc('Orc', 30, otherPlayer);
    const message = await attack(fighter, defender, {
      natural: 15,
      roller: otherPlayer,
      options: { calledShots: ['penetration'] },
    });
    expect(target(message).result?.hit).toBe(true);
    expect(target(message).damage).toBeNull(); // the save and the attack of opportunity come first
    h.as(otherPlayer);
    h.dice.queue(1); // the Reflex save fails
    await click(message, 'penetrationSave');
    expect(target(message).calledShot?.penetration?.save).toMatchObject({ success: false });
    expect(target(message).damage).toBeNull();
    h.as(player);
    expect(await ask(message, 'rollDamage')).toMatchObject({
      ok: false,
      error: 'GNG.Error.Attack.Unavailable.rollDamage',
    });
    h.as(otherPlayer);
    h.dice.queue(4); // the wait is over: the automation rolls the damage
    await click(message, 'declineAttackOfOpportunity');
    expect(target(message).damage).toMatchObject({ dice: [4], automatic: true });
    h.as(player);
    expect(await ask(message, 'rollDamage')).toMatchObject({
      ok: false,
      error: 'GNG.Error.Attack.Unavailable.rollDamage',
    });
  });
});

describe('properties of Undo', () => {
  it('any interleaving of Apply and Undo across 2–3 cards on one actor leaves HP = start − Σ(applied, not undone)', async () => {
    const START = 50;
    const aPress = fc.record({
      card: fc.nat({ max: 2 }),
      action: fc.constantFrom('applyDamage', 'undoDamage'),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 2, maxLength: 3 }),
        fc.integer({ min: 0, max: 4 }),
        fc.array(aPress, { minLength: 1, maxLength: 12 }),
        async (dice, temp, presses) => {
          h.reset(41);
          const fighter = await appendix3Fighter(h, player);
          const defender = await orc('Orc', START);
          if (temp) await defender.update({ 'system.hp.temp': temp });
          const cards: ChatMessage[] = [];
          for (const die of dice) cards.push(await tieHit(fighter, defender, die));
          const damage = dice.map((die) => die + 4); // RD 0, Strength +4, no Protection
          const applied = new Set<number>();
          const lost = () => [...applied].reduce((sum, i) => sum + (damage[i] as number), 0);

          h.as(player);
          for (const { card, action } of presses) {
            const index = card % cards.length;
            const message = cards[index] as ChatMessage;
            const allowed = action === 'applyDamage' ? !applied.has(index) : applied.has(index);
            const before = structuredClone(state(message));
            const result = await ask(message, action as CardAction);
            expect(result.ok).toBe(allowed);
            if (!allowed) {
              expect(result).toMatchObject({ error: `GNG.Error.Attack.Unavailable.${action}` });
              expect(state(message)).toEqual(before);
            } else if (action === 'applyDamage') applied.add(index);
            else applied.delete(index);
            // Lethal damage takes the temporary HP first; together they are down by what is applied.
            const now = hp(defender);
            expect(now.value + now.temp).toBe(START + temp - lost());
            if (temp === 0) expect(now.value).toBe(START - lost());
            expect(now.value).toBeLessThanOrEqual(START);
            expect(now.temp).toBeGreaterThanOrEqual(0);
            expect(now.nonlethal).toBe(0);
            expect(target(message).undoNotes).toBeUndefined();
          }
          // Everything undone: exactly the start.
          for (const index of [...applied]) await ask(cards[index] as ChatMessage, 'undoDamage');
          expect(hp(defender)).toEqual({ value: START, temp, nonlethal: 0 });
        },
      ),
      { numRuns: 25 },
    );
  }, 60_000);
});

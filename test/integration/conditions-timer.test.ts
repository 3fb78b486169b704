/**
 * Conditions that run themselves in combat (src/combat/conditions-timer.ts, bleeding-card.ts):
 * durations counting down at turn changes, Severe Bleeding's save card round after round, binding
 * the wounds from the sheet, and a disabled arm dropping held weapons.
 * Turns are driven through the Combat document subclass (the harness runs the turn events as the
 * active GM); dice are queued in the order they are rolled.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHarness, type HarnessCombat } from '../harness/index.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-flow.js';
import {
  bindWounds,
  bleedingCardOf,
  bleedingEffectOf,
  bleedingStateOf,
  bloodLossOf,
  requestBleedingSave,
} from '../../src/cards/bleeding/bleeding-card.js';
import { effectExpired } from '../../src/combat/conditions-timer.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(47));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const fort = (actor: Actor) => sys(actor).derived.saves.fort.total;
const sword = (actor: Actor) => actor.items.find((i) => i.name === 'Bastard sword') as Item;
const equipped = (item: Item) => (item.system as unknown as { equipped: boolean }).equipped;

/** The fighter (player's) and the rogue (other player's) in a combat at round 1, the fighter's turn. */
async function fight() {
  h.as(gm);
  const fighter = await appendix3Fighter(h, player);
  const rogue = await appendix3Rogue(h, otherPlayer);
  const combat = h.startCombat([fighter, rogue]) as HarnessCombat;
  await combat.begin();
  await attackActionsSettled();
  return { fighter, rogue, combat };
}

function bleedingCards(): ChatMessage[] {
  return game.messages.contents.filter((m) => bleedingCardOf(m) !== null);
}

/** The current user clicks the save button of the card (throws when the user sees none). */
async function clickSave(message: ChatMessage): Promise<void> {
  const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
  const button = html.querySelector<HTMLButtonElement>('button[data-action="bleedingSave"]');
  if (!button) throw new Error(`${game.user.name} sees no save button`);
  button.dispatchEvent(
    new h.window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event,
  );
  await attackActionsSettled();
}

function saveButtons(message: ChatMessage): number {
  const html = h.renderMessage(game.messages.get(message.id as string) as ChatMessage);
  return html.querySelectorAll('button[data-action="bleedingSave"]').length;
}

describe('durations count down', () => {
  it('effectExpired: turns passed since the start reach the duration', () => {
    const d = { rounds: 1, turns: null, startRound: 2, startTurn: 1 };
    expect(effectExpired(d, 2, 1, 3)).toBe(false);
    expect(effectExpired(d, 3, 0, 3)).toBe(false);
    expect(effectExpired(d, 3, 1, 3)).toBe(true);
    expect(effectExpired({ rounds: 1, startRound: null }, 9, 0, 3)).toBe(false);
    expect(effectExpired({ rounds: null, turns: null, startRound: 1 }, 9, 0, 3)).toBe(false);
  });

  it('a 1-round stun expires at the same initiative count of the next round, status and all', async () => {
    const { fighter, rogue, combat } = await fight();
    // The fighter stuns the rogue on the fighter's turn (round 1, turn 0).
    await rogue.createEmbeddedDocuments('ActiveEffect', [
      { name: 'Stunned', statuses: ['stunned'], duration: { rounds: 1, startRound: 1, startTurn: 0 } },
    ]);
    expect(rogue.statuses.has('stunned')).toBe(true);
    await combat.nextTurn(); // round 1, the rogue's turn: still stunned
    expect(rogue.statuses.has('stunned')).toBe(true);
    await combat.nextTurn(); // round 2, the fighter's turn: the round has passed
    expect(combat.round).toBe(2);
    expect(rogue.statuses.has('stunned')).toBe(false);
    expect(rogue.effects.size).toBe(0);
    expect(game.messages.contents.map((m) => m.content).join()).toContain('Stunned ends on 1st-level rogue.');
    // An effect without a start round is left alone; the fighter is untouched.
    expect(fighter.effects.size).toBe(0);
  });
});

describe('Severe Bleeding', () => {
  it('asks for a save each round with the escalating DC: fatigued, exhausted, then dead', async () => {
    const { fighter, combat } = await fight();
    const bonus = fort(fighter);
    await fighter.toggleStatusEffect('severe-bleeding'); // wounded in round 1
    await attackActionsSettled();
    expect(bleedingStateOf(bleedingEffectOf(fighter) as ActiveEffect)).toMatchObject({
      status: 'active',
      stage: 'bleeding',
      dc: 12,
      woundRound: 1,
    });
    await combat.nextTurn(); // the rogue's turn in round 1: no card yet
    expect(bleedingCards()).toHaveLength(0);

    // Each round: the fighter's turn starts, a card with the DC, the player rolls the save.
    const rounds: { dc: number; total: number; after: string }[] = [
      { dc: 12, total: 12, after: 'active/bleeding/14' }, // a tie succeeds (D20)
      { dc: 14, total: 13, after: 'active/fatigued/20' },
      { dc: 20, total: 20, after: 'active/fatigued/22' },
      { dc: 22, total: 21, after: 'active/exhausted/20' },
    ];
    for (const [index, step] of rounds.entries()) {
      h.as(gm);
      await combat.nextTurn(); // a new round: the fighter's turn
      expect(combat.round).toBe(index + 2);
      const cards = bleedingCards();
      expect(cards).toHaveLength(index + 1);
      const card = cards.at(-1) as ChatMessage;
      expect(bleedingCardOf(card)).toMatchObject({ dc: step.dc, result: null });
      expect(card.content).toContain(`Fortitude save DC ${step.dc}`);
      h.as(otherPlayer);
      expect(saveButtons(card)).toBe(0);
      h.as(player);
      h.dice.queue(step.total - bonus);
      await clickSave(card);
      const effect = bleedingEffectOf(fighter) as ActiveEffect;
      const s = bleedingStateOf(effect);
      expect(`${s.status}/${s.stage}/${s.dc}`).toBe(step.after);
      expect(bleedingCardOf(game.messages.get(card.id as string))?.result?.total).toBe(step.total);
      expect(saveButtons(card)).toBe(0);
      h.as(gm);
      await combat.nextTurn(); // the rogue's turn: no card for the fighter
      expect(bleedingCards()).toHaveLength(index + 1);
    }
    expect(bloodLossOf(fighter)).toBe('exhausted');

    // The last failure kills.
    h.as(gm);
    await combat.nextTurn();
    const last = bleedingCards().at(-1) as ChatMessage;
    expect(bleedingCardOf(last)?.dc).toBe(20);
    h.as(player);
    h.dice.queue(19 - bonus);
    await clickSave(last);
    expect(fighter.statuses.has('dead')).toBe(true);
    expect(bleedingEffectOf(fighter)).toBeUndefined();
    expect(game.messages.get(last.id as string)?.content).toContain('dies of blood loss');
  });

  it("a player can't roll another's save (forged query refused); a rolled card can't be rolled again", async () => {
    const { fighter, combat } = await fight();
    await fighter.toggleStatusEffect('severe-bleeding');
    await attackActionsSettled();
    await combat.nextRound();
    const card = bleedingCards()[0] as ChatMessage;
    h.as(otherPlayer);
    const forged = await requestBleedingSave(card.id as string);
    expect(forged).toMatchObject({ ok: false, error: 'GNG.Bleeding.Error.NotOwner' });
    expect(bleedingCardOf(game.messages.get(card.id as string))?.result).toBeNull();
    expect(bleedingStateOf(bleedingEffectOf(fighter) as ActiveEffect).dc).toBe(12);

    h.as(player);
    h.dice.queue(15);
    expect(await requestBleedingSave(card.id as string)).toEqual({ ok: true });
    expect(await requestBleedingSave(card.id as string)).toMatchObject({
      ok: false,
      error: 'GNG.Bleeding.Error.Done',
    });
  });

  it('binding the wounds from the sheet ends it; fatigue already suffered remains', async () => {
    const { fighter, combat } = await fight();
    await fighter.toggleStatusEffect('severe-bleeding');
    await attackActionsSettled();
    await combat.nextRound();
    h.as(player);
    h.dice.queue(1); // natural 1: fails → fatigued
    await clickSave(bleedingCards()[0] as ChatMessage);
    expect(bloodLossOf(fighter)).toBe('fatigued');
    expect(fighter.statuses.has('fatigued')).toBe(true);

    // Another player (not an owner) is refused; the owner binds from the sheet.
    h.as(otherPlayer);
    expect(await bindWounds(fighter)).toMatchObject({ ok: false, error: 'GNG.Bleeding.Error.NotOwner' });
    expect(fighter.statuses.has('severe-bleeding')).toBe(true);
    h.as(player);
    const sheet = await h.openSheet(fighter);
    expect(sheet.element.textContent).toContain('Severe Bleeding: next Fortitude save DC 20');
    expect(sheet.element.textContent).toContain('Fatigued: Strength and Dexterity −2; cannot run or charge.');
    await h.click(sheet, 'button[data-action="bindWounds"]');
    await attackActionsSettled();
    expect(fighter.statuses.has('severe-bleeding')).toBe(false);
    expect(game.messages.contents.at(-1)?.content).toContain(
      `Player binds the wounds of ${fighter.name}: the Severe Bleeding stops.`,
    );
    await sheet.render();
    expect(sheet.element.querySelector('button[data-action="bindWounds"]')).toBeNull();
    expect(sheet.element.textContent).not.toContain('Severe Bleeding: next Fortitude save');
    expect(fighter.statuses.has('fatigued')).toBe(true);
    expect(sheet.element.textContent).toContain('Fatigued: Strength and Dexterity −2; cannot run or charge.');
    await sheet.close();

    // No more cards: the next round passes quietly.
    h.as(gm);
    await combat.nextRound();
    expect(bleedingCards()).toHaveLength(1);
  });
});

describe('disabled limbs', () => {
  it('a disabled arm drops the held weapons, once, when the status appears', async () => {
    const { fighter } = await fight();
    expect(equipped(sword(fighter))).toBe(true);
    await fighter.toggleStatusEffect('disabled-arm');
    await attackActionsSettled();
    expect(equipped(sword(fighter))).toBe(false);
    expect(game.messages.contents.at(-1)?.content).toContain('drops Bastard sword');
    // Picking the sword up again while the arm stays disabled is the table's call: nothing re-drops it.
    await sword(fighter).update({ 'system.equipped': true });
    await attackActionsSettled();
    expect(equipped(sword(fighter))).toBe(true);
  });

  it.each(['stunned', 'panicked'])(
    '%s drops the held weapons in combat ("drops everything held")',
    async (status) => {
      const { fighter } = await fight();
      await fighter.toggleStatusEffect(status);
      await attackActionsSettled();
      expect(equipped(sword(fighter))).toBe(false);
      expect(game.messages.contents.at(-1)?.content).toContain('drops Bastard sword');
    },
  );

  it('shaken, prone and a disabled leg drop nothing', async () => {
    const { fighter } = await fight();
    for (const status of ['shaken', 'prone', 'disabled-leg']) await fighter.toggleStatusEffect(status);
    await attackActionsSettled();
    expect(equipped(sword(fighter))).toBe(true);
  });

  it('out of combat a disabled arm drops nothing (the table decides)', async () => {
    h.as(gm);
    const fighter = await appendix3Fighter(h, player);
    await fighter.toggleStatusEffect('disabled-arm');
    await attackActionsSettled();
    expect(equipped(sword(fighter))).toBe(true);
  });

  it('a disabled leg shows "cannot run or charge" on the combat panel', async () => {
    const { fighter } = await fight();
    await fighter.toggleStatusEffect('disabled-leg');
    const sheet = await h.openSheet(fighter);
    const notes = [...sheet.element.querySelectorAll('.condition-note')].map((n) => n.textContent?.trim());
    expect(notes).toEqual(['Disabled leg: cannot run or charge.']);
    await sheet.close();
  });
});

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
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import {
  bindWounds,
  bleedingCardOf,
  bleedingEffectOf,
  bleedingStateOf,
  bloodLossOf,
  requestBleedingSave,
} from '../../src/cards/bleeding/bleeding-actions.js';
import { effectExpired, effectStartIn, storedStart } from '../../src/combat/conditions-timer.js';
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
  it('effectExpired: turns passed since the start reach the duration; no known start, never', () => {
    const d = { rounds: 1, turns: null };
    const start = { round: 2, turn: 1 };
    expect(effectExpired(d, start, 2, 1, 3)).toBe(false);
    expect(effectExpired(d, start, 3, 0, 3)).toBe(false);
    expect(effectExpired(d, start, 3, 1, 3)).toBe(true);
    expect(effectExpired({ turns: 2 }, start, 2, 2, 3)).toBe(false);
    expect(effectExpired({ turns: 2 }, start, 3, 0, 3)).toBe(true);
    expect(effectExpired(d, null, 99, 0, 3)).toBe(false);
    expect(effectExpired({ rounds: null, turns: null }, start, 9, 0, 3)).toBe(false);
  });

  it("effectStartIn: our stored start first (this combat's only), core's startRound as the fallback", () => {
    const combat = { id: 'combatAAAAAAAAAA' } as Combat;
    const effect = (flags: Record<string, unknown>, duration: ActiveEffectDuration) =>
      ({ flags: { gng: flags }, duration }) as unknown as ActiveEffect;
    const ours = { combat: 'combatAAAAAAAAAA', round: 3, turn: 1 };
    expect(effectStartIn(effect({ start: ours }, { rounds: 1, startRound: 1 }), combat)).toEqual({
      round: 3,
      turn: 1,
    });
    // A start in another combat is unknown here, and core's start round (same creation) is not used.
    const elsewhere = { ...ours, combat: 'combatBBBBBBBBBB' };
    expect(effectStartIn(effect({ start: elsewhere }, { rounds: 1, startRound: 1 }), combat)).toBeNull();
    expect(effectStartIn(effect({}, { rounds: 1, startRound: 2, startTurn: 1 }), combat)).toEqual({
      round: 2,
      turn: 1,
    });
    expect(effectStartIn(effect({}, { rounds: 1, startRound: 2 }), combat)).toEqual({ round: 2, turn: 0 });
    expect(effectStartIn(effect({}, { rounds: 1, startRound: null }), combat)).toBeNull();
    // A malformed stored start counts as none.
    expect(storedStart(effect({ start: { combat: 'x', round: -1, turn: 0 } }, {}))).toBeNull();
    expect(storedStart(effect({ start: 'round 1' }, {}))).toBeNull();
  });

  it("an effect made in combat without core's startRound stores its start and expires after its rounds", async () => {
    const { fighter, rogue, combat } = await fight();
    await combat.nextTurn(); // round 1, the rogue's turn
    // The rogue's player dazes the fighter: only `rounds`, as the called-shot cards write it.
    h.as(otherPlayer);
    expect(fighter.isOwner).toBe(false);
    h.as(player);
    await fighter.createEmbeddedDocuments('ActiveEffect', [
      { name: 'Dazed', statuses: ['dazed'], duration: { rounds: 1 } },
    ]);
    const dazed = fighter.effects.find((e) => e.name === 'Dazed') as ActiveEffect;
    expect(dazed.duration.startRound ?? null).toBeNull();
    // Written by the creating client (the player's) into the effect before it was sent.
    expect(storedStart(dazed)).toEqual({ combat: combat.id, round: 1, turn: 1 });
    h.as(gm);
    await combat.nextTurn(); // round 2, the fighter's turn: not a round yet
    expect(fighter.statuses.has('dazed')).toBe(true);
    await combat.nextTurn(); // round 2, the rogue's turn: a round has passed
    expect(fighter.statuses.has('dazed')).toBe(false);
    expect(game.messages.contents.map((m) => m.content).join()).toContain(`Dazed ends on ${fighter.name}.`);
    expect(rogue.effects.size).toBe(0);
  });

  it('an effect without a duration, or made out of combat, stores no start and never expires', async () => {
    h.as(gm);
    const fighter = await appendix3Fighter(h, player);
    const rogue = await appendix3Rogue(h, otherPlayer);
    await fighter.createEmbeddedDocuments('ActiveEffect', [
      { name: 'Shaken', statuses: ['shaken'], duration: { rounds: 1 } },
    ]);
    const combat = h.startCombat([fighter, rogue]) as HarnessCombat;
    await combat.begin();
    await fighter.createEmbeddedDocuments('ActiveEffect', [{ name: 'Prone', statuses: ['prone'] }]);
    for (const effect of fighter.effects) expect(storedStart(effect), effect.name).toBeNull();
    await combat.nextRound();
    await combat.nextRound();
    expect([...fighter.statuses].sort()).toEqual(['prone', 'shaken']);
  });

  it('an effect whose start is in another combat is left alone in this one', async () => {
    const { fighter, rogue, combat: first } = await fight();
    await rogue.createEmbeddedDocuments('ActiveEffect', [
      { name: 'Stunned', statuses: ['stunned'], duration: { rounds: 2 } },
    ]);
    const stun = rogue.effects.find((e) => e.name === 'Stunned') as ActiveEffect;
    expect(storedStart(stun)).toEqual({ combat: first.id, round: 1, turn: 0 });
    // The fight ends before the stun does; in the next fight its rounds are not that fight's rounds.
    const second = h.startCombat([fighter, rogue]) as HarnessCombat;
    expect(second.id).not.toBe(first.id);
    await second.begin();
    for (let round = 0; round < 4; round++) await second.nextRound();
    expect(rogue.statuses.has('stunned')).toBe(true);
    expect(effectStartIn(stun, second)).toBeNull();
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
    expect(game.messages.contents.at(-1)?.content).toContain('drops Bastard sword (Disabled arm).');
    // Picking the sword up again while the arm stays disabled is the table's call: nothing re-drops it.
    await sword(fighter).update({ 'system.equipped': true });
    await attackActionsSettled();
    expect(equipped(sword(fighter))).toBe(true);
  });

  it.each([
    ['stunned', 'Stunned'],
    ['panicked', 'Panicked'],
  ])(
    '%s drops the held weapons in combat ("drops everything held"); the line names the cause',
    async (status, cause) => {
      const { fighter } = await fight();
      await fighter.toggleStatusEffect(status);
      await attackActionsSettled();
      expect(equipped(sword(fighter))).toBe(false);
      expect(game.messages.contents.at(-1)?.content).toContain(`drops Bastard sword (${cause}).`);
      expect(game.messages.contents.at(-1)?.content).not.toContain('Disabled arm');
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

/**
 * Fatigued and exhausted as real conditions (core rules: an effective −2 / −6 to Strength and
 * Dexterity, no running or charging), set by Severe Bleeding round after round (bleeding-card.ts);
 * the GM's Undo on the bleeding card; the migration of the old `flags.gng.bloodLoss`; and the refusal
 * of a charging Bull Rush for an actor who cannot charge (disabled leg, fatigued, exhausted).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardHelpers } from '../fixtures/cards.js';
import { getHarness, type HarnessCombat } from '../harness/index.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import {
  bleedingCardOf,
  bleedingEffectOf,
  bleedingStateOf,
  requestBleedingUndo,
} from '../../src/cards/bleeding/bleeding-actions.js';
import { migrateBloodLoss, migrateWorldBloodLoss } from '../../src/data/migrations.js';
import { maneuverState } from '../../src/cards/maneuver/maneuver-actions.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { buttons, click } = cardHelpers(h);
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(53));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const derived = (actor: Actor) => (actor.system as unknown as CreatureData).derived;
const fort = (actor: Actor) => derived(actor).saves.fort.total;
const fatigue = (actor: Actor) => ['fatigued', 'exhausted'].filter((id) => actor.statuses.has(id));

/** The fighter (player's; Str 18, Dex 10) and the rogue in a combat at round 1, the fighter's turn, bleeding. */
async function bleedingFighter() {
  h.as(gm);
  const fighter = await appendix3Fighter(h, player);
  const rogue = await appendix3Rogue(h, otherPlayer);
  const combat = h.startCombat([fighter, rogue]) as HarnessCombat;
  await combat.begin();
  await attackActionsSettled();
  await fighter.toggleStatusEffect('severe-bleeding');
  await attackActionsSettled();
  return { fighter, rogue, combat };
}

function bleedingCards(): ChatMessage[] {
  return game.messages.contents.filter((m) => bleedingCardOf(m) !== null);
}

/**
 * A new round: the GM advances to the fighter's turn, the player rolls a save totalling `total`
 * (`'fail'`: a natural 1).
 */
async function nextRoundSave(
  fighter: Actor,
  combat: HarnessCombat,
  total: number | 'fail',
): Promise<ChatMessage> {
  h.as(gm);
  await combat.nextRound();
  const card = bleedingCards().at(-1) as ChatMessage;
  h.as(player);
  // Until it is rolled the card says whose save it waits for (issue #33); then it is gone.
  const waiting = () =>
    h.renderMessage(game.messages.get(card.id as string) as ChatMessage).querySelector('.gng-card-waiting');
  expect(waiting()?.textContent).toMatch(
    /^Waiting for .+'s Fortitude save \(DC \d+\) against the bleeding\.$/,
  );
  h.dice.queue(total === 'fail' ? 1 : total - fort(fighter));
  await click(card, 'bleedingSave');
  expect(waiting()).toBeNull();
  return game.messages.get(card.id as string) as ChatMessage;
}

const state = (actor: Actor) => {
  const effect = bleedingEffectOf(actor);
  if (!effect) return 'none';
  const s = bleedingStateOf(effect);
  return `${s.status}/${s.stage}/${s.dc}`;
};

describe('Severe Bleeding sets fatigued, then exhausted, with their numbers', () => {
  it('advances through fatigued and exhausted over rounds: −2 then −6 Str and Dex, exhausted replaces fatigued', async () => {
    const { fighter, combat } = await bleedingFighter();
    const before = {
      str: derived(fighter).abilities.str,
      dex: derived(fighter).abilities.dex,
      sword: derived(fighter).attacks[0]?.bonus as number,
      reflex: derived(fighter).saves.ref.total,
    };
    expect(before.str).toEqual({ effective: 18, mod: 4 });
    expect(before.dex).toEqual({ effective: 10, mod: 0 });

    await nextRoundSave(fighter, combat, 11); // DC 12 failed → fatigued
    expect(state(fighter)).toBe('active/fatigued/20');
    expect(fatigue(fighter)).toEqual(['fatigued']);
    expect(derived(fighter).abilities.str).toEqual({ effective: 16, mod: 3 });
    expect(derived(fighter).abilities.dex).toEqual({ effective: 8, mod: -1 });
    expect(derived(fighter).attacks[0]?.bonus).toBe(before.sword - 1);
    expect(derived(fighter).saves.ref.total).toBe(before.reflex - 1);

    await nextRoundSave(fighter, combat, 20); // DC 20 made → DC 22
    expect(state(fighter)).toBe('active/fatigued/22');
    expect(fatigue(fighter)).toEqual(['fatigued']);

    const card = await nextRoundSave(fighter, combat, 21); // DC 22 failed → exhausted
    expect(state(fighter)).toBe('active/exhausted/20');
    expect(fatigue(fighter)).toEqual(['exhausted']);
    expect(derived(fighter).abilities.str).toEqual({ effective: 12, mod: 1 });
    expect(derived(fighter).abilities.dex).toEqual({ effective: 4, mod: -3 });
    expect(derived(fighter).attacks[0]?.bonus).toBe(before.sword - 3);
    expect(card.content).toContain('exhausted from blood loss');
    expect(bleedingCardOf(card)?.undo).toMatchObject({ added: ['exhausted'], removed: ['fatigued'] });

    const sheet = await h.openSheet(fighter);
    const notes = [...sheet.element.querySelectorAll('.condition-note')].map((n) => n.textContent?.trim());
    expect(notes).toContain('Exhausted: Strength and Dexterity −6, half speed; cannot run or charge.');
    expect(notes.some((n) => n?.startsWith('Fatigued'))).toBe(false);
    await sheet.close();
  });

  it('an actor already exhausted stays exhausted when the first save fails (never lighter)', async () => {
    const { fighter, combat } = await bleedingFighter();
    await fighter.toggleStatusEffect('exhausted');
    await nextRoundSave(fighter, combat, 'fail');
    expect(state(fighter)).toBe('active/fatigued/20');
    expect(fatigue(fighter)).toEqual(['exhausted']);
    const card = bleedingCards().at(-1) as ChatMessage;
    expect(bleedingCardOf(game.messages.get(card.id as string))?.undo).toMatchObject({
      added: [],
      removed: [],
    });
  });
});

describe('Undo on the bleeding card (GM only)', () => {
  it('undoing a failed save removes the fatigue and restores the DC; the save can be rolled again', async () => {
    const { fighter, combat } = await bleedingFighter();
    const card = await nextRoundSave(fighter, combat, 'fail');
    expect(fatigue(fighter)).toEqual(['fatigued']);
    // The player sees no Undo; a forged request is refused and changes nothing.
    expect(buttons(card)).toEqual([]);
    expect(await requestBleedingUndo(card.id as string)).toMatchObject({
      ok: false,
      error: 'GNG.Bleeding.Error.UndoGM',
    });
    expect(fatigue(fighter)).toEqual(['fatigued']);

    h.as(gm);
    expect(buttons(card)).toEqual(['bleedingUndo']);
    await click(card, 'bleedingUndo');
    expect(fatigue(fighter)).toEqual([]);
    expect(state(fighter)).toBe('active/bleeding/12');
    expect(derived(fighter).abilities.str.effective).toBe(18);
    const undone = game.messages.get(card.id as string) as ChatMessage;
    expect(bleedingCardOf(undone)).toMatchObject({ result: null, undone: 1 });
    expect(undone.content).toContain('The GM undid the last save');
    expect(await requestBleedingUndo(card.id as string)).toMatchObject({
      ok: false,
      error: 'GNG.Bleeding.Error.NothingToUndo',
    });

    // The owner rolls again on the same card: a success this time.
    h.as(player);
    expect(buttons(undone)).toEqual(['bleedingSave']);
    h.dice.queue(15 - fort(fighter));
    await click(undone, 'bleedingSave');
    expect(state(fighter)).toBe('active/bleeding/14');
    expect(fatigue(fighter)).toEqual([]);
  });

  it('undoing exhaustion gives back fatigued; an older card cannot be undone past a later save', async () => {
    const { fighter, combat } = await bleedingFighter();
    const first = await nextRoundSave(fighter, combat, 'fail'); // → fatigued
    const second = await nextRoundSave(fighter, combat, 'fail'); // → exhausted
    expect(fatigue(fighter)).toEqual(['exhausted']);
    h.as(gm);
    expect(await requestBleedingUndo(first.id as string)).toMatchObject({
      ok: false,
      error: 'GNG.Bleeding.Error.UndoStale',
    });
    expect(fatigue(fighter)).toEqual(['exhausted']);
    await click(second, 'bleedingUndo');
    expect(fatigue(fighter)).toEqual(['fatigued']);
    expect(state(fighter)).toBe('active/fatigued/20');
    // Now the first card's save is the latest change: it can be undone too.
    await click(first, 'bleedingUndo');
    expect(fatigue(fighter)).toEqual([]);
    expect(state(fighter)).toBe('active/bleeding/12');
  });

  it('undoing death brings the bleeding back and removes the dead status', async () => {
    const { fighter, combat } = await bleedingFighter();
    await nextRoundSave(fighter, combat, 'fail'); // fatigued
    await nextRoundSave(fighter, combat, 'fail'); // exhausted
    const fatal = await nextRoundSave(fighter, combat, 'fail'); // dead
    expect(fighter.statuses.has('dead')).toBe(true);
    expect(bleedingEffectOf(fighter)).toBeUndefined();
    h.as(gm);
    await click(fatal, 'bleedingUndo');
    expect(fighter.statuses.has('dead')).toBe(false);
    expect(fatigue(fighter)).toEqual(['exhausted']);
    expect(state(fighter)).toBe('active/exhausted/20');
    const card = bleedingCardOf(game.messages.get(fatal.id as string));
    expect(card?.effectId).toBe(bleedingEffectOf(fighter)?.id);
    // The save is offered again and resolves against the restored effect.
    h.as(player);
    h.dice.queue(20 - fort(fighter));
    await click(fatal, 'bleedingSave');
    expect(state(fighter)).toBe('active/exhausted/22');
    expect(fighter.statuses.has('dead')).toBe(false);
  });
});

describe('the old flags.gng.bloodLoss becomes the status', () => {
  it('migrateBloodLoss: the flag gives the status and is cleared; running it again changes nothing', async () => {
    h.as(gm);
    const fighter = await appendix3Fighter(h, player);
    await fighter.setFlag('gng', 'bloodLoss', 'fatigued');
    expect(await migrateBloodLoss(fighter)).toBe('fatigued');
    expect(fatigue(fighter)).toEqual(['fatigued']);
    expect(fighter.getFlag('gng', 'bloodLoss')).toBeNull();
    expect(derived(fighter).abilities.str.effective).toBe(16);
    expect(await migrateBloodLoss(fighter)).toBeNull();
    expect(fighter.effects.size).toBe(1);
  });

  it('exhausted replaces a fatigued status; the world migration runs for the active GM only', async () => {
    h.as(gm);
    const fighter = await appendix3Fighter(h, player);
    const rogue = await appendix3Rogue(h, otherPlayer);
    await fighter.toggleStatusEffect('fatigued');
    await fighter.setFlag('gng', 'bloodLoss', 'exhausted');
    await rogue.setFlag('gng', 'bloodLoss', 'bogus');
    h.as(player);
    expect(await migrateWorldBloodLoss()).toBe(0);
    expect(fatigue(fighter)).toEqual(['fatigued']);
    h.as(gm);
    expect(await migrateWorldBloodLoss()).toBe(1);
    expect(fatigue(fighter)).toEqual(['exhausted']);
    expect(fatigue(rogue)).toEqual([]);
    expect(rogue.getFlag('gng', 'bloodLoss')).toBe('bogus');
  });

  it("an actor's turn start migrates its flag (unlinked tokens' actors are not world actors)", async () => {
    h.as(gm);
    const fighter = await appendix3Fighter(h, player);
    const rogue = await appendix3Rogue(h, otherPlayer);
    await rogue.setFlag('gng', 'bloodLoss', 'exhausted');
    const combat = h.startCombat([fighter, rogue]) as HarnessCombat;
    await combat.begin();
    await attackActionsSettled();
    expect(fatigue(rogue)).toEqual([]);
    await combat.nextTurn();
    await attackActionsSettled();
    expect(fatigue(rogue)).toEqual(['exhausted']);
  });
});

describe('no charging with a disabled leg, fatigue or exhaustion', () => {
  async function bullRush(attacker: Actor, defender: Actor, charging: boolean) {
    h.as(player);
    h.target(player, h.placeToken(defender));
    h.dice.queue(10);
    const message = await game.gng.maneuver(attacker, 'bull-rush', { charging });
    await attackActionsSettled();
    return message;
  }

  it.each(['disabled-leg', 'fatigued', 'exhausted'])(
    '%s: a charging Bull Rush is refused with a warning; without charging it goes ahead',
    async (status) => {
      h.as(gm);
      const fighter = await appendix3Fighter(h, player);
      const rogue = await appendix3Rogue(h, otherPlayer);
      await fighter.toggleStatusEffect(status);
      const cards = game.messages.size;
      expect(await bullRush(fighter, rogue, true)).toBeNull();
      expect(game.messages.size).toBe(cards);
      const name = game.i18n.localize(`GNG.Status.${status}`);
      expect(h.notices.at(-1)).toEqual({
        level: 'warn',
        message: `${fighter.name} cannot charge (${name}).`,
      });
      const plain = await bullRush(fighter, rogue, false);
      expect(maneuverState(plain)?.options.charging).toBe(false);
    },
  );

  it('a healthy attacker charges with the +2', async () => {
    h.as(gm);
    const fighter = await appendix3Fighter(h, player);
    const rogue = await appendix3Rogue(h, otherPlayer);
    const card = maneuverState(await bullRush(fighter, rogue, true));
    expect(card?.options.charging).toBe(true);
    expect(card?.check.parts).toContainEqual({ label: 'GNG.Maneuver.Part.charging', value: 2 });
  });
});

/**
 * The heal card (issue 17, "Healer and surgery"): `game.gng.heal` asks the active GM, who rolls the
 * healer's Heal check (or the GM's extraordinary healing), changes the patient and posts one card
 * whose GM Undo is the exact inverse; and regeneration restores disabled parts at full HP. Expected
 * values are worked out by hand from GnG "RECOVERY OF DISABLED BODY PARTS" and docs/rules.md "Rest,
 * recovery and the dying":
 * - the healer: Wis 12 (+1) and 4 ranks of Heal → Heal bonus +5; d20 10 → 15, 9 → 14, 15 → 20, 14 → 19;
 * - tending: DC 15 (the core's Long-Term Care); surgery: DC 20 ("A DC 20 surgery check with Heal skill");
 * - the patient: the Appendix 3 rogue, Con 13: a part recovers on d% ≤ 13; tended, ≤ 2 × 13 = 26 after
 *   a night, ≤ 3 × 13 = 39 after a day of complete bed rest ("twice your Constitution if you have
 *   normal rest and three times your Constitution score with complete bed rest");
 * - extraordinary healing: 2d8 rolling 3 + 4 = 7 HP, then d20 ≤ 7 restores the part, no HP restored.
 */
import { careOf } from '../../src/combat/care-records.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardHelpers, fromConsole } from '../fixtures/cards.js';
import { getHarness } from '../harness/index.js';
import { appendix3Rogue } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';
import { HEAL_QUERY, healCardOf, requestHealUndo } from '../../src/cards/heal/heal-actions.js';
import { restCardOf } from '../../src/cards/rest/rest-actions.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { buttons, click } = cardHelpers(h);
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(17));
afterEach(() => expect([...h.i18n.missing]).toEqual([]));

const sys = (actor: Actor) => actor.system as unknown as CreatureData;
const parts = (actor: Actor) => ['disabled-arm', 'disabled-leg'].filter((id) => actor.statuses.has(id));
const effectOf = (actor: Actor, status: string) =>
  actor.effects.find((effect) => effect.statuses.has(status)) as ActiveEffect;
const tended = (actor: Actor) => careOf(actor).tended ?? null;
/** The card's badges (kind, result) and its two big numbers with their labels. */
function numbers(card: ChatMessage): { badges: string[]; big: string[] } {
  const html = h.renderMessage(game.messages.get(card.id as string) as ChatMessage);
  const read = (sel: string) => [...html.querySelectorAll(sel)].map((el) => el.textContent?.trim() ?? '');
  return {
    badges: read('.gng-card-badge'),
    big: read('.gng-card-duel-side').map((side) => side.replace(/\s+/g, ' ')),
  };
}
const text = (card: ChatMessage) =>
  (h.renderMessage(game.messages.get(card.id as string) as ChatMessage).textContent ?? '').replace(
    /\s+/g,
    ' ',
  );

/** The healer (Player's): Heal +5. The patient (Other Player's): the rogue, Con 13, arm and leg disabled. */
async function table(): Promise<{ healer: Actor; patient: Actor }> {
  h.as(gm);
  const healer = await h.createActor(
    {
      name: 'Healer',
      type: 'character',
      system: { abilities: { wis: { value: 12 } }, skills: { heal: { ranks: 4 } } },
    },
    player,
  );
  expect(sys(healer).skills.heal.total).toBe(5);
  const patient = await appendix3Rogue(h, otherPlayer);
  expect(sys(patient).abilities.con.effective).toBe(13);
  await patient.update({ 'system.hp.value': 5 });
  await patient.toggleStatusEffect('disabled-arm', { active: true });
  await patient.toggleStatusEffect('disabled-leg', { active: true });
  return { healer, patient };
}

/** `user` asks for a healing with these dice queued; the heal card. */
async function heals(
  user: User,
  patient: Actor,
  options: Parameters<typeof game.gng.heal>[1],
  dice: number[],
): Promise<ChatMessage> {
  h.as(user);
  const count = game.messages.size;
  h.dice.queue(...dice);
  expect(await game.gng.heal(patient, options)).toMatchObject({ ok: true });
  await attackActionsSettled();
  expect(h.dice.queued).toEqual([]);
  expect(game.messages.size).toBe(count + 1);
  const card = game.messages.contents.at(-1) as ChatMessage;
  expect(card.author?.isGM).toBe(true);
  return card;
}

/** The patient's owner rests it with these d% queued; the rest card. */
async function rests(patient: Actor, kind: 'night' | 'bed-rest-day', d100: number[]): Promise<ChatMessage> {
  h.as(otherPlayer);
  h.dice.queue(...d100);
  expect(await game.gng.rest(patient, { kind })).toMatchObject({ ok: true });
  await attackActionsSettled();
  expect(h.dice.queued).toEqual([]);
  return game.messages.contents.at(-1) as ChatMessage;
}

const chances = (card: ChatMessage) => restCardOf(card)?.outcome.rolls.map((r) => [r.roll, r.chance]);

describe('a healer tends the injuries (Heal DC 15)', () => {
  it('success (15): the next night rolls against 2 × Con, and the rest uses the tending up', async () => {
    const { healer, patient } = await table();
    const card = await heals(player, patient, { kind: 'tend', healer }, [10]);
    expect(healCardOf(card)?.check).toEqual({ natural: 10, bonus: 5, total: 15, dc: 15, success: true });
    expect(tended(patient)).toMatchObject({ healer: 'Healer', total: 15 });
    expect(text(card)).toContain('Heal check: d20 10 + 5 = 15 against DC 15.');
    // The result as a badge; the DC beside the big total.
    expect(numbers(card)).toEqual({ badges: ['Tending', 'Success'], big: ['Heal check 15', 'DC 15'] });
    expect(text(card)).toContain('the next rest counts as with a healer');

    // Arm 26 ≤ 26 recovers; leg 27 > 26 does not.
    const night = await rests(patient, 'night', [26, 27]);
    expect(chances(night)).toEqual([
      [26, 26],
      [27, 26],
    ]);
    expect(parts(patient)).toEqual(['disabled-leg']);
    expect(tended(patient)).toBeNull();
    // The rest card says whose tending it used.
    expect(text(night)).toContain('Tended by Healer (Heal 15)');

    // The next night counts without a healer again: 1 × Con 13.
    const second = await rests(patient, 'night', [14]);
    expect(chances(second)).toEqual([[14, 13]]);
    expect(text(second)).not.toContain('Tended by');
    expect(parts(patient)).toEqual(['disabled-leg']);
  });

  it('success, then a day of complete bed rest: 3 × Con', async () => {
    const { healer, patient } = await table();
    await heals(player, patient, { kind: 'tend', healer }, [10]);
    // Arm 40 > 39 does not; leg 39 ≤ 39 does.
    const day = await rests(patient, 'bed-rest-day', [40, 39]);
    expect(chances(day)).toEqual([
      [40, 39],
      [39, 39],
    ]);
    expect(parts(patient)).toEqual(['disabled-arm']);
  });

  it('failure (14): no tending, nothing to undo; the night rolls against 1 × Con', async () => {
    const { healer, patient } = await table();
    const card = await heals(player, patient, { kind: 'tend', healer }, [9]);
    expect(healCardOf(card)?.check).toMatchObject({ total: 14, success: false });
    expect(numbers(card)).toEqual({ badges: ['Tending', 'Failure'], big: ['Heal check 14', 'DC 15'] });
    expect(tended(patient)).toBeNull();
    h.as(gm);
    expect(buttons(card)).toEqual([]);
    const night = await rests(patient, 'night', [13, 14]);
    expect(chances(night)).toEqual([
      [13, 13],
      [14, 13],
    ]);
    expect(parts(patient)).toEqual(['disabled-leg']);
  });

  it("the rest's Undo puts the tending back; the tending's Undo waits for it, then takes it off", async () => {
    const { healer, patient } = await table();
    const tend = await heals(player, patient, { kind: 'tend', healer }, [10]);
    const mark = tended(patient);
    const night = await rests(patient, 'night', [90, 90]);
    expect(tended(patient)).toBeNull();

    // A rest counted the tending: the tending cannot be undone before that rest is.
    h.as(gm);
    expect(await requestHealUndo(tend.id as string)).toMatchObject({
      ok: false,
      error: 'GNG.Heal.Error.TendUsed',
    });
    expect(tended(patient)).toBeNull();

    await click(night, 'restUndo');
    expect(tended(patient)).toEqual(mark);
    await click(tend, 'healUndo');
    expect(tended(patient)).toBeNull();
    expect(text(tend)).toContain('The GM undid this healing.');
    // Now the night rolls against Con alone.
    const again = await rests(patient, 'night', [90, 90]);
    expect(chances(again)?.map(([, chance]) => chance)).toEqual([13, 13]);
  });

  it('refuses a tending of oneself and a second tending before the rest', async () => {
    const { healer, patient } = await table();
    await heals(player, patient, { kind: 'tend', healer }, [10]);
    h.as(player);
    expect(await game.gng.heal(patient, { kind: 'tend', healer })).toMatchObject({
      ok: false,
      error: 'GNG.Heal.Error.AlreadyTended',
    });
    expect(h.notices.at(-1)?.message).toBe(
      "1st-level rogue's injuries are already tended until the next rest.",
    );
    h.as(gm);
    await healer.toggleStatusEffect('disabled-arm', { active: true });
    h.as(player);
    expect(await game.gng.heal(healer, { kind: 'tend', healer })).toMatchObject({
      ok: false,
      error: 'GNG.Heal.Error.Self',
    });
    expect(tended(healer)).toBeNull();
  });
});

describe('surgery (Heal DC 20) on one disabled part', () => {
  it('20 restores the chosen part; Undo re-creates it', async () => {
    const { healer, patient } = await table();
    const leg = effectOf(patient, 'disabled-leg');
    const card = await heals(player, patient, { kind: 'surgery', healer, part: leg.id as string }, [15]);
    expect(healCardOf(card)?.check).toMatchObject({ total: 20, dc: 20, success: true });
    expect(parts(patient)).toEqual(['disabled-arm']);
    expect(text(card)).toContain(`The surgery succeeds: ${leg.name} is restored.`);

    h.as(player);
    expect(buttons(card)).toEqual([]);
    expect(await requestHealUndo(card.id as string)).toMatchObject({
      ok: false,
      error: 'GNG.Heal.Error.UndoGM',
    });
    h.as(gm);
    expect(buttons(card)).toEqual(['healUndo']);
    await click(card, 'healUndo');
    expect(parts(patient)).toEqual(['disabled-arm', 'disabled-leg']);
    expect(effectOf(patient, 'disabled-leg').name).toBe(leg.name);
    expect(await requestHealUndo(card.id as string)).toMatchObject({
      ok: false,
      error: 'GNG.Heal.Error.NothingToUndo',
    });
  });

  it('19 restores nothing and costs nothing else', async () => {
    const { healer, patient } = await table();
    const before = { hp: sys(patient).hp.value, parts: parts(patient), tended: tended(patient) };
    const arm = effectOf(patient, 'disabled-arm');
    const card = await heals(player, patient, { kind: 'surgery', healer, part: arm.id as string }, [14]);
    expect(healCardOf(card)?.check).toMatchObject({ total: 19, success: false });
    expect({ hp: sys(patient).hp.value, parts: parts(patient), tended: tended(patient) }).toEqual(before);
    expect(text(card)).toContain(`The surgery fails: ${arm.name} is still disabled.`);
    h.as(gm);
    expect(buttons(card)).toEqual([]);
  });
});

describe('extraordinary healing directed at a part (the GM rolls it)', () => {
  it('2d8 = 7 and d20 7 restores the part; no HP are restored', async () => {
    const { healer, patient } = await table();
    const arm = effectOf(patient, 'disabled-arm');
    const options = { kind: 'extraordinary' as const, healer, part: arm.id as string, formula: '2d8' };
    const card = await heals(gm, patient, options, [3, 4, 7]);
    expect(healCardOf(card)?.extraordinary).toEqual({ formula: '2d8', amount: 7, d20: 7, success: true });
    // The d20 beside what it must not exceed: the 7 HP healed.
    expect(numbers(card)).toEqual({
      badges: ['Extraordinary healing', 'Success'],
      big: ['d20 7', 'At most 7'],
    });
    expect(parts(patient)).toEqual(['disabled-leg']);
    expect(sys(patient).hp.value).toBe(5);
    expect(text(card)).toContain('no HP are restored');
    await click(card, 'healUndo');
    expect(parts(patient)).toEqual(['disabled-arm', 'disabled-leg']);
    expect(sys(patient).hp.value).toBe(5);
  });

  it('2d8 = 7 and d20 8 restores nothing, and no HP either', async () => {
    const { patient } = await table();
    const arm = effectOf(patient, 'disabled-arm');
    const card = await heals(
      gm,
      patient,
      { kind: 'extraordinary', part: arm.id as string, formula: '2d8' },
      [3, 4, 8],
    );
    expect(healCardOf(card)?.extraordinary).toMatchObject({ amount: 7, d20: 8, success: false });
    expect(numbers(card).big).toEqual(['d20 8', 'At most 7']);
    expect(numbers(card).badges).toContain('Failure');
    expect(parts(patient)).toEqual(['disabled-arm', 'disabled-leg']);
    expect(sys(patient).hp.value).toBe(5);
    expect(buttons(card)).toEqual([]);
  });
});

describe('who may heal, and forged requests', () => {
  it("a player may not heal with someone else's character, nor roll extraordinary healing", async () => {
    const { healer, patient } = await table();
    const arm = effectOf(patient, 'disabled-arm').id as string;
    const count = game.messages.size;
    h.as(otherPlayer);
    expect(await game.gng.heal(patient, { kind: 'surgery', healer, part: arm })).toMatchObject({
      ok: false,
      error: 'GNG.Heal.Error.NotOwner',
    });
    expect(h.notices.at(-1)).toEqual({
      level: 'warn',
      message: 'You do not own Healer: a player heals with a character of their own.',
    });
    h.as(player);
    const extraordinary = { kind: 'extraordinary' as const, healer, part: arm, formula: '2d8' };
    expect(await game.gng.heal(patient, extraordinary)).toMatchObject({
      ok: false,
      error: 'GNG.Heal.Error.ExtraordinaryGM',
    });
    expect(parts(patient)).toEqual(['disabled-arm', 'disabled-leg']);
    expect(game.messages.size).toBe(count);
  });

  it.each([
    ['stunned', 'Stunned'],
    ['dazed', 'Dazed'],
    ['cowering', 'Cowering'],
    ['helpless', 'Helpless'],
  ])(
    'a %s healer tends no one and stabilizes no one (one set of conditions for both)',
    async (status, label) => {
      const { healer, patient } = await table();
      await healer.toggleStatusEffect(status, { active: true });
      const dying = await h.createActor(
        { name: 'Dying Dan', type: 'character', system: { hp: { value: -3 } } },
        otherPlayer,
      );
      await dying.toggleStatusEffect('dying', { active: true });
      const count = game.messages.size;
      h.as(player);
      expect(await game.gng.heal(patient, { kind: 'tend', healer })).toMatchObject({
        ok: false,
        error: 'GNG.Heal.Error.HealerUnable',
      });
      expect(h.notices.at(-1)?.message).toBe(`Healer cannot heal anyone now (${label}).`);
      expect(await game.gng.stabilize(dying, healer)).toMatchObject({
        ok: false,
        error: 'GNG.Stabilize.Error.CannotAct',
      });
      expect(h.notices.at(-1)?.message).toBe(`Healer cannot act (${label}).`);
      expect(tended(patient)).toBeNull();
      expect(dying.statuses.has('dying')).toBe(true);
      expect(game.messages.size).toBe(count);
    },
  );

  it('a part id that is not a disabled part of the patient is refused', async () => {
    const { healer, patient } = await table();
    await healer.toggleStatusEffect('disabled-eye', { active: true });
    await patient.toggleStatusEffect('prone', { active: true });
    const count = game.messages.size;
    h.as(player);
    for (const part of [
      effectOf(patient, 'prone').id as string,
      effectOf(healer, 'disabled-eye').id as string,
      'nothing',
    ]) {
      expect(await game.gng.heal(patient, { kind: 'surgery', healer, part })).toMatchObject({
        ok: false,
        error: 'GNG.Heal.Error.NotAPart',
      });
    }
    expect(h.notices.at(-1)?.message).toBe('That is not a disabled body part of 1st-level rogue.');
    expect(parts(patient)).toEqual(['disabled-arm', 'disabled-leg']);
    expect(game.messages.size).toBe(count);
  });

  it.each([
    ['an unknown kind', { kind: 'prayer' }],
    ['tending with a part', { kind: 'tend', part: 'x' }],
    ['surgery without a part', { kind: 'surgery' }],
    ['a formula outside extraordinary healing', { kind: 'surgery', part: 'x', formula: '2d8' }],
    ['a field the request does not take', { kind: 'tend', total: 30 }],
    ['a healer that is not a string', { kind: 'tend', healerUuid: 7 }],
  ])('a request from the console with %s is refused', async (_name, fields) => {
    const { healer, patient } = await table();
    const count = game.messages.size;
    h.as(player);
    const answer = await fromConsole(HEAL_QUERY, {
      action: 'start',
      patientUuid: patient.uuid,
      healerUuid: healer.uuid,
      ...fields,
    });
    expect(answer).toMatchObject({ ok: false, error: 'GNG.Error.Card.BadRequest' });
    expect(h.notices.at(-1)?.level).toBe('warn');
    expect(tended(patient)).toBeNull();
    expect(parts(patient)).toEqual(['disabled-arm', 'disabled-leg']);
    expect(game.messages.size).toBe(count);
  });

  it('an invalid healing formula is refused with the reason', async () => {
    const { patient } = await table();
    const arm = effectOf(patient, 'disabled-arm').id as string;
    h.as(gm);
    for (const formula of ['2d8+@level', '1000d6', 'heal'])
      expect(await game.gng.heal(patient, { kind: 'extraordinary', part: arm, formula })).toMatchObject({
        ok: false,
        error: 'GNG.Heal.Error.Formula',
      });
    expect(parts(patient)).toEqual(['disabled-arm', 'disabled-leg']);
  });
});

describe('regeneration restores disabled parts at full HP', () => {
  async function troll(regeneration: number): Promise<Actor> {
    h.as(gm);
    const npc = await h.createActor({
      name: 'Troll',
      type: 'npc',
      system: { abilities: { con: { value: 15 } }, regeneration },
    });
    await npc.update({ 'system.hp.value': 1 });
    await npc.toggleStatusEffect('disabled-arm', { active: true });
    return npc;
  }

  it('an NPC with regeneration 5 healed to its maximum loses its disabled arm, with one chat line', async () => {
    const npc = await troll(5);
    const max = sys(npc).hp.max as number;
    expect(max).toBeGreaterThan(2);
    const count = game.messages.size;
    // Below the maximum: the arm stays.
    await npc.update({ 'system.hp.value': max - 1 });
    await attackActionsSettled();
    expect(npc.statuses.has('disabled-arm')).toBe(true);
    expect(game.messages.size).toBe(count);

    await npc.update({ 'system.hp.value': max });
    await attackActionsSettled();
    expect(npc.statuses.has('disabled-arm')).toBe(false);
    expect(game.messages.size).toBe(count + 1);
    const arm = game.i18n.localize('GNG.Status.disabled-arm');
    expect(text(game.messages.contents.at(-1) as ChatMessage)).toContain(
      `Troll regenerates: all HP are back, and with them ${arm}.`,
    );
    // A later update at full HP posts nothing more.
    await npc.update({ 'system.hp.temp': 0, 'system.hp.value': max });
    await attackActionsSettled();
    expect(game.messages.size).toBe(count + 1);
  });

  it("a player's own change to its regenerating character's HP: the GM's client alone restores, once", async () => {
    h.as(gm);
    const character = await h.createActor(
      {
        name: 'Regenerator',
        type: 'character',
        system: { abilities: { con: { value: 12 } }, regeneration: 2 },
      },
      player,
    );
    await character.update({ 'system.hp.value': 1 });
    await character.toggleStatusEffect('disabled-leg', { active: true });
    const count = game.messages.size;
    h.as(player);
    // Every connected client runs the update hook; only the active GM's acts.
    await character.update({ 'system.hp.value': sys(character).hp.max as number });
    await attackActionsSettled();
    expect(character.statuses.has('disabled-leg')).toBe(false);
    expect(game.messages.size).toBe(count + 1);
    expect(game.messages.contents.at(-1)?.author?.isGM).toBe(true);
    // The sheet shows the field to its owner.
    const sheet = await h.openSheet(character);
    const input = sheet.element.querySelector<HTMLInputElement>('input[name="system.regeneration"]');
    expect(input?.value).toBe('2');
    expect(input?.closest('label')?.textContent).toContain('Regeneration');
    await sheet.close();
  });

  it('without regeneration, full HP leave the part disabled; regeneration is edited on the sheet', async () => {
    const npc = await troll(0);
    await npc.update({ 'system.hp.value': sys(npc).hp.max as number });
    await attackActionsSettled();
    expect(npc.statuses.has('disabled-arm')).toBe(true);

    const sheet = await h.openSheet(npc);
    const input = sheet.element.querySelector<HTMLInputElement>('input[name="system.regeneration"]');
    expect(input?.closest('label')?.textContent).toContain('Regeneration');
    await sheet.close();
    // Setting regeneration on a creature already at full HP restores the part at once.
    await npc.update({ 'system.regeneration': 5 });
    await attackActionsSettled();
    expect(npc.statuses.has('disabled-arm')).toBe(false);
    // Negative regeneration is refused.
    await expect(npc.update({ 'system.regeneration': -1 })).rejects.toThrow();
  });
});

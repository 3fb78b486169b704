/**
 * The cards of the cards-a lane as typed chat messages (issue #34; kernel typed-card.ts): each card's
 * message has its subtype and its state in `system`, is drawn on each client in its user's language
 * (a GM in English, a player in a pseudo-locale), and a card posted before the change (type `base`,
 * its state in its flags, its content) still renders and its next step still works.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { cardHelpers, cardStateOf } from '../fixtures/cards.js';
import { pseudo, pseudoLocale } from '../fixtures/pseudo-locale.js';
import { typedCardSuite } from '../fixtures/typed-card-suite.js';
import { appendix3Rogue } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/kernel/index.js';

const h = await getHarness();
const { click, drawn } = cardHelpers(h);
const { gm, player } = h.users;
beforeEach(() => h.reset(34));
const suite = typedCardSuite(h);
const { fresh } = suite;
const standCard = suite.card({ subtype: 'quickStand', flag: 'quickStand', legacyType: 'quickStand' });
const castCard = suite.card({ subtype: 'cast', flag: 'cast', legacyType: 'castCard' });
const healCard = suite.card({ subtype: 'heal', flag: 'heal', legacyType: 'healCard' });
const restCard = suite.card({ subtype: 'rest', flag: 'rest', legacyType: 'restCard' });
/** The text of the card's first element matching `selector`, as the current user's client draws it. */
const textOf = (selector: string) => async (card: ChatMessage) => text(await drawn(card), selector);

const text = (html: HTMLElement, selector: string) => html.querySelector(selector)?.textContent?.trim();

describe('the Quick Stand card', () => {
  /** The rogue (Tumble 4 ranks, Dex 17: +7), prone, stands with a natural 13: Tumble 20 vs DC 20. */
  async function standUp() {
    h.as(gm);
    const rogue = await appendix3Rogue(h, player);
    await rogue.update({ 'system.skills.tumble.ranks': 4 });
    await rogue.toggleStatusEffect('prone', { active: true });
    const bonus = rogue.system.derived.skills.tumble.total;
    h.as(player);
    h.dice.queue(20 - bonus);
    expect(await game.gng.quickStand(rogue)).toEqual({ ok: true });
    return { rogue, bonus, card: game.messages.contents.at(-1) as ChatMessage };
  }

  it('is typed (quickStand), its state in system, and drawn in each user’s language', async () => {
    const { rogue, bonus, card } = await standUp();
    standCard.expectTyped(
      card,
      { actorUuid: rogue.uuid, name: rogue.name, natural: 20 - bonus, bonus, total: 20, dc: 20, stood: true },
      true,
    );
    suite.asReader();
    let html = await drawn(card);
    expect(text(html, '.card-header h3')).toBe(pseudo(`${rogue.name}: Quick Stand`));
    expect(text(html, '.quick-stand-check')).toBe(pseudo('Tumble 20 vs DC 20'));
    expect(text(html, '.quick-stand-result')).toBe(pseudo('Stands up.'));
    h.as(gm);
    html = await drawn(card);
    expect(text(html, '.card-header h3')).toBe(`${rogue.name}: Quick Stand`);
    expect(text(html, '.provokes')).toBe(
      'Quick Stand provokes attacks of opportunity from threatening opponents.',
    );
  });

  it('a card from before (type base, flags.gng.quickStand) still renders from its content', async () => {
    const { card } = await standUp();
    h.as(gm);
    const legacy = await standCard.postLegacy(card, { omit: ['name'], content: card.content, keep: true });
    await suite.expectReaderReads(legacy, textOf('.quick-stand-check'), 'Tumble 20 vs DC 20');
  });
});

describe('the cast card', () => {
  /** The player's Magus (1 of 2 level 3 slots) casts Fireball on a goblin: the slot is spent. */
  async function fireball() {
    h.as(gm);
    const magus = await h.createActor(
      {
        name: 'Magus',
        type: 'npc',
        system: { spellcasting: { slots: { 3: { value: 1, max: 2 } } } },
      },
      player,
    );
    const [, spell] = (await magus.createEmbeddedDocuments('Item', [
      { name: 'Wizard', type: 'class', system: { levels: 7 } },
      { name: 'Fireball', type: 'spell', system: { level: 3 } },
    ])) as Item[];
    const goblin = await h.createActor({ name: 'Goblin', type: 'npc', system: {} });
    h.as(player);
    h.dice.queue(3, 3, 3, 3, 3, 3);
    await game.gng.castAreaSpell(magus, spell as Item, { damage: '6d6', saveDc: 15, targets: [goblin] });
    await attackActionsSettled();
    const card = game.messages.contents.find((m) => m.type === 'cast') as ChatMessage;
    const slot = () =>
      (magus.system as unknown as { spellcasting: { slots: Record<string, unknown> } }).spellcasting.slots[
        '3'
      ];
    return { magus, card, slot };
  }

  it('is typed (cast), its state in system, drawn in each user’s language, Undo from either', async () => {
    const { magus, card, slot } = await fireball();
    expect(slot()).toEqual({ value: 0, max: 2 });
    castCard.expectTyped(
      card,
      {
        casterUuid: magus.uuid,
        caster: 'Magus',
        spell: 'Fireball',
        kind: 'spell',
        by: player.id,
        spent: { kind: 'slot', level: 3, left: 0, max: 2 },
        line: null,
        effects: [],
        applied: true,
        undoNotes: [],
      },
      true,
    );
    suite.asReader();
    const html = await drawn(card);
    expect(text(html, '.card-header h3')).toBe(pseudo('Magus casts Fireball'));
    expect(text(html, '.cast-spent')).toBe(pseudo('Spent: a level 3 spell slot (0 of 2 left).'));
    expect(text(html, 'button[data-action="castUndo"]')).toBe(pseudo('Undo'));
    html.querySelector<HTMLButtonElement>('button[data-action="castUndo"]')?.click();
    await attackActionsSettled();
    expect(slot()).toEqual({ value: 1, max: 2 });
    expect(text(await drawn(card), '.cast-undone')).toBe(pseudo('Undone: what the cast spent is back.'));
    h.as(gm);
    expect(text(await drawn(card), '.cast-undone')).toBe('Undone: what the cast spent is back.');
    expect(fresh(card).type).toBe('cast');
  });

  it('a card from before (type base, flags.gng.cast, a written line) still renders and undoes', async () => {
    const { card, slot } = await fireball();
    h.as(gm);
    const state = { ...castCard.legacyState(card, ['undoNotes']), line: 'An old line.' };
    const legacy = await castCard.postLegacy(card, { state, content: card.content, keep: true });
    await suite.expectReaderReads(
      legacy,
      textOf('.cast-spent'),
      'Spent: a level 3 spell slot (0 of 2 left).',
    );
    await click(legacy, 'castUndo');
    expect(slot()).toEqual({ value: 1, max: 2 });
    castCard.expectSaved(legacy, { applied: false, line: 'An old line.' });
    // Saved where it was: its content rendered again (by the GM's client, in English).
    expect(fresh(legacy).content).toContain('An old line.');
    expect(fresh(legacy).content).toContain('Undone: what the cast spent is back.');
  });
});

describe('the heal card', () => {
  /** The player's healer (Heal +5) tends the rogue (arm disabled) with a natural 10: 15 vs DC 15. */
  async function tend() {
    h.as(gm);
    const healer = await h.createActor(
      {
        name: 'Healer',
        type: 'character',
        system: { abilities: { wis: { value: 12 } }, skills: { heal: { ranks: 4 } } },
      },
      player,
    );
    const patient = await appendix3Rogue(h, gm);
    await patient.toggleStatusEffect('disabled-arm', { active: true });
    h.as(player);
    h.dice.queue(10);
    expect(await game.gng.heal(patient, { kind: 'tend', healer })).toMatchObject({ ok: true });
    await attackActionsSettled();
    return { healer, patient, card: game.messages.contents.at(-1) as ChatMessage };
  }

  it('is typed (heal), its state in system, drawn in each user’s language', async () => {
    const { patient, card } = await tend();
    healCard.expectTyped(card, {
      kind: 'tend',
      patientUuid: patient.uuid,
      patientName: patient.name,
      healerName: 'Healer',
      part: null,
      check: { natural: 10, bonus: 5, total: 15, dc: 15, success: true },
      extraordinary: null,
      applied: { tended: { healer: 'Healer', total: 15 }, removed: null },
      undone: false,
    });
    suite.asReader();
    const line = 'Heal check: d20 10 + 5 = 15 against DC 15.';
    expect(text(await drawn(card), '.card-header h3')).toBe(
      pseudo(`Healer tends ${patient.name}'s injuries`),
    );
    expect((await drawn(card)).textContent).toContain(pseudo(line));
    h.as(gm);
    expect((await drawn(card)).textContent).toContain(line);
    await click(card, 'healUndo');
    expect(fresh(card).type).toBe('heal');
    expect(cardStateOf(fresh(card))).toMatchObject({ applied: null, undone: true });
  });

  it('a card from before (type base, flags.gng.heal) still renders and its Undo works', async () => {
    const { card } = await tend();
    h.as(gm);
    // The tending the first card made is the one the legacy card takes back.
    await fresh(card).delete();
    const legacy = await healCard.postLegacy(card, { omit: ['undone'], content: card.content, keep: true });
    suite.asReader();
    expect((await drawn(legacy)).textContent).toContain('Heal check: d20 10 + 5 = 15 against DC 15.');
    h.as(gm);
    await click(legacy, 'healUndo');
    healCard.expectSaved(legacy, { applied: null, undone: true });
    expect(fresh(legacy).content).toContain('The GM undid this healing.');
  });
});

describe('the rest card', () => {
  /** The player rests the rogue for a night. */
  async function night() {
    h.as(gm);
    const rogue = await appendix3Rogue(h, player);
    h.as(player);
    expect(await game.gng.rest(rogue, { kind: 'night' })).toMatchObject({ ok: true });
    await attackActionsSettled();
    return { rogue, card: game.messages.contents.at(-1) as ChatMessage };
  }

  it('is typed (rest), its state in system, drawn in each user’s language; Undo notes are keys', async () => {
    const { rogue, card } = await night();
    restCard.expectTyped(card, {
      actorUuid: rogue.uuid,
      name: rogue.name,
      request: { kind: 'night', interrupted: false, dayWithLoss: false, healer: false, clock: true },
      undone: false,
      undoNotes: [],
    });
    await suite.expectEachLanguage(card, textOf('.card-header h3'), `${rogue.name} rests`);
    // The clock moved on since the rest: Undo keeps it and says so, as a key drawn in each language.
    await game.time.advance(60);
    await click(card, 'restUndo');
    expect(cardStateOf(fresh(card))).toMatchObject({
      undone: true,
      undoNotes: [{ key: 'GNG.Rest.ClockKept' }],
    });
    const kept = 'The world clock was kept as it is: time has moved on since this rest.';
    expect((await drawn(card)).textContent).toContain(kept);
    h.as(player);
    expect((await drawn(card)).textContent).toContain(pseudo(kept));
  });

  it('a card from before (type base, flags.gng.rest) still renders and its Undo works', async () => {
    const { rogue, card } = await night();
    h.as(gm);
    await fresh(card).delete();
    const omit = ['undone', 'undoNotes', 'tc'];
    const legacy = await restCard.postLegacy(card, { omit, content: card.content, keep: true });
    await suite.expectReaderReads(legacy, textOf('.card-header h3'), `${rogue.name} rests`);
    h.as(gm);
    await click(legacy, 'restUndo');
    restCard.expectSaved(legacy, { applied: null, undone: true });
    expect(fresh(legacy).content).toContain('The GM undid this rest.');
  });
});

describe('the temporary-HP line (a note)', () => {
  it('is a note of a lang key and its data, drawn in each user’s language', async () => {
    h.as(gm);
    const rogue = await appendix3Rogue(h, player);
    expect(await game.gng.grantTemporaryHp(rogue, 5)).toMatchObject({ ok: true });
    const note = game.messages.contents.at(-1) as ChatMessage;
    expect(note.type).toBe('note');
    expect(cardStateOf(note)).toMatchObject({
      cls: 'temp-hp',
      lines: [{ key: 'GNG.TempHp.Gained', data: { name: rogue.name, amount: 5, before: 0, after: 5 } }],
    });
    const line = game.i18n.format('GNG.TempHp.Gained', { name: rogue.name, amount: 5, before: 0, after: 5 });
    expect(text(await drawn(note), '.message-content p.gng.temp-hp')).toBe(line);
    h.setLanguage(player, pseudoLocale());
    h.as(player);
    expect(text(await drawn(note), '.message-content p.gng.temp-hp')).toBe(pseudo(line));
  });
});

/**
 * Cards as typed chat messages (issue #34; kernel typed-card.ts), on the pilot, the bleeding card,
 * and the `note` subtype: the state in `system` (subtype `bleeding`), drawn on each client in that
 * user's language (a GM in English, a player in a pseudo-locale), a whole-`system` save, a forged
 * typed card left undrawn, and a bleeding card posted before the change (state in its flags) still
 * drawn, undone and rolled again.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness, type HarnessCombat } from '../harness/index.js';
import { cardHelpers, cardStateOf } from '../fixtures/cards.js';
import { pseudo, pseudoLocale } from '../fixtures/pseudo-locale.js';
import { typedCardSuite } from '../fixtures/typed-card-suite.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import {
  bindWounds,
  bleedingCard,
  bleedingCardOf,
  bleedingEffectOf,
  bleedingStateOf,
} from '../../src/cards/bleeding/bleeding-actions.js';
import type { BleedingCardState } from '../../src/cards/bleeding/bleeding-state.js';
import type { CreatureData } from '../../src/data/actor/creature-data.js';

const h = await getHarness();
const { buttons, click, drawn } = cardHelpers(h);
const { gm, player, otherPlayer } = h.users;
beforeEach(() => h.reset(53));
const suite = typedCardSuite(h);
const { fresh } = suite;
const typedBleeding = suite.card({ subtype: 'bleeding', flag: 'bleeding', legacyType: 'bleedingCard' });

const fort = (actor: Actor) => (actor.system as unknown as CreatureData).derived.saves.fort.total;
const text = (html: HTMLElement, selector: string) => html.querySelector(selector)?.textContent?.trim();
const bleeding = (actor: Actor) => {
  const s = bleedingStateOf(bleedingEffectOf(actor) as ActiveEffect);
  return `${s.status}/${s.stage}/${s.dc}`;
};

/** The fighter (Player's) wounded in round 1; round 2 begins: its bleeding card (DC 12) is posted. */
async function bleedingCardInRound2() {
  h.as(gm);
  const fighter = await appendix3Fighter(h, player);
  const rogue = await appendix3Rogue(h, otherPlayer);
  const combat = h.startCombat([fighter, rogue]) as HarnessCombat;
  await combat.begin();
  await attackActionsSettled();
  await fighter.toggleStatusEffect('severe-bleeding');
  await attackActionsSettled();
  await combat.nextRound();
  await attackActionsSettled();
  const card = game.messages.contents.filter((m) => bleedingCardOf(m)).at(-1) as ChatMessage;
  return { fighter, card };
}

describe('the bleeding card as a typed message', () => {
  it('has the subtype bleeding and its whole state in system, none in its flags', async () => {
    const { fighter, card } = await bleedingCardInRound2();
    typedBleeding.expectTyped(
      card,
      {
        actorUuid: fighter.uuid,
        effectId: bleedingEffectOf(fighter)?.id,
        name: fighter.name,
        round: 2,
        dc: 12,
        stage: 'bleeding',
        result: null,
        undo: null,
        undone: 0,
      },
      true,
    );
    // The fallback content, rendered by the posting GM's client.
    expect(card.content).toContain(`${fighter.name}: Severe Bleeding`);
  });

  it("is drawn on each client in its user's language: the GM's in English, the player's in another", async () => {
    const { fighter, card } = await bleedingCardInRound2();
    const name = fighter.name;
    suite.asReader();
    let html = await drawn(card);
    expect(text(html, '.card-header h3')).toBe(pseudo(`${name}: Severe Bleeding`));
    expect(text(html, '.card-tags li')).toBe(pseudo('Fortitude save DC 12'));
    expect(text(html, '.gng-card-waiting')).toBe(
      pseudo(`Waiting for ${name}'s Fortitude save (DC 12) against the bleeding.`),
    );
    // Its buttons are this user's, on the content drawn in its language, and they work.
    expect([...html.querySelectorAll('button[data-action]')].map((b) => b.textContent)).toEqual([
      pseudo(`Roll Fortitude save (${name})`),
    ]);
    h.dice.queue(1);
    html.querySelector<HTMLButtonElement>('button[data-action="bleedingSave"]')?.click();
    await attackActionsSettled();
    expect(bleeding(fighter)).toBe('active/fatigued/20');
    html = await drawn(card);
    expect(text(html, '.bleeding-outcome')).toBe(
      pseudo(`Failed: ${name} is fatigued from blood loss; next save DC 20.`),
    );

    h.as(gm);
    html = await drawn(card);
    expect(text(html, '.card-header h3')).toBe(`${name}: Severe Bleeding`);
    expect(text(html, '.bleeding-outcome')).toBe(
      `Failed: ${name} is fatigued from blood loss; next save DC 20.`,
    );
    expect(buttons(card)).toEqual(['bleedingUndo']);
    // The fallback content stays the GM's English.
    expect(fresh(card).content).toContain(`Failed: ${name} is fatigued`);
  });

  it('without a GM, the redrawn card says so once (the decoration runs again on the new content)', async () => {
    const { card } = await bleedingCardInRound2();
    h.setLanguage(player, pseudoLocale());
    (gm as unknown as { active: boolean }).active = false;
    try {
      h.as(player);
      const html = await drawn(card);
      expect([...html.querySelectorAll('.gng-no-gm')].map((n) => n.textContent)).toEqual([
        pseudo("No GM is connected: this card's buttons need one, and do nothing until a GM joins."),
      ]);
      expect(html.querySelectorAll('button[data-action="bleedingSave"]')).toHaveLength(1);
    } finally {
      (gm as unknown as { active: boolean }).active = true;
    }
  });

  it('saves the whole state: a key an object field no longer has is gone (==system)', async () => {
    const { card } = await bleedingCardInRound2();
    const state = cardStateOf<BleedingCardState>(card) as BleedingCardState;
    const undo = { before: { dc: 12 }, effect: null, added: ['fatigued'], removed: [], hold: 'h1' };
    await bleedingCard.spec.save(card, { ...state, undo } as unknown as BleedingCardState);
    expect(cardStateOf<BleedingCardState>(fresh(card))?.undo).toEqual(undo);
    const { hold: _dropped, ...smaller } = undo;
    await bleedingCard.spec.save(card, { ...state, undo: smaller } as unknown as BleedingCardState);
    expect(cardStateOf<BleedingCardState>(fresh(card))?.undo).toEqual(smaller);
    expect(fresh(card).type).toBe('bleeding');
  });

  it("a player's own message of a card's subtype is a forged card: not drawn from its state, no buttons", async () => {
    const { card } = await bleedingCardInRound2();
    h.as(player);
    const forged = (await ChatMessage.create({
      type: 'bleeding',
      system: cardStateOf(card),
      content: card.content,
    })) as ChatMessage;
    h.as(gm);
    const html = await drawn(forged);
    expect(text(html, '.message-content')).toBe(
      'Player wrote this message to look like a card. It is not one: no GM made it, and its numbers and buttons mean nothing.',
    );
    expect(html.querySelectorAll('button[data-action]')).toHaveLength(0);
  });
});

describe('the note subtype', () => {
  it("binding the wounds posts a note of lang keys, drawn in each user's language", async () => {
    const { fighter } = await bleedingCardInRound2();
    h.setLanguage(player, pseudoLocale());
    h.as(player);
    expect(await bindWounds(fighter)).toEqual({ ok: true });
    const note = game.messages.contents.at(-1) as ChatMessage;
    expect(note.type).toBe('note');
    expect(cardStateOf(note)).toEqual({
      cls: 'bleeding-bound',
      lines: [{ key: 'GNG.Bleeding.Bound', data: { name: fighter.name, by: 'Player' } }],
      view: '',
      data: null,
    });
    const line = `Player binds the wounds of ${fighter.name}: the Severe Bleeding stops.`;
    expect(text(await drawn(note), '.message-content p.gng.bleeding-bound')).toBe(pseudo(line));
    h.as(gm);
    expect(text(await drawn(note), '.message-content p.gng.bleeding-bound')).toBe(line);
  });
});

describe('notes of the conditions timer', () => {
  it("a disabled arm's drop names the status by its key: each client reads it in its language", async () => {
    const { fighter } = await bleedingCardInRound2();
    h.setLanguage(player, pseudoLocale());
    await fighter.toggleStatusEffect('disabled-arm');
    await attackActionsSettled();
    const note = game.messages.contents.at(-1) as ChatMessage;
    expect(note.type).toBe('note');
    expect(cardStateOf(note)).toMatchObject({
      cls: 'limb-drop',
      lines: [
        {
          key: 'GNG.ConditionTimer.Drops',
          data: {
            actor: fighter.name,
            items: ['Bastard sword'],
            cause: [{ key: 'GNG.Status.disabled-arm' }],
          },
        },
      ],
    });
    const line = (html: HTMLElement) => text(html, '.message-content p.gng.limb-drop');
    expect(line(await drawn(note))).toBe(`${fighter.name} drops Bastard sword (Disabled arm).`);
    h.as(player);
    expect(line(await drawn(note))).toBe(
      pseudo(`${fighter.name} drops Bastard sword (${pseudo('Disabled arm')}).`),
    );
  });
});

describe("a check from the sheet (a player's own note drawn with its template)", () => {
  it("is drawn in each user's language: its heading, label and subject are keys; its roll as rolled", async () => {
    const actor = (await h.createActor(
      { name: 'Brakka', type: 'character', system: { abilities: { str: { value: 16 } } } },
      player,
    )) as Actor & { rollAbilityCheck(ability: string): Promise<ChatMessage | null> };
    h.setLanguage(otherPlayer, pseudoLocale());
    h.as(player);
    h.dice.queue(14);
    const check = (await actor.rollAbilityCheck('str')) as ChatMessage;
    expect(check.type).toBe('note');
    expect(check.author).toBe(player);
    expect(cardStateOf(check)).toMatchObject({
      view: 'ability-check',
      data: {
        heading: { key: 'GNG.Chat.AbilityCheck' },
        label: { key: 'GNG.Ability.str.long' },
        subject: { key: 'GNG.Chat.RolledBy', data: { name: 'Brakka' } },
        formula: '1d20 + 3',
        total: 17,
      },
    });
    const read = async () => {
      const html = await drawn(check);
      return [text(html, '.card-header h3'), text(html, '.card-subject'), text(html, '.total')];
    };
    expect(await read()).toEqual(['Ability check: Strength', 'Rolled for Brakka', '17']);
    h.as(otherPlayer);
    expect(await read()).toEqual([
      `${pseudo('Ability check')}: ${pseudo('Strength')}`,
      pseudo('Rolled for Brakka'),
      '17',
    ]);
  });
});

describe('a bleeding card posted before issue #34 (type base, its state in flags.gng.bleeding)', () => {
  it('still renders, its Undo still works (saved in its flags), and the save can be rolled again', async () => {
    const { fighter, card } = await bleedingCardInRound2();
    h.as(player);
    h.dice.queue(1);
    await click(card, 'bleedingSave');
    expect(bleeding(fighter)).toBe('active/fatigued/20');
    expect(fighter.statuses.has('fatigued')).toBe(true);
    // The same card as the GM's client wrote it before: Undo's record inside the result, no count.
    const {
      undo,
      undone: _undone,
      ...rest
    } = cardStateOf<BleedingCardState>(fresh(card)) as BleedingCardState;
    h.as(gm);
    const state = { ...rest, result: { ...rest.result, undo } };
    const legacy = await typedBleeding.postLegacy(card, { state, keep: true });
    expect(bleedingCardOf(legacy)).toMatchObject({ dc: 12, result: { success: false }, undo, undone: 0 });

    // Drawn from its stored content (in English for everyone), with this user's buttons.
    const outcome = async (message: ChatMessage) => text(await drawn(message), '.bleeding-outcome');
    await suite.expectReaderReads(
      legacy,
      outcome,
      `Failed: ${fighter.name} is fatigued from blood loss; next save DC 20.`,
    );
    expect(buttons(legacy)).toEqual([]);
    h.as(gm);
    expect(buttons(legacy)).toEqual(['bleedingUndo']);
    await click(legacy, 'bleedingUndo');
    expect(fighter.statuses.has('fatigued')).toBe(false);
    expect(bleeding(fighter)).toBe('active/bleeding/12');
    typedBleeding.expectSaved(legacy, { result: null, undo: null, undone: 1 });
    expect(fresh(legacy).content).toContain('The GM undid the last save: roll it again.');

    h.as(player);
    expect(buttons(legacy)).toEqual(['bleedingSave']);
    h.dice.queue(15 - fort(fighter));
    await click(legacy, 'bleedingSave');
    expect(bleeding(fighter)).toBe('active/bleeding/14');
  });
});

describe('the subtypes', () => {
  it("cleans system against the subtype's model: unknown keys dropped, missing ones initial (null where nullable)", async () => {
    h.as(gm);
    const message = (await ChatMessage.create({
      type: 'bleeding',
      system: { name: 'Orc', dc: '14', stray: 'dropped', result: null },
      content: '<p>Orc</p>',
    })) as ChatMessage;
    expect(cardStateOf(message)).toEqual({
      actorUuid: null,
      effectId: null,
      name: 'Orc',
      round: 0,
      dc: 14,
      stage: '',
      result: null,
      undo: null,
      undone: 0,
    });
    await expect(ChatMessage.create({ type: 'bleeding', system: { dc: 1.5 }, content: '' })).rejects.toThrow(
      /dc: 1.5 is not an integer/,
    );
  });

  it('system.json declares every subtype a data model is registered for (CONFIG.ChatMessage.dataModels)', async () => {
    const { readFileSync } = await import('node:fs');
    const manifest = JSON.parse(readFileSync(`${h.root}/system.json`, 'utf8')) as {
      documentTypes: { ChatMessage: Record<string, unknown> };
    };
    const declared = Object.keys(manifest.documentTypes.ChatMessage);
    expect(declared).toHaveLength(30);
    expect(declared).toEqual(expect.arrayContaining(['bleeding', 'note', 'attack', 'tcStance', 'egSave']));
    for (const type of Object.keys(CONFIG.ChatMessage.dataModels)) expect(declared).toContain(type);
    expect(Object.keys(CONFIG.ChatMessage.dataModels)).toEqual(expect.arrayContaining(['bleeding', 'note']));
  });
});

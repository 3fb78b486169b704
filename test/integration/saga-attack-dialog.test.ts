/**
 * The attack dialog under the Saga-style model (issue #30, lane card): the chapter's choices in
 * place of GnG's (no situational rows, defender rows or GnG concealment degrees), the preview at the
 * chapter's numbers, and the card made from what it submits. Worked by hand from seed 001: the
 * Appendix 3 fighter's bastard sword +9; charge +2, flanking +2 (001:66, 117); nonlethal with a
 * weapon without the tag −4 (001:161): +9. The trooper's Reflex 13 (10 + 2 + Dex 1) + partial cover 2
 * (001:84) = 15; concealment fails on 1–20 (001:69).
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { cardHelpers } from '../fixtures/cards.js';
import { appendix3Fighter } from '../fixtures/appendix3.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState } from '../../src/cards/attack/attack-state.js';
import { sagaTrooper, useSagaWorld } from '../fixtures/saga-world.js';

const h = await getHarness();
await import('../../src/cards/attack/attack-gm.js');
const { player } = h.users;
const { openDialog } = cardHelpers(h);

useSagaWorld(h, 32);

const trooper = () => sagaTrooper(h);

describe('the attack dialog under the Saga-style model', () => {
  it("offers the chapter's choices, previews its numbers and the card plays what it submitted", async () => {
    const defender = await trooper();
    const fighter = await appendix3Fighter(h, player);
    h.placeToken(fighter);
    h.as(player);
    const token = h.placeToken(defender);
    h.target(player, token);
    const id = token.id as string;
    const sheet = await h.openSheet(fighter);
    const clicked = h.click(sheet, '.attack button[data-action="rollAttack"]');
    const dialog = await openDialog();
    const el = dialog.element;
    // GnG's own rows are not offered; the chapter's are.
    expect(el.querySelector('input[name="situational.flanking"]')).toBeNull();
    expect(el.querySelector('.attack-defender')).toBeNull();
    expect(el.querySelector(`select[name="concealment.${id}"]`)).toBeNull();
    expect(el.querySelector('input[name="fightingDefensively"]')).toBeNull();
    expect(el.querySelector('.attack-saga legend')?.textContent).toBe('Saga-style situation');
    // A melee weapon: no into-melee choice.
    expect(el.querySelector('select[name="saga.intoMelee"]')).toBeNull();

    await h.change(dialog, 'input[name="saga.charge"]', true);
    await h.change(dialog, 'input[name="saga.flanking"]', true);
    await h.change(dialog, 'input[name="nonlethal"]', true);
    await h.change(dialog, `select[name="saga.concealment.${id}"]`, 'concealment');
    await h.change(dialog, `select[name="saga.cover.${id}"]`, 'partial');
    expect(el.querySelector('.attack-total')?.textContent?.trim()).toBe('+9');
    const lines = [...el.querySelectorAll('.attack-lines li')].map((li) =>
      li.textContent?.replace(/\s+/g, ' ').trim(),
    );
    expect(lines).toEqual([
      'Base attack bonus +5',
      'Strength +4',
      'Size +0',
      'Charge (+2, melee) +2',
      'Flanking (+2, melee) +2',
      'Nonlethal without the tag -4',
    ]);

    // The attack d20 10, then concealment's d% 30 (passes 20%).
    h.dice.queue(10, 30);
    await h.click(dialog, 'button[type="submit"]');
    await clicked;
    await attackActionsSettled();
    const [message] = game.messages.contents;
    const state = cardState(message as ChatMessage) as AttackCardState;
    expect(state.options).toMatchObject({
      nonlethal: true,
      saga: {
        charge: true,
        flanking: true,
        concealment: { [id]: 'concealment' },
        cover: { [id]: 'partial' },
      },
    });
    expect(message?.rolls[0]?.formula).toBe('1d20 + 9');
    const target = state.targets[0];
    // 10 + 9 = 19 against 13 + 2 = 15: a hit by 4.
    expect(target?.defense).toMatchObject({ id: 'reflex', total: 15 });
    expect(target?.result).toMatchObject({ hit: true, relativeDegree: 4 });
    expect(target?.saga?.concealment).toEqual({ degree: 'concealment', chance: 20, roll: 30, missed: false });
  });

  it("a maneuver: the bull rush and its wall, sent as the chapter's choices", async () => {
    const defender = await trooper();
    const fighter = await appendix3Fighter(h, player);
    h.placeToken(fighter);
    h.as(player);
    h.target(player, h.placeToken(defender));
    const sheet = await h.openSheet(fighter);
    const clicked = h.click(sheet, '.attack button[data-action="rollAttack"]');
    const dialog = await openDialog();
    const choices = [
      ...dialog.element.querySelectorAll<HTMLOptionElement>('select[name="saga.maneuver"] option'),
    ];
    // Sunder is not offered (no object chart under these rules).
    expect(choices.map((o) => o.value)).toEqual([
      '',
      'trip',
      'grapple',
      'disarm',
      'bull-rush',
      'overrun',
      'reposition',
      'steal',
      'feint',
    ]);
    await h.change(dialog, 'select[name="saga.maneuver"]', 'bull-rush');
    await h.change(dialog, 'input[name="saga.wallAfter"]', 0);
    // d20 4: 13 against Reflex 13, a hit by 0: 1 square, the wall right behind: 1d6 (5).
    h.dice.queue(4, 5);
    await h.click(dialog, 'button[type="submit"]');
    await clicked;
    await attackActionsSettled();
    const state = cardState(game.messages.contents[0] as ChatMessage) as AttackCardState;
    expect(state.options.saga).toEqual({ maneuver: 'bull-rush', wallAfter: 0 });
    expect(state.targets[0]?.saga?.maneuver).toMatchObject({ squares: 0, wallDice: 1 });
    expect(state.targets[0]?.damage).toMatchObject({ final: 5 });
  });
});

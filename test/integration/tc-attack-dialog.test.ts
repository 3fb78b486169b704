/**
 * The attack dialog under the Time Count and Threshold of Pain model (issue #32, lane card): the
 * chapter's choices in place of GnG's rows, the preview at the chapter's numbers, and the card made
 * from what it submits. Worked by hand (tc-attack-card.test.ts): Hadwin's long sword, BAB 3 + Str 2
 * = +5 (R9); alternating weapons −4 (002:691): +1; with a quick strike two classes faster: Standard
 * → Swift, 1d4 + 2 (A1).
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { cardHelpers } from '../fixtures/cards.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState } from '../../src/cards/attack/attack-state.js';
import { advanceCount, setTcInitiative, tcSchedule } from '../../src/combat/tc-schedule.js';
import { tcFight, useTcWorld } from '../fixtures/tc-world.js';

const h = await getHarness();
await import('../../src/cards/attack/attack-gm.js');
const { gm, player } = h.users;
const { openDialog } = cardHelpers(h);

useTcWorld(h, 34, { endCombats: true });

describe('the attack dialog under the Time Count model', () => {
  it("offers the chapter's choices, previews its numbers and the card plays what it submitted", async () => {
    const { fighter, goblin, combat } = await tcFight(h);
    h.as(gm);
    const id = (a: Actor) => combat.combatants.find((c) => c.actor === a)?.id as string;
    await setTcInitiative(combat, id(fighter), { total: 6 });
    await setTcInitiative(combat, id(goblin), { total: 7 });
    await advanceCount(combat);
    h.placeToken(fighter);
    h.as(player);
    const token = h.placeToken(goblin, { x: 100, y: 0 });
    h.target(player, token);
    const sheet = await h.openSheet(fighter);
    const clicked = h.click(sheet, '.attack button[data-action="rollAttack"]');
    const dialog = await openDialog();
    const el = dialog.element;
    // GnG's own rows are not offered; the chapter's are.
    expect(el.querySelector('input[name="situational.flanking"]')).toBeNull();
    expect(el.querySelector('.attack-defender')).toBeNull();
    expect(el.querySelector('.attack-tc legend')?.textContent).toBe('Time Count and Threshold of Pain');
    expect(el.querySelector('input[name="tc.quickStrike"]')).not.toBeNull();
    expect(el.querySelector('select[name="tc.twoWeapons"]')).not.toBeNull();
    expect(el.querySelector('input[name="tc.simultaneous"]')).not.toBeNull();
    // Feet, knees or elbows only with an unarmed attack.
    expect(el.querySelector('input[name="tc.feet"]')).toBeNull();
    expect(el.querySelector('.attack-total')?.textContent?.trim()).toBe('+5');

    await h.change(dialog, 'input[name="tc.quickStrike"]', true);
    await h.change(dialog, 'select[name="tc.twoWeapons"]', 'alternate');
    expect(el.querySelector('.attack-total')?.textContent?.trim()).toBe('+1');
    const lines = [...el.querySelectorAll('.attack-lines li')].map((li) =>
      li.textContent?.replace(/\s+/g, ' ').trim(),
    );
    expect(lines).toEqual([
      'Accuracy +3',
      'Strength modifier +2',
      'Alternating weapons (−4, one speed class faster) -4',
    ]);

    // d20 15 + 1 = 16; the SF: Swift 1d4 [3] + 2 = 5: next 6 + 5 = 11.
    h.dice.queue(15, 3);
    await h.click(dialog, 'button[type="submit"]');
    await clicked;
    await attackActionsSettled();
    const [message] = game.messages.contents;
    const state = cardState(message as ChatMessage) as AttackCardState;
    expect(state.options.tc).toEqual({ quickStrike: true, twoWeapons: 'alternate' });
    expect(state.attack).toMatchObject({ natural: 15, bonus: 1, total: 16 });
    expect(state.tc?.speed).toMatchObject({ speedClass: 'swift', classSteps: -2, sf: 5, next: 11 });
    expect(tcSchedule(combat).next[id(fighter)]).toBe(11);
  });
});

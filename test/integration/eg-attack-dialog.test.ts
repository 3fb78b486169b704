/**
 * The attack dialog under the Enlightened Grognard model (issue #31, lane card): the chapter's
 * choices in place of GnG's rows, the attacker's pool shown beside its proactive tokens, the preview
 * at the chapter's numbers, and the card made from what it submits. Worked by hand from seed 003:
 * the Appendix 3 fighter's bastard sword, Strength BAB 5 + Str 4 = +9 (003:184); 2 proactive power
 * tokens +2 (003:394): +11; the goblin's AC 12 (eg-attack-card.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { cardHelpers } from '../fixtures/cards.js';
import { attackActionsSettled } from '../../src/cards/attack/attack-actions.js';
import { cardState, type AttackCardState } from '../../src/cards/attack/attack-state.js';
import { changeTokens, tokenPool } from '../../src/combat/eg-token-store.js';
import { egFight, useEgWorld } from '../fixtures/eg-world.js';

const h = await getHarness();
await import('../../src/cards/attack/attack-gm.js');
const { gm, player } = h.users;
const { openDialog } = cardHelpers(h);

useEgWorld(h, 33, { endCombats: true });

describe('the attack dialog under the Enlightened Grognard model', () => {
  it('shows the pool, offers the chapter’s choices, previews its numbers and the card spends what it submitted', async () => {
    const { fighter, goblin, combat } = await egFight(h);
    h.as(gm);
    await changeTokens(combat, fighter, { power: 3 }, 'test');
    h.placeToken(fighter);
    h.as(player);
    const token = h.placeToken(goblin, { x: 100, y: 0 });
    h.target(player, token);
    const sheet = await h.openSheet(fighter);
    const clicked = h.click(sheet, '.attack button[data-action="rollAttack"]');
    const dialog = await openDialog();
    const el = dialog.element;
    // GnG's own rows are not offered; the chapter's are, with the pool.
    expect(el.querySelector('input[name="situational.flanking"]')).toBeNull();
    expect(el.querySelector('.attack-defender')).toBeNull();
    expect(el.querySelector('input[name="fightingDefensively"]')).toBeNull();
    expect(el.querySelector('.attack-eg legend')?.textContent).toBe('Tokens (Enlightened Grognard)');
    expect(el.querySelector('.eg-pool')?.textContent).toBe(
      'Your tokens: 3 power (0 persistent), 0 speed (0 persistent), 0 insight (0 persistent)',
    );
    expect(el.querySelector('label[for$="eg-spend"]')?.textContent).toBe(
      'Proactive power tokens on the attack (+1 each)',
    );
    expect(el.querySelector('input[name="eg.fightingDefensively"]')).not.toBeNull();
    expect(el.querySelector('input[name="eg.charge"]')).not.toBeNull();

    await h.change(dialog, 'input[name="eg.spend"]', 2);
    expect(el.querySelector('.attack-total')?.textContent?.trim()).toBe('+11');
    const lines = [...el.querySelectorAll('.attack-lines li')].map((li) =>
      li.textContent?.replace(/\s+/g, ' ').trim(),
    );
    expect(lines).toEqual(['Base attack bonus +5', 'Ability modifier +4', 'Power tokens +2']);

    await h.click(dialog, 'button[type="submit"]');
    await clicked;
    await attackActionsSettled();
    const [message] = game.messages.contents;
    const state = cardState(message as ChatMessage) as AttackCardState;
    expect(state.options.eg).toEqual({ spend: 2 });
    expect(state.attack.bonus).toBe(11);
    expect(state.eg).toMatchObject({ type: 'power', spend: 2, rolled: false });
    expect(tokenPool(combat, fighter).encounter).toEqual({ power: 1, speed: 0, insight: 0 });
    // The card waits for the goblin's answer before its d20.
    expect(message?.rolls).toEqual([]);
  });
});

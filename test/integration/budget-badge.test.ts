/**
 * The combat tracker's action badges (issue 15, item 7: "−move", "trauma", "now: partial" had no
 * tooltip): each short word carries its meaning as a tooltip, and the badge is one keyboard stop whose
 * accessible name explains every word.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getHarness, type HarnessCombat } from '../harness/index.js';
import { appendix3Fighter, appendix3Rogue } from '../fixtures/appendix3.js';

const h = await getHarness();
const { spendAbortFor, combatantOf } = await import('../../src/combat/action-budget.js');
beforeEach(() => h.reset(5));

function badgeOf(actor: Actor): HTMLElement | null {
  const html = h.renderCombatTracker();
  const combatant = combatantOf(actor) as Combatant;
  return html.querySelector<HTMLElement>(`[data-combatant-id="${combatant.id}"] .gng-budget-badge`);
}

describe('combat tracker badges explain themselves', () => {
  it('"−move −attack" after two aborts: a tooltip per word, a focusable badge with the whole meaning', async () => {
    const fighter = await appendix3Fighter(h, h.users.player);
    const rogue = await appendix3Rogue(h, h.users.otherPlayer);
    const combat = h.startCombat([fighter, rogue]) as HarnessCombat;
    await combat.begin();
    h.as(h.users.gm);
    expect(badgeOf(rogue)).toBeNull();
    expect((await spendAbortFor(rogue, 'block')).ok).toBe(true);
    expect((await spendAbortFor(rogue, 'roll-with-blow')).ok).toBe(true);

    const badge = badgeOf(rogue) as HTMLElement;
    const words = [...badge.querySelectorAll<HTMLElement>('.gng-budget-debt')];
    expect(words.map((w) => w.textContent)).toEqual(['−move', '−attack']);
    expect(words.map((w) => w.title)).toEqual([
      "The next turn's move action is already spent (an abort action taken out of turn).",
      "The next turn's attack action is already spent (an abort action taken out of turn).",
    ]);
    expect(badge.tabIndex).toBe(0);
    expect(badge.getAttribute('aria-label')).toBe(
      "Actions owed: The next turn's move action is already spent (an abort action taken out of turn). " +
        "The next turn's attack action is already spent (an abort action taken out of turn).",
    );
    expect(badge.dataset.tooltip).toContain("The next turn's attack action is already spent");
    expect([...h.i18n.missing]).toEqual([]);
  });
});

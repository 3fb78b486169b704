/**
 * The GM's Heal under the Time Count model (issue #32, R29, lane world; docs/rules.md "Sheet and
 * world"): the sheet's GM-only control, a request the active GM's client plays — Invigoration and
 * fatigue written by the engine's split (`tcHealing`), a card whispered to the GMs with the exact
 * Undo. Worked by hand on the fixture's fighter (28 HP maximum) at 20 HP with 6 fatigue:
 * - 5 Invigoration and 3 fatigue (the text's split, 002:151): Invigoration 0 → 5, fatigue 6 → 3;
 * - 10 and 10 asked: room 28 − 20 = 8 Invigoration, the 6 fatigue there is (002:149);
 * - Undo: Invigoration 5 − 5 = 0, fatigue 3 + 3 = 6; once damage took the Invigoration (2 left), refused.
 */
import { describe, expect, it } from 'vitest';
import { getHarness } from '../harness/index.js';
import { askGM, attackActionsSettled } from '../../src/cards/kernel/index.js';
import { tcHealCardOf } from '../../src/cards/tc-heal/tc-heal-actions.js';
import { tcCardView, tcFighter, tcOf, useTcWorld } from '../fixtures/tc-world.js';

const h = await getHarness();
const { gm, player } = h.users;
const view = tcCardView(h);

useTcWorld(h, 32, { loaded: true, endCombats: true });

const hurt = () => tcFighter(h, { hp: 20, tc: { fatigue: 6 } });
const cards = () => game.messages.contents.filter((m) => tcHealCardOf(m) !== null);
/** The card's heading and lines as the current user sees them. */
const lines = (card: ChatMessage) =>
  [...view.html(card).querySelectorAll('.card-header h3, .tc-heal-line')].map((el) => el.textContent?.trim());
const heal = (actor: Actor, invigoration: string, fatigue: string, more: Record<string, string> = {}) =>
  askGM('gng.tcHeal', { actorUuid: actor.uuid, invigoration, fatigue, ...more });

/** The GM types the amounts on the sheet's Heal and clicks it. */
async function healOnSheet(actor: Actor, invigoration: number, fatigue: number): Promise<void> {
  h.as(gm);
  const sheet = await h.openSheet(actor);
  const input = (cls: string) =>
    sheet.element.querySelector<HTMLInputElement>(`.tc-heal .${cls}`) as HTMLInputElement;
  input('tc-heal-invigoration').value = String(invigoration);
  input('tc-heal-fatigue').value = String(fatigue);
  sheet.element
    .querySelector('.tc-heal-button')
    ?.dispatchEvent(
      new h.window.MouseEvent('click', { bubbles: true, cancelable: true }) as unknown as Event,
    );
  await attackActionsSettled();
  await sheet.close();
}

describe('the Heal', () => {
  it('splits the healing as the GM typed it on the sheet, posts a card to the GMs, and Undo takes it back', async () => {
    const actor = await hurt();
    await healOnSheet(actor, 5, 3);
    expect(tcOf(actor)).toMatchObject({ invigoration: 5, fatigue: 3 });
    const [card] = cards();
    expect(card?.whisper).toEqual([gm.id]);
    expect(lines(card as ChatMessage)).toEqual([
      'Hadwin is healed',
      'Invigoration +5 (now 5); fatigue −3 (6 → 3).',
    ]);
    expect(view.buttons(card as ChatMessage)).toEqual(['tcHealUndo']);
    await view.click(card as ChatMessage, 'tcHealUndo');
    expect(tcOf(actor)).toMatchObject({ invigoration: 0, fatigue: 6 });
    expect(lines(card as ChatMessage)).toEqual([
      'Hadwin is healed',
      'Invigoration +5 (now 5); fatigue −3 (6 → 3).',
      'Undone: the Invigoration taken back and the fatigue put back.',
    ]);
    expect(view.buttons(card as ChatMessage)).toEqual([]);
  });

  it('gives no more than the maximum HP leaves and the fatigue there is, and says so', async () => {
    const actor = await hurt();
    h.as(gm);
    expect(await heal(actor, '10', '10')).toMatchObject({ ok: true });
    expect(tcOf(actor)).toMatchObject({ invigoration: 8, fatigue: 0 });
    expect(lines(cards()[0] as ChatMessage)).toEqual([
      'Hadwin is healed',
      'Invigoration +8 (now 8); fatigue −6 (6 → 0).',
      'Asked: Invigoration 10, fatigue 10; the rest would pass the maximum HP or take fatigue below 0.',
    ]);
  });

  it("refuses a player's request, a forged amount and an empty one; nothing changes, no card", async () => {
    const actor = await hurt();
    h.as(player);
    expect(await heal(actor, '5', '3')).toMatchObject({ ok: false, error: 'GNG.Model.TC.Heal.Error.GMOnly' });
    h.as(gm);
    for (const [invigoration, fatigue] of [
      ['-1', '0'],
      ['1e3', '0'],
      ['2.5', '0'],
      ['5', '99999'],
    ])
      expect(await heal(actor, invigoration as string, fatigue as string)).toMatchObject({
        ok: false,
        error: 'GNG.Model.TC.Heal.Error.Amount',
      });
    expect(await heal(actor, '0', '0')).toMatchObject({
      ok: false,
      error: 'GNG.Model.TC.Heal.Error.Nothing',
    });
    expect(await heal(actor, '5', '3', { hp: '28' })).toMatchObject({ ok: false });
    const full = await tcFighter(h, { name: 'Fresh' });
    expect(await heal(full, '5', '3')).toMatchObject({ ok: false, error: 'GNG.Model.TC.Heal.Error.NoRoom' });
    expect(h.notices.at(-1)?.message).toBe(
      'Fresh has no room for it: no fatigue to remove, and Invigoration would pass the maximum HP. Nothing was healed.',
    );
    // The dead (0 HP, 002:145) are not healed.
    const dead = await tcFighter(h, { name: 'Fallen', hp: 0, tc: { fatigue: 6 } });
    expect(await heal(dead, '5', '3')).toMatchObject({ ok: false, error: 'GNG.Model.TC.Heal.Error.Dead' });
    expect(tcOf(dead)).toMatchObject({ invigoration: 0, fatigue: 6 });
    expect(tcOf(actor)).toMatchObject({ invigoration: 0, fatigue: 6 });
    expect(cards()).toEqual([]);
  });

  it('refuses Undo once damage took the Invigoration it gave; a player cannot undo it', async () => {
    const actor = await hurt();
    h.as(gm);
    await heal(actor, '5', '3');
    const card = cards()[0] as ChatMessage;
    await actor.update({ 'system.model.tc.invigoration': 2 });
    await view.click(card, 'tcHealUndo');
    expect(view.lastNotice()).toBe(
      'Hadwin has lost the Invigoration this card gave since: the heal cannot be undone. Nothing was changed.',
    );
    expect(tcOf(actor)).toMatchObject({ invigoration: 2, fatigue: 3 });
    h.as(player);
    expect(view.buttons(card)).toEqual([]);
    const { requestTcHealUndo } = await import('../../src/cards/tc-heal/tc-heal-actions.js');
    expect(await requestTcHealUndo(card.id as string)).toMatchObject({ ok: false });
    expect(tcOf(actor)).toMatchObject({ invigoration: 2, fatigue: 3 });
  });

  it('heals once on a double click: the second request while the first is played is the same', async () => {
    const actor = await hurt();
    h.as(gm);
    const [a, b] = await Promise.all([heal(actor, '5', '3'), heal(actor, '5', '3')]);
    expect(a).toEqual(b);
    expect(tcOf(actor)).toMatchObject({ invigoration: 5, fatigue: 3 });
    expect(cards()).toHaveLength(1);
    // Sent again once played, it heals again (another spell): 3 more fatigue gone, 3 more Invigoration.
    await heal(actor, '3', '3');
    expect(tcOf(actor)).toMatchObject({ invigoration: 8, fatigue: 0 });
  });
});
